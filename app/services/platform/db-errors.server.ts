/**
 * True when a D1 write failed on a UNIQUE constraint (or primary key): two requests raced for the same email,
 * identity or key and the index decided. Callers answer 409, never 500. Drizzle wraps the D1 error in `cause`.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (/UNIQUE constraint failed|PRIMARY KEY constraint failed|SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)/i.test(message)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}
