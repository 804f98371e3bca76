// The page of routes/user-address.tsx, fetched by its clientLoader next to its data (lib/deferred.ts):
// not part of the page's first load (issue 16).
import { useTranslation } from '../../i18n/use-translation';
import type { Route } from '../../routes/+types/user-address';
import { AddressBook } from './address-book';
import { UserShell } from '../../components/ui/user-shell';
import { loadFailed, useKeptData, useReloading } from '../../lib/signed-in-data';

/**
 * The buyer's delivery addresses (issue 12, decision 030), behind the login guard. Not in SPEC §2:
 * goods that ship need an address, chosen here or at checkout and copied onto the order.
 */
export default function AddressPage({ loaderData: loaded }: Route.ComponentProps) {
  const { t } = useTranslation();
  const book = useKeptData(loaded);
  const reloading = useReloading();
  return (
    <UserShell title={t('pages.address.heading')}>
      <AddressBook book={book} failed={loadFailed(loaded) && !book} reloading={reloading} />
    </UserShell>
  );
}
