import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { supportInboxLoader, SupportInbox } from '../../features/admin/support/support-inbox-page';

// The support inbox (issue 15): unanswered tickets first, the longest waiting at the top (the
// API's order); the status tab and the filters are in the URL.

export const meta = adminMeta('support.inbox.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = supportInboxLoader;

export default SupportInbox;
