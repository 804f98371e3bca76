import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-address';
import { AddressBook } from '../components/address/address-book';
import { UserShell } from '../components/user/user-shell';
import { pageMeta, type PageHandle } from '../lib/meta';

export const handle = { page: 'address' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'address');

/**
 * The buyer's delivery addresses (issue 12, decision 030), behind the login guard. Not in SPEC §2:
 * goods that ship need an address, chosen here or at checkout and copied onto the order.
 */
export default function AddressPage() {
  const { t } = useTranslation();
  return (
    <UserShell title={t('pages.address.heading')}>
      <AddressBook />
    </UserShell>
  );
}
