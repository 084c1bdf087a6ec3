/**
 * Type guards for values read from outside (JSON, forms, storage): they narrow without an `as`, so a wrong guess
 * is a false, never a lie to the compiler.
 */

/** Whether `value` is one of `options` (a tuple of literals such as SELLER_TYPES), narrowed to their type. */
export function isOneOf<T>(options: readonly T[], value: unknown): value is T {
  return options.some((option) => option === value);
}

/** Whether `value` is a plain JSON object (not null, not an array), so its fields can be read as unknown. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Stored JSON text read back as an object; absent, unparsable or not an object reads as null. */
export function parseJsonRecord(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}
