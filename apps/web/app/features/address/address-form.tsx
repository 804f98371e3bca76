import { useTranslation } from '../../i18n/use-translation';
import {
  ADDRESS_DETAIL_MAX_LENGTH,
  ADDRESS_FIELDS,
  draftOf,
  emptyDraft,
  inputOf,
  RECIPIENT_MAX_LENGTH,
  validateAddress,
  type Address,
  type AddressDraft,
} from './address';
import { addressApi } from './address-api';
import { message } from '../../lib/toast';
import { useCheckedForm } from '../../components/ui/use-checked-form';
import { FormAlert, SubmitButton, TextField } from '../../components/ui/form-controls';
import { RegionSelects } from './region-selects';

/**
 * A new address, or a change to one: recipient, mobile number, province → city → district from
 * /region/list, street, default flag. Checked here first with the API's rules, field by field;
 * the server's refusal (a full book, regions that no longer match) stays beside the form.
 * `first`: the book is empty, so this one becomes the default whatever is ticked.
 */
export function AddressForm({
  address,
  first = false,
  onSaved,
  onCancel,
}: {
  address?: Address | undefined;
  first?: boolean;
  onSaved: (address: Address) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { draft, change, errorText, busy, serverError, onSubmit } = useCheckedForm({
    initial: () => (address ? draftOf(address) : emptyDraft(first)),
    fields: ADDRESS_FIELDS,
    validate: validateAddress,
    send: async (checked: AddressDraft) => {
      const input = inputOf(checked);
      const saved = address ? await addressApi.update(address.id, input) : await addressApi.create(input);
      message.success(t('address.form.saved'));
      onSaved(saved);
    },
  });
  // The default stays the default until another is made one (the API's rule); the first is one.
  const fixedDefault = first || address?.is_default === true;

  return (
    <form noValidate onSubmit={onSubmit} className="@container space-y-4" data-testid="address-form">
      <div className="grid gap-4 @md:grid-cols-2">
        <TextField
          label={t('address.form.recipient')}
          name="recipient"
          value={draft.recipient}
          onChange={(e) => change({ ...draft, recipient: e.target.value })}
          placeholder={t('address.form.recipientPlaceholder')}
          maxLength={RECIPIENT_MAX_LENGTH}
          autoComplete="shipping name"
          error={errorText('recipient')}
          required
        />
        <TextField
          label={t('address.form.phone')}
          name="phone"
          type="tel"
          inputMode="tel"
          value={draft.phone}
          onChange={(e) => change({ ...draft, phone: e.target.value })}
          placeholder="138 0013 8000"
          autoComplete="shipping tel-national"
          error={errorText('phone')}
          hint={errorText('phone') ? undefined : t('address.form.phoneHint')}
          required
        />
      </div>
      <RegionSelects
        draft={draft}
        onChange={change}
        errors={{
          province_id: errorText('province_id'),
          city_id: errorText('city_id'),
          district_id: errorText('district_id'),
        }}
      />
      <TextField
        label={t('address.form.detail')}
        name="detail"
        value={draft.detail}
        onChange={(e) => change({ ...draft, detail: e.target.value })}
        placeholder={t('address.form.detailPlaceholder')}
        maxLength={ADDRESS_DETAIL_MAX_LENGTH}
        autoComplete="shipping street-address"
        error={errorText('detail')}
        required
      />
      <div>
        <label className="flex items-center gap-2.5 text-sm text-stone-800">
          <input
            type="checkbox"
            name="is_default"
            checked={fixedDefault || draft.is_default}
            disabled={fixedDefault}
            onChange={(e) => change({ ...draft, is_default: e.target.checked })}
            aria-describedby={address?.is_default ? 'address-default-hint' : undefined}
            className="size-4 accent-brand-700"
          />
          {t('address.form.isDefault')}
        </label>
        {address?.is_default ? (
          <p id="address-default-hint" className="mt-1 ml-6.5 text-xs text-stone-600">
            {t('address.form.isDefaultFixed')}
          </p>
        ) : null}
      </div>
      <FormAlert>{serverError}</FormAlert>
      <div className="flex flex-col-reverse gap-3 pt-1 @md:flex-row @md:justify-end">
        <button type="button" className="btn-outline h-11 px-6" onClick={onCancel} disabled={busy}>
          {t('address.form.cancel')}
        </button>
        <SubmitButton busy={busy} busyText={t('address.form.saving')}>
          {t('address.form.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
