import { describe, expect, it, vi } from 'vitest';
import { RELOAD_GUARD_MS } from '@shop/domain/constants';
import {
  isChunkLoadError,
  isNewVersion,
  parseManifest,
  reloadOnce,
  RELOAD_GUARD_KEY,
  shouldReloadNow,
} from './version';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('new-version detection (SPEC §7)', () => {
  it('reads the builds manifest', () => {
    expect(parseManifest({ id: 'b2', timestamp: 5 })).toEqual({ id: 'b2', timestamp: 5 });
    expect(parseManifest({ id: '' })).toBeNull();
    expect(parseManifest('nope')).toBeNull();
  });

  it('reports a new version only for a different, readable id', () => {
    expect(isNewVersion('b1', { id: 'b2', timestamp: 1 })).toBe(true);
    expect(isNewVersion('b1', { id: 'b1', timestamp: 1 })).toBe(false);
    expect(isNewVersion('b1', null)).toBe(false);
    expect(isNewVersion('b1', { timestamp: 1 })).toBe(false);
  });
});

describe('chunk-failure reload guard (SPEC §9: 10 s)', () => {
  it('recognises failed lazy imports in each browser', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
  });

  it('allows a reload when none happened, or the last one is at least 10 s old', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(shouldReloadNow(50_000, null)).toBe(true);
    expect(shouldReloadNow(50_000, 40_000)).toBe(true);
    expect(shouldReloadNow(50_000, 40_001)).toBe(false);
    expect(shouldReloadNow(50_000, 49_999)).toBe(false);
  });

  it('reloads once, then not again within the window', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce(storage, reload, 1_000)).toBe(true);
    expect(storage.data.get(RELOAD_GUARD_KEY)).toBe('1000');
    expect(reloadOnce(storage, reload, 5_000)).toBe(false);
    expect(reloadOnce(storage, reload, 10_999)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce(storage, reload, 11_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when the guard cannot be written (would loop)', () => {
    const reload = vi.fn();
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(reloadOnce(broken, reload, 1)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
