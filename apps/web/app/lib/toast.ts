// Every pop-up of the shop goes through here (decision 035): SPEC §8's error pop-ups and the short
// messages (3000 ms, SPEC §9) and the notifications (4500 ms, top-right with a 16 px gap) are toasts
// of one sonner toaster with one look; only their duration and content differ.
//
// sonner (~10 kB gzip) is not part of the first load: the first toast downloads it and mounts the
// toaster (components/layout/toasters.tsx); toasts wait until it listens.
import type { ReactNode } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { MESSAGE_DURATION_MS, NOTIFICATION_DURATION_MS } from '@shop/domain/constants';

type Toast = typeof sonnerToast;
type Kind = 'error' | 'success' | 'warning' | 'info';

/** Lets the layout know the toaster is needed, and lets it say it is listening. */
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

/** What a toast of either kind is shown with. */
export function toastOptions(
  duration: number,
  options: { description?: ReactNode; action?: { label: ReactNode; onClick: () => void }; id?: string } = {},
): ExternalToast {
  return {
    duration,
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(options.action ? { action: options.action } : {}),
    ...(options.id ? { id: options.id } : {}),
  };
}

function showMessage(kind: Kind) {
  return (text: string) => show(kind, text, toastOptions(MESSAGE_DURATION_MS));
}

/** Pop-up messages: one line, 3000 ms (SPEC §9). */
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
    show(kind, title, toastOptions(options.duration ?? NOTIFICATION_DURATION_MS, options));
}

/** Notifications: a title and more, 4500 ms (SPEC §9). */
export const notify = {
  success: showNotification('success'),
  info: showNotification('info'),
  warning: showNotification('warning'),
  error: showNotification('error'),
};
