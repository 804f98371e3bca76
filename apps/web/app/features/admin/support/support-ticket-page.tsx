import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { formatDecimalMoney } from '@shop/domain/money';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { adminActions, useAdminWrite } from '../kit/actions';
import { Time, TicketStatusBadge, waitTone, waitedFor } from './parts';
import { ReplyBox } from './reply-box';
import { type AdminT, useAdminT } from '../kit/use-admin-t';
import { ConfirmActionButton } from '../../../components/ui/confirm-action';

type Ticket = EndpointData<typeof adminEndpoints.ticketDetail>;

/** The writes of a ticket's page (its route's clientAction). */
export const supportTicketActions = adminActions([adminEndpoints.ticketClose, adminEndpoints.ticketReply]);

export const supportTicketLoader = adminLoader(async ({ params }) => {
  const [ticket, canned] = await Promise.all([
    adminQuiet.call(adminEndpoints.ticketDetail, { id: params.id ?? '' }),
    adminQuiet.call(adminEndpoints.cannedList),
  ]);
  return { ticket, canned, now: Date.now() };
});

function Thread({ ticket, t }: { ticket: Ticket; t: AdminT }) {
  return (
    <Panel title={t('support.ticket.thread')}>
      <ol className="space-y-4" data-testid="ticket-thread">
        {ticket.messages.map((m) => {
          const ours = m.author === 'operator';
          return (
            <li
              key={m.id}
              className={`flex ${ours ? 'justify-end' : 'justify-start'}`}
              data-author={m.author}
            >
              <div className={`max-w-[85%] ${ours ? 'text-right' : ''}`}>
                <div className="mb-1 text-xs text-stone-500">
                  <span className="font-medium text-stone-700">
                    {ours
                      ? m.operator
                        ? t('support.ticket.answeredBy', { name: m.operator })
                        : t('support.author.operator')
                      : t('support.author.buyer')}
                  </span>{' '}
                  · <Time ms={m.created_at} />
                </div>
                <div
                  className={`rounded-2xl px-4 py-2.5 text-left text-sm break-words whitespace-pre-wrap ${
                    ours
                      ? 'rounded-tr-sm bg-brand-700 text-white'
                      : 'rounded-tl-sm bg-stone-100 text-stone-900'
                  }`}
                >
                  {m.body}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}

function Side({ ticket, t }: { ticket: Ticket; t: AdminT }) {
  const b = ticket.buyer;
  const o = ticket.order;
  const item = (label: string, value: React.ReactNode) => (
    <div className="flex justify-between gap-3 py-1 text-sm">
      <dt className="text-stone-500">{label}</dt>
      <dd className="min-w-0 truncate text-right text-stone-900">{value}</dd>
    </div>
  );
  return (
    <div className="space-y-5">
      <Panel
        title={t('support.ticket.buyer')}
        actions={
          <Link to={`/admin/buyers/${b.id}`} className="text-sm text-brand-700 hover:underline">
            {t('support.ticket.viewBuyer')}
          </Link>
        }
      >
        <dl>
          {item('ID', b.id)}
          {item(t('support.ticket.email'), b.email ?? t('support.ticket.none'))}
          {item(
            t('support.ticket.phone'),
            <span className="font-mono">{b.phone ?? t('support.ticket.none')}</span>,
          )}
          {item(t('support.ticket.nickname'), b.nickname || t('support.ticket.none'))}
        </dl>
      </Panel>
      <Panel
        title={t('support.ticket.order')}
        actions={
          o ? (
            <Link to={`/admin/orders/${o.oid}`} className="text-sm text-brand-700 hover:underline">
              {t('support.ticket.viewOrder')}
            </Link>
          ) : undefined
        }
      >
        {o ? (
          <dl data-testid="ticket-order">
            {item(t('support.ticket.order'), <span className="font-mono text-xs">{o.oid}</span>)}
            {item(t('support.ticket.orderStatus'), t(`orders.status.${o.status}`))}
            {item(t('support.ticket.orderTotal'), formatDecimalMoney(o.total, o.currency))}
            {item(t('support.ticket.orderCreated'), <Time ms={o.created_at} />)}
          </dl>
        ) : (
          <p className="text-sm text-stone-500">{t('support.ticket.noOrder')}</p>
        )}
      </Panel>
    </div>
  );
}

export function SupportTicket() {
  const { t } = useAdminT();
  const { ticket, canned, now } = useLoaderData<typeof supportTicketLoader>();
  const write = useAdminWrite();
  const waiting =
    ticket.status === 'open'
      ? ticket.messages.findLast((m, i, all) => m.author === 'buyer' && all[i - 1]?.author !== 'buyer')
      : undefined;

  return (
    <AdminPage
      title={t('support.ticket.title', { id: ticket.id })}
      actions={
        <>
          <Link to="/admin/support" className="btn-ghost">
            ← {t('support.ticket.back')}
          </Link>
          {ticket.status !== 'closed' ? (
            <ConfirmActionButton
              label={t('support.ticket.close')}
              title={t('support.ticket.close')}
              text={t('support.ticket.closeConfirm', { id: ticket.id })}
              keepLabel={t('common.cancel')}
              confirmLabel={t('support.ticket.close')}
              busyLabel={t('common.saving')}
              doneMessage={t('support.ticket.closedDone')}
              action={() => write.call(adminEndpoints.ticketClose, { id: ticket.id })}
              className="btn-outline"
              confirmClassName="btn-primary"
              testId="close-ticket-dialog"
            />
          ) : null}
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="text-lg font-medium break-words text-stone-900">{ticket.subject}</h2>
        <TicketStatusBadge status={ticket.status} />
        {waiting ? (
          <span className={`text-sm font-medium ${waitTone(waiting.created_at, now)}`}>
            {t('support.wait.waiting', { time: waitedFor(t, waiting.created_at, now) })}
          </span>
        ) : null}
        <span className="text-xs text-stone-500">
          {t('support.ticket.opened')} <Time ms={ticket.created_at} />
        </span>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-5">
          <Thread ticket={ticket} t={t} />
          {ticket.status === 'closed' ? (
            <p
              role="status"
              className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm text-stone-700"
              data-testid="ticket-closed-note"
            >
              {t('support.ticket.closedNote')}
            </p>
          ) : (
            <ReplyBox ticketId={ticket.id} canned={canned} />
          )}
        </div>
        <Side ticket={ticket} t={t} />
      </div>
      <AuditTrail objectType="ticket" objectId={ticket.id} />
    </AdminPage>
  );
}
