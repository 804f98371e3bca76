import type { Route } from './+types/user-center';
import { pageMeta, type PageHandle } from '../lib/meta';
import { errorMeta } from '../components/error/route-error-boundary';
import { UserCenterPage } from '../features/account/user-center-page';

export const handle = { page: 'userCenter' } satisfies PageHandle;
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'userCenter');

export default UserCenterPage;
