// The support calls of issue 7 through the shared client (SPEC §7): every failure has already shown
// its pop-up (SPEC §8) when these reject. Browser only: they need the stored token.
import { endpoints } from '@shop/contract/endpoints';
import { api } from '../../lib/api';
import type { TicketStatus } from './support';

export const supportApi = {
  list(query: { page: number; limit: number; status?: TicketStatus }) {
    return api.call(endpoints.supportList, query);
  },

  /** At most 10 an hour per buyer: beyond, the server answers 429 with a message. */
  create(body: { subject: string; body: string; oid?: string }) {
    return api.call(endpoints.supportCreate, body);
  },

  detail(id: number) {
    return api.call(endpoints.supportDetail, { id });
  },

  /** Opens the ticket again (status open); a closed ticket is refused with a message. */
  reply(id: number, body: string) {
    return api.call(endpoints.supportReply, { id, body });
  },

  close(id: number) {
    return api.call(endpoints.supportClose, { id });
  },

  /** The buyer's latest orders, newest first: the ones a new ticket may be about. */
  recentOrders(limit: number) {
    return api.call(endpoints.orderList, { page: 1, limit });
  },
};
