import fc from 'fast-check';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

/** Strings people (and attackers) actually send: empty, long, unicode, markup, SQL, paths, numbers. */
const nastyString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'null',
    'true',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00',
    '\u0000',
    '🙂',
    'a'.repeat(5000),
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/**
 * Values shaped by a JSON Schema (from a route's zod schema), often right and sometimes wrong: each
 * field may be replaced by anything, so both the happy path and every validation branch get hit.
 */
export function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.integer(),
    nastyString,
    fc.boolean(),
    fc.anything({ maxDepth: 1 }),
  );
  if (!schema || depth > 4) return wrong;
  const shaped = shapedBy(schema, depth);
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: wrong });
}

function shapedBy(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((u) => shapedBy(u, depth + 1)));
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const props = Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, fromSchema(v, depth + 1)]),
      );
      return fc.record(props, { requiredKeys: [] });
    }
    case 'array':
      return fc.array(fromSchema(s.items, depth + 1), { maxLength: 5 });
    case 'string':
      return fc.oneof(
        fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 60, 300) }),
        nastyString,
      );
    case 'integer':
      return fc.oneof(
        fc.integer({ min: Math.max(s.minimum ?? -1e6, -1e9), max: Math.min(s.maximum ?? 1e6, 1e9) }),
        fc.integer(),
      );
    case 'number':
      return fc.oneof(fc.double({ noNaN: true }), fc.integer());
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** Path parameter values: valid-looking ids and everything that must not reach the database raw. */
export const paramValue = fc.oneof(
  fc.integer({ min: 1, max: 50 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '99999999999',
    '2147483648',
    'abc',
    '%20',
    'null',
    '1;drop',
    'gridpane',
    'kinsta',
  ),
  fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);
