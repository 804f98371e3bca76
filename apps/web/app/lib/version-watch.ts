// The browser's poll of the builds manifest (SPEC §7), loaded after the first render by
// components/layout/use-version-watcher.ts: no page needs it to show (issue 16, first-load JS).
import { isNewVersion, MANIFEST_PATH, parseManifest, POLL_INTERVAL_MS, type BuildManifest } from './version';

export interface VersionWatcherOptions {
  currentId: string;
  onNewVersion: (manifest: BuildManifest) => void;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  intervalMs?: number;
}

/** Browser: polls the manifest every minute and when the tab becomes visible; notifies once per new id. */
export function watchVersion(options: VersionWatcherOptions): () => void {
  const doFetch = options.fetch ?? ((input, init) => window.fetch(input, init));
  let announced = '';
  let inFlight = false;

  async function check() {
    if (inFlight) return;
    inFlight = true;
    try {
      const response = await doFetch(MANIFEST_PATH, { cache: 'no-store' });
      if (!response.ok) return;
      const manifest = parseManifest(await response.json());
      if (manifest && isNewVersion(options.currentId, manifest) && manifest.id !== announced) {
        announced = manifest.id;
        options.onNewVersion(manifest);
      }
    } catch {
      // offline or mid-deploy: try again on the next tick
    } finally {
      inFlight = false;
    }
  }

  const timer = window.setInterval(check, options.intervalMs ?? POLL_INTERVAL_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
