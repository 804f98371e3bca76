import { requestFields } from '@shop/contract/request-fields';
import { LOCALES } from '@shop/domain/locale';
import type * as TypeProvider from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type z } from 'zod';
import { DEMO_BUYER, seedDemo } from '../src/seed/seed-demo.ts';
import {
  type RequestPart,
  type ValidationEntry,
  validationMessage,
} from '../src/plugins/validation-messages.ts';
import { createTestApp, type TestApp, testEngines } from './helpers.ts';

// Issue 29, finding 7: a non-string birthday was answered "生日只能是" / "Birthday must be", the
// allowed values missing. Every field of every request schema the API serves (read from the app, as
// request-fields.test.ts does) is given values of the wrong type and shape; every refusal must name
// what is allowed: no message may end on its connector, and none may fall back to "is not valid".

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
/** Values of every JSON type and the edges of numbers and texts. */
const WRONG_VALUES: readonly unknown[] = [12345, 1.5, -1, 0, 'abc', '', true, false, [], [1], {}, null];

/** A message that stops where the allowed values or the bound should be, or says only "not valid". */
const INCOMPLETE = [
  /(只能是|必须是|须为|应类似|不能小于|不能大于|不能少于|不能超过|必须大于|必须小于|至少要有|最多只能有|[：:，,、])\s*$/,
  /(must be|one of|at least|at most|greater than|less than|look like|like)\s*[:,]?\s*$/i,
  /无效$|is not valid$/,
  /、、|, ,|只能是 、|one of: ,/,
];

function placed(path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return head === '*' ? [placed(rest, value)] : { [head!]: placed(rest, value) };
}

describe.each(testEngines())('every validation message names what is allowed (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    routes.length = 0;
    t.app.swagger();
    await seedDemo(t.db, t.app.cardCipher);
  });
  afterAll(() => t.close());

  it('for every wrong value of every field of every request schema, in both languages', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const part of PARTS) {
        const schema = route.schema[part];
        if (schema === undefined) continue;
        for (const field of requestFields(schema as z.ZodType)) {
          const at = field.path.split('.');
          const prefix = at.map((k) => (k === '*' ? '0' : k));
          for (const value of WRONG_VALUES) {
            const result = field.schema.safeParse(value);
            if (result.success) continue;
            const entries: ValidationEntry[] = result.error.issues.map(
              ({ code, path: p, message, ...params }) => ({
                keyword: code,
                instancePath: `/${[...prefix, ...p.map(String)].join('/')}`,
                message,
                params,
              }),
            );
            for (const locale of LOCALES) {
              checked++;
              const msg = validationMessage(locale, entries, {
                part,
                route: route.url,
                input: placed(at, value),
              });
              // The field's own label (request-fields.test.ts proves one exists) or, for a value
              // refused deeper down (an element's field), that field's: never the raw path.
              if (/^(参数 |Parameter )/.test(msg) || INCOMPLETE.some((pattern) => pattern.test(msg)))
                problems.push(`${route.url} ${field.path} ← ${JSON.stringify(value)} (${locale}): ${msg}`);
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(2000);
    expect(problems).toEqual([]);
  });

  it('a non-string birthday on POST /user/info names the date format and the empty value', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/front/app/login',
      payload: { account: DEMO_BUYER.email, password: DEMO_BUYER.password },
    });
    const token = login.json<{ data: { token: string } }>().data.token;
    const expected = {
      'zh-CN': '生日必须是 YYYY-MM-DD 格式的日期，或留空',
      en: 'Birthday must be a date as YYYY-MM-DD, or empty',
    };
    for (const birthday of [12345, null, true, ['2000-01-01']])
      for (const locale of LOCALES) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/front/user/info',
          headers: { authorization: token, locale },
          payload: { birthday },
        });
        expect(res.statusCode, JSON.stringify(birthday)).toBe(400);
        expect(res.json<{ msg: string }>().msg).toBe(expected[locale]);
      }
  });
});
