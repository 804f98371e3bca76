import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { message } from '../../lib/toast';
import { supportApi } from './support-api';
import {
  ORDER_CHOICES,
  orderChoices,
  SUPPORT_PATH,
  TICKET_MESSAGE_MAX,
  TICKET_PATH,
  TICKET_SUBJECT_MAX,
  validateTicket,
  type OrderChoice,
  type TicketDraft,
} from './support';
import { useRemote } from '../../lib/use-remote';
import { useCheckedForm } from '../../components/ui/use-checked-form';
import { FormAlert, SubmitButton } from '../../components/ui/form-controls';
import { CountedField } from './counted-field';

/**
 * A new ticket: subject, message and, optionally, one of the buyer's recent orders (or the order
 * of `/user/support?oid=…`). Checked here first with the API's rules; the server's refusal (e.g.
 * too many tickets in an hour, an order that is not the buyer's) stays beside the form.
 */
export function NewTicketForm({ prefillOid }: { prefillOid: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orders = useRemote('recent-orders', () => supportApi.recentOrders(ORDER_CHOICES));
  const [oid, setOid] = useState(prefillOid ?? '');
  const { draft, change, errorText, busy, serverError, onSubmit } = useCheckedForm({
    initial: { subject: '', body: '' },
    fields: ['subject', 'body'],
    validate: validateTicket,
    send: async ({ subject, body }: TicketDraft) => {
      const { id } = await supportApi.create({
        subject: subject.trim(),
        body: body.trim(),
        ...(oid ? { oid } : {}),
      });
      message.success(t('support.created'));
      // Replace the form in the history: Back from the new thread goes to the list.
      void navigate(TICKET_PATH(id), { replace: true });
    },
  });
  const choices = orderChoices(orders.data?.list ?? [], prefillOid);

  return (
    <form noValidate onSubmit={onSubmit} className="card space-y-5 p-5 sm:p-6" data-testid="new-ticket-form">
      <div>
        <h2 className="text-lg font-semibold text-stone-900">{t('support.form.title')}</h2>
        <p className="mt-1 text-sm text-stone-600">{t('support.form.intro')}</p>
      </div>
      <OrderPicker value={oid} onChange={setOid} choices={choices} loading={orders.loading && !orders.data} />
      <CountedField
        label={t('support.form.subject')}
        name="subject"
        value={draft.subject}
        onChange={(e) => change({ ...draft, subject: e.target.value })}
        placeholder={t('support.form.subjectPlaceholder')}
        max={TICKET_SUBJECT_MAX}
        error={errorText('subject')}
        autoComplete="off"
        required
      />
      <CountedField
        multiline
        label={t('support.form.message')}
        name="body"
        value={draft.body}
        onChange={(e) => change({ ...draft, body: e.target.value })}
        placeholder={t('support.form.messagePlaceholder')}
        max={TICKET_MESSAGE_MAX}
        error={errorText('body')}
        rows={6}
        required
      />
      <FormAlert>{serverError}</FormAlert>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <Link to={SUPPORT_PATH} className="btn-outline h-11 px-6">
          {t('support.form.cancel')}
        </Link>
        <SubmitButton busy={busy} busyText={t('support.form.submitting')}>
          {t('support.form.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

function OrderPicker({
  value,
  onChange,
  choices,
  loading,
}: {
  value: string;
  onChange: (oid: string) => void;
  choices: OrderChoice[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const label = (choice: OrderChoice) => {
    if (!choice.name) return t('support.form.orderOptionBare', { oid: choice.oid });
    const values = { oid: choice.oid, name: choice.name };
    if (choice.more) return t('support.form.orderOptionMore', { ...values, count: choice.more });
    return t('support.form.orderOption', values);
  };
  return (
    <div>
      <label htmlFor="ticket-order" className="mb-1.5 block text-sm font-medium text-stone-800">
        {t('support.form.order')}
      </label>
      <select
        id="ticket-order"
        name="oid"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="ticket-order-hint"
        aria-busy={loading || undefined}
        className="input h-11 truncate pr-8"
      >
        <option value="">{t('support.form.orderNone')}</option>
        {choices.map((choice) => (
          <option key={choice.oid} value={choice.oid}>
            {label(choice)}
          </option>
        ))}
        {loading ? (
          <option value="" disabled>
            {t('support.form.orderLoading')}
          </option>
        ) : null}
      </select>
      <p id="ticket-order-hint" className="mt-1.5 text-xs text-stone-600">
        {t('support.form.orderHint', { count: ORDER_CHOICES })}
      </p>
    </div>
  );
}
