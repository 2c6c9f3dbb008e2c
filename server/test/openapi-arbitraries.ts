// fast-check arbitraries drawn from the OpenAPI document's JSON schemas (decision 031): values that fit the schema,
// with hostile values mixed in at every level (NUL, lone surrogates, numbers past every column, deep nesting,
// wrong types), so that one generator covers both what the contract accepts and what it must refuse.
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  pattern?: string;
  format?: string;
  const?: unknown;
  default?: unknown;
}

/** Text no column can store, and text that is merely unusual (must be accepted or refused, never a 500). */
export const hostileText = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  'x\uD800y',
  '\uDC00',
  'end\uD83D',
  '\uFEFF\u200B\u202E',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  ' ',
  '',
  '%00',
  '../../etc/passwd',
  '\uD83D\uDE00'.repeat(40),
  'x'.repeat(70_000),
);

/** Numbers past every column: int4, int8, double, and the negative side. */
export const hostileNumber = fc.constantFrom(
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 63,
  1e308,
  -1e308,
  -1,
  0,
  0.5,
  Number.MIN_VALUE,
  -0,
);

function deepNest(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Text that no column can store: what every contract must refuse, whichever field carries it. */
export const unstorableText = fc.oneof(
  fc.constantFrom('a\u0000b', '\u0000', 'x\uD800y', '\uDC00', 'end\uD83D'),
  fc.string({ maxLength: 8 }).map((s) => `${s}\u0000`),
);

/** Any hostile value: wrong types included. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  unstorableText,
  hostileText,
  hostileNumber,
  fc.constantFrom(null, true, [], {}, [null], { '\u0000': 1 }, deepNest(40), deepNest(3)),
);

/** A hostile value of the leaf's own type first (so that it reaches the field's rule), or of any type. */
function hostileFor(leaf: unknown): fc.Arbitrary<unknown> {
  if (typeof leaf === 'string') return fc.oneof({ arbitrary: unstorableText, weight: 3 }, hostileValue);
  if (typeof leaf === 'number') return fc.oneof({ arbitrary: hostileNumber, weight: 3 }, hostileValue);
  return hostileValue;
}

const MAX_ITEMS = 4;

function bounded(schema: JsonSchema): { min: number; max: number } {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  return {
    min: schema.minimum ?? (exclusiveMin !== undefined ? exclusiveMin + 1 : -1e9),
    max: schema.maximum ?? (exclusiveMax !== undefined ? exclusiveMax - 1 : 1e9),
  };
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date') {
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // fast-check cannot generate from lookarounds: plain text, which the pattern mostly refuses.
      return fc.string({ maxLength: 20 });
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
  return fc.string({ minLength, maxLength, unit: 'grapheme' });
}

function typedValue(schema: JsonSchema, type: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer': {
      const { min, max } = bounded(schema);
      return fc.integer({
        min: Math.max(Math.ceil(min), -(2 ** 31)),
        max: Math.min(Math.floor(max), 2 ** 31 - 1),
      });
    }
    case 'number': {
      const { min, max } = bounded(schema);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS)),
      });
    case 'object':
      return objectFor(schema);
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

function objectFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) model[key] = anyValue(child);
  const known = fc.record(model, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
  if (Object.keys(properties).length === 0 && schema.additionalProperties !== false) {
    const values =
      typeof schema.additionalProperties === 'object' ? anyValue(schema.additionalProperties) : hostileValue;
    return fc.dictionary(fc.string({ maxLength: 12 }), values, { maxKeys: MAX_ITEMS });
  }
  return known;
}

/** A value that fits the schema (as far as a JSON schema can say: zod refinements may still refuse it). */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  let arb: fc.Arbitrary<unknown>;
  if (alternatives) arb = fc.oneof(...alternatives.map(validValue));
  else if (schema.allOf?.length) arb = validValue(Object.assign({}, ...schema.allOf) as JsonSchema);
  else {
    const types = [schema.type ?? 'any'].flat();
    arb = fc.oneof(...types.map((t) => typedValue(schema, t)));
  }
  return schema.nullable ? fc.option(arb, { nil: null, freq: 5 }) : arb;
}

/** Mostly a value that fits, sometimes a hostile one: at every level of a body. */
export function anyValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: validValue(schema), weight: 5 }, { arbitrary: hostileValue, weight: 1 });
}

interface Leaf {
  path: (string | number)[];
  value: unknown;
}

function leaves(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (value === null || typeof value !== 'object') return [{ path, value }];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  const found = entries.flatMap(([k, v]) => leaves(v, [...path, k]));
  return found.length ? found : [{ path, value }];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    copy[Number(head)] = replaceAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  copy[String(head)] = replaceAt(copy[String(head)], rest, replacement);
  return copy;
}

/**
 * A request body: one that fits, one that fits but for a single hostile field (the case a contract must catch
 * field by field), or one with hostile values anywhere.
 */
export function bodyValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const oneBadField = fc.tuple(validValue(schema), fc.nat()).chain(([value, n]) => {
    const all = leaves(value);
    const leaf = all[n % all.length]!;
    return hostileFor(leaf.value).map((bad) => replaceAt(value, leaf.path, bad));
  });
  return fc.oneof(
    { arbitrary: validValue(schema), weight: 2 },
    { arbitrary: oneBadField, weight: 4 },
    { arbitrary: anyValue(schema), weight: 1 },
  );
}

/** A query string or path value: the schema's value as text, or hostile text and numbers. */
export function textValue(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: validValue(schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))), weight: 4 },
    { arbitrary: unstorableText, weight: 2 },
    { arbitrary: hostileText, weight: 1 },
    { arbitrary: hostileNumber.map(String), weight: 1 },
    { arbitrary: fc.constantFrom('99999999999999999999', '1e400', 'NaN', '-0', '0x10', ' 1'), weight: 1 },
  );
}

/**
 * Percent-encodes text for a URL; a lone surrogate (which encodeURIComponent refuses) goes as the bytes a careless
 * client would send: CESU-8, which is not valid UTF-8.
 */
export function encodeUrlText(text: string): string {
  return text.replace(/(?:[\uD800-\uDBFF][\uDC00-\uDFFF]|[^\uD800-\uDFFF])+|[\uD800-\uDFFF]/g, (part) => {
    if (part.length === 1 && /[\uD800-\uDFFF]/.test(part)) {
      const code = part.charCodeAt(0);
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(part);
  });
}
