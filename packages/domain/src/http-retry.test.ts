import { describe, expect, it } from 'vitest';
import { shouldRetry } from './http-retry.ts';

describe('shouldRetry (SPEC §7)', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once on %i', (status) => {
    expect(shouldRetry('GET', status, 0)).toBe(true);
    expect(shouldRetry('get', status, 0)).toBe(true);
    expect(shouldRetry('GET', status, 1)).toBe(false);
  });
  it.each([200, 400, 401, 403, 404, 501, 505])('never retries on %i', (status) => {
    expect(shouldRetry('GET', status, 0)).toBe(false);
  });
  it('never retries anything but GET', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'])
      expect(shouldRetry(method, 503, 0)).toBe(false);
  });
});
