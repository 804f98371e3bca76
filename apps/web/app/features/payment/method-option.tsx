import { useTranslation } from '../../i18n/use-translation';
import type { PayMethod } from '../../lib/checkout';
import { useHydrated } from '../../lib/use-hydrated';
import { WalletIcon } from '../../components/ui/icons';
import { isPhoneBrowser } from './payment';

/**
 * One radio card of a payment method (the pay panel's, the wallet top-up's). WeChat Pay's line says
 * what happens on this device, whatever `detail` the caller gave: a phone's browser leaves for the
 * WeChat app (H5 pay) and scans no QR code; elsewhere the caller's words (the QR code). The same
 * reading of the device as the server's choice of flow (decision 032, `isPhoneBrowser`), known once
 * hydrated (the server renders checkout too).
 */
export function MethodOption({
  name: group,
  method,
  checked,
  onChoose,
  detail,
}: {
  name: string;
  method: PayMethod;
  checked: boolean;
  onChoose: () => void;
  detail: React.ReactNode;
}) {
  const { t } = useTranslation();
  const name = t(`payment.${method}`);
  const phone = useHydrated() && method === 'wechat' && isPhoneBrowser(navigator.userAgent);
  const hint = phone ? t('payFlow.wechatPhoneHint') : detail;
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-200 px-3.5 py-3 text-sm transition-colors hover:border-stone-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
      <input
        type="radio"
        name={group}
        value={method}
        checked={checked}
        onChange={onChoose}
        className="accent-brand-700"
      />
      <MethodMark method={method} label={name} />
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-stone-900">{name}</span>
        {hint ? (
          <span className="mt-0.5 block text-xs text-stone-600" data-testid={`pay-hint-${method}`}>
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}

const MARK: Record<PayMethod, string> = {
  balance: 'bg-brand-700',
  alipay: 'bg-[#1677ff]',
  wechat: 'bg-[#07c160]',
};

/** A small coloured mark per method (decorative: the name is beside it). */
export function MethodMark({
  method,
  label,
  small = false,
}: {
  method: PayMethod;
  label: string;
  small?: boolean;
}) {
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center font-bold text-white ${MARK[method]} ${
        small ? 'size-5 rounded text-[11px]' : 'size-8 rounded-lg text-sm'
      }`}
    >
      {method === 'balance' ? <WalletIcon size={small ? 12 : 18} /> : Array.from(label)[0]}
    </span>
  );
}
