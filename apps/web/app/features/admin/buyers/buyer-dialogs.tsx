import { useState } from 'react';
import {
  ADJUST_AMOUNT_MAX_CNY,
  ADJUST_AMOUNT_PATTERN,
  ADJUST_REASON_MAX,
} from '@shop/contract/admin/buyers.endpoints';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { formatMoney, parseDecimal } from '@shop/domain/money';
import { newIdempotencyKey } from '../../../lib/checkout';
import { message } from '../../../lib/toast';
import { useAdminWrite } from '../kit/actions';
import { TextField } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { useAdminT } from '../kit/use-admin-t';

// The buyer page's actions (issue 15): disable / enable with a reason, and a balance adjustment
// with a signed amount, the new balance previewed as it is typed, and the reason the buyer reads.
// The server checks everything again (and refuses going below zero against the balance it holds).

export type BuyerRef = { id: number; name: string; balance: string; status: 'active' | 'disabled' };

/** Disable (signs the buyer out everywhere) or enable the account, with the reason for the log. */
export function StatusDialog({
  buyer,
  onClose,
  onDone,
}: {
  buyer: BuyerRef;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const disabling = buyer.status === 'active';
  const area = disabling ? 'disable' : 'enable';
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    if (!reason.trim()) {
      setReasonError(t('common.required', { field: t(`buyers.${area}.reason`) }));
      return;
    }
    const endpoint = disabling ? adminEndpoints.buyerDisable : adminEndpoints.buyerEnable;
    await write.quiet(endpoint, { id: buyer.id, reason: reason.trim() });
    message.success(t(`buyers.${area}.done`, { name: buyer.name }));
    onDone();
  });
  return (
    <FormDialog
      title={t(`buyers.${area}.title`, { name: buyer.name })}
      description={t(`buyers.${area}.text`)}
      submitLabel={t(`buyers.${area}.submit`)}
      testId="buyer-status-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t(`buyers.${area}.reason`)}
        hint={t(`buyers.${area}.reasonHint`)}
        value={reason}
        maxLength={ADJUST_REASON_MAX}
        error={reasonError}
        name="reason"
        onChange={(e) => {
          setReason(e.target.value);
          setReasonError('');
        }}
      />
    </FormDialog>
  );
}

/** The amount typed, in fen, and why it cannot be sent (empty when it can). */
export function checkAdjustment(amount: string, balance: number): { fen?: number; problem: string } {
  const text = amount.trim();
  const fen = ADJUST_AMOUNT_PATTERN.test(text) ? parseDecimal(text, 'CNY') : undefined;
  if (fen === undefined || fen === 0) return { problem: 'invalid' };
  if (Math.abs(fen) > ADJUST_AMOUNT_MAX_CNY * 100) return { fen, problem: 'tooLarge' };
  if (balance + fen < 0) return { fen, problem: 'belowZero' };
  return { fen, problem: '' };
}

/** Credit or debit the balance with a reason; one request key per opened dialog (idempotent). */
export function AdjustDialog({
  buyer,
  onClose,
  onDone,
}: {
  buyer: BuyerRef;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [requestKey] = useState(() => newIdempotencyKey());
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const balance = parseDecimal(buyer.balance, 'CNY') ?? 0;
  const check = checkAdjustment(amount, balance);
  const problemText = (problem: string) =>
    problem === 'invalid'
      ? t('buyers.adjust.amountInvalid')
      : problem === 'tooLarge'
        ? t('buyers.adjust.amountTooLarge', { max: formatMoney(ADJUST_AMOUNT_MAX_CNY * 100, 'CNY') })
        : problem === 'belowZero'
          ? t('buyers.adjust.belowZero', { max: formatMoney(balance, 'CNY') })
          : '';

  const { busy, error, submit } = useSubmit(async () => {
    const next = {
      amount: check.problem ? problemText(check.problem) : '',
      reason: reason.trim() ? '' : t('common.required', { field: t('buyers.adjust.reason') }),
    };
    if (next.amount || next.reason) {
      setErrors(next);
      return;
    }
    const done = await write.quiet(adminEndpoints.buyerAdjustBalance, {
      id: buyer.id,
      amount: amount.trim(),
      reason: reason.trim(),
      request_key: requestKey,
    });
    message.success(
      t('buyers.adjust.done', {
        name: buyer.name,
        balance: formatMoney(parseDecimal(done.balance, 'CNY') ?? 0, 'CNY'),
      }),
    );
    onDone();
  });

  const after = check.fen === undefined ? null : balance + check.fen;
  const livePreview = amount.trim() !== '' && check.fen !== undefined;
  return (
    <FormDialog
      title={t('buyers.adjust.title', { name: buyer.name })}
      submitLabel={t('buyers.adjust.submit')}
      testId="buyer-adjust-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('buyers.adjust.amount')}
        hint={t('buyers.adjust.amountHint')}
        error={errors.amount}
        value={amount}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        maxLength={11}
        placeholder="20.00"
        onChange={(e) => {
          setAmount(e.target.value);
          setErrors((x) => ({ ...x, amount: '' }));
        }}
      />
      <dl
        className="grid grid-cols-2 gap-2 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm"
        aria-live="polite"
        data-testid="adjust-preview"
      >
        <div>
          <dt className="text-xs text-stone-500">{t('buyers.adjust.current')}</dt>
          <dd className="font-medium tabular-nums text-stone-900">{formatMoney(balance, 'CNY')}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('buyers.adjust.after')}</dt>
          <dd
            className={`font-medium tabular-nums ${
              !livePreview || after === null
                ? 'text-stone-400'
                : after < 0
                  ? 'text-red-700'
                  : after > balance
                    ? 'text-emerald-700'
                    : 'text-amber-800'
            }`}
          >
            {livePreview && after !== null ? formatMoney(after, 'CNY') : '—'}
          </dd>
        </div>
        {livePreview && check.problem === 'belowZero' ? (
          <p className="col-span-2 text-xs text-red-700">{problemText('belowZero')}</p>
        ) : null}
      </dl>
      <TextField
        label={t('buyers.adjust.reason')}
        hint={t('buyers.adjust.reasonHint')}
        error={errors.reason}
        value={reason}
        name="reason"
        maxLength={ADJUST_REASON_MAX}
        onChange={(e) => {
          setReason(e.target.value);
          setErrors((x) => ({ ...x, reason: '' }));
        }}
      />
    </FormDialog>
  );
}
