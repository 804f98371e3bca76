import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../test/helpers.ts';

// The API's browsable page (/api/docs, Swagger UI) is HTML too: it gets a policy of its own
// (issue 11; the shop's pages have theirs, decision 023).
describe.each(testEngines())('the API docs page (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('sends a Content-Security-Policy that allows no inline script and no framing', async () => {
    for (const url of ['/api/docs/', '/api/docs/static/swagger-initializer.js']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toMatch(/script-src 'self'[^;]*;/);
      expect(/script-src[^;]*unsafe-inline/.test(csp), url).toBe(false);
      // Plain-http deployments must still load the page's own files.
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
  });
});
