import { useEffect } from 'react';
import { currentLocale, fixedT } from '../../i18n/instance';
import { notify } from '../../lib/toast';

/**
 * SPEC §7: offer a reload when a newer build is deployed. Off in development (no manifest). The
 * poll (lib/version-watch.ts) is a chunk of its own, fetched once the page has rendered.
 */
export function useVersionWatcher(): void {
  useEffect(() => {
    if (import.meta.env.DEV) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    void import('../../lib/version-watch').then(
      ({ watchVersion }) => {
        if (stopped) return;
        stop = watchVersion({
          currentId: __BUILD_ID__,
          onNewVersion: () => {
            const t = fixedT(currentLocale());
            notify.info(t('version.title'), {
              id: 'new-version',
              description: t('version.description'),
              action: { label: t('version.reload'), onClick: () => window.location.reload() },
            });
          },
        });
      },
      () => undefined, // a deploy replaced the chunk: the next page load watches again
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);
}
