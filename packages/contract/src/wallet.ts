import { ONLINE_METHODS } from '@shop/domain/payment';
import { LEDGER_TYPES } from '@shop/domain/wallet';
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.ts';
import { oid } from './order.ts';
import { identifier, REASON } from './text.ts';

// The wallet ledger (issue 6): GET /api/front/user/balanceLog pages it, newest first. Amounts are
// CNY (the settlement currency), signed: negative for money going out.

export { LEDGER_TYPES };

const day = identifier({ max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, reason: REASON.date }).refine((v) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}, REASON.date);

export const balanceLogQuery = pageQuery.extend({
  type: z.enum(LEDGER_TYPES).optional(),
  from: day.optional().describe('First day, YYYY-MM-DD in the shop’s time zone (UTC+8)'),
  to: day.optional().describe('Last day (inclusive), YYYY-MM-DD in UTC+8'),
});

const signedMoney = z.string().regex(/^-?\d+\.\d{2}$/);

export const ledgerEntry = z
  .object({
    id: z.number().int(),
    type: z.enum(LEDGER_TYPES),
    title: z.string().describe('The type in the request language'),
    amount: signedMoney.describe('Signed: negative for money going out'),
    balance_before: signedMoney,
    balance_after: signedMoney,
    currency: z.literal('CNY'),
    ref: z.string().describe('The order or recharge number it is about'),
    paid_for: z
      .object({
        currency: z.enum(['CNY', 'USD']),
        amount: z.string().regex(/^\d+\.\d{2}$/),
        exchange_rate: z.string().describe('CNY→USD, frozen on the order, e.g. "0.138000"'),
      })
      .nullable()
      .describe(
        'An order payment for an order in another currency than CNY: its total, which the CNY amount pays at the rate (decision 031); null otherwise',
      ),
    discount: z
      .object({
        currency: z.enum(['CNY', 'USD']),
        amount: z
          .string()
          .regex(/^\d+\.\d{2}$/)
          .describe('tier + level + code discounts of the order'),
        coupon_code: z.string().nullable(),
      })
      .nullable()
      .describe('An order payment for a discounted order: what was taken off (issue 31); null otherwise'),
    created_at: z.number().int(),
  })
  .meta({ id: 'LedgerEntry' });
export const ledgerPage = pageOf(ledgerEntry);

export const rechargeBody = z.object({
  amount: identifier({ max: 9, pattern: /^\d{1,6}(\.\d{1,2})?$/, reason: REASON.amount }).describe(
    'CNY, 1.00 to 50000.00',
  ),
  method: z.enum(ONLINE_METHODS),
  device: z.enum(['pc', 'mobile']).optional(),
  return_oid: oid
    .optional()
    .describe('Topping up the shortfall of this order: the provider sends the buyer back to its checkout'),
});
export const rechargeResult = z.object({
  no: z.string().describe('Poll GET /user/recharge/status?no= until paid'),
  pay_url: z.string().optional().describe('alipay, or wechat on a phone (H5): send the buyer here'),
  code_url: z.string().optional(),
  qr_image: z.string().optional(),
});
export const rechargeStatusQuery = z.object({
  no: identifier({ max: 32, pattern: /^P\d{22}$/ }),
});
export const rechargeStatus = z.object({
  no: z.string(),
  status: z.enum(['pending', 'paid']),
  amount: z.string().regex(/^\d+\.\d{2}$/),
});
