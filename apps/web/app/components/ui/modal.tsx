import { lazy, Suspense, useState, type ReactNode } from 'react';
import { OverlayBoundary } from '../error/overlay-boundary';

export interface OverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  testId?: string;
}

// The Radix dialog (./modal-frame.tsx, about 14 kB gzip with its dependencies) is a chunk of its
// own, fetched the first time a dialog opens, as the login dialog and the cart panel are
// (layout/overlays.tsx): a closed dialog renders nothing, so no page needs it for its first render
// (issue 16, first-load JS per page).
const loadFrame = () => import('./modal-frame');
const ModalFrame = lazy(loadFrame);
const SheetFrame = lazy(() => loadFrame().then((m) => ({ default: m.Sheet })));

/** Once true, stays true: the dialog stays mounted so it can animate closed. */
function useMountedOnce(visible: boolean): boolean {
  const [mounted, setMounted] = useState(visible);
  if (visible && !mounted) setMounted(true);
  return mounted || visible;
}

/** Centred dialog (login, register, confirmations, the WeChat Pay code, an address). */
export function Modal(props: OverlayProps & { description?: string }) {
  const mounted = useMountedOnce(props.open);
  return mounted ? (
    <OverlayBoundary>
      <Suspense fallback={null}>
        <ModalFrame {...props} />
      </Suspense>
    </OverlayBoundary>
  ) : null;
}

/** Right-hand side panel (the cart panel), above dialogs. */
export function Sheet(props: OverlayProps & { footer?: ReactNode }) {
  const mounted = useMountedOnce(props.open);
  return mounted ? (
    <OverlayBoundary>
      <Suspense fallback={null}>
        <SheetFrame {...props} />
      </Suspense>
    </OverlayBoundary>
  ) : null;
}
