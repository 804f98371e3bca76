import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { channelsActions, channelsLoader, ChannelsPage } from '../../features/admin/channels/channels-page';

export const meta = adminMeta('channels.channels.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = channelsLoader;

export const clientAction = channelsActions;

export default ChannelsPage;
