import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, testEngines } from '../../test/helpers.ts';
import { ok } from './envelope.ts';

// Probe routes that exist only in this test, to drive the shared body parsing and error paths.
function probes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/echo',
    { schema: { body: z.object({ n: z.number().optional() }).passthrough() } },
    async (req) => ok(req, req.body),
  );
  typed.get('/api/test/boom', async () => {
    throw new Error('secret-detail of the database');
  });
  typed.get('/api/test/context', async (req) =>
    ok(req, { locale: req.locale, currency: req.currency, token: req.token }),
  );
}

describe.each(testEngines())('envelope and errors (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { extend: probes });
  });
  afterAll(() => t.close());

  it('wraps success in {code,msg,data} with a localized msg and a request id', async () => {
    const zh = await t.app.inject({ url: '/api/front/app/config' });
    expect(zh.statusCode).toBe(200);
    expect(zh.json()).toMatchObject({ code: 200, msg: '成功' });
    expect(zh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const en = await t.app.inject({ url: '/api/front/app/config', headers: { locale: 'en' } });
    expect(en.json()).toMatchObject({ code: 200, msg: 'OK' });
    expect(en.headers['x-request-id']).not.toBe(zh.headers['x-request-id']);
  });

  it('makes its own request id whatever X-Request-Id a caller sends (issue 29)', async () => {
    for (const sent of ['trace-12345678', '<script>']) {
      const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': sent } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-request-id']).not.toBe(sent);
    }
  });

  it('answers an unknown API route with a localized 404 envelope', async () => {
    const res = await t.app.inject({ url: '/api/front/nope?x=1', headers: { locale: 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: 'No such endpoint: GET /api/front/nope', data: null });
    expect(res.headers['x-request-id']).toBeTruthy();
    const zh = await t.app.inject({ method: 'POST', url: '/api/front/nope' });
    expect(zh.json()).toMatchObject({ code: 404, msg: '接口不存在：POST /api/front/nope' });
  });

  it('answers a path the router cannot decode with the envelope, not Fastify’s own body', async () => {
    // Found by the OpenAPI fuzzer (issue 11): a broken percent-escape in the path.
    const zh = await t.app.inject({ url: '/api/front/%ED%A0%80%20x?id=1' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({ code: 400, msg: '请求地址无效', data: null });
    const en = await t.app.inject({ url: '/api/front/goods/%E0%A4%A', headers: { locale: 'en' } });
    expect(en.json()).toEqual({ code: 400, msg: 'The address of this request is not valid', data: null });
    expect(en.headers['x-request-id']).toBeTruthy();
  });

  it('rejects malformed JSON with 400, never 5xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/nope',
      headers: { 'content-type': 'application/json;charset=UTF-8' },
      payload: '{"a":',
    });
    // Fastify reads the body before routing fails: either way a clear 4xx envelope.
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null });
    const probe = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json;charset=UTF-8', locale: 'en' },
      payload: '{"a":',
    });
    expect(probe.statusCode).toBe(400);
    expect(probe.json()).toEqual({ code: 400, msg: 'The request body is not valid JSON', data: null });
  });

  it('accepts an empty JSON body as {}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json;charset=UTF-8' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({});
  });

  it('rejects a wrong content type with 415 and an oversized body with 413', async () => {
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/xml', locale: 'en' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ code: 415, data: null });
    expect(wrongType.json().msg).toContain('application/json');

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ s: 'x'.repeat(t.config.bodyLimit + 10) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 413, msg: '请求体过大', data: null });
  });

  it('turns schema violations into a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', locale: 'en' },
      payload: { n: 'seven' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    // A field no request schema has keeps a readable name; real fields have labels (issue 11).
    expect(res.json().msg).toBe('Parameter n must be a number');
  });

  it('hides internals of a 5xx', async () => {
    const res = await t.app.inject({ url: '/api/test/boom', headers: { locale: 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 500,
      msg: 'Something went wrong on our side; please try again later',
      data: null,
    });
    expect(res.body).not.toContain('secret-detail');
  });

  it('parses Locale, Currency and Authorization with the SPEC defaults', async () => {
    const read = async (headers: Record<string, string>) =>
      (await t.app.inject({ url: '/api/test/context', headers })).json().data;
    expect(await read({})).toEqual({ locale: 'zh-CN', currency: 'CNY', token: '' });
    expect(await read({ locale: 'en', currency: 'USD', authorization: 'abc' })).toEqual({
      locale: 'en',
      currency: 'USD',
      token: 'abc',
    });
    expect(await read({ locale: 'fr', currency: 'EUR', authorization: 'Bearer xyz' })).toEqual({
      locale: 'zh-CN',
      currency: 'CNY',
      token: 'xyz',
    });
  });
});
