import { useState } from 'react';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CNY_AMOUNT, REFUND_REASON_MAX } from '@shop/contract/admin/refunds.endpoints';
import { formatMoney, parseDecimal } from '@shop/domain/money';
import { message } from '../../../lib/toast';
import { useAdminWrite } from '../kit/actions';
import { SelectField, TextAreaField, TextField } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { useAdminT } from '../kit/use-admin-t';

// Refund an order or one of its items (issue 15, decision 040): what is left to refund is shown
// and prefilled, half of it is one click, the money goes to the buyer's balance or back to the
// payment that paid the order. One request key per opened dialog: a double click or a retry after
// a lost answer finds the first refund. The server checks everything again (never more than paid).

/** What the order page passes: decimal CNY strings as the API gives them. */
export interface RefundTarget {
  oid: string;
  total_cny: string;
  refunded_cny: string;
  pay_method: 'balance' | 'alipay' | 'wechat' | null;
  /** `keys`: the card keys delivered for the item (decision 058), 0 or absent for other goods. */
  items: { id: number; name: string; charged_cny: string; refunded_cny: string; keys?: number }[];
  /** The promotion code the order used, while its use counts (issue 31); absent: none. */
  coupon_code?: string | null;
}

/** Whether a refund of `amount` fen leaves the order fully refunded (then its code's use may go back). */
export function refundsWhole(target: RefundTarget, amount: number | undefined): boolean {
  return amount !== undefined && fen(target.refunded_cny) + amount >= fen(target.total_cny);
}

const fen = (decimal: string) => parseDecimal(decimal, 'CNY') ?? 0;
const decimal = (minor: number) => (minor / 100).toFixed(2);

/** What may still be refunded of the order (scope '') or of one item (never more than the order's). */
export function refundableOf(target: RefundTarget, scope: string): number {
  const order = Math.max(0, fen(target.total_cny) - fen(target.refunded_cny));
  const item = target.items.find((i) => String(i.id) === scope);
  return item ? Math.min(order, Math.max(0, fen(item.charged_cny) - fen(item.refunded_cny))) : order;
}

/** The amount typed, in fen, and why it cannot be sent (empty when it can). */
export function checkRefundAmount(text: string, left: number): { fen?: number; problem: string } {
  const value = text.trim();
  const minor = CNY_AMOUNT.test(value) ? parseDecimal(value, 'CNY') : undefined;
  if (minor === undefined || minor < 1) return { problem: 'invalid' };
  if (minor > left) return { fen: minor, problem: 'tooLarge' };
  return { fen: minor, problem: '' };
}

/**
 * What a refund of `amount` fen does to the delivered card keys (decision 058): all of an item, or
 * all of the order, refunded withdraws them from the buyer; less leaves them. Null: no keys.
 */
export function keysEffect(
  target: RefundTarget,
  scope: string,
  amount: number,
): { count: number; withdrawn: boolean; whole: 'item' | 'order' } | null {
  const orderWhole = fen(target.refunded_cny) + amount >= fen(target.total_cny);
  const already = (i: RefundTarget['items'][number]) =>
    fen(i.refunded_cny) > 0 && fen(i.refunded_cny) >= fen(i.charged_cny);
  const item = target.items.find((i) => String(i.id) === scope);
  if (item) {
    const count = item.keys ?? 0;
    if (count === 0 || already(item)) return null;
    const itemWhole = fen(item.refunded_cny) + amount >= fen(item.charged_cny);
    return { count, withdrawn: itemWhole || orderWhole, whole: itemWhole ? 'item' : 'order' };
  }
  const count = target.items.filter((i) => !already(i)).reduce((n, i) => n + (i.keys ?? 0), 0);
  return count === 0 ? null : { count, withdrawn: orderWhole, whole: 'order' };
}

export function RefundDialog({
  target,
  onClose,
  onDone,
}: {
  target: RefundTarget;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const [scope, setScope] = useState('');
  const [amount, setAmount] = useState(() => decimal(refundableOf(target, '')));
  const online = target.pay_method === 'alipay' || target.pay_method === 'wechat';
  const [destination, setDestination] = useState<'balance' | 'original'>(online ? 'original' : 'balance');
  const [reason, setReason] = useState('');
  const [returnCoupon, setReturnCoupon] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});

  const left = refundableOf(target, scope);
  const check = checkRefundAmount(amount, left);
  const offerCoupon = Boolean(target.coupon_code) && refundsWhole(target, check.fen);
  const problemText = (problem: string) =>
    problem === 'invalid'
      ? t('refunds.amountInvalid')
      : problem === 'tooLarge'
        ? t('refunds.amountTooLarge', { max: formatMoney(left, 'CNY') })
        : '';
  const provider =
    target.pay_method === 'wechat' ? t('refunds.provider.wechat') : t('refunds.provider.alipay');

  const [refused, setRefused] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    setRefused('');
    const next = {
      amount: left === 0 ? t('refunds.nothingLeft') : check.problem ? problemText(check.problem) : '',
      reason: reason.trim() ? '' : t('common.required', { field: t('refunds.reason') }),
    };
    if (next.amount || next.reason) {
      setErrors(next);
      return;
    }
    const done = await write.quiet(adminEndpoints.refundCreate, {
      oid: target.oid,
      ...(scope ? { order_item_id: Number(scope) } : {}),
      amount: decimal(check.fen!),
      destination,
      reason: reason.trim(),
      request_key: requestKey,
      // Issue 31: the operator's choice to give the code's use back, on a refund that ends the order.
      ...(returnCoupon && offerCoupon ? { return_coupon: true } : {}),
    });
    const money = formatMoney(fen(done.amount), 'CNY');
    if (done.status === 'failed') {
      // The provider refused: nothing went back and the amount is free again; a new try is a new refund.
      setRequestKey(crypto.randomUUID());
      setRefused(t('refunds.refused', { provider, reason: done.failure ?? '' }));
      return;
    }
    if (done.status === 'pending') message.info(t('refunds.pending', { amount: money, provider }));
    else message.success(t('refunds.done', { amount: money }));
    onDone();
  });

  const choose = (next: string) => {
    setScope(next);
    setAmount(decimal(refundableOf(target, next)));
    setErrors((x) => ({ ...x, amount: '' }));
  };
  const paidOf = (id: string) => {
    const item = target.items.find((i) => String(i.id) === id);
    return item ? fen(item.charged_cny) : fen(target.total_cny);
  };
  const refundedOf = (id: string) => {
    const item = target.items.find((i) => String(i.id) === id);
    return item ? fen(item.refunded_cny) : fen(target.refunded_cny);
  };

  return (
    <FormDialog
      title={t('refunds.dialogTitle', { oid: target.oid })}
      description={t('refunds.description')}
      submitLabel={t('refunds.submit')}
      testId="refund-dialog"
      formTestId="refund-form"
      busy={busy}
      error={error || refused}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label={t('refunds.scope')}
        value={scope}
        name="order_item_id"
        onChange={(e) => choose(e.target.value)}
      >
        <option value="">{t('refunds.wholeOrder')}</option>
        {target.items.map((item) => (
          <option key={item.id} value={String(item.id)}>
            {t('refunds.itemOption', {
              name: item.name,
              left: formatMoney(refundableOf(target, String(item.id)), 'CNY'),
            })}
          </option>
        ))}
      </SelectField>
      <dl
        className="grid grid-cols-3 gap-2 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm"
        aria-live="polite"
        data-testid="refund-left"
      >
        <div>
          <dt className="text-xs text-stone-500">{t('refunds.paid')}</dt>
          <dd className="font-medium tabular-nums text-stone-900">{formatMoney(paidOf(scope), 'CNY')}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('refunds.refunded')}</dt>
          <dd className="font-medium tabular-nums text-stone-900">{formatMoney(refundedOf(scope), 'CNY')}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">{t('refunds.left')}</dt>
          <dd className={`font-medium tabular-nums ${left > 0 ? 'text-emerald-700' : 'text-stone-400'}`}>
            {formatMoney(left, 'CNY')}
          </dd>
        </div>
      </dl>
      <div>
        <TextField
          label={t('refunds.amount')}
          hint={t('refunds.amountHint', { max: formatMoney(left, 'CNY') })}
          error={errors.amount}
          value={amount}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          maxLength={13}
          onChange={(e) => {
            setAmount(e.target.value);
            setErrors((x) => ({ ...x, amount: '' }));
          }}
        />
        <div className="mt-2 flex gap-2">
          <button
            type="button"
            className="btn-outline h-8 px-3 text-xs"
            disabled={left < 2}
            onClick={() => {
              setAmount(decimal(Math.floor(left / 2)));
              setErrors((x) => ({ ...x, amount: '' }));
            }}
          >
            {t('refunds.half')}
          </button>
          <button
            type="button"
            className="btn-outline h-8 px-3 text-xs"
            disabled={left < 1}
            onClick={() => {
              setAmount(decimal(left));
              setErrors((x) => ({ ...x, amount: '' }));
            }}
          >
            {t('refunds.all')}
          </button>
        </div>
      </div>
      <KeysNote effect={check.fen === undefined ? null : keysEffect(target, scope, check.fen)} />
      {offerCoupon ? (
        <label className="flex items-start gap-2 text-sm text-stone-800" data-testid="refund-return-coupon">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={returnCoupon}
            onChange={(e) => setReturnCoupon(e.target.checked)}
          />
          <span>
            {t('promotions.order.returnCoupon')}
            <span className="block text-xs text-stone-500">
              {t('promotions.order.returnCouponHint', { code: target.coupon_code ?? '' })}
            </span>
          </span>
        </label>
      ) : null}
      <SelectField
        label={t('refunds.destination')}
        hint={destination === 'original' ? t('refunds.originalHint', { provider }) : t('refunds.balanceHint')}
        value={destination}
        name="destination"
        onChange={(e) => setDestination(e.target.value as 'balance' | 'original')}
      >
        {online ? (
          <option value="original">
            {target.pay_method === 'wechat' ? t('refunds.toWechat') : t('refunds.toAlipay')}
          </option>
        ) : null}
        <option value="balance">{t('refunds.toBalance')}</option>
      </SelectField>
      <TextAreaField
        label={t('refunds.reason')}
        hint={t('refunds.reasonHint')}
        error={errors.reason}
        value={reason}
        name="reason"
        maxLength={REFUND_REASON_MAX}
        onChange={(e) => {
          setReason(e.target.value);
          setErrors((x) => ({ ...x, reason: '' }));
        }}
      />
    </FormDialog>
  );
}

/** Before confirming, what happens to the delivered card keys (decision 058). */
function KeysNote({ effect }: { effect: ReturnType<typeof keysEffect> }) {
  const { t } = useAdminT();
  if (!effect) return null;
  return (
    <p
      className={`rounded-lg px-3 py-2 text-sm ${
        effect.withdrawn
          ? 'bg-amber-50 text-amber-900 ring-1 ring-amber-200'
          : 'bg-stone-50 text-stone-700 ring-1 ring-stone-200'
      }`}
      role="note"
      data-testid="refund-keys"
      data-effect={effect.withdrawn ? 'withdrawn' : 'kept'}
    >
      {effect.withdrawn
        ? t('refunds.keys.withdrawn', {
            count: effect.count,
            what: t(effect.whole === 'item' ? 'refunds.keys.item' : 'refunds.keys.order'),
          })
        : t('refunds.keys.kept', { count: effect.count })}
    </p>
  );
}
