import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-support';
import { NewTicketForm } from '../components/support/new-ticket-form';
import { ServicePanel } from '../components/support/service-panel';
import { TicketList } from '../components/support/ticket-list';
import { TicketThread } from '../components/support/ticket-thread';
import { UserShell } from '../components/user/user-shell';
import { pageMeta, type PageHandle } from '../lib/meta';
import { NEW_TICKET_PATH, parseSupportView } from '../lib/support';

export const handle = { page: 'support' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'support');

/**
 * The buyer's support tickets (issue 7), behind the login guard (SPEC §2): the list, a new ticket
 * (`?new=1`, or `?oid=` about that order) and one thread (`?ticket=`), chosen by the URL so each
 * can be linked and reloaded; customer service's QR code and hours beside them (SPEC §3).
 */
export default function SupportPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const view = parseSupportView(params);

  let main;
  if (view.kind === 'ticket') main = <TicketThread id={view.id} />;
  // Keyed by the order so a link to another order's form starts afresh.
  else if (view.kind === 'new') main = <NewTicketForm key={view.oid ?? ''} prefillOid={view.oid} />;
  else main = <TicketList tab={view.tab} page={view.page} />;

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
