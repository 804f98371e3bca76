import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import {
  cannedRepliesActions,
  cannedRepliesLoader,
  CannedReplies,
} from '../../features/admin/support/canned-replies-page';

// Canned replies (issue 15): answers an operator inserts into a reply on a ticket page, listed in
// their order; each is created, changed and removed through one dialog, and audited.

export const meta = adminMeta('support.canned.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = cannedRepliesLoader;

export const clientAction = cannedRepliesActions;

export default CannedReplies;
