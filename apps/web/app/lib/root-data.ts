import { useEffect } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../root';
import { DEFAULT_SITE_CONFIG, type SiteConfig } from './site-config';
import { useSiteConfigStore } from '../stores/site-config';

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

/**
 * The site config to render with: the store once the browser has it, else the server's copy
 * (so the server render and hydration agree), else the SPEC §3 defaults.
 */
export function useSiteConfig(): SiteConfig {
  const root = useRootData();
  const stored = useSiteConfigStore((s) => (s.loaded ? s.config : null));
  return stored ?? root?.config ?? DEFAULT_SITE_CONFIG;
}

/** Browser: copy the root loader's config into the store (also after a language switch). */
export function useHydrateSiteConfig(): void {
  const config = useRootData()?.config;
  useEffect(() => {
    if (config) useSiteConfigStore.getState().hydrate(config);
  }, [config]);
}
