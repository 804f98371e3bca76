import { useState } from 'react';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { message } from '../../../lib/toast';
import { Modal } from '../../../components/ui/modal';
import { useAdminWrite } from '../kit/actions';
import { FormError, SelectField, TextAreaField, TextField } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { useAdminT } from '../kit/use-admin-t';

// The order page's actions (issue 15), each one request the API audits: deliver an item by hand,
// settle or retry a top-up left to an operator, cancel an unpaid order. A repeated request changes
// nothing, and the page says so.

type Done = () => void;

function useOutcome() {
  const { t } = useAdminT();
  return (result: { changed: boolean }) =>
    result.changed ? message.success(t('orders.action.done')) : message.info(t('orders.action.unchanged'));
}

export function DeliverDialog({
  item,
  onClose,
  onDone,
}: {
  item: { id: number; name: string; ships: boolean };
  onClose: () => void;
  onDone: Done;
}) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const outcome = useOutcome();
  const [note, setNote] = useState('');
  const [tracking, setTracking] = useState('');
  const [checked, setChecked] = useState(false);
  const noteError = checked && !note.trim() ? t('orders.deliver.noteRequired') : undefined;
  const trackingError =
    checked && item.ships && !tracking.trim() ? t('orders.deliver.trackingRequired') : undefined;
  const { busy, error, submit } = useSubmit(async () => {
    setChecked(true);
    if (!note.trim() || (item.ships && !tracking.trim())) return;
    outcome(
      await write.quiet(adminEndpoints.orderDeliver, {
        order_item_id: item.id,
        note: note.trim(),
        ...(tracking.trim() ? { tracking_no: tracking.trim() } : {}),
      }),
    );
    onDone();
  });
  return (
    <FormDialog
      title={t('orders.deliver.title', { name: item.name })}
      testId="order-deliver-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextAreaField
        label={t('orders.deliver.note')}
        hint={t('orders.deliver.noteHint')}
        error={noteError}
        value={note}
        maxLength={500}
        name="note"
        onChange={(e) => setNote(e.target.value)}
      />
      <TextField
        label={`${t('orders.deliver.tracking')}${item.ships ? '' : ` (${t('orders.deliver.trackingOptional')})`}`}
        hint={item.ships ? t('orders.deliver.trackingHint') : undefined}
        error={trackingError}
        value={tracking}
        maxLength={64}
        name="tracking_no"
        autoComplete="off"
        onChange={(e) => setTracking(e.target.value)}
      />
    </FormDialog>
  );
}

export function SettleDialog({
  item,
  onClose,
  onDone,
}: {
  item: { id: number; name: string };
  onClose: () => void;
  onDone: Done;
}) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const outcome = useOutcome();
  const [result, setResult] = useState<'delivered' | 'refunded'>('delivered');
  const [note, setNote] = useState('');
  const [checked, setChecked] = useState(false);
  const { busy, error, submit } = useSubmit(async () => {
    setChecked(true);
    if (!note.trim()) return;
    outcome(
      await write.quiet(adminEndpoints.orderSettle, {
        order_item_id: item.id,
        outcome: result,
        note: note.trim(),
      }),
    );
    onDone();
  });
  return (
    <FormDialog
      title={t('orders.settle.title', { name: item.name })}
      testId="order-settle-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label={t('orders.settle.outcome')}
        value={result}
        name="outcome"
        onChange={(e) => setResult(e.target.value as 'delivered' | 'refunded')}
      >
        <option value="delivered">{t('orders.settle.delivered')}</option>
        <option value="refunded">{t('orders.settle.refunded')}</option>
      </SelectField>
      <TextAreaField
        label={t('orders.settle.note')}
        error={checked && !note.trim() ? t('orders.settle.noteRequired') : undefined}
        value={note}
        maxLength={500}
        name="note"
        onChange={(e) => setNote(e.target.value)}
      />
    </FormDialog>
  );
}

/** A confirmation: the supplier is asked again (query first, resubmit under the same reference). */
export function RetryDialog({
  item,
  onClose,
  onDone,
}: {
  item: { id: number; name: string };
  onClose: () => void;
  onDone: Done;
}) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const outcome = useOutcome();
  const { busy, error, submit } = useSubmit(async () => {
    outcome(await write.quiet(adminEndpoints.orderRetry, { order_item_id: item.id }));
    onDone();
  });
  return (
    <Modal
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title={t('orders.retry.title')}
      description={t('orders.retry.text', { name: item.name })}
      testId="order-retry-dialog"
    >
      <div className="space-y-3">
        <FormError message={error} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn-primary" onClick={() => void submit()} disabled={busy}>
            {busy ? t('orders.retry.busy') : t('orders.retry.confirm')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

export function CancelDialog({ oid, onClose, onDone }: { oid: string; onClose: () => void; onDone: Done }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const outcome = useOutcome();
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const { busy, error, submit } = useSubmit(async () => {
    setChecked(true);
    if (!reason.trim()) return;
    outcome(await write.quiet(adminEndpoints.orderCancel, { oid, reason: reason.trim() }));
    onDone();
  });
  return (
    <FormDialog
      title={t('orders.cancel.title', { oid })}
      testId="order-cancel-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="text-sm text-stone-600">{t('orders.cancel.text')}</p>
      <TextField
        label={t('orders.cancel.reason')}
        error={checked && !reason.trim() ? t('orders.cancel.reasonRequired') : undefined}
        value={reason}
        maxLength={200}
        name="reason"
        onChange={(e) => setReason(e.target.value)}
      />
    </FormDialog>
  );
}
