import { adminGet, adminPost } from './endpoint.ts';

/** The console's support (issue 15): the ticket inbox, replies, closing, and canned replies. */
export const supportEndpoints = {
  ticketList: adminGet('/api/admin/support/list', 'support'),
  ticketDetail: adminGet('/api/admin/support/detail', 'support'),
  ticketReply: adminPost('/api/admin/support/reply', 'support'),
  ticketClose: adminPost('/api/admin/support/close', 'support'),
  cannedList: adminGet('/api/admin/support/canned/list', 'support'),
  cannedCreate: adminPost('/api/admin/support/canned/create', 'support'),
  cannedUpdate: adminPost('/api/admin/support/canned/update', 'support'),
  cannedDelete: adminPost('/api/admin/support/canned/delete', 'support'),
};

/** Bounds of a canned reply (the columns of migration 0022). */
export const CANNED_TITLE_MAX = 100;
export const CANNED_BODY_MAX = 2000;
