import fc from "fast-check";

/** Past every text limit of the schemas (200-5000 characters) and below the 1 MB body cap. */
const LONG_TEXT = { min: 5_001, max: 60_000 };
/** Past every array limit of the schemas (20-50 items). */
const LONG_ARRAY = { min: 51, max: 3_000 };
/** Deep enough to trouble a recursive parser or validator. */
const DEEP_NESTING = { min: 100, max: 3_000 };
const MAX_EXTRA_KEYS = 4;
const MAX_TEXT = 40;

/** Keys that reach Object.prototype when code assigns them blindly. */
const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];

/** Numbers and number-like text that parsers get wrong. */
const ODD_NUMBERS = [0, -0, -1, -999_999_999, 1e308, -1e308, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 0.1 + 0.2];
const NUMBER_WORDS = ["NaN", "Infinity", "-Infinity", "1e309", "-0", "0x1F", "1_000", "١٢٣", " 12 ", "12abc", "$1,000,000", ""];

/** One value of a wrong or hostile kind for any field. */
export const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, ...ODD_NUMBERS, ...NUMBER_WORDS),
  fc.string({ unit: "grapheme", maxLength: MAX_TEXT }),
  fc.string({ unit: "binary", maxLength: MAX_TEXT }),
  fc.integer({ min: LONG_TEXT.min, max: LONG_TEXT.max }).map((n) => "🏠a\u0000".repeat(Math.ceil(n / 4))),
  fc.integer({ min: LONG_ARRAY.min, max: LONG_ARRAY.max }).map((n) => Array.from({ length: n }, (_, i) => `item ${i}`)),
  fc.jsonValue({ maxDepth: 3 }),
  fc.double(),
  fc.integer(),
);

/** A marker for "leave this field out". */
const MISSING = Symbol("missing");

/** `target[key] = value` as an own enumerable property, even for "__proto__" (so JSON.stringify sends it). */
function define(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

/** Keys not in the schema, prototype keys among them. */
const extraKeys = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 })), weirdValue), {
  maxLength: MAX_EXTRA_KEYS,
});

/** The valid body with each field kept, replaced by a weird value or left out, plus extra keys. */
export function mutatedObject(template: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(template).map(([key, value]) => [key, fc.oneof(fc.constant(value), fc.constant(MISSING), weirdValue)]),
  );
  return fc.tuple(fc.record(fields), extraKeys).map(([chosen, extras]) => {
    const body: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(chosen)) if (value !== MISSING) define(body, key, value);
    for (const [key, value] of extras) define(body, key, value);
    return body;
  });
}

/** How one request is sent: a JSON value, a form, or raw bytes with a Content-Type. */
export type Sent =
  | { kind: "json"; json: unknown }
  | { kind: "form"; form: Record<string, string | Blob> }
  | { kind: "raw"; body: string | Uint8Array<ArrayBuffer>; contentType: string };

const deepArray = fc.integer(DEEP_NESTING).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`);

/** Raw bodies no route should choke on: truncated JSON, wrong Content-Types, bytes, deep nesting, nothing. */
export function rawBodies(validText: string): fc.Arbitrary<Sent> {
  const contentType = fc.constantFrom(
    "application/json",
    "text/plain",
    "application/xml",
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "multipart/form-data; boundary=nothing-here",
    "",
  );
  const truncated = fc.nat({ max: Math.max(0, validText.length - 1) }).map((cut) => validText.slice(0, cut));
  const text = fc.oneof(truncated, deepArray, fc.constant(validText), fc.string({ unit: "binary", maxLength: MAX_TEXT }));
  return fc.oneof(
    fc.tuple(text, contentType).map(([body, type]): Sent => ({ kind: "raw", body, contentType: type })),
    fc
      .uint8Array({ maxLength: 256 })
      .chain((bytes) => contentType.map((type): Sent => ({ kind: "raw", body: new Uint8Array(bytes), contentType: type }))),
  );
}

/** Bodies for a JSON route: its valid body mutated, any JSON value, or raw bytes. */
export function jsonRequests(template: unknown): fc.Arbitrary<Sent> {
  const object = template && typeof template === "object" && !Array.isArray(template) ? (template as Record<string, unknown>) : {};
  return fc.oneof(
    { weight: 4, arbitrary: mutatedObject(object).map((json): Sent => ({ kind: "json", json })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((json): Sent => ({ kind: "json", json })) },
    { weight: 2, arbitrary: rawBodies(JSON.stringify(object)) },
  );
}

/** A field value as a form carries it: text (the weird value printed) or a file of random bytes. */
const formValue = fc.oneof(
  { weight: 5, arbitrary: weirdValue.map((value) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""))) },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 512 }).map((bytes): string | Blob => new File([bytes], "x.pdf", { type: "application/pdf" })),
  },
);

/** A field name a browser can send (workerd's FormData refuses a name that ends with a backslash). */
const formFieldName = fc.string({ maxLength: 12 }).map((name) => name.replace(/\\+$/, ""));

/** Bodies for a page's form: its fields mutated (text or files), JSON instead of a form, or raw bytes. */
export function formRequests(template: Record<string, string | Blob>): fc.Arbitrary<Sent> {
  const fields = Object.fromEntries(
    Object.entries(template).map(([key, value]) => [
      key,
      fc.oneof(fc.constant<string | Blob | typeof MISSING>(value), fc.constant(MISSING), formValue),
    ]),
  );
  const extras = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), formFieldName), formValue), {
    maxLength: MAX_EXTRA_KEYS,
  });
  const form = fc.tuple(fc.record(fields), extras).map(([chosen, more]): Sent => {
    const body: Record<string, string | Blob> = {};
    for (const [key, value] of Object.entries(chosen)) if (value !== MISSING) define(body, key, value);
    for (const [key, value] of more) define(body, key, value);
    return { kind: "form", form: body };
  });
  const asText = Object.fromEntries(Object.entries(template).map(([key, value]) => [key, typeof value === "string" ? value : "file"]));
  return fc.oneof(
    { weight: 4, arbitrary: form },
    { weight: 1, arbitrary: mutatedObject(asText).map((json): Sent => ({ kind: "json", json })) },
    { weight: 2, arbitrary: rawBodies(new URLSearchParams(asText).toString()) },
  );
}
