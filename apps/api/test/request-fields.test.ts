import { REFUSED_INPUTS, requestFields } from '@shop/contract/request-fields';
import { LOCALES } from '@shop/domain/locale';
import type * as TypeProvider from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  type RequestPart,
  type ValidationEntry,
  labelOf,
  validationMessage,
} from '../src/plugins/validation-messages.ts';
import { createTestApp, type TestApp, testEngines } from './helpers.ts';

// Issue 11: every route the API serves, read from the app itself (the OpenAPI document is built
// from each route's schema, so a route added tomorrow is walked too). For every field of every
// request schema: a NUL-bearing or 10,000-character string is refused, and the field has a label
// in both languages that the refusal's msg uses, without a word of zod's English.

type Route = { method: string; url: string; schema: Record<string, unknown> };
const routes = vi.hoisted(() => [] as Route[]);

vi.mock('fastify-type-provider-zod', async (importOriginal) => {
  const actual = await importOriginal<typeof TypeProvider>();
  return {
    ...actual,
    jsonSchemaTransform: (input: Parameters<typeof actual.jsonSchemaTransform>[0]) => {
      const method = [input.route.method].flat().join(',');
      routes.push({ method, url: input.url, schema: (input.schema ?? {}) as Record<string, unknown> });
      return actual.jsonSchemaTransform(input);
    },
  };
});

const PARTS: RequestPart[] = ['querystring', 'body', 'headers', 'params'];
const ZOD_ENGLISH = /Invalid|Too small|Too big|expected|received|Unrecognized|Parameter |参数 /;

/** The value `value` placed at a field path (`*` → the first element). */
function placed(path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return head === '*' ? [placed(rest, value)] : { [head!]: placed(rest, value) };
}

describe.each(testEngines())('every field of every request schema (%s)', (engine) => {
  let t: TestApp;
  let fields: { route: string; part: RequestPart; path: string; schema: z.ZodType }[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    routes.length = 0;
    t.app.swagger();
    fields = [];
    for (const route of routes) {
      for (const part of PARTS) {
        const schema = route.schema[part];
        if (schema === undefined) continue;
        expect(schema, `${route.method} ${route.url} ${part} is a zod schema`).toBeInstanceOf(z.ZodType);
        for (const field of requestFields(schema as z.ZodType))
          fields.push({ route: route.url, part, path: field.path, schema: field.schema });
      }
    }
  });
  afterAll(() => t.close());

  it('walks the routes that take input', () => {
    const urls = new Set(fields.map((f) => f.route));
    expect(urls.size).toBeGreaterThan(30);
    for (const url of ['/api/front/goods/search', '/api/front/user/info', '/api/front/order/create'])
      expect(urls).toContain(url);
    expect(fields.some((f) => f.part === 'headers' && f.path === 'idempotency-key')).toBe(true);
  });

  it('has a label in both languages for every field', () => {
    const missing = new Set<string>();
    for (const { route, path } of fields) {
      const label = labelOf(route, path);
      for (const locale of LOCALES) if (!label?.[locale]?.trim()) missing.add(`${route} ${path} (${locale})`);
      if (label) expect(label['zh-CN'], `${route} ${path}`).not.toBe(label.en);
    }
    expect([...missing]).toEqual([]);
  });

  it('refuses NUL, other controls and 10,000 characters in every field, in words naming the field', () => {
    const problems: string[] = [];
    for (const { route, part, path, schema } of fields) {
      const at = path.split('.');
      for (const input of REFUSED_INPUTS) {
        const result = schema.safeParse(input);
        const shown = `${route} ${path} ← ${JSON.stringify(input.slice(0, 12))}`;
        if (result.success) {
          problems.push(`${shown}: accepted`);
          continue;
        }
        // The entries Fastify hands the error handler, as if the whole request had failed there.
        const prefix = at.map((k) => (k === '*' ? '0' : k));
        const entries: ValidationEntry[] = result.error.issues.map(
          ({ code, path: p, message, ...params }) => ({
            keyword: code,
            instancePath: `/${[...prefix, ...p.map(String)].join('/')}`,
            message,
            params,
          }),
        );
        for (const locale of LOCALES) {
          const msg = validationMessage(locale, entries, { part, route, input: placed(at, input) });
          const label = labelOf(route, path)?.[locale].replace('{1}', '1');
          if (!label || !msg.includes(label) || ZOD_ENGLISH.test(msg))
            problems.push(`${shown} (${locale}): ${msg}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
