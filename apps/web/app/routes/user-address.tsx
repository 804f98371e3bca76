import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-address';
import { AddressBook } from '../components/address/address-book';
import { UserShell } from '../components/user/user-shell';
import { pageMeta, type PageHandle } from '../lib/meta';
import { errorMeta } from '../components/error/route-error-boundary';
import { addressApi } from '../lib/address-api';
import { loadFailed, loadSignedIn, useKeptData, useReloading } from '../lib/signed-in-data';

export const handle = { page: 'address' } satisfies PageHandle;
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'address');

export async function clientLoader() {
  return loadSignedIn(() => addressApi.list());
}

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
