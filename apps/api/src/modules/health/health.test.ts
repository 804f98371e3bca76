import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';

describe.each(testEngines())('health, readiness and OpenAPI (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz while the database is up', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toMatchObject({
      code: 200,
      data: { status: 'ok' },
    });
    expect((await t.app.inject({ url: '/readyz' })).json()).toMatchObject({
      code: 200,
      data: { status: 'ok' },
    });
  });

  it('serves the OpenAPI document generated from the contract, and the docs page', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const config = doc.paths['/api/front/app/config'].get;
    const data = config.responses['200'].content['application/json'].schema;
    expect(data.properties.data.$ref).toBe('#/components/schemas/SiteConfig');
    expect(doc.components.schemas.SiteConfig.properties.order_balance_switch.type).toBe('integer');
    expect(doc.paths['/api/front/link/list']).toBeDefined();
    const docs = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe.each(testEngines())('readiness without a database (%s)', (engine) => {
  it('answers /readyz with 503 once the database is gone', async () => {
    const t = await createTestApp(engine);
    await t.db.destroy();
    const res = await t.app.inject({ url: '/readyz', headers: { locale: 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, msg: 'Service unavailable', data: null });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await t.app.close();
  });
});
