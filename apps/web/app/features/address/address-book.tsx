import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ADDRESS_MAX, placeOf, type Address } from './address';
import { addressApi } from './address-api';
import { message } from '../../lib/toast';
import { parseLocale } from '@shop/domain/locale';
import { ConfirmActionButton } from '../../components/ui/confirm-action';
import { EmptyState } from '../../components/ui/empty-state';
import { MapPinIcon } from '../../components/ui/icons';
import { LoadingRegion, Skeleton } from '../../components/ui/skeleton';
import { AddressDialog } from './address-dialog';
import { AddressLines } from './address-lines';

type Editing = { address?: Address | undefined } | null;
export type AddressBookData = Awaited<ReturnType<typeof addressApi.list>>;

/**
 * The buyer's address book (/user/address): the default first, each with edit, make default and
 * delete (asked first); a new one in a dialog, up to ADDRESS_MAX. Loading, empty and failed
 * states as on the other account pages. The book is the route's clientLoader data (undefined while
 * it loads or when it failed): each change revalidates the route, which loads it again.
 */
export function AddressBook({
  book,
  failed,
  reloading,
}: {
  book: AddressBookData | undefined;
  /** The load failed with no book to keep showing. */
  failed: boolean;
  /** The route loads the book again; the one on screen stays until then. */
  reloading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  const [editing, setEditing] = useState<Editing>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const full = (book?.total ?? 0) >= ADDRESS_MAX;

  async function makeDefault(address: Address) {
    setBusyId(address.id);
    try {
      await addressApi.makeDefault(address.id);
      message.success(t('address.defaultSet'));
    } catch {
      // The shared client showed why.
    } finally {
      setBusyId(null);
      reload();
    }
  }

  const addButton = (
    <button
      type="button"
      className="btn-primary h-10 px-4"
      disabled={!book || full}
      onClick={() => setEditing({})}
      aria-haspopup="dialog"
      data-testid="address-add"
    >
      {t('address.add')}
    </button>
  );

  let body;
  if (failed)
    body = (
      <div className="card flex flex-col items-center gap-4 p-10 text-center" data-testid="address-failed">
        <p className="text-sm text-stone-600">{t('address.loadFailed')}</p>
        <button type="button" className="btn-outline" onClick={reload}>
          {t('errors.retry')}
        </button>
      </div>
    );
  else if (!book) body = <BookSkeleton />;
  else if (book.list.length === 0)
    body = (
      <div className="card" data-testid="address-empty">
        <EmptyState
          icon={<MapPinIcon size={28} />}
          title={t('address.emptyTitle')}
          description={t('address.emptyText')}
          action={addButton}
        />
      </div>
    );
  else
    body = (
      <ul className="grid gap-4 xl:grid-cols-2" aria-busy={reloading || undefined} data-testid="address-list">
        {book.list.map((address) => (
          <li
            key={address.id}
            className={`card flex flex-col gap-4 p-5 ${address.is_default ? 'ring-1 ring-brand-200' : ''}`}
            data-testid="address-item"
            data-default={address.is_default || undefined}
          >
            <AddressLines address={address} isDefault={address.is_default} />
            <div className="mt-auto flex flex-wrap items-center gap-x-1 gap-y-2 border-t border-stone-100 pt-3 text-sm">
              <button
                type="button"
                className="btn-ghost h-9 px-3"
                onClick={() => setEditing({ address })}
                aria-haspopup="dialog"
              >
                {t('address.edit')}
                <span className="sr-only">: {address.recipient}</span>
              </button>
              {address.is_default ? null : (
                <button
                  type="button"
                  className="btn-ghost h-9 px-3"
                  disabled={busyId !== null}
                  aria-busy={busyId === address.id || undefined}
                  onClick={() => void makeDefault(address)}
                >
                  {t('address.makeDefault')}
                  <span className="sr-only">: {address.recipient}</span>
                </button>
              )}
              <ConfirmActionButton
                label={t('address.remove')}
                title={t('address.removeTitle')}
                text={t('address.removeText', {
                  name: address.recipient,
                  place: placeOf(address, parseLocale(i18n.language)),
                })}
                keepLabel={t('address.removeKeep')}
                confirmLabel={t('address.remove')}
                busyLabel={t('address.removing')}
                doneMessage={t('address.removed')}
                action={() => addressApi.remove(address.id)}
                onDone={reload}
                className="btn-ghost ml-auto h-9 px-3 text-red-700 hover:bg-red-50"
                confirmClassName="btn bg-red-700 text-white hover:bg-red-800"
                testId="address-remove-dialog"
              />
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-600">{t('address.intro')}</p>
        {book && book.list.length > 0 ? <div className="shrink-0">{addButton}</div> : null}
      </div>
      {book && book.list.length > 0 ? (
        <p className="text-xs text-stone-500" data-testid="address-count">
          {full
            ? t('address.full', { max: ADDRESS_MAX })
            : t('address.count', { count: book.total, max: ADDRESS_MAX })}
        </p>
      ) : null}
      {body}
      <AddressDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        address={editing?.address}
        first={book?.total === 0}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </div>
  );
}

function BookSkeleton() {
  return (
    <LoadingRegion className="grid gap-4 xl:grid-cols-2" testId="address-loading">
      {Array.from({ length: 2 }, (_, i) => (
        <div key={i} aria-hidden="true" className="card space-y-3 p-5">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="mt-4 h-8 w-48" />
        </div>
      ))}
    </LoadingRegion>
  );
}
