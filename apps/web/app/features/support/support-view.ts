// Which view of /user/support the URL asks for (lib/support.ts re-exports all of it): apart from the
// rest of the support helpers so the page's clientLoader, part of its first load, needs only this
// (issue 16, first-load JS per page).
import { ORDER_NUMBER_PATTERN } from '@shop/domain/order-number';
import { TICKET_STATUSES, type TicketStatus } from '@shop/domain/support';
import { parsePage } from '../../lib/catalog-params';

export const SUPPORT_TABS = ['all', ...TICKET_STATUSES] as const;
export type SupportTab = (typeof SUPPORT_TABS)[number];

export const TICKETS_PER_PAGE = 10;
/** How many recent orders the "about this order" picker offers (GET /order/list?limit=20). */
export const ORDER_CHOICES = 20;

export const SUPPORT_PATH = '/user/support';
export const TICKET_PATH = (id: number) => `${SUPPORT_PATH}?ticket=${id}`;
export const NEW_TICKET_PATH = (oid?: string | null) =>
  oid ? `${SUPPORT_PATH}?oid=${encodeURIComponent(oid)}` : `${SUPPORT_PATH}?new=1`;

export function parseOid(value: string | null | undefined): string | undefined {
  const oid = value?.trim().toUpperCase();
  return oid && ORDER_NUMBER_PATTERN.test(oid) ? oid : undefined;
}

export function isTicketStatus(value: unknown): value is TicketStatus {
  return typeof value === 'string' && (TICKET_STATUSES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// The one route holds three views, chosen by the URL so each can be linked and reloaded:
//   ?status=&page=    the list        ?ticket=<id>    one thread
//   ?new=1            the form        ?oid=<oid>      the form, about that order

export type SupportView =
  | { kind: 'list'; tab: SupportTab; page: number }
  | { kind: 'new'; oid: string | undefined }
  | { kind: 'ticket'; id: number };

export function parseSupportView(search: URLSearchParams): SupportView {
  const ticket = search.get('ticket');
  if (ticket !== null) {
    const id = /^[1-9]\d{0,15}$/.test(ticket) ? Number(ticket) : NaN;
    // An id that cannot exist is still a thread view: it shows "not found" rather than the list.
    return { kind: 'ticket', id: Number.isSafeInteger(id) ? id : 0 };
  }
  const oid = parseOid(search.get('oid'));
  if (oid || search.has('new') || search.has('oid')) return { kind: 'new', oid };
  const status = search.get('status');
  const tab = isTicketStatus(status) ? status : 'all';
  return { kind: 'list', tab, page: parsePage(search.get('page')) };
}
