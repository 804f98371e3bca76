import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { zonesActions, zonesLoader, Zones } from '../../features/admin/content/zones-page';

export const meta = adminMeta('content.zones.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = zonesLoader;

export const clientAction = zonesActions;

export default Zones;
