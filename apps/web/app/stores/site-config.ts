import { useEffect } from 'react';
import { create } from 'zustand';
import { endpoints } from '@shop/contract/endpoints';
import { api } from '../lib/api';
import { useRootData } from '../lib/root-data';
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '../lib/site-config';

// Browser only: filled from the root loader data after hydration, or loaded on navigation when the
// server could not get it (SPEC §2). Never written during a server render (module singleton).
export interface SiteConfigState {
  config: SiteConfig;
  loaded: boolean;
  loading: boolean;
  load(): Promise<void>;
  hydrate(config: SiteConfig): void;
}

let inFlight: Promise<void> | null = null;

export const useSiteConfigStore = create<SiteConfigState>()((set) => ({
  config: DEFAULT_SITE_CONFIG,
  loaded: false,
  loading: false,
  load() {
    inFlight ??= (async () => {
      set({ loading: true });
      try {
        set({ config: await api.call(endpoints.siteConfig), loaded: true });
      } finally {
        set({ loading: false });
        inFlight = null;
      }
    })();
    return inFlight;
  },
  hydrate(config) {
    set({ config, loaded: true });
  },
}));

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
