import { useEffect } from 'react';
import { currentLocale, fixedT } from '../../i18n/instance';
import { notify } from '../../lib/toast';
import { watchVersion } from '../../lib/version';

/** SPEC §7: offer a reload when a newer build is deployed. Off in development (no manifest). */
export function useVersionWatcher(): void {
  useEffect(() => {
    if (import.meta.env.DEV) return;
    return watchVersion({
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
  }, []);
}
