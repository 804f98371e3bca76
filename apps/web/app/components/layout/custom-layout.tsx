import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { lazyPart } from '../../lib/lazy-part';
import { onNavigation } from './navigation';
import { useHydrateSiteConfig } from '../../stores/site-config';
import { NavigationProgress } from './navigation-progress';
import { Overlays } from './overlays';
import { SiteHeader } from './site-header';
import { Toasters } from './toasters';
import { useVersionWatcher } from './use-version-watcher';

// The footer (static links, the service QR code) hydrates once its own chunk is here: rendered in full
// by the server, it is not part of any page's first load (lib/lazy-part.ts, issue 16).
const footer = lazyPart(() => import('./site-footer').then((m) => m.SiteFooter));
void footer.preload().catch(() => undefined);

/** The layout named "custom" (SPEC §2) that wraps every page, error pages included. */
export function CustomLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();

  useHydrateSiteConfig();
  // SPEC §2: on every navigation (and the first render) — config, user info, close the cart panel.
  useEffect(() => {
    onNavigation();
  }, [location.key]);
  useVersionWatcher();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[3000] rounded-md bg-brand-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('nav.skipToContent')}
      </a>
      <NavigationProgress />
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the first screen, so a page whose content
          arrives after its placeholder (a signed-in page) never moves it on screen (CLS, issue 16). */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
        {children}
      </main>
      <footer.Component />
      <Overlays />
      <Toasters />
    </div>
  );
}
