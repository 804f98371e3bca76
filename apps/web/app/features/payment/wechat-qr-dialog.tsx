import { useTranslation } from '../../i18n/use-translation';
import { formatMoney } from '../../lib/format';
import { formatCountdown } from '../../lib/order-format';
import { isSandboxPayLink } from './payment';
import { Modal } from '../../components/ui/modal';
import { ClockIcon } from '../../components/ui/icons';
import type { PaymentPolling } from './use-payment-polling';
import { useSecondsLeft } from './use-seconds-left';
import { Spinner } from '../../components/ui/spinner';

export interface WechatQr {
  codeUrl: string;
  /** data:image/png of codeUrl, made by the server. */
  image: string;
}

/**
 * WeChat Pay Native: the QR code to scan with the amount it charges (CNY), while `polling` waits
 * for the notification. Closing the dialog stops the wait (the caller drops the polling key). The
 * built-in sandbox's link is offered as a link too: its page needs no phone.
 */
export function WechatQrDialog({
  open,
  onOpenChange,
  qr,
  amountCny,
  polling,
  expiresAt = null,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  qr: WechatQr;
  amountCny: string;
  polling: PaymentPolling;
  /** An order's payment deadline (epoch ms), shown as a countdown. */
  expiresAt?: number | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const left = useSecondsLeft(open ? expiresAt : null);
  const sandbox = isSandboxPayLink(qr.codeUrl);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('payment.wechatTitle')}
      description={t('payment.wechatScan')}
      testId={testId}
    >
      <div className="flex flex-col items-center text-center">
        <p className="text-sm text-stone-600">{t('payment.amountDue')}</p>
        <p className="mt-0.5 text-3xl font-extrabold text-stone-900 tabular-nums" data-testid="qr-amount">
          {formatMoney(amountCny, 'CNY')}
        </p>
        {left !== null && left > 0 ? (
          <p className="mt-2 flex items-center gap-1.5 text-xs text-amber-900">
            <ClockIcon size={14} />
            {t('checkout.payWithin')}
            <span className="font-semibold tabular-nums">{formatCountdown(left)}</span>
          </p>
        ) : null}
        <div className="mt-4 rounded-xl border border-stone-200 bg-white p-2 shadow-sm">
          {/* The server draws it 240 px wide: shown at that size, every module stays sharp. */}
          <img
            src={qr.image}
            alt={t('payment.qrAlt')}
            width={240}
            height={240}
            className="block size-60"
            data-testid="wechat-qr"
          />
        </div>
        <p className="mt-3 flex items-center gap-2 text-sm font-medium text-[#067a3e]">
          <span aria-hidden="true" className="size-2.5 rounded-full bg-[#07c160]" />
          {t('payment.wechatOpen')}
        </p>

        <PollingStatus polling={polling} />

        {sandbox ? (
          <div
            className="mt-5 w-full rounded-lg border border-dashed border-amber-300 bg-amber-50 px-4 py-3 text-left text-sm text-amber-950"
            data-testid="sandbox-note"
          >
            <p className="font-semibold">{t('payment.sandboxTitle')}</p>
            <p className="mt-0.5 text-xs text-amber-900">{t('payment.sandboxText')}</p>
            <a
              href={qr.codeUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-2 inline-block font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              data-testid="sandbox-pay-link"
            >
              {t('payment.sandboxOpen')}
            </a>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}

/** "Waiting for payment…" with "I have paid", or, once the checks stopped, "check again". */
export function PollingStatus({ polling }: { polling: PaymentPolling }) {
  const { t } = useTranslation();
  const expired = polling.phase === 'expired';
  return (
    <div className="mt-4 w-full">
      <p
        role="status"
        className={`flex items-center justify-center gap-2 text-sm ${expired ? 'text-stone-700' : 'text-stone-600'}`}
        data-testid="payment-waiting"
        data-phase={polling.phase}
      >
        {expired ? null : <Spinner tone="neutral" />}
        {expired ? t('payment.stopped') : t('payment.waiting')}
      </p>
      <button type="button" onClick={polling.checkNow} className="btn-outline mt-3 h-10 w-full">
        {expired ? t('payment.checkAgain') : t('payment.iHavePaid')}
      </button>
    </div>
  );
}
