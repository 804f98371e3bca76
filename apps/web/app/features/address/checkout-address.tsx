import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ADDRESS_MAX, ADDRESS_PATH, type Address } from './address';
import { addressApi } from './address-api';
import { message } from '../../lib/toast';
import type { Order } from '../../lib/order';
import { useRemote } from '../../lib/use-remote';
import { MapPinIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { Skeleton, LoadingRegion } from '../../components/ui/skeleton';
import { AddressForm } from './address-form';
import { AddressLines } from './address-lines';

/**
 * Checkout's address step for an order of goods that ship (decision 030): the address on the
 * order, or the call to choose one (Pay waits for it). Choosing opens the buyer's book, where an
 * address is picked or a new one added; either is copied onto the order at once, and `onChanged`
 * loads the order again.
 */
export function CheckoutAddress({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const address = order.address;

  function openPicker() {
    setRound((n) => n + 1);
    setOpen(true);
  }

  return (
    <section
      aria-labelledby="checkout-address"
      className={`card p-5 sm:p-6 ${address ? '' : 'ring-1 ring-amber-300'}`}
      data-testid="checkout-address"
      data-state={address ? 'set' : 'missing'}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="checkout-address" className="flex items-center gap-2 text-base font-semibold text-stone-900">
          <MapPinIcon size={18} className="text-brand-700" />
          {t('address.checkout.title')}
        </h2>
        {address ? <OpenPickerButton kind="change" onClick={openPicker} /> : null}
      </div>
      {address ? (
        <AddressLines address={address} className="mt-3" />
      ) : (
        <>
          <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
            {t('address.checkout.needed')}
          </p>
          <OpenPickerButton kind="choose" onClick={openPicker} />
        </>
      )}
      {open ? (
        <AddressPicker
          key={round}
          oid={order.oid}
          onClose={() => setOpen(false)}
          onShipped={() => {
            setOpen(false);
            message.success(t('address.checkout.set'));
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}

// "Choose" while the order has no address, a small "Change" beside the one it has.
const PICKER_BUTTONS = {
  choose: {
    className: 'btn-primary mt-4 h-11 w-full',
    label: 'address.checkout.choose',
    testId: 'checkout-address-choose',
  },
  change: {
    className: 'btn-ghost h-9 px-3 text-brand-700',
    label: 'address.checkout.change',
    testId: 'checkout-address-change',
  },
} as const;

/** Opens the address picker. */
function OpenPickerButton({ kind, onClick }: { kind: keyof typeof PICKER_BUTTONS; onClick: () => void }) {
  const { t } = useTranslation();
  const { className, label, testId } = PICKER_BUTTONS[kind];
  return (
    <button type="button" className={className} onClick={onClick} aria-haspopup="dialog" data-testid={testId}>
      {t(label)}
    </button>
  );
}

/** The book to pick from, or the form of a new address (the only way when the book is empty). */
function AddressPicker({
  oid,
  onClose,
  onShipped,
}: {
  oid: string;
  onClose: () => void;
  onShipped: () => void;
}) {
  const { t, i18n } = useTranslation();
  const book = useRemote(`checkout-book|${i18n.language}`, () => addressApi.list());
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const list = book.data?.list;
  const empty = list !== undefined && list.length === 0;
  const selected = chosen ?? list?.find((a) => a.is_default)?.id ?? list?.[0]?.id ?? null;
  const form = adding || empty;

  async function shipTo(address: Pick<Address, 'id'>) {
    setBusy(true);
    try {
      await addressApi.shipOrderTo(oid, address.id);
      onShipped();
    } catch {
      // The shared client showed why (e.g. the order was paid or cancelled meanwhile).
      setBusy(false);
    }
  }

  let body;
  if (book.error && !book.data)
    body = (
      <div className="flex flex-col items-center gap-4 py-6 text-center">
        <p className="text-sm text-stone-600">{t('address.loadFailed')}</p>
        <button type="button" className="btn-outline" onClick={book.reload}>
          {t('errors.retry')}
        </button>
      </div>
    );
  else if (!list)
    body = (
      <LoadingRegion className="space-y-3" testId="checkout-book-loading">
        {Array.from({ length: 2 }, (_, i) => (
          <Skeleton key={i} className="h-20 w-full rounded-lg" />
        ))}
      </LoadingRegion>
    );
  else if (form)
    body = (
      <AddressForm
        first={empty}
        onSaved={(saved) => void shipTo(saved)}
        onCancel={empty ? onClose : () => setAdding(false)}
      />
    );
  else
    body = (
      <div className="space-y-4">
        <fieldset className="space-y-2" disabled={busy}>
          <legend className="sr-only">{t('address.checkout.pickTitle')}</legend>
          {list.map((address) => (
            <label
              key={address.id}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 px-3.5 py-3 transition-colors hover:border-stone-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="ship-to"
                value={address.id}
                checked={address.id === selected}
                onChange={() => setChosen(address.id)}
                className="mt-1 accent-brand-700"
              />
              <AddressLines address={address} isDefault={address.is_default} />
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {list.length < ADDRESS_MAX ? (
            <button
              type="button"
              className="btn-ghost h-9 px-2 text-brand-700"
              onClick={() => setAdding(true)}
              data-testid="checkout-address-new"
            >
              ＋ {t('address.checkout.addNew')}
            </button>
          ) : (
            <span />
          )}
          <Link to={ADDRESS_PATH} className="text-sm font-medium text-brand-700 hover:underline">
            {t('address.checkout.manage')}
          </Link>
        </div>
        <button
          type="button"
          className="btn-primary h-11 w-full"
          disabled={busy || selected === null}
          aria-busy={busy || undefined}
          onClick={() => selected !== null && void shipTo({ id: selected })}
          data-testid="checkout-address-use"
        >
          {busy ? t('address.checkout.using') : t('address.checkout.use')}
        </button>
      </div>
    );

  return (
    <Modal
      open
      onOpenChange={(next) => !next && !busy && onClose()}
      title={form ? t('address.addTitle') : t('address.checkout.pickTitle')}
      description={form ? t('address.intro') : undefined}
      testId="checkout-address-dialog"
    >
      {body}
    </Modal>
  );
}
