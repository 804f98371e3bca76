// SPEC §9: pop-up messages (3000 ms, top centre) and notifications (4500 ms, top-right, 16 px gap)
// are two sonner toasters; each call names its toaster with `toasterId`.
//
// sonner (~10 kB gzip) is not part of the first load: the first toast downloads it and mounts the
// toasters (components/layout/toasters.tsx); toasts wait until the toasters listen.
import type { ReactNode } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { MESSAGE_DURATION_MS, NOTIFICATION_DURATION_MS } from '@shop/domain/constants';

export const MESSAGE_TOASTER_ID = 'message';
export const NOTIFICATION_TOASTER_ID = 'notification';

type Toast = typeof sonnerToast;
type Kind = 'error' | 'success' | 'warning' | 'info';

/** Lets the layout know toasters are needed, and lets them say they are listening. */
export const toasterHost = (() => {
  let requested = false;
  let markMounted: () => void = () => undefined;
  const mounted = new Promise<void>((resolve) => (markMounted = resolve));
  const listeners = new Set<() => void>();
  return {
    isRequested: () => requested,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    request() {
      if (requested) return;
      requested = true;
      for (const listener of listeners) listener();
    },
    mounted,
    markMounted: () => markMounted(),
  };
})();

let loading: Promise<Toast> | null = null;

function loadToast(): Promise<Toast> {
  loading ??= (async () => {
    toasterHost.request();
    const [{ toast }] = await Promise.all([import('sonner'), toasterHost.mounted]);
    return toast;
  })();
  return loading;
}

// sonner keeps toasts in a module-level queue: never queue one during a server render.
const inBrowser = typeof window !== 'undefined';

function show(kind: Kind, text: string, options: ExternalToast): void {
  if (!inBrowser) return;
  void loadToast().then((toast) => toast[kind](text, options));
}

function showMessage(kind: Kind) {
  return (text: string) => show(kind, text, { toasterId: MESSAGE_TOASTER_ID, duration: MESSAGE_DURATION_MS });
}

export const message = {
  error: showMessage('error'),
  success: showMessage('success'),
  warning: showMessage('warning'),
  info: showMessage('info'),
};

export interface NotificationOptions {
  description?: ReactNode;
  action?: { label: ReactNode; onClick: () => void };
  /** Stable id: showing it again updates the existing notification. */
  id?: string;
  duration?: number;
}

function showNotification(kind: Kind) {
  return (title: string, options: NotificationOptions = {}) =>
    show(kind, title, {
      toasterId: NOTIFICATION_TOASTER_ID,
      duration: options.duration ?? NOTIFICATION_DURATION_MS,
      description: options.description,
      action: options.action,
      id: options.id,
    });
}

export const notify = {
  success: showNotification('success'),
  info: showNotification('info'),
  warning: showNotification('warning'),
  error: showNotification('error'),
};
