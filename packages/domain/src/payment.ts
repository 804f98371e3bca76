// Payment methods and the five switches of SPEC §3 (ARCHITECTURE.md §5): `order_*` switches offer
// a method at checkout, `balance_*` ones for wallet recharge. Plain constants, so the browser can
// import them without the contract's zod schemas.
export const PAYMENT_SWITCHES = [
  'balance_alipay_switch',
  'balance_wechat_switch',
  'order_alipay_switch',
  'order_balance_switch',
  'order_wechat_switch',
] as const;
export type PaymentSwitch = (typeof PAYMENT_SWITCHES)[number];
