import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-support';
import { NewTicketForm } from '../components/support/new-ticket-form';
import { ServicePanel } from '../components/support/service-panel';
import { TicketList, type TicketPage } from '../components/support/ticket-list';
import { TicketThread } from '../components/support/ticket-thread';
import { UserShell } from '../components/user/user-shell';
import { pageMeta, type PageHandle } from '../lib/meta';
import { NEW_TICKET_PATH, parseSupportView, TICKETS_PER_PAGE, type Ticket } from '../lib/support';
import { errorMeta } from '../components/error/route-error-boundary';
import { supportApi } from '../lib/support-api';
import {
  loadedData,
  loadFailed,
  loadSignedIn,
  useKeptData,
  useReloading,
  type Loaded,
} from '../lib/signed-in-data';

export const handle = { page: 'support' } satisfies PageHandle;
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'support');

/** The ticket or the page of tickets the URL asks for; a new ticket's form needs neither. */
export async function clientLoader({
  request,
}: Route.ClientLoaderArgs): Promise<{ ticket?: Loaded<Ticket>; tickets?: Loaded<TicketPage> }> {
  const view = parseSupportView(new URL(request.url).searchParams);
  if (view.kind === 'ticket') {
    // An id that cannot exist is not asked for: it is not found.
    if (view.id <= 0) return { ticket: { status: 'missing' } };
    return { ticket: await loadSignedIn(() => supportApi.detail(view.id)) };
  }
  if (view.kind === 'new') return {};
  const status = view.tab === 'all' ? undefined : view.tab;
  return {
    tickets: await loadSignedIn(() => supportApi.list({ page: view.page, limit: TICKETS_PER_PAGE, status })),
  };
}

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
