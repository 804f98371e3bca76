import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';
import { isSharedEnvelope } from './envelope.ts';

/**
 * Response serializer: the zod schema of each route's response (packages/contract) becomes a JSON
 * schema once, at start-up, and fast-json-stringify compiles it to a dedicated function. The
 * schema decides which fields leave the server — anything else on the object is dropped — while
 * the per-request cost stays that of plain Fastify (zod's encode on every response cost about
 * half the throughput of a config read: README, Performance).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = compile(schema);
    compiled.set(schema, serialize);
  }
  return serialize;
};

/**
 * The function of each schema, compiled once per process: the schemas are the contract's module
 * constants, so an app built again in the same process (each API test file builds several, one
 * per engine and setting) reuses them instead of compiling every route's again (decision 084).
 */
const compiled = new WeakMap<z.ZodType, (payload: unknown) => string>();

function compile(schema: z.ZodType): (payload: unknown) => string {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  const stringify = fastJsonStringify(json as Schema);
  // A read-cache hit answers with the very envelope object of the entry (envelope.ts okCached):
  // its JSON is written once per entry and schema, not once per request.
  const written = new WeakMap<object, string>();
  return (payload: unknown) => {
    if (!isSharedEnvelope(payload)) return stringify(payload);
    let text = written.get(payload);
    if (text === undefined) {
      text = stringify(payload);
      written.set(payload, text);
    }
    return text;
  };
}
