import { parseDecimal } from '@shop/domain/money';
import { IDEMPOTENCY_KEY, ORDER_STATUSES } from '@shop/domain/order';
import { TICKET_STATUSES } from '@shop/domain/support';
import { LEDGER_TYPES } from '@shop/domain/wallet';
import { z } from 'zod';
import { envelope, pageOf, pageQuery } from '../envelope.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import { identifier, REASON, text } from '../text.ts';
import {
  ADJUST_AMOUNT_MAX_CNY,
  ADJUST_AMOUNT_PATTERN,
  ADJUST_REASON_MAX,
  BUYER_STATUSES,
  type buyersEndpoints,
} from './buyers.endpoints.ts';
import { epochMs, idField, idQuery, listQuery } from './common.ts';

// Buyers and wallets in the console (issue 15, decision 040). Money is CNY as decimal strings
// ("12.50", signed where it moves); phones are masked in the middle (138****8000) everywhere the
// console shows them: a search may still name the whole number.

const tags = ['admin'];
const money = z.string().describe('CNY, decimal string, e.g. "68.00"');
const signedMoney = z.string().describe('CNY, signed decimal string, e.g. "-5.00"');
const status = z.enum(BUYER_STATUSES).describe('disabled: is_usable 0, cannot log in, no live token');

export const buyersListQuery = listQuery(['id', 'created_at', 'balance']).extend({
  keyword: text({ max: 64 })
    .optional()
    .describe('Found in the email, phone or nickname (any case), or the buyer id itself'),
  status: z.enum(BUYER_STATUSES).optional(),
});

const profileShape = {
  id: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe('Masked: 138****8000'),
  nickname: z.string(),
  balance: money,
  order_count: z.number().int().describe('Every order the buyer made, unpaid and cancelled ones included'),
  status,
  created_at: epochMs,
};
export const adminBuyerRow = z.object(profileShape).meta({ id: 'AdminBuyerRow' });
export type AdminBuyerRow = z.infer<typeof adminBuyerRow>;

export const adminBuyer = z
  .object({
    ...profileShape,
    avatar: z.string(),
    updated_at: epochMs,
    ledger_count: z.number().int(),
    ticket_count: z.number().int(),
    live_tokens: z.number().int().describe('Login tokens still valid (0 once disabled)'),
  })
  .meta({ id: 'AdminBuyer' });
export type AdminBuyer = z.infer<typeof adminBuyer>;

const buyerOrder = z.object({
  oid: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.enum(['CNY', 'USD']),
  total: z.string().describe("In the order's currency, decimal string"),
  total_cny: money,
  refunded_cny: money,
  item_count: z.number().int(),
  pay_method: z.string().nullable(),
  created_at: epochMs,
});
const buyerTicket = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  oid: z.string().nullable(),
  created_at: epochMs,
  updated_at: epochMs,
});
const buyerReveal = z.object({
  id: z.number().int(),
  card_key_id: z.number().int(),
  order_item_id: z.number().int().nullable(),
  oid: z.string().nullable(),
  goods_name_zh: z.string().nullable(),
  goods_name_en: z.string().nullable(),
  spec_zh: z.string().nullable(),
  spec_en: z.string().nullable(),
  via: z.enum(['key', 'order', 'export']).describe('One key, all keys of an order, or the CSV export'),
  ip: z.string().describe("'' when not recorded"),
  created_at: epochMs,
});

export const buyerDetail = z
  .object({
    buyer: adminBuyer,
    orders: z.array(buyerOrder).describe('The latest 10, newest first'),
    tickets: z.array(buyerTicket).describe('The latest 10, newest first'),
    reveals: z.array(buyerReveal).describe('The latest 20 card-key reveals, newest first'),
    reveal_count: z.number().int(),
  })
  .meta({ id: 'AdminBuyerDetail' });
export type AdminBuyerDetail = z.infer<typeof buyerDetail>;

export const buyerLedgerQuery = pageQuery.extend({
  id: idField,
  type: z.enum(LEDGER_TYPES).optional(),
});
export const adminLedgerEntry = z
  .object({
    id: z.number().int(),
    type: z.enum(LEDGER_TYPES),
    amount: signedMoney,
    balance_before: money,
    balance_after: money,
    ref: z.string(),
    memo: z.string().describe('Why an operator adjusted the balance; the buyer reads it'),
    created_at: epochMs,
  })
  .meta({ id: 'AdminLedgerEntry' });
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntry>;

const reason = text({ min: 1, max: ADJUST_REASON_MAX });

export const buyerStatusBody = z.object({
  id: idField,
  reason: reason.describe('Why; kept in the audit log'),
});

export const adjustBalanceBody = z.object({
  id: idField,
  amount: identifier({ max: 11, pattern: ADJUST_AMOUNT_PATTERN, reason: REASON.amount })
    .refine((v) => {
      const fen = parseDecimal(v, 'CNY');
      return fen !== undefined && fen !== 0 && Math.abs(fen) <= ADJUST_AMOUNT_MAX_CNY * 100;
    }, REASON.amount)
    .describe(
      `Signed CNY: "20.00" credits, "-5.00" debits; not 0, at most ${ADJUST_AMOUNT_MAX_CNY} either way`,
    ),
  reason: reason.describe('Shown to the buyer in their asset log, and kept in the audit log'),
  request_key: identifier({
    min: IDEMPOTENCY_KEY.min,
    max: IDEMPOTENCY_KEY.max,
    pattern: IDEMPOTENCY_KEY.characters,
    reason: REASON.keyCharacters,
  }).describe('Made by the console once per adjustment (a UUID): sending it again changes nothing'),
});
export const adjustResult = z
  .object({
    applied: z.boolean().describe('false: this request_key was applied before; nothing changed now'),
    entry: adminLedgerEntry,
    balance: money.describe("The buyer's balance now"),
  })
  .meta({ id: 'AdminBalanceAdjustment' });

export const buyersSchemas = {
  buyersList: {
    tags,
    summary: 'Buyers by email, phone, nickname or id and by status, sorted by id, sign-up time or balance',
    query: buyersListQuery,
    response: envelope(pageOf(adminBuyerRow)),
  },
  buyerDetail: {
    tags,
    summary: "A buyer's profile and balance, latest orders, tickets and card-key reveals",
    query: idQuery,
    response: envelope(buyerDetail),
  },
  buyerLedger: {
    tags,
    summary: "A buyer's wallet ledger, newest first (the entries add up to the balance)",
    query: buyerLedgerQuery,
    response: envelope(pageOf(adminLedgerEntry)),
  },
  buyerDisable: {
    tags,
    summary:
      'Disable an account: it cannot log in and every token it holds is revoked in the same transaction (its next request is 401). Audited with the reason; disabling a disabled account changes nothing',
    body: buyerStatusBody,
    response: envelope(adminBuyer),
  },
  buyerEnable: {
    tags,
    summary:
      'Enable an account again: the buyer logs in anew (no token of the disabled time works). Audited with the reason; idempotent',
    body: buyerStatusBody,
    response: envelope(adminBuyer),
  },
  buyerAdjustBalance: {
    tags,
    summary:
      "Credit or debit a buyer's balance with a reason: one ledger entry of type adjustment (never below zero: 400). The same request_key applies once; reused for another change: 409. Audited with the balance before and after",
    body: adjustBalanceBody,
    response: envelope(adjustResult),
  },
} satisfies Record<keyof typeof buyersEndpoints, EndpointSchema>;
