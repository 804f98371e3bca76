import { useRouteLoaderData } from 'react-router';
import type { FooterLink, SiteConfig } from './site-config';

/** What the root loader gives every page. */
export interface RootData {
  locale: 'zh-CN' | 'en';
  /** null when the API could not be reached during the render; the client retries (SPEC §2). */
  config: SiteConfig | null;
  links: FooterLink[];
  /** The shop's public address (PUBLIC_URL), for absolute URLs in meta tags (canonical, Open Graph). */
  origin: string;
}

// The root loader runs again on a revalidation only when the language changed: pages revalidate
// their own signed-in data often (after an action, on a poll), and the root's data is the same.
// React Router may ask `shouldRevalidate` more than once per revalidation, so the wish lasts
// until the revalidation is over.
let rootReloadWanted = false;

/** Runs a revalidation that loads the root's data too (the language switch). */
export async function revalidateWithRoot(revalidate: () => Promise<void>): Promise<void> {
  rootReloadWanted = true;
  try {
    await revalidate();
  } finally {
    rootReloadWanted = false;
  }
}

/** Whether the revalidation under way should load the root's data. */
export function rootReloadIsWanted(): boolean {
  return rootReloadWanted;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
