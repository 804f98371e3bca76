import { useTranslation } from '../../i18n/use-translation';
import type { Address } from './address';
import { Modal } from '../../components/ui/modal';
import { AddressForm } from './address-form';

/** The address form in a dialog: a new address (`address` undefined) or a change to one. */
export function AddressDialog({
  open,
  onOpenChange,
  address,
  first,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  address?: Address | undefined;
  first?: boolean;
  onSaved: (address: Address) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t(address ? 'address.editTitle' : 'address.addTitle')}
      description={t('address.intro')}
      testId="address-dialog"
    >
      {/* Keyed: each opening starts from the address as it is now. */}
      <AddressForm
        key={address?.id ?? 'new'}
        address={address}
        first={first}
        onSaved={onSaved}
        onCancel={() => onOpenChange(false)}
      />
    </Modal>
  );
}
