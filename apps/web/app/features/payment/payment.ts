// Online payments in the browser (issue 6): Alipay and WeChat Pay for orders and wallet top-ups.
// The pure decisions (which methods, what amount, when to ask again) live here, apart from React,
// so they can be tested.
import type { endpoints } from '@shop/contract/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { formatMinor, parseDecimal } from '@shop/domain/money';
import type { OrderStatus } from '@shop/domain/order';
import { ONLINE_METHODS, type OnlineMethod, RECHARGE_MAX_FEN, RECHARGE_MIN_FEN } from '@shop/domain/payment';
import type { SiteConfig } from '../../lib/site-config';

export { ONLINE_METHODS, type OnlineMethod, RECHARGE_MAX_FEN, RECHARGE_MIN_FEN };

/**
 * What POST /order/pay (alipay, wechat) and POST /user/recharge answer: Alipay's `pay_url` to send
 * the buyer to, or WeChat Pay's Native link `code_url` and its QR code `qr_image`.
 */
export type StartedPayment = Pick<
  EndpointData<typeof endpoints.orderPay>,
  'no' | 'pay_url' | 'code_url' | 'qr_image'
>;

/** The next step of a started online payment: leave for the provider, or show a QR code. */
export type PaymentStep =
  | { kind: 'redirect'; url: string }
  | { kind: 'qr'; codeUrl: string; image: string; no: string | undefined }
  | { kind: 'none' };

export function paymentStep(started: StartedPayment | null | undefined): PaymentStep {
  if (started?.pay_url) return { kind: 'redirect', url: started.pay_url };
  if (started?.code_url && started.qr_image?.startsWith('data:image/'))
    return { kind: 'qr', codeUrl: started.code_url, image: started.qr_image, no: started.no };
  return { kind: 'none' };
}

/**
 * The built-in sandbox (decision 019) hands out http(s) links to its own pages; a real WeChat Pay
 * code_url is `weixin://…`, which only the WeChat app can open. Only a sandbox link is offered as a
 * link (nobody can scan a QR code in a test, and the sandbox page needs no phone).
 */
export function isSandboxPayLink(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.pathname.startsWith('/sandbox/')
  );
}

// ---------------------------------------------------------------------------------------------
// Wallet top-up

/** SPEC §3: top-up methods follow the balance_* switches; a switched-off method is not offered. */
export function rechargeMethods(
  config: Pick<SiteConfig, 'balance_alipay_switch' | 'balance_wechat_switch'>,
): OnlineMethod[] {
  const on: Record<OnlineMethod, boolean> = {
    alipay: config.balance_alipay_switch === 1,
    wechat: config.balance_wechat_switch === 1,
  };
  return ONLINE_METHODS.filter((method) => on[method]);
}

/** The amounts offered as buttons, in yuan. */
export const RECHARGE_PRESETS = ['50', '100', '200', '500'] as const;

export type RechargeAmount =
  | { ok: true; /** "88.50": what the API is sent. */ amount: string; fen: number }
  | { ok: false; reason: 'empty' | 'format' | 'range' };

/** Full-width digits, dot and comma (a Chinese keyboard's) to their ASCII forms. */
function halfWidth(text: string): string {
  return text.replace(/[\uff10-\uff19\uff0e\uff0c]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/**
 * A typed top-up amount in yuan: digits with at most two decimals ("100", "88.5", "88.50"), its
 * thousands separated or not as money is shown ("10,000", decision 031), an optional ¥ and spaces
 * around, between ¥1.00 and ¥50,000.00. Returns the amount as the API wants it ("88.50"), never
 * through floating point.
 */
export function parseRechargeAmount(text: string): RechargeAmount {
  const trimmed = halfWidth(text)
    .trim()
    .replace(/^[¥￥]\s*/, '');
  if (!trimmed) return { ok: false, reason: 'empty' };
  const plain = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(trimmed) ? trimmed.replace(/,/g, '') : trimmed;
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(plain)) return { ok: false, reason: 'format' };
  const fen = parseDecimal(plain, 'CNY');
  if (fen === undefined) return { ok: false, reason: 'format' };
  if (fen < RECHARGE_MIN_FEN || fen > RECHARGE_MAX_FEN) return { ok: false, reason: 'range' };
  return { ok: true, amount: formatMinor(fen, 'CNY'), fen };
}

// ---------------------------------------------------------------------------------------------
// Waiting for the provider's notification

/** What one status check says about a payment. */
export type PollOutcome = 'waiting' | 'paid' | 'closed';

/**
 * An order's state as seen while waiting for its payment: still unpaid, paid (or already further
 * on), or closed without this payment (cancelled: a late payment is refunded to the balance).
 */
export function orderPollOutcome(status: OrderStatus): PollOutcome {
  switch (status) {
    case 'pending_payment':
      return 'waiting';
    case 'cancelled':
      return 'closed';
    case 'paid':
    case 'delivering':
    case 'completed':
    case 'failed':
    case 'refunded':
      return 'paid';
  }
}

export function rechargePollOutcome(status: 'pending' | 'paid'): PollOutcome {
  return status === 'paid' ? 'paid' : 'waiting';
}

export interface PollSchedule {
  /** Between two answered checks. */
  intervalMs: number;
  /** No check starts later than this after the first one was scheduled. */
  maxMs: number;
  /** After failed checks the wait doubles, up to this. */
  maxBackoffMs: number;
}

/** While a QR code is shown: every 2 s, for up to 10 minutes. */
export const QR_POLL: PollSchedule = { intervalMs: 2_000, maxMs: 10 * 60_000, maxBackoffMs: 16_000 };
/** Back from the provider's page: a few checks, in case its notification is a little late. */
export const RETURN_POLL: PollSchedule = { intervalMs: 2_000, maxMs: 12_000, maxBackoffMs: 4_000 };

/**
 * The wait before the next check, or null when the schedule is over: `intervalMs`, doubled for each
 * failed check in a row (up to `maxBackoffMs`), and nothing that would start past `maxMs`.
 */
export function nextPollDelay(schedule: PollSchedule, elapsedMs: number, failures: number): number | null {
  const delay =
    failures <= 0
      ? schedule.intervalMs
      : Math.min(schedule.intervalMs * 2 ** Math.min(failures, 30), schedule.maxBackoffMs);
  return elapsedMs + delay > schedule.maxMs ? null : delay;
}

// ---------------------------------------------------------------------------------------------
// A top-up left for Alipay: remembered in this tab, so the wallet can confirm it on the way back.

export const PENDING_RECHARGE_KEY = 'pending-recharge';
/** Older than this, a remembered top-up is forgotten. */
export const PENDING_RECHARGE_TTL_MS = 30 * 60_000;

export interface PendingRecharge {
  no: string;
  amount: string;
  at: number;
}

export function encodePendingRecharge(pending: PendingRecharge): string {
  return JSON.stringify(pending);
}

/** The remembered top-up, if the stored text is one and not stale. */
export function decodePendingRecharge(text: string | null, now: number): PendingRecharge | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { no, amount, at } = value as Record<string, unknown>;
  if (typeof no !== 'string' || !/^P\d{22}$/.test(no)) return undefined;
  if (typeof amount !== 'string' || !/^\d+\.\d{2}$/.test(amount)) return undefined;
  if (typeof at !== 'number' || !Number.isFinite(at) || at > now || now - at > PENDING_RECHARGE_TTL_MS)
    return undefined;
  return { no, amount, at };
}

// ---------------------------------------------------------------------------------------------
// Checkout with a short balance (issue 12, decision 032)

/**
 * The method chosen when the checkout opens: the first one offered, except that a balance which
 * does not cover the order (`covers` false) is never chosen for the buyer while another method is
 * there. `covers` undefined (balance not known yet) keeps the first.
 */
export function preferredMethod<M extends string>(
  methods: readonly M[],
  covers: boolean | undefined,
): M | undefined {
  if (covers === false) return methods.find((m) => m !== 'balance') ?? methods[0];
  return methods[0];
}

/**
 * What a short balance lacks for an amount, both CNY decimal strings, in fen: 0 when it covers,
 * undefined when either is not an amount.
 */
export function shortfallFen(balance: string, amount: string): number | undefined {
  const have = parseDecimal(balance, 'CNY');
  const need = parseDecimal(amount, 'CNY');
  if (have === undefined || need === undefined) return undefined;
  return Math.max(0, need - have);
}

/**
 * The one-tap top-up for a shortfall: the difference, but at least the smallest top-up the API
 * takes (¥1.00); undefined when it is above the largest (the wallet page is the way then).
 */
export function shortfallTopUp(shortFen: number): { amount: string; fen: number } | undefined {
  if (!Number.isSafeInteger(shortFen) || shortFen <= 0 || shortFen > RECHARGE_MAX_FEN) return undefined;
  const fen = Math.max(shortFen, RECHARGE_MIN_FEN);
  return { amount: formatMinor(fen, 'CNY'), fen };
}

/**
 * A phone's browser other than WeChat's own: WeChat Pay then leaves for the WeChat app (H5) rather
 * than showing a QR code. The same reading of the User-Agent as the server's (payment.service
 * payClient), for the words shown before Pay.
 */
export function isPhoneBrowser(userAgent: string): boolean {
  return /Mobile|Android|iPhone|iPad|HarmonyOS/i.test(userAgent) && !/MicroMessenger/i.test(userAgent);
}

/** The wallet page: where a buyer tops up by hand. */
export const WALLET_PATH = '/user/asset/wallet';
