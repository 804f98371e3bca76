import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterHost } from '../../lib/toast';

const SonnerToasters = lazy(() => import('./sonner-toasters'));

/** Mounts the toaster once the first toast is requested (see lib/toast.ts, decision 035). */
export function Toasters() {
  const requested = useSyncExternalStore(toasterHost.subscribe, toasterHost.isRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToasters onMounted={toasterHost.markMounted} />
    </Suspense>
  );
}
