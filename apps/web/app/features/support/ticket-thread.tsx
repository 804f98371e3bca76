import { useCallback, useEffect } from 'react';
import { Link, useRevalidator } from 'react-router';
import { parseLocale } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { message } from '../../lib/toast';
import { formatDateTime } from '../../lib/order-format';
import { ORDER_DETAIL_PATH } from '../../lib/order';
import { supportApi } from './support-api';
import {
  authorKey,
  canReply,
  NEW_TICKET_PATH,
  SUPPORT_PATH,
  TICKET_MESSAGE_MAX,
  validateMessage,
  type Ticket,
  type TicketMessage,
} from './support';
import { FormAlert } from '../../components/ui/form-controls';
import { ChevronRightIcon, HeadsetIcon, LockIcon, UserIcon } from '../../components/ui/icons';
import { ConfirmActionButton } from '../../components/ui/confirm-action';
import { Skeleton, LoadingRegion } from '../../components/ui/skeleton';
import { useCheckedForm } from '../../components/ui/use-checked-form';
import { CountedField } from './counted-field';
import { SupportLoadFailed, TicketNotFound } from './support-states';
import { TicketStatusBadge } from './ticket-status-badge';

/**
 * One ticket: its messages (the buyer's on the right, customer service's on the left), a reply
 * box while it is open or answered, and a way to close it. The ticket is the route's clientLoader
 * data, read again (revalidated) after a reply or a close and whenever the tab comes back into
 * view, so an answer given meanwhile shows without a reload.
 */
export function TicketThread({
  ticket,
  missing,
  failed,
  reloading,
}: {
  ticket: Ticket | undefined;
  /** The API does not know the ticket of the URL (or its id cannot exist). */
  missing: boolean;
  failed: boolean;
  reloading: boolean;
}) {
  const { revalidate } = useRevalidator();
  const reload = useCallback(() => void revalidate(), [revalidate]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  if (missing) return <TicketNotFound />;
  if (failed)
    return (
      <div className="card">
        <SupportLoadFailed onRetry={reload} />
      </div>
    );
  if (!ticket) return <ThreadSkeleton />;
  return <ThreadView ticket={ticket} onChanged={reload} busy={reloading} />;
}

function ThreadView({ ticket, onChanged, busy }: { ticket: Ticket; onChanged: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = parseLocale(i18n.language);
  const open = canReply(ticket.status);
  return (
    <article
      className="card overflow-hidden"
      aria-labelledby="ticket-subject"
      aria-busy={busy || undefined}
      data-testid="ticket-thread"
      data-status={ticket.status}
    >
      <header className="border-b border-stone-100 px-4 py-4 sm:px-5">
        <Link
          to={SUPPORT_PATH}
          className="mb-3 inline-flex items-center gap-1 text-sm text-stone-600 hover:text-brand-700"
        >
          <ChevronRightIcon size={14} className="rotate-180" />
          {t('support.back')}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="ticket-subject" className="min-w-0 text-lg font-semibold break-words text-stone-900">
                {ticket.subject}
              </h2>
              <TicketStatusBadge status={ticket.status} />
            </div>
            <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-500">
              <span className="tabular-nums">{t('support.number', { id: ticket.id })}</span>
              {ticket.oid ? (
                <Link
                  to={ORDER_DETAIL_PATH(ticket.oid)}
                  className="break-all text-brand-700 hover:underline"
                  data-testid="ticket-order"
                >
                  {t('support.aboutOrder', { oid: ticket.oid })}
                </Link>
              ) : (
                <span>{t('support.general')}</span>
              )}
              <span>{t('support.openedAt', { time: formatDateTime(ticket.created_at, locale) })}</span>
            </p>
          </div>
          {open ? <CloseTicketButton id={ticket.id} onDone={onChanged} /> : null}
        </div>
      </header>

      <ol aria-label={t('support.thread')} className="space-y-5 bg-stone-50/60 px-3 py-5 sm:px-5">
        {ticket.messages.map((m) => (
          <MessageBubble key={m.id} message={m} />
        ))}
      </ol>
      {ticket.status === 'open' ? (
        <p className="bg-stone-50/60 px-4 pb-4 text-center text-xs text-stone-500">{t('support.waiting')}</p>
      ) : null}

      <footer className="border-t border-stone-100 px-4 py-4 sm:px-5">
        {open ? <ReplyForm id={ticket.id} onDone={onChanged} /> : <ClosedNotice oid={ticket.oid} />}
      </footer>
    </article>
  );
}

function MessageBubble({ message: m }: { message: TicketMessage }) {
  const { t, i18n } = useTranslation();
  const locale = parseLocale(i18n.language);
  const buyer = m.author === 'buyer';
  return (
    <li
      className={`flex items-start gap-2.5 ${buyer ? 'flex-row-reverse' : ''}`}
      data-testid="ticket-message"
      data-author={m.author}
    >
      <span
        aria-hidden="true"
        className={`mt-5 flex size-8 shrink-0 items-center justify-center rounded-full ${
          buyer ? 'bg-stone-200 text-stone-600' : 'bg-brand-100 text-brand-800'
        }`}
      >
        {buyer ? <UserIcon size={16} /> : <HeadsetIcon size={16} />}
      </span>
      <div
        className={`flex max-w-[85%] min-w-0 flex-col sm:max-w-[75%] ${buyer ? 'items-end' : 'items-start'}`}
      >
        <p className="mb-1 flex flex-wrap gap-x-2 px-1 text-xs text-stone-500">
          <span className="font-medium text-stone-700">{t(authorKey(m.author))}</span>
          <time dateTime={new Date(m.created_at).toISOString()} className="tabular-nums">
            {formatDateTime(m.created_at, locale)}
          </time>
        </p>
        <div
          className={`rounded-2xl px-4 py-2.5 text-sm leading-relaxed break-words whitespace-pre-wrap ${
            buyer
              ? 'rounded-tr-sm bg-brand-700 text-white'
              : 'rounded-tl-sm bg-white text-stone-800 shadow-sm ring-1 ring-stone-200'
          }`}
        >
          {m.body}
        </div>
      </div>
    </li>
  );
}

function ReplyForm({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation();
  const { draft, change, reset, errorText, busy, serverError, onSubmit } = useCheckedForm({
    initial: '',
    fields: ['body'],
    validate: (body: string) => ({ body: validateMessage(body) }),
    send: async (body) => {
      try {
        await supportApi.reply(id, body.trim());
        reset('');
        message.success(t('support.reply.sent'));
      } finally {
        // Read the ticket again either way: one closed meanwhile shows its closed state (the
        // pop-up said why).
        onDone();
      }
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" data-testid="reply-form">
      <CountedField
        multiline
        label={t('support.reply.label')}
        name="body"
        value={draft}
        onChange={(e) => change(e.target.value)}
        placeholder={t('support.reply.placeholder')}
        max={TICKET_MESSAGE_MAX}
        error={errorText('body')}
        rows={3}
      />
      <FormAlert>{serverError}</FormAlert>
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy || undefined}
          className="btn-primary h-11 w-full px-8 sm:w-auto"
        >
          {busy ? t('support.reply.sending') : t('support.reply.send')}
        </button>
      </div>
    </form>
  );
}

function ClosedNotice({ oid }: { oid: string | null }) {
  const { t } = useTranslation();
  return (
    <div
      className="flex flex-col gap-3 rounded-lg bg-stone-50 p-4 ring-1 ring-stone-200 sm:flex-row sm:items-center"
      data-testid="ticket-closed"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-stone-200 text-stone-600">
        <LockIcon size={18} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-stone-900">{t('support.closedTitle')}</p>
        <p className="mt-0.5 text-sm text-stone-600">{t('support.closedText')}</p>
      </div>
      <Link to={NEW_TICKET_PATH(oid)} className="btn-outline h-10 shrink-0">
        {t('support.openNew')}
      </Link>
    </div>
  );
}

/** Close after a confirmation; `onDone` runs after the server answered, closed or not. */
function CloseTicketButton({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmActionButton
      label={t('support.close.button')}
      title={t('support.close.title')}
      text={t('support.close.text')}
      keepLabel={t('support.close.keep')}
      confirmLabel={t('support.close.confirm')}
      busyLabel={t('support.close.closing')}
      doneMessage={t('support.close.done')}
      action={() => supportApi.close(id)}
      onDone={onDone}
      className="btn-outline h-9 px-3.5"
      confirmClassName="btn-primary"
      testId="close-ticket-dialog"
    />
  );
}

function ThreadSkeleton() {
  return (
    <LoadingRegion className="card space-y-5 p-5" testId="ticket-loading">
      <div aria-hidden="true" className="space-y-2">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-3 w-1/3" />
      </div>
      {[false, true, false].map((right, i) => (
        <div key={i} aria-hidden="true" className={`flex gap-2.5 ${right ? 'flex-row-reverse' : ''}`}>
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-16 w-2/3 rounded-2xl" />
        </div>
      ))}
    </LoadingRegion>
  );
}
