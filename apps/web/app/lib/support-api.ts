// The support calls of issue 7 through the shared client (SPEC §7): every failure has already shown
// its pop-up (SPEC §8) when these reject. Browser only: they need the stored token.
import { api } from './api';
import type { Ticket, TicketPage, TicketStatus } from './support';

export const supportApi = {
  list(query: { page: number; limit: number; status?: TicketStatus }): Promise<TicketPage> {
    return api.get<TicketPage>('/api/front/support/list', query);
  },

  /** At most 10 an hour per buyer: beyond, the server answers 429 with a message. */
  create(body: { subject: string; body: string; oid?: string }): Promise<{ id: number }> {
    return api.post<{ id: number }>('/api/front/support/create', body);
  },

  detail(id: number): Promise<Ticket> {
    return api.get<Ticket>('/api/front/support/detail', { id });
  },

  /** Opens the ticket again (status open); a closed ticket is refused with a message. */
  reply(id: number, body: string): Promise<Ticket> {
    return api.post<Ticket>('/api/front/support/reply', { id, body });
  },

  close(id: number): Promise<Ticket> {
    return api.post<Ticket>('/api/front/support/close', { id });
  },
};
