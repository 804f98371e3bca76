import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import {
  supportTicketActions,
  supportTicketLoader,
  SupportTicket,
} from '../../features/admin/support/support-ticket-page';

// One ticket (issue 15): the conversation (the buyer's messages on the left, ours on the right
// with who answered), the reply box with the canned replies, closing, and the buyer and the order
// it is about beside it; its change history below.

export const meta = adminMeta('support.inbox.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = supportTicketLoader;

export const clientAction = supportTicketActions;

export default SupportTicket;
