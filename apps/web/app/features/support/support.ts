// Support tickets in the browser (issue 7): the pure decisions of /user/support (which view the URL
// asks for, form checks, status colours, list previews, times), kept apart from React so they can
// be tested. Types only from the contract (its values would pull zod into the bundle); the states
// and limits come from the domain.
import type { TranslationKey } from '../../i18n/instance';
import type { z } from 'zod';
import type { ticketDetail, ticketSummary } from '@shop/contract/support';
import {
  TICKET_MESSAGE_MAX,
  TICKET_STATUSES,
  TICKET_SUBJECT_MAX,
  type TicketStatus,
} from '@shop/domain/support';
import type { Locale } from '@shop/domain/locale';
import { formatDateTime } from '../../lib/order-format';

export { TICKET_MESSAGE_MAX, TICKET_STATUSES, TICKET_SUBJECT_MAX, type TicketStatus };
export type TicketSummary = z.infer<typeof ticketSummary>;
export type Ticket = z.infer<typeof ticketDetail>;
export type TicketMessage = Ticket['messages'][number];
export type TicketAuthor = TicketMessage['author'];
export {
  SUPPORT_TABS,
  TICKETS_PER_PAGE,
  ORDER_CHOICES,
  SUPPORT_PATH,
  TICKET_PATH,
  NEW_TICKET_PATH,
  parseOid,
  isTicketStatus,
  parseSupportView,
  type SupportTab,
  type SupportView,
} from './support-view';

// ---------------------------------------------------------------------------------------------
// Form checks: the API's rules, so a bad field is caught before anything is sent. Each error is an
// i18n key plus its values.

export interface FieldError {
  key: TranslationKey;
  values?: Record<string, number>;
}

export interface TicketDraft {
  subject: string;
  body: string;
}
export type TicketErrors = Partial<Record<keyof TicketDraft, FieldError>>;

/** What the API counts: the trimmed text's length. */
export const textLength = (text: string) => text.trim().length;

export function validateMessage(body: string): FieldError | undefined {
  const length = textLength(body);
  if (length === 0) return { key: 'support.errors.messageRequired' };
  if (length > TICKET_MESSAGE_MAX)
    return { key: 'support.errors.messageTooLong', values: { max: TICKET_MESSAGE_MAX } };
  return undefined;
}

export function validateTicket(draft: TicketDraft): TicketErrors {
  const errors: TicketErrors = {};
  const subject = textLength(draft.subject);
  if (subject === 0) errors.subject = { key: 'support.errors.subjectRequired' };
  else if (subject > TICKET_SUBJECT_MAX)
    errors.subject = { key: 'support.errors.subjectTooLong', values: { max: TICKET_SUBJECT_MAX } };
  const body = validateMessage(draft.body);
  if (body) errors.body = body;
  return errors;
}

export type CounterTone = 'ok' | 'near' | 'over';

/** The colour of a "12/120" counter: a warning in the last tenth, an error past the limit. */
export function counterTone(length: number, max: number): CounterTone {
  if (length > max) return 'over';
  return length >= Math.ceil(max * 0.9) ? 'near' : 'ok';
}

// ---------------------------------------------------------------------------------------------
// Status

export type TicketTone = 'info' | 'success' | 'muted';

/** open: waiting for customer service; answered: their reply is waiting for the buyer; closed. */
export function ticketTone(status: TicketStatus): TicketTone {
  switch (status) {
    case 'open':
      return 'info';
    case 'answered':
      return 'success';
    case 'closed':
      return 'muted';
  }
}

export const statusKey = (status: TicketStatus) => `support.status.${status}` as const;
export const authorKey = (author: TicketAuthor) => `support.author.${author}` as const;

/** A closed ticket takes no more messages (the API answers 400); the other two take both. */
export const canReply = (status: TicketStatus) => status !== 'closed';

// ---------------------------------------------------------------------------------------------
// The list's preview line and times

/** The newest message on one line: line breaks and runs of spaces become single spaces. */
export function previewText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type TimeAgo =
  | { kind: 'now' }
  | { kind: 'relative'; value: number; unit: 'minute' | 'hour' | 'day' }
  | { kind: 'absolute' };

/** How long ago `at` was: under a minute "now", then minutes, hours, days up to a week, then a date. */
export function timeAgo(at: number, now: number): TimeAgo {
  const elapsed = Math.max(0, now - at); // a clock a little ahead of ours is still "now"
  if (elapsed < MINUTE) return { kind: 'now' };
  if (elapsed < HOUR) return { kind: 'relative', value: Math.floor(elapsed / MINUTE), unit: 'minute' };
  if (elapsed < DAY) return { kind: 'relative', value: Math.floor(elapsed / HOUR), unit: 'hour' };
  if (elapsed < 7 * DAY) return { kind: 'relative', value: Math.floor(elapsed / DAY), unit: 'day' };
  return { kind: 'absolute' };
}

const relativeFormats = new Map<Locale, Intl.RelativeTimeFormat>();

/** "3 分钟前" / "3 minutes ago", "昨天" / "yesterday"; a week on, the date and time in the shop's zone. */
export function formatTimeAgo(at: number, now: number, locale: Locale, justNow: string): string {
  const ago = timeAgo(at, now);
  if (ago.kind === 'now') return justNow;
  if (ago.kind === 'absolute') return formatDateTime(at, locale);
  let format = relativeFormats.get(locale);
  if (!format)
    relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  return format.format(-ago.value, ago.unit);
}

// ---------------------------------------------------------------------------------------------
// The "about this order" picker

export interface OrderChoice {
  oid: string;
  /** The first goods' name; empty for an order that is not among the recent ones. */
  name: string;
  /** How many more lines the order has. */
  more: number;
}

/**
 * The buyer's recent orders as picker choices, with the order named in the URL first when it is
 * not among them (an older order: the API checks that it is the buyer's).
 */
export function orderChoices(
  orders: readonly { oid: string; items: readonly { goods_name: string }[] }[],
  prefill: string | undefined,
): OrderChoice[] {
  const choices = orders.map((order) => ({
    oid: order.oid,
    name: order.items[0]?.goods_name ?? '',
    more: Math.max(0, order.items.length - 1),
  }));
  if (prefill && !choices.some((choice) => choice.oid === prefill))
    choices.unshift({ oid: prefill, name: '', more: 0 });
  return choices;
}
