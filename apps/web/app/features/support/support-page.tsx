// The page of routes/user-support.tsx, fetched by its clientLoader next to its data (lib/deferred.ts):
// not part of the page's first load (issue 16).
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { Route } from '../../routes/+types/user-support';
import { NewTicketForm } from './new-ticket-form';
import { ServicePanel } from './service-panel';
import { TicketList } from './ticket-list';
import { TicketThread } from './ticket-thread';
import { UserShell } from '../../components/ui/user-shell';
import { NEW_TICKET_PATH, parseSupportView } from './support';
import { loadedData, loadFailed, useKeptData, useReloading } from '../../lib/signed-in-data';

/**
 * The buyer's support tickets (issue 7), behind the login guard (SPEC §2): the list, a new ticket
 * (`?new=1`, or `?oid=` about that order) and one thread (`?ticket=`), chosen by the URL so each
 * can be linked and reloaded; customer service's QR code and hours beside them (SPEC §3).
 */
export default function SupportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const view = parseSupportView(params);
  const reloading = useReloading();
  // A failed reload of the list keeps its pages under the message (its pop-up said why).
  const tickets = useKeptData(loaderData.tickets);
  const { ticket } = loaderData;

  let main;
  if (view.kind === 'ticket')
    main = (
      <TicketThread
        ticket={loadedData(ticket)}
        missing={ticket?.status === 'missing'}
        failed={ticket?.status === 'failed'}
        reloading={reloading}
      />
    );
  // Keyed by the order so a link to another order's form starts afresh.
  else if (view.kind === 'new') main = <NewTicketForm key={view.oid ?? ''} prefillOid={view.oid} />;
  else
    main = (
      <TicketList
        tab={view.tab}
        page={view.page}
        result={tickets}
        failed={loadFailed(loaderData.tickets)}
        reloading={reloading}
      />
    );

  return (
    <UserShell
      title={t('pages.support.heading')}
      actions={
        view.kind === 'new' ? undefined : (
          <Link to={NEW_TICKET_PATH()} className="btn-primary h-10 px-4">
            {t('support.newTicket')}
          </Link>
        )
      }
    >
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_15rem] xl:items-start">
        <div className="min-w-0">{main}</div>
        <aside className="xl:sticky xl:top-24">
          <ServicePanel />
        </aside>
      </div>
    </UserShell>
  );
}
