// Payment methods, the five switches of SPEC §3 (ARCHITECTURE.md §5) and the recharge limits:
// `order_*` switches offer a method at checkout, `balance_*` ones for wallet recharge. Plain
// constants, so the browser can import them without the contract's zod schemas.

/** How an order is paid (POST /order/pay `method`). */
export const PAY_METHODS = ['balance', 'alipay', 'wechat'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
/** The providers: the only ways to top up the wallet (POST /user/recharge `method`). */
export const ONLINE_METHODS = ['alipay', 'wechat'] as const satisfies readonly PayMethod[];
export type OnlineMethod = (typeof ONLINE_METHODS)[number];

/** One wallet recharge, in fen: ¥1.00 to ¥50,000.00. */
export const RECHARGE_MIN_FEN = 100;
export const RECHARGE_MAX_FEN = 5_000_000;

export const PAYMENT_SWITCHES = [
  'balance_alipay_switch',
  'balance_wechat_switch',
  'order_alipay_switch',
  'order_balance_switch',
  'order_wechat_switch',
] as const;
export type PaymentSwitch = (typeof PAYMENT_SWITCHES)[number];
