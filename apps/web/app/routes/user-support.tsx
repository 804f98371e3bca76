import type { Route } from './+types/user-support';
import type { TicketPage } from '../features/support/ticket-list';
import { pageMeta, type PageHandle } from '../lib/meta';
import type { Ticket } from '../features/support/support';
import { parseSupportView, TICKETS_PER_PAGE } from '../features/support/support-view';
import { errorMeta } from '../components/error/route-error-boundary';
import { supportApi } from '../features/support/support-api';
import { loadSignedIn, type Loaded } from '../lib/signed-in-data';
import { deferred } from '../lib/deferred';

export const handle = { page: 'support' } satisfies PageHandle;
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'support');

/** The ticket or the page of tickets the URL asks for; a new ticket's form needs neither. */
async function loadData({
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

// The page itself is a chunk its clientLoader fetches (next to its data, if any; lib/deferred.ts):
// the server renders the login guard's placeholder, and the page shows once the clientLoader has run.
const page = deferred(() => import('../features/support/support-page').then((m) => m.default));

export async function clientLoader(args: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([loadData(args), page.preload()]);
  return data;
}

export default function SupportPage(props: Route.ComponentProps) {
  return <page.Component {...props} />;
}
