import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { useUserStore } from './user';

/**
 * A login on a page that showed the login card loads its data again: its clientLoader ran without
 * a token. The first read of the stored token (hydration) is no login.
 */
export function useReloadOnLogin(): void {
  const tokenChecked = useUserStore((s) => s.tokenChecked);
  const token = useUserStore((s) => s.token);
  const { revalidate } = useRevalidator();
  const signedOut = useRef(false);
  useEffect(() => {
    if (!tokenChecked) return;
    if (!token) signedOut.current = true;
    else if (signedOut.current) {
      signedOut.current = false;
      void revalidate();
    }
  }, [tokenChecked, token, revalidate]);
}
