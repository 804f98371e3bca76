// The console's support area (issue 30): its public face; another area imports only this file.

export { cannedRepliesActions, cannedRepliesLoader, CannedReplies } from './canned-replies-page';
export { supportInboxLoader, SupportInbox } from './support-inbox-page';
export { supportTicketActions, supportTicketLoader, SupportTicket } from './support-ticket-page';
