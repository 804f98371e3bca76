import type { z } from 'zod';

// Walks a request schema to list its fields, for the tests that prove every field is bounded
// (text.test.ts here, apps/api/test/request-fields.test.ts for every route the API serves) and
// labelled in both languages. Only the input side matters: the values a client can send.

export type RequestField = {
  /** Dotted path; `*` stands for an array index (`items.*.num`). */
  path: string;
  schema: z.ZodType;
};

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
};

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

const join = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);

/** Every object property and array element of `schema`, at any depth, with its schema. */
export function requestFields(schema: z.ZodType, prefix = ''): RequestField[] {
  return walk(schema, prefix, new Set());
}

/** `ancestors` stops a recursive schema (z.lazy) from being walked forever. */
function walk(schema: z.ZodType, prefix: string, ancestors: Set<z.ZodType>): RequestField[] {
  if (ancestors.has(schema)) return [];
  ancestors.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const fields: RequestField[] = [];
  const child = (path: string, s: z.ZodType) => {
    fields.push({ path, schema: s });
    fields.push(...walk(s, path, ancestors));
  };
  switch (def.type) {
    case 'object':
      for (const [key, s] of Object.entries(def.shape!)) child(join(prefix, key), s);
      break;
    case 'array':
      child(join(prefix, '*'), def.element!);
      break;
    case 'tuple':
      for (const s of def.items!) child(join(prefix, '*'), s);
      if (def.rest) child(join(prefix, '*'), def.rest);
      break;
    case 'record':
      child(join(prefix, '*'), def.valueType!);
      break;
    case 'union':
      for (const s of def.options!) fields.push(...walk(s, prefix, ancestors));
      break;
    case 'intersection':
      fields.push(...walk(def.left!, prefix, ancestors), ...walk(def.right!, prefix, ancestors));
      break;
    case 'pipe':
      fields.push(...walk(def.in!, prefix, ancestors));
      break;
    case 'lazy':
      fields.push(...walk(def.getter!(), prefix, ancestors));
      break;
    default:
      if (WRAPPERS.has(def.type)) fields.push(...walk(def.innerType!, prefix, ancestors));
  }
  ancestors.delete(schema);
  return fields;
}

/** Inputs no field may accept: NUL and other controls, and a 10,000-character string of each shape. */
export const REFUSED_INPUTS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  '1\u0000',
  'P2026\u0000',
  'a\u0007b',
  'a\u001bb',
  'a\u0085b',
  'a\ud800b',
  'x'.repeat(10_000),
  '1'.repeat(10_000),
  'A'.repeat(10_000),
  `${'a'.repeat(9_990)}@example.com`,
];
