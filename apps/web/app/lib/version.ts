// SPEC §7/§9: new-version detection (a polled builds manifest) and the one-time reload after a
// lazy chunk failed to load (a deploy replaced the hashed files), guarded for RELOAD_GUARD_MS.
import { RELOAD_GUARD_MS } from '@shop/domain/constants';

export const MANIFEST_PATH = '/builds/latest.json';
export const POLL_INTERVAL_MS = 60_000;
export const RELOAD_GUARD_KEY = 'shop:chunk-reload-at';

export interface BuildManifest {
  id: string;
  timestamp: number;
}

export function parseManifest(value: unknown): BuildManifest | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, timestamp } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !id) return null;
  return { id, timestamp: typeof timestamp === 'number' ? timestamp : 0 };
}

/** True when the deployed build differs from the running one (an unreadable manifest is not news). */
export function isNewVersion(currentId: string, latest: unknown): boolean {
  const manifest = parseManifest(latest);
  return manifest !== null && manifest.id !== currentId;
}

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /Importing a module script failed/i, // Safari
  /error loading dynamically imported module/i, // Firefox
  /Unable to preload CSS/i, // Vite CSS preload
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

/** Reload only if no reload happened within the guard window (stops reload loops). */
export function shouldReloadNow(
  now: number,
  lastReloadAt: number | null,
  guardMs: number = RELOAD_GUARD_MS,
): boolean {
  return (
    lastReloadAt === null ||
    !Number.isFinite(lastReloadAt) ||
    now - lastReloadAt >= guardMs ||
    now < lastReloadAt
  );
}

type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Reloads once per guard window; returns whether it reloaded. */
export function reloadOnce(
  storage: GuardStorage | undefined,
  reload: () => void,
  now: number = Date.now(),
): boolean {
  let last: number | null;
  try {
    const raw = storage?.getItem(RELOAD_GUARD_KEY);
    last = raw ? Number(raw) : null;
  } catch {
    last = null;
  }
  if (!shouldReloadNow(now, last)) return false;
  try {
    storage?.setItem(RELOAD_GUARD_KEY, String(now));
  } catch {
    return false; // without a guard a reload could loop; let the error page show instead
  }
  reload();
  return true;
}

function sessionStore(): GuardStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Browser: reload once after a failed lazy chunk; returns whether a reload was started. */
export function reloadForChunkError(): boolean {
  return reloadOnce(sessionStore(), () => window.location.reload());
}

/** Browser: Vite fires `vite:preloadError` when a dynamic import's dependencies fail to load. */
export function installPreloadErrorHandler(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
