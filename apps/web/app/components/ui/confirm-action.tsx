import { useState } from 'react';
import { message } from '../../lib/toast';
import { Modal } from './modal';

/**
 * A button that asks before it acts (cancel an order, close a ticket). `action` runs after the
 * confirmation; `onDone` runs once the server answered, done or not (a refusal means the thing
 * changed: show it again). A refusal's message is shown by the shared client (SPEC §8). An action
 * submitted to a route's clientAction says itself that it is done, and needs neither: React Router
 * loads the page again after it.
 */
export function ConfirmActionButton({
  label,
  title,
  text,
  keepLabel,
  confirmLabel,
  busyLabel,
  doneMessage,
  action,
  onDone,
  className,
  confirmClassName,
  testId,
}: {
  label: string;
  title: string;
  text: string;
  keepLabel: string;
  confirmLabel: string;
  busyLabel: string;
  doneMessage?: string;
  action: () => Promise<unknown>;
  onDone?: () => void;
  className: string;
  confirmClassName: string;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await action();
      if (doneMessage) message.success(doneMessage);
    } catch {
      // The shared client showed why.
    } finally {
      setBusy(false);
      setOpen(false);
      onDone?.();
    }
  }

  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </button>
      <Modal
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title={title}
        description={text}
        testId={testId}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            className="btn-outline h-11 px-5"
            disabled={busy}
            onClick={() => setOpen(false)}
          >
            {keepLabel}
          </button>
          <button
            type="button"
            className={`${confirmClassName} h-11 px-5`}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void confirm()}
          >
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </Modal>
    </>
  );
}
