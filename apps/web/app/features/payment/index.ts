// The payment feature's public face (issue 30): paying an order (the pay panel, the WeChat Pay QR
// code), topping up the balance, and watching a payment land. Used by `order` and `wallet`; it
// imports neither. Other features import from here, never a deeper file.
export { PayPanel } from './pay-panel';
export { RechargeForm } from './recharge-form';
export { ReturnedRecharge } from './returned-recharge';
export { usePaymentPolling, type PaymentPolling, type PollingPhase } from './use-payment-polling';
export { useSecondsLeft } from './use-seconds-left';
export { nextPollDelay, orderPollOutcome, RETURN_POLL, type PollOutcome, type PollSchedule } from './payment';
export { paymentApi } from './payment-api';
