import { useState } from 'react';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { message } from '../../../lib/toast';
import { Modal } from '../../../components/ui/modal';
import { useAdminWrite } from '../kit/actions';
import { FormError } from '../kit/form';
import { useSubmit } from '../kit/form-dialog';
import { useAdminT } from '../kit/use-admin-t';

export type KeyRow = EndpointData<typeof adminEndpoints.keysList>['list'][number];

/**
 * Reveal one key (issue 14): asked first, since the reveal is recorded in the audit log under the
 * operator's name; then the key is shown in the same dialog, selectable and with a copy button. It
 * is never kept once the dialog closes.
 */
export function RevealDialog({ row, onClose }: { row: KeyRow; onClose: () => void }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const {
    busy,
    error,
    submit: reveal,
  } = useSubmit(async () => {
    setSecret((await write.quiet(adminEndpoints.keysReveal, { id: row.id })).secret);
  });

  async function copy() {
    if (secret === null) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard (plain http): the key is selectable.
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title={
        secret === null ? t('keys.reveal.title', { id: row.id }) : t('keys.reveal.shown', { id: row.id })
      }
      {...(secret === null ? { description: t('keys.reveal.text', { masked: row.secret_masked }) } : {})}
      testId="keys-reveal-dialog"
    >
      {secret === null ? (
        <div className="space-y-3">
          <FormError message={error} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-outline" onClick={onClose} disabled={busy}>
              {t('keys.reveal.close')}
            </button>
            <button type="button" className="btn-primary" onClick={() => void reveal()} disabled={busy}>
              {busy ? t('keys.reveal.busy') : t('keys.reveal.confirm')}
            </button>
          </div>
        </div>
      ) : (
        <div className="space-y-3">
          <output
            className="block rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 font-mono text-base break-all select-all"
            data-testid="keys-revealed-secret"
          >
            {secret}
          </output>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-outline" onClick={() => void copy()}>
              {copied ? t('keys.reveal.copied') : t('keys.reveal.copy')}
            </button>
            <button type="button" className="btn-primary" onClick={onClose}>
              {t('keys.reveal.close')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

/** Void one available key, after a confirmation; the server refuses a key an order holds. */
export function VoidDialog({
  row,
  onClose,
  onVoided,
}: {
  row: KeyRow;
  onClose: () => void;
  onVoided: () => void;
}) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const {
    busy,
    error,
    submit: confirm,
  } = useSubmit(async () => {
    await write.quiet(adminEndpoints.keysVoid, { id: row.id });
    message.success(t('keys.void.done', { id: row.id }));
    onVoided();
  });

  return (
    <Modal
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title={t('keys.void.title', { id: row.id })}
      description={t('keys.void.text', { masked: row.secret_masked })}
      testId="keys-void-dialog"
    >
      <div className="space-y-3">
        <FormError message={error} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose} disabled={busy}>
            {t('keys.void.keep')}
          </button>
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            onClick={() => void confirm()}
            disabled={busy}
          >
            {busy ? t('keys.void.busy') : t('keys.void.confirm')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
