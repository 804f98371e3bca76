import { message } from '../../../lib/toast';
import type { AdminT } from './use-admin-t';

// The console's confirm dialog (issue 30): the browser's own, asked in the operator's language,
// before a write that cannot be taken back (a removal, a deactivation, a password reset).

/** Whether the operator agreed to `question`. */
export function confirmed(question: string): boolean {
  return window.confirm(question);
}

/** Asks, then removes; says so when it is done (a refusal shows as the shared client's pop-up). */
export async function confirmRemove(t: AdminT, name: string, remove: () => Promise<unknown>) {
  if (!confirmed(t('content.common.removeConfirm', { name }))) return;
  try {
    await remove();
    message.success(t('content.common.removed'));
  } catch {
    // the shared client already showed the refusal
  }
}
