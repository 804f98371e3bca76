import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';

/**
 * Wraps a list that a client-side navigation to another page, sort or filter of the same path is
 * about to replace: dimmed and marked busy until the new data arrives.
 */
export function ListBusy({ pathname, children }: { pathname: string; children: ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location?.pathname === pathname;
  return (
    <div
      aria-busy={busy || undefined}
      className={`transition-opacity ${busy ? 'pointer-events-none opacity-60' : ''}`}
    >
      {children}
    </div>
  );
}
