import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoney } from '../../lib/format';
import { LAYER } from '../../lib/layers';
import { useUserStore } from '../../stores/user';
import { ChevronDownIcon, LogoutIcon, ReceiptIcon, UserIcon, WalletIcon } from '../ui/icons';
import { Avatar } from '../ui/avatar';

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-3 py-2 text-sm text-stone-700 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

/** Signed-in header menu: who is signed in, the account pages, sign out. */
export default function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useUserStore((s) => s.info);
  const loaded = useUserStore((s) => s.loaded);
  const logout = useUserStore((s) => s.logout);
  const name = info.nickname || info.name || info.email || info.phone || t('user.defaultName');

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm text-stone-700 hover:bg-stone-100 data-[state=open]:bg-stone-100"
        aria-label={t('user.menu', { name })}
      >
        <Avatar src={info.avatar} name={name} size={32} />
        <span className="hidden max-w-28 truncate font-medium lg:inline">
          {loaded ? name : t('common.loading')}
        </span>
        <ChevronDownIcon size={16} className="hidden lg:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          style={{ zIndex: LAYER.dialog }}
          className="w-60 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg"
        >
          <div className="flex items-center gap-3 px-3 py-2.5">
            <Avatar src={info.avatar} name={name} size={40} />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-stone-900">{name}</p>
              <p className="text-xs text-stone-600">
                {t('user.balance')} {formatMoney(info.balance, 'CNY')}
              </p>
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-100" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/user/center">
              <UserIcon size={18} />
              {t('nav.userCenter')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/user/order">
              <ReceiptIcon size={18} />
              {t('nav.orders')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/user/asset/wallet">
              <WalletIcon size={18} />
              {t('nav.wallet')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-100" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => {
              void logout();
              void navigate('/');
            }}
          >
            <LogoutIcon size={18} />
            {t('auth.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
