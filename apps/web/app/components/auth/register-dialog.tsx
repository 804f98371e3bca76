import { useTranslation } from '../../i18n/use-translation';
import { useUiStore } from '../../stores/ui';
import { Modal } from '../ui/modal';
import { BoltIcon, ReceiptIcon, WalletIcon } from '../ui/icons';

/** SPEC §2: the registration dialog. The form itself arrives with the accounts issue. */
export default function RegisterDialog() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.registerVisible);
  const hideRegister = useUiStore((s) => s.hideRegister);
  const showLogin = useUiStore((s) => s.showLogin);

  const perks = [
    { icon: <BoltIcon size={18} />, text: t('auth.perkFast') },
    { icon: <ReceiptIcon size={18} />, text: t('auth.perkOrders') },
    { icon: <WalletIcon size={18} />, text: t('auth.perkWallet') },
  ];

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : hideRegister())}
      title={t('auth.registerTitle')}
      description={t('auth.registerSubtitle')}
      testId="register-dialog"
    >
      <ul className="space-y-3">
        {perks.map((perk) => (
          <li
            key={perk.text}
            className="flex items-center gap-3 rounded-lg bg-stone-50 px-3 py-2.5 text-sm text-stone-700"
          >
            <span className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-brand-800">
              {perk.icon}
            </span>
            {perk.text}
          </li>
        ))}
      </ul>
      <p
        role="note"
        className="mt-5 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900"
      >
        {t('auth.registerSoon')}
      </p>
      <button type="button" onClick={showLogin} className="btn-primary mt-5 h-11 w-full text-base">
        {t('auth.haveAccount')}
      </button>
    </Modal>
  );
}
