import fc from "fast-check";

/**
 * The fuzz pass's values (issue 37): hostile strings, numbers, dates, ids and cursors, arbitraries built from a JSON
 * Schema (the OpenAPI document's parameters and bodies), and the sweep's fixed values. tests/support/fuzz.ts runs them.
 */

/** NUL and the other C0 controls, DEL, C1, the line/paragraph separators, a bidi override, a BOM, lone surrogates. */
export const CONTROL_CHARS = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u2028",
  "\u202e",
  "\ufeff",
  "\ud800",
  "\udfff",
];
/** Plain, no-break, ideographic, em and zero-width spaces, tab and newline: what padding is made of. */
const SPACES = [" ", "\u00a0", "\u3000", "\u2003", "\u200b", "\t", "\n"];
export const NUMBER_STRINGS = [
  "2147483648",
  "-2147483649",
  "1e20",
  "9007199254740993",
  "-0",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x10",
  "1e-400",
  "99999999999999999999999",
  "1.5",
  "-1",
  "0",
  " 7 ",
  "1,000",
  "½",
];
/** Past int4, past 2^53 (no longer an exact integer), huge, tiny, negative zero. */
const PAST_SAFE = 2 ** 53 + 2;
const JSON_NUMBERS = [2147483648, -2147483649, 1e20, PAST_SAFE, -0, 1e308, -1e308, 5e-324, -1, 0.5, 1.5];
export const DATE_STRINGS = [
  "9999-12-31",
  "2026-02-30",
  "2026-99-99",
  "0000-01-01",
  "0001-01-01",
  "1969-12-31",
  "2026-13-01",
  "2026-00-10",
  "+275760-09-13",
  "-000001-01-01",
  "2026-1-1",
  "9999-12-31T23:59:59.999Z",
  "2026-02-29",
  "20260101",
  "now",
];
const TIME_STRINGS = ["24:00", "23:60", "99:99", "-1:00", "12:00:00", "7pm", "24:01"];
/** Ids, UUIDs and slugs that are none of them (or the nil UUID, a UUID in braces…). */
export const BAD_IDS = [
  "",
  " ",
  ".",
  "..",
  "null",
  "undefined",
  "0",
  "-1",
  "2147483648",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "00000000-0000-0000-0000-00000000000g",
  "{00000000-0000-0000-0000-000000000000}",
  "a".repeat(121),
  "a".repeat(5000),
  "café",
  "Café-Ünïcode",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' or '1'='1",
  "new",
  "__proto__",
  "constructor",
  "%",
  "x\u0000y",
];
/** URL segments sent as they are (not encoded again): broken escapes, an encoded NUL, CRLF, dot segments. */
const RAW_SEGMENTS = ["%", "%zz", "%E0%A4%A", "%00", "%2e%2e", "%2F", "%0d%0a", "%C0%AF", "%ff", "a%00b", ".%2e"];
const URLS = [
  "//evil.example/x.png",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "http://",
  "https://[::1",
  "/\\evil.example",
  "https://example.com/" + "a".repeat(3000),
  " https://example.com ",
  "/images/../../etc/passwd",
];
const EMAILS = [
  "a@b",
  "@example.com",
  `${"a".repeat(300)}@example.com`,
  "x@example.com\u0000",
  "  pad@example.com  ",
  "ünï@exämple.com",
  "a@example.com\r\nBcc: x@example.com",
];
/** Keyset cursors as /api/v1/businesses hands them out (base64url JSON), forged. */
export const FORGED_CURSORS = [
  ["newest", "2026-99-99T00:00:00.000000Z", "00000000-0000-0000-0000-000000000000"],
  ["newest", "2026-02-30T00:00:00.000000Z", "00000000-0000-0000-0000-000000000000"],
  ["newest", "9999-12-31T23:59:59.999999Z", "00000000-0000-0000-0000-000000000000"],
  ["rating", "1e20", 2147483648, "00000000-0000-0000-0000-000000000000"],
  ["rating", "NaN", 1, "00000000-0000-0000-0000-000000000000"],
  ["reviews", "4.5", PAST_SAFE, "00000000-0000-0000-0000-000000000000"],
  ["reviews", "4", -1, "not-a-uuid"],
  ["rating", 4, 1e20, 5],
  {},
  [],
  "newest",
  null,
]
  .map((key) => Buffer.from(JSON.stringify(key)).toString("base64url"))
  .concat(["not-json", Buffer.from("[[[[[[[[").toString("base64url"), "A".repeat(200), "_-_-"]);

export const WORDY = "Lovely coffee, friendly staff and a quiet corner to work in all afternoon.";

/** One control character put somewhere in the value: NUL half the time (PostgreSQL refuses it in text). */
function withControl(value: string) {
  return fc
    .tuple(fc.oneof(fc.constant("\u0000"), fc.constantFrom(...CONTROL_CHARS)), fc.nat())
    .map(([c, i]) => value.slice(0, i % (value.length + 1)) + c + value.slice(i % (value.length + 1)));
}

/** The value with a run of spaces (plain, no-break, ideographic, zero-width…) before, after or around it. */
function padded(value: string, size: number) {
  return fc
    .record({ space: fc.constantFrom(...SPACES), n: fc.constantFrom(size, 1000), side: fc.constantFrom(0, 1, 2) })
    .map(({ space, n, side }) => {
      const run = space.repeat(n);
      return side === 0 ? run + value : side === 1 ? value + run : run + value + run;
    });
}

/** What a field's name says it holds, and the values that are not quite that. */
const BY_KIND: [RegExp, string[]][] = [
  [/^(after|cursor)$/i, FORGED_CURSORS],
  [/date|^from$|^to$|starts|ends|^day$/i, DATE_STRINGS],
  [/time$/i, TIME_STRINGS],
  [/page|size|days|rating|^lat|^lng$|^lon|radius|count|position|show|limit/i, NUMBER_STRINGS],
  [/url|image|website|href|link|redirect|callback|returnto/i, URLS],
  [/email/i, EMAILS],
  [/id$|ids$|slug/i, BAD_IDS],
];

/**
 * Hostile text derived from a plausible value: a control character in it (NUL half the time), padding around it
 * (200,000 characters in a body, 3,000 in a URL), what the field's name says it holds gone wrong (a far or impossible
 * date, an extreme number, a malformed id, a forged cursor, a protocol-relative URL), one huge string, and random
 * Unicode (lone surrogates included).
 */
export function hostileText(valid: fc.Arbitrary<string>, { big = true, name = "" } = {}) {
  const size = big ? 200_000 : 3_000;
  const kind = BY_KIND.find(([re]) => re.test(name))?.[1];
  return fc.oneof(
    { weight: 3, arbitrary: valid.chain(withControl) },
    { weight: 3, arbitrary: valid.chain((v) => padded(v, size)) },
    ...(kind ? [{ weight: 4, arbitrary: fc.constantFrom(...kind) }] : []),
    { weight: 1, arbitrary: fc.constantFrom(...NUMBER_STRINGS, ...DATE_STRINGS, ...TIME_STRINGS) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_IDS, ...URLS, ...EMAILS) },
    { weight: 1, arbitrary: fc.constantFrom("x".repeat(size / 2), `${WORDY} `.repeat(size / 75)) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constantFrom(...FORGED_CURSORS) },
  );
}

/** The sweep's values for what a name says a field holds: the first few of each kind, the ones that broke things. */
const SWEEP_BY_KIND: [RegExp, string[]][] = [
  [/^(after|cursor)$/i, FORGED_CURSORS.slice(0, 8)],
  [/date|^from$|^to$|starts|ends|^day$/i, ["9999-12-31", "2026-02-30", "2026-99-99", "+275760-09-13"]],
  [/time$/i, ["24:00", "99:99"]],
  [
    /page|size|days|rating|^lat|^lng$|^lon|radius|count|position|show|limit/i,
    ["2147483648", "1e20", "9007199254740993", "NaN"],
  ],
  // A lone surrogate: decodeURIComponent and encodeURIComponent throw on it.
  [
    /url|image|website|href|link|redirect|callback|returnto/i,
    ["//evil.example/x.png", "javascript:alert(1)", "/\ud800"],
  ],
  [/email/i, [`${"a".repeat(300)}@example.com`]],
  [/id$|ids$|slug/i, ["00000000-0000-0000-0000-000000000000", "a".repeat(5000), "x\u0000y"]],
];

/**
 * The sweep: fixed hostile values every field gets once, besides the random runs — a NUL inside the valid value,
 * 100,000 no-break spaces on each side of it (3,000 in a URL), and what its name says it holds gone wrong (a far or
 * impossible date, an out-of-range number, a forged cursor, a protocol-relative URL, a malformed id).
 */
export function sweepValues(name: string, valid: string, { big = true } = {}): string[] {
  const mid = Math.floor(valid.length / 2);
  const pad = "\u00a0".repeat(big ? 100_000 : 3_000);
  const kind = SWEEP_BY_KIND.find(([re]) => re.test(name))?.[1] ?? [];
  return [`${valid.slice(0, mid)}\u0000${valid.slice(mid)}`, `${pad}${valid}${pad}`, ...kind];
}

/** The sweep's values for a JSON field of a schema: extreme numbers for numbers, one bad item for arrays. */
export function sweepJson(name: string, raw: JsonSchema, valid: unknown, root: object = {}): unknown[] {
  const schema = deref(raw, root);
  const types = ([] as string[]).concat(schema.type ?? "string");
  if (schema.enum && !types.includes("string")) return [String(schema.enum[0]) + "\u0000", 2147483648];
  if (types.includes("integer") || types.includes("number")) return [2147483648, 1e20, PAST_SAFE, -0, "NaN"];
  if (types.includes("boolean")) return ["true\u0000", 2147483648];
  if (types.includes("array")) {
    const first = Array.isArray(valid) && valid.length ? valid[0] : undefined;
    const item = schema.items ?? { type: "string" };
    return [
      ...sweepJson(name.replace(/s$/, ""), item, first, root).map((v) => [v]),
      Array.from({ length: 10_000 }, () => first ?? "x"),
    ];
  }
  if (types.includes("object")) return [null, "\u0000"];
  const text = typeof valid === "string" && valid ? valid : (plausibleFor(name)[0] ?? "fuzz");
  return sweepValues(name, text);
}

/** A JSON value of the wrong type (or an extreme number). */
const wrongType = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, "", [], {}, [""], { a: 1 }, [[[]]]),
  fc.constantFrom(...JSON_NUMBERS),
);

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries from a JSON Schema (the OpenAPI document's parameters and bodies)

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  example?: unknown;
  description?: string;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
}

/** Plausible strings for a field, by its name: what a person would type. */
const BY_NAME: [RegExp, string[]][] = [
  [/email|verificationdetail/i, ["fuzz@example.com"]],
  [/password/i, ["correct-horse-9"]],
  [/phone/i, ["(217) 555-0142"]],
  [/zip|near/i, ["62701"]],
  [/website|url|image/i, ["https://example.com/", "/images/demo/cafe.webp"]],
  [/^(q|query|search)$/i, ["coffee", "pizza"]],
  [/date|from|^to$/i, ["2027-03-14"]],
  [/time/i, ["18:30"]],
  [/^lat(itude)?$/i, ["39.7990"]],
  [/^(lng|lon|longitude)$/i, ["-89.6440"]],
  [/bbox/i, ["-89.7,39.7,-89.6,39.9"]],
  [/^(open|anywhere|save|saved)$/i, ["1"]],
  [/^age$/i, ["kids"]],
  [/features/i, ["Wi-Fi"]],
  [/filter/i, ["unread", "all"]],
  [/status/i, ["pending", "published"]],
  [/rating|stars/i, ["4"]],
  [/price/i, ["$$"]],
  [/page|size|days|radius|show/i, ["1", "2", "7", "30"]],
  [/sort/i, ["rating", "newest", "reviews"]],
  [/category/i, ["restaurants"]],
  [/kind|cuisine/i, ["italian"]],
  [/state/i, ["IL"]],
  [/city/i, ["Springfield"]],
  [/timezone/i, ["America/Chicago"]],
  [/name|title|author|venue|subject/i, ["Pat Fuzz", "Luna Noodle Bar"]],
  [/note|message|content|body|description|reason|excerpt|text/i, [WORDY]],
];

export function plausibleFor(name: string): string[] {
  return BY_NAME.find(([re]) => re.test(name))?.[1] ?? ["fuzz"];
}

export interface Pools {
  /** Real ids for a parameter or field name (businessId, reviewId…), so requests get past "not found". */
  idsFor(name: string, path?: string): string[];
}

/** The values a description lists ("newest, highest, lowest, helpful"; "7, 30 or 90 (default 30)"). */
export function valuesIn(description = "") {
  const head = description.replace(/\([^)]*\)/g, "").split(/[;:]/)[0]!;
  const values = head.split(/,\s*|\s+or\s+/).map((v) => v.trim());
  return values.length > 1 && values.every((v) => /^[\w$-]+$/.test(v)) ? values : [];
}

function deref(schema: JsonSchema, root: { components?: { schemas?: Record<string, JsonSchema> } }): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split("/").pop()!;
  return root.components?.schemas?.[name] ?? {};
}

function fit(text: string, min = 0, max = 200) {
  let v = text;
  while (v.length < min) v += ` ${text}`;
  return v
    .slice(0, Math.max(min, Math.min(max, v.length)))
    .trim()
    .padEnd(min, "x");
}

/** A value the schema accepts (as far as JSON Schema says: refinements in code may still refuse it). */
export function validFor(
  name: string,
  raw: JsonSchema,
  pools: Pools,
  root: object = {},
  base?: unknown,
): fc.Arbitrary<unknown> {
  const schema = deref(raw, root);
  if (base !== undefined) return fc.constant(base);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => validFor(name, v, pools, root)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const types = ([] as string[]).concat(schema.type ?? "string").filter((t) => t !== "null");
  const type = types[0] ?? "string";
  switch (type) {
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 1000, 1000) });
    case "number":
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case "array": {
      const items = schema.items ?? {};
      return fc.array(validFor(name.replace(/s$/, ""), items, pools, root), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    }
    case "object":
      return objectFor(schema, pools, root, {}, () => null);
  }
  const ids = pools.idsFor(name);
  if (schema.format === "uuid" || ids.length) return ids.length ? fc.constantFrom(...ids) : fc.uuid();
  if (schema.format === "email") return fc.constant("fuzz@example.com");
  if (schema.example !== undefined) return fc.constant(String(schema.example));
  const listed = valuesIn(schema.description);
  if (listed.length) return fc.constantFrom(...listed);
  if (schema.pattern) {
    const plausible = plausibleFor(name).filter((v) => new RegExp(schema.pattern!).test(v));
    if (plausible.length) return fc.constantFrom(...plausible);
    return fc.stringMatching(new RegExp(schema.pattern), { size: "xsmall" });
  }
  return fc.constantFrom(...plausibleFor(name)).map((v) => fit(v, schema.minLength, schema.maxLength));
}

/** A hostile value for a field: hostile text, or a value of the wrong type. */
export function hostileFor(name: string, raw: JsonSchema, pools: Pools, root: object = {}): fc.Arbitrary<unknown> {
  const schema = deref(raw, root);
  const valid = validFor(name, schema, pools, root).map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
  const types = ([] as string[]).concat(schema.type ?? "string");
  const text = hostileText(valid, { name });
  if (types.includes("array")) {
    const item = hostileFor(name, schema.items ?? {}, pools, root);
    return fc.oneof(
      fc.array(item, { maxLength: 4 }),
      fc.constantFrom(Array.from({ length: 10_000 }, () => "x")),
      text,
      wrongType,
    );
  }
  if (types.includes("object")) return fc.oneof(wrongType, text);
  if (types.includes("integer") || types.includes("number")) return fc.oneof(fc.constantFrom(...JSON_NUMBERS), text);
  return fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: wrongType });
}

/**
 * Objects for a schema. `valid`: the required fields and at most two optional ones, each valid. `hostile`: mostly
 * valid with exactly one hostile field (so the hostile value reaches what handles it), sometimes several, sometimes
 * an extra field (mass assignment, `__proto__`).
 */
export function objectArbitraries(
  raw: JsonSchema,
  pools: Pools,
  root: object = {},
  base: Record<string, unknown> = {},
  hostile: (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | null = (n, s) => hostileFor(n, s, pools, root),
): { valid: fc.Arbitrary<Record<string, unknown>>; hostile: fc.Arbitrary<Record<string, unknown>> } {
  const schema = deref(raw, root);
  const props = schema.properties ?? {};
  const keys = [...new Set([...Object.keys(props), ...Object.keys(base)])];
  if (!keys.length) return { valid: fc.constant({}), hostile: fc.constant({}) };
  const required = new Set([...(schema.required ?? []), ...Object.keys(base)]);
  const entry = (k: string) => validFor(k, props[k] ?? {}, pools, root, base[k]).map((v) => [k, v] as const);
  // The required fields and at most two optional ones: each optional field is a new way to be refused.
  const optional = keys.filter((k) => !required.has(k));
  const valid = fc
    .tuple(
      fc.tuple(...keys.filter((k) => required.has(k)).map(entry)),
      fc.subarray(optional, { maxLength: Math.min(2, optional.length) }).chain((ks) => fc.tuple(...ks.map(entry))),
    )
    .map(([a, b]) => Object.fromEntries([...a, ...b]) as Record<string, unknown>);
  const bad = (k: string) => hostile(k, props[k] ?? {}) ?? validFor(k, props[k] ?? {}, pools, root, base[k]);
  const oneBad = fc
    .constantFrom(...keys)
    .chain((k) => fc.tuple(valid, fc.constant(k), bad(k)))
    .map(([v, k, h]) => ({ ...v, [k]: h }));
  const manyBad = fc
    .tuple(valid, fc.subarray(keys, { minLength: Math.min(2, keys.length) }))
    .chain(([v, ks]) =>
      fc
        .tuple(...ks.map((k) => bad(k).map((h) => [k, h] as const)))
        .map((pairs) => ({ ...v, ...Object.fromEntries(pairs) })),
    );
  const extra = fc
    .tuple(
      valid,
      fc.constantFrom(
        "__proto__",
        "constructor",
        "id",
        "ownerId",
        "userId",
        "status",
        "plan",
        "role",
        "isAdmin",
        "type",
      ),
      fc.oneof(fc.constantFrom<unknown>("admin", "published", "premium", true, { polluted: true }), wrongType),
    )
    // A computed key: "__proto__" is an own property here, as JSON.parse makes it on the server.
    .map(([v, k, h]) => ({ ...v, [k]: h }));
  return {
    valid,
    hostile: fc.oneof(
      { weight: 6, arbitrary: oneBad },
      { weight: 1, arbitrary: manyBad },
      { weight: 1, arbitrary: extra },
    ),
  };
}

/** Mostly hostile objects (objectArbitraries), sometimes valid ones. */
export function objectFor(...args: Parameters<typeof objectArbitraries>): fc.Arbitrary<Record<string, unknown>> {
  const { valid, hostile } = objectArbitraries(...args);
  return fc.oneof({ weight: 4, arbitrary: hostile }, { weight: 1, arbitrary: valid });
}

/** Bodies that are not the object asked for: other JSON, broken JSON, deep nesting, huge padding. */
export const junkBody = fc.constantFrom(
  "null",
  "[]",
  '"text"',
  "42",
  "{",
  '{"a":}',
  "\u0000",
  "",
  "[".repeat(5000) + "]".repeat(5000),
  " ".repeat(200_000) + "{}",
  JSON.stringify({ a: "\u0000".repeat(10) }),
);

/** encodeURIComponent, with lone surrogates (which it refuses) sent as U+FFFD. */
const encode = (v: string) =>
  encodeURIComponent(v.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"));

/** A URL path segment that is not a real id: a hostile one (encoded), a raw broken escape, a real one upper-cased. */
export function badSegmentFor(valid: string[]): fc.Arbitrary<string> {
  const real = valid.length ? fc.constantFrom(...valid) : fc.uuid();
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...BAD_IDS).map(encode) },
    { weight: 1, arbitrary: hostileText(real, { big: false, name: "id" }).map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 1, arbitrary: real.map((v) => v.toUpperCase()) },
  );
}

/** Shortens long runs of a short piece in a report: `‹" "×200000›`, `‹"\\t"×1000›`. */
export function abbreviate(text: string, max = 600) {
  const short = text.replace(
    /(.{1,6}?)\1{15,}/gsu,
    (run, piece: string) => `‹${JSON.stringify(piece)}×${Math.round(run.length / piece.length)}›`,
  );
  return short.length > max ? `${short.slice(0, max)}… (${short.length} chars)` : short;
}
