import { identifier } from '@shop/contract/text';
import { z } from 'zod';

// The numbers a provider's notification names, checked once its signature is (issue 11): our
// out_trade_no is a payments.no (varchar(32)), the provider's trade number goes into
// payments.provider_trade_no and payment_inbox.trade_no (varchar(64)). Out of those bounds, or
// with a control character, a signed notice is answered 400 and changes nothing, the same on
// both engines, instead of failing in the database (a 500 the provider retries forever).
const numbers = z.object({
  outTradeNo: identifier({ max: 32, trim: false }),
  tradeNo: identifier({ max: 64, trim: false }),
});

/** The two numbers when both are printable ASCII within their columns, else undefined. */
export function noticeNumbers(
  outTradeNo: unknown,
  tradeNo: unknown,
): { outTradeNo: string; tradeNo: string } | undefined {
  const parsed = numbers.safeParse({ outTradeNo, tradeNo });
  return parsed.success ? parsed.data : undefined;
}
