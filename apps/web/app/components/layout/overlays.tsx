import { lazy, Suspense, useState } from 'react';
import { useUiStore } from '../../stores/ui';
import { OverlayBoundary } from '../error/overlay-boundary';

// Dialogs and the cart panel are separate chunks, fetched the first time they open.
const LoginDialog = lazy(() => import('../../features/account/login-dialog'));
const RegisterDialog = lazy(() => import('../../features/account/register-dialog'));
const ResetPasswordDialog = lazy(() => import('../../features/account/reset-password-dialog'));
const CartPanel = lazy(() => import('../../features/cart/cart-panel'));

/** Once true, stays true: the component stays mounted so it can animate closed. */
function useMountedOnce(visible: boolean): boolean {
  const [mounted, setMounted] = useState(visible);
  if (visible && !mounted) setMounted(true);
  return mounted || visible;
}

export function Overlays() {
  const loginVisible = useUiStore((s) => s.loginVisible);
  const registerVisible = useUiStore((s) => s.registerVisible);
  const resetVisible = useUiStore((s) => s.resetVisible);
  const cartPanelVisible = useUiStore((s) => s.cartPanelVisible);
  const login = useMountedOnce(loginVisible);
  const register = useMountedOnce(registerVisible);
  const reset = useMountedOnce(resetVisible);
  const cart = useMountedOnce(cartPanelVisible);
  // Each its own boundary: one that cannot load shows a small message, not the page's error page.
  return (
    <Suspense fallback={null}>
      {login ? (
        <OverlayBoundary>
          <LoginDialog />
        </OverlayBoundary>
      ) : null}
      {register ? (
        <OverlayBoundary>
          <RegisterDialog />
        </OverlayBoundary>
      ) : null}
      {reset ? (
        <OverlayBoundary>
          <ResetPasswordDialog />
        </OverlayBoundary>
      ) : null}
      {cart ? (
        <OverlayBoundary>
          <CartPanel />
        </OverlayBoundary>
      ) : null}
    </Suspense>
  );
}
