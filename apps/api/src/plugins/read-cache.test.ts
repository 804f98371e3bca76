import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadCache } from './read-cache.ts';

describe('ReadCache', () => {
  afterEach(() => vi.useRealTimers());

  it('serves a value until its TTL passes, then loads again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new ReadCache(1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(Date.now() + 1001);
    expect(await cache.get('k', load)).toBe(2);
    expect(await cache.get('other', load)).toBe(3);
  });

  it('shares one load among concurrent misses', async () => {
    const cache = new ReadCache(1000);
    let loads = 0;
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 5));
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([
      1, 1, 1,
    ]);
  });

  it('does not keep a failed load', async () => {
    const cache = new ReadCache(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('stays within its size and loads every time with a TTL of 0', async () => {
    const bounded = new ReadCache(1000, 2);
    let loads = 0;
    const load = async () => ++loads;
    await bounded.get('a', load);
    await bounded.get('b', load);
    await bounded.get('c', load); // evicts a
    expect(await bounded.get('a', load)).toBe(4);
    const off = new ReadCache(0);
    expect(await off.get('k', load)).toBe(5);
    expect(await off.get('k', load)).toBe(6);
  });
});
