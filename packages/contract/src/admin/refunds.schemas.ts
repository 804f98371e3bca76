import { IDEMPOTENCY_KEY, ORDER_NUMBER_PATTERN, REFUND_MACHINE } from '@shop/domain/order';
import { z } from 'zod';
import { envelope } from '../envelope.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import { identifier, REASON, text } from '../text.ts';
import { epochMs, idBody, idField } from './common.ts';
import { CNY_AMOUNT, REFUND_REASON_MAX, type refundsEndpoints } from './refunds.endpoints.ts';

// Refunds in the console (issue 15, decision 040): of an order or one item, partial or whole, to
// the buyer's balance or to the original Alipay / WeChat Pay payment; never more than was paid.

export const REFUND_STATUSES = REFUND_MACHINE.states;
export const REFUND_DESTINATIONS = ['balance', 'alipay', 'wechat'] as const;
/** What the operator chooses: the balance, or the payment that paid the order. */
export const REFUND_CHOICES = ['balance', 'original'] as const;

export const refundCreateBody = z.object({
  oid: identifier({ max: 32, pattern: ORDER_NUMBER_PATTERN }),
  order_item_id: idField.optional().describe('One item of the order; the order as a whole without it'),
  amount: identifier({ max: 13, pattern: CNY_AMOUNT, reason: REASON.amount }).describe(
    'CNY, e.g. "12.34": at least 0.01 and at most what is left to refund',
  ),
  destination: z
    .enum(REFUND_CHOICES)
    .describe(
      'original: the Alipay / WeChat Pay payment that paid the order (an order paid by balance: the balance)',
    ),
  reason: text({ min: 1, max: REFUND_REASON_MAX }).describe('The buyer reads it'),
  request_key: identifier({
    min: IDEMPOTENCY_KEY.min,
    max: 100,
    pattern: IDEMPOTENCY_KEY.characters,
    reason: REASON.keyCharacters,
  }).describe('Made once when the refund dialog opens (a UUID): the same key answers the first refund'),
  return_coupon: z
    .boolean()
    .optional()
    .describe(
      "Issue 31: when this refund makes the order fully refunded, its promotion code's use goes back to the code (default: it stays used)",
    ),
});

export const adminRefund = z
  .object({
    id: z.number().int(),
    no: z.string().describe('Our refund number: out_request_no (Alipay) / out_refund_no (WeChat Pay)'),
    oid: z.string(),
    order_item_id: z.number().int().nullable(),
    amount: z.string().describe('CNY'),
    destination: z.enum(REFUND_DESTINATIONS),
    status: z.enum(REFUND_STATUSES).describe('pending: waiting for the provider'),
    payment_no: z.string().nullable().describe('The payment refunded into (our out_trade_no)'),
    provider_refund_no: z.string().nullable(),
    reason: z.string(),
    actor: z.string().describe("The operator's email, or system"),
    failure: z.string().nullable().describe("The provider's last answer when it did not settle the refund"),
    attempts: z.number().int(),
    created_at: epochMs,
    finished_at: epochMs.nullable(),
  })
  .meta({ id: 'AdminRefund' });
export type AdminRefund = z.infer<typeof adminRefund>;

export const refundsSchemas = {
  refundCreate: {
    tags: ['admin'],
    summary:
      'Refund an order or one item, partly or wholly, to the balance (done at once) or to the original payment (pending until the provider answers). Never more than is left: 400 with the amount left. An item still being delivered is refunded whole and its delivery closed. The same request_key answers the first refund. Audited',
    body: refundCreateBody,
    response: envelope(adminRefund),
  },
  refundRetry: {
    tags: ['admin'],
    summary: 'Ask the provider again now about a pending refund (the job also does, with back-off); audited',
    body: idBody,
    response: envelope(adminRefund),
  },
} satisfies Record<keyof typeof refundsEndpoints, EndpointSchema>;
