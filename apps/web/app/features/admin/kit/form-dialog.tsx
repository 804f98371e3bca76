import { type FormEvent, type ReactNode, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { Modal } from '../../../components/ui/modal';
import { FormError } from './form';
import { useAdminT } from './use-admin-t';

// The console's editing dialogs share one frame: the title, the form's fields, the server's
// refusal under them and Cancel / Save (the Save button says it is saving while the request runs).

/** A form's submit: runs `save`, shows the server's refusal (it names the field) as the form error. */
export function useSubmit(save: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setError('');
    try {
      await save();
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.msg);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, submit };
}

/** A dialog around one form, closed by Cancel, Escape or the backdrop. */
export function FormDialog({
  title,
  testId,
  formTestId,
  busy,
  error,
  onSubmit,
  onClose,
  children,
  description,
  submitLabel,
}: {
  title: string;
  /** A line under the title (what the action does). */
  description?: string;
  /** The submit button's text instead of Save (an action: "Disable account"). */
  submitLabel?: string;
  testId?: string;
  formTestId?: string;
  busy: boolean;
  error: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useAdminT();
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      {...(description ? { description } : {})}
      {...(testId ? { testId } : {})}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid={formTestId}>
        {children}
        <FormError message={error} />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t('common.saving') : (submitLabel ?? t('common.save'))}
          </button>
        </div>
      </form>
    </Modal>
  );
}
