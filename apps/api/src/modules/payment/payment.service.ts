import { randomInt } from 'node:crypto';
import type { Locale } from '@shop/domain/locale';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';
import type { Selectable } from 'kysely';
import type { Database, Executor, PaymentsTable } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { emit } from '../../events.ts';
import { lockBuyer } from '../../db/locks.ts';
import { racePoint } from '../../db/race-points.ts';
import { AppError } from '../../plugins/errors.ts';
import { orderTimeoutMinutes, switchIsOn } from '../site/site.service.ts';
import { changeBalance } from '../wallet/wallet.service.ts';
import type { Gateways } from './gateways.ts';
import { NOTIFY_PATHS } from './gateways.ts';
import {
  claimPayment,
  countPendingRecharges,
  findOwnPayment,
  findPayment,
  insertInbox,
  insertPayment,
  setInboxOutcome,
  setPaymentOutcome,
} from './payment.repository.ts';

export type OnlineMethod = 'alipay' | 'wechat';
type User = { id: number };
type Started = { no: string; pay_url?: string; code_url?: string; qr_image?: string };

/** Phones get Alipay's wap pay, other browsers page pay, unless the client says which. */
export function isMobile(device: 'pc' | 'mobile' | undefined, userAgent: string | undefined): boolean {
  if (device) return device === 'mobile';
  return /Mobile|Android|iPhone|iPad|HarmonyOS/i.test(userAgent ?? '');
}

/** The browser a payment is started from: what decides between the providers' pay flows. */
export type PayClient = {
  /** A phone (or tablet): Alipay wap pay, WeChat Pay H5; else page pay and the Native QR code. */
  mobile: boolean;
  /** WeChat's own browser, where H5 pay does not run: it keeps the QR code (long-press to pay). */
  inWechat: boolean;
  /** The buyer's address as the shop sees it (TRUST_PROXY), for WeChat Pay H5's risk check. */
  clientIp: string;
};

/** Decision 032: the same choice for Alipay and WeChat Pay, from the client's hint or its User-Agent. */
export function payClient(
  req: { ip: string; headers: { 'user-agent'?: string | undefined } },
  device: 'pc' | 'mobile' | undefined,
): PayClient {
  const userAgent = req.headers['user-agent'];
  return {
    mobile: isMobile(device, userAgent),
    inWechat: /MicroMessenger/i.test(userAgent ?? ''),
    clientIp: req.ip,
  };
}

/** Our out_trade_no: "P", the UTC day, 14 random digits. */
function newPaymentNo(now = new Date()): string {
  let random = '';
  for (let i = 0; i < 14; i++) random += String(randomInt(0, 10));
  return `P${now.toISOString().slice(0, 10).replace(/-/g, '')}${random}`;
}

/** A provider pays orders (`order_*` switches) or recharges (`balance_*`) when it is set up and on. */
export async function requireMethodOn(
  db: Database,
  gateways: Gateways,
  use: 'order' | 'balance',
  method: OnlineMethod,
) {
  if (!gateways[method] || !(await switchIsOn(db, `${use}_${method}_switch`)))
    throw new AppError(400, 'pay_method_off');
}

/** Creates the payment row and asks the provider for the buyer's next step. */
async function start(
  db: Database,
  gateways: Gateways,
  config: Config,
  p: {
    user: User;
    kind: 'order' | 'recharge';
    orderId: number | null;
    method: OnlineMethod;
    amountCny: number;
    subject: string;
    client: PayClient;
    locale: Locale;
    returnPath: string;
  },
): Promise<Started> {
  const no = newPaymentNo();
  const timeoutMinutes =
    p.kind === 'recharge' ? await orderTimeoutMinutes(db, config.orderTimeoutMinutes) : 0;
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    if (p.kind === 'recharge') {
      // A recharge holds nothing, but each is a row and a provider call: a buyer may have a few
      // waiting at once, counted within the window in which one is normally paid (issue 11).
      const { pendingRecharges } = config.buyerLimits;
      await lockBuyer(trx, p.user.id);
      const since = now - timeoutMinutes * 60_000;
      if ((await countPendingRecharges(trx, p.user.id, since)) >= pendingRecharges)
        throw new AppError(409, 'pending_recharges_limit', { max: pendingRecharges });
    }
    await insertPayment(trx, {
      no,
      user_id: p.user.id,
      kind: p.kind,
      order_id: p.orderId,
      method: p.method,
      amount_cny: p.amountCny,
      status: 'pending',
      provider_trade_no: null,
      outcome: null,
      created_at: now,
      paid_at: null,
    });
  });
  // Both built on PUBLIC_URL only (never the request's Host): the buyer comes back to the origin
  // that holds the login token, and providers reach the shop's public address (decision 032).
  const notifyUrl = `${config.publicUrl}${NOTIFY_PATHS[p.method]}`;
  const returnUrl = `${config.publicUrl}${p.returnPath}`;
  if (p.method === 'alipay') {
    const url = gateways.alipay!.payUrl({
      no,
      amountCny: p.amountCny,
      subject: p.subject,
      mobile: p.client.mobile,
      notifyUrl,
      returnUrl,
    });
    return { no, pay_url: url };
  }
  if (p.client.mobile && !p.client.inWechat) {
    const url = await gateways.wechat!.h5Order({
      no,
      amountCny: p.amountCny,
      description: p.subject,
      notifyUrl,
      returnUrl,
      clientIp: p.client.clientIp,
      appName: SHOP_NAME[p.locale],
      appUrl: config.publicUrl,
    });
    return { no, pay_url: url };
  }
  const codeUrl = await gateways.wechat!.nativeOrder({
    no,
    amountCny: p.amountCny,
    description: p.subject,
    notifyUrl,
  });
  return { no, code_url: codeUrl, qr_image: await QRCode.toDataURL(codeUrl, { margin: 1, width: 240 }) };
}

const SHOP_NAME: Record<Locale, string> = { 'zh-CN': '像素港', en: 'Pixel Harbor' };

const SUBJECT: Record<Locale, { order: string; recharge: string }> = {
  'zh-CN': { order: '像素港订单', recharge: '像素港余额充值' },
  en: { order: 'Pixel Harbor order', recharge: 'Pixel Harbor wallet top-up' },
};

/**
 * order/pay with alipay or wechat, for an order the order module found payable: the page to go
 * to, or the QR code to scan.
 */
export async function startPaymentOf(
  db: Database,
  gateways: Gateways,
  config: Config,
  input: {
    user: User;
    order: { id: number; oid: string; total_cny: number };
    method: OnlineMethod;
    locale: Locale;
  } & PayClient,
): Promise<Started & { status: 'pending_payment' }> {
  const { order } = input;
  const started = await start(db, gateways, config, {
    user: input.user,
    kind: 'order',
    orderId: order.id,
    method: input.method,
    amountCny: order.total_cny,
    subject: `${SUBJECT[input.locale].order} ${order.oid}`,
    client: input,
    locale: input.locale,
    returnPath: `/user/order/detail/${order.oid}`,
  });
  return { ...started, status: 'pending_payment' };
}

/** user/recharge: tops the wallet up by Alipay or WeChat Pay (balance_* switches). */
export async function startRecharge(
  db: Database,
  gateways: Gateways,
  config: Config,
  input: {
    user: User;
    amountCny: number;
    method: OnlineMethod;
    locale: Locale;
    /** Topping up to pay this order (its shortfall, decision 032): the buyer comes back to its checkout. */
    returnOid?: string | undefined;
  } & PayClient,
): Promise<Started> {
  await requireMethodOn(db, gateways, 'balance', input.method);
  return start(db, gateways, config, {
    user: input.user,
    kind: 'recharge',
    orderId: null,
    method: input.method,
    amountCny: input.amountCny,
    subject: SUBJECT[input.locale].recharge,
    client: input,
    locale: input.locale,
    returnPath: input.returnOid ? `/user/order/checkout/${input.returnOid}` : '/user/asset/wallet',
  });
}

export async function rechargeStatus(db: Database, user: User, no: string) {
  const payment = await findOwnPayment(db, user.id, no);
  if (!payment || payment.kind !== 'recharge') throw new AppError(404, 'payment_not_found');
  return { no, status: payment.status, amount: (payment.amount_cny / 100).toFixed(2) };
}

export type Notice = { paid: boolean; outTradeNo: string; tradeNo: string; amountCny: number };
export type NoticeOutcome = 'duplicate' | 'not_paid' | 'order_paid' | 'recharged' | 'refunded';

/**
 * A verified notification, applied once (issue 11):
 * - every notice is recorded in the inbox in the transaction that applies it; a paid one fills the
 *   inbox's unique (provider, trade number), so the same trade repeated changes nothing, while a
 *   "not paid yet" or "closed" notice does not take that key and T's later success still counts;
 * - the payment is claimed first (pending → paid, a conditional update through the declared
 *   machine): of two paid notices for one out_trade_no with different trade numbers, arriving
 *   together, exactly one claims it and the other is a duplicate. Only the claimer touches the
 *   order or the wallet, so one payment can never both pay an order and be refunded;
 * - a payment for an order that is no longer unpaid (cancelled, or paid another way) is refunded
 *   to the balance, once.
 * A failure rolls everything back, leaving no trace for the provider's retry.
 */
export async function applyNotice(
  db: Database,
  provider: OnlineMethod,
  notice: Notice,
  body: string,
): Promise<NoticeOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const now = Date.now();
      const inboxId = await insertInbox(trx, {
        provider,
        trade_no: notice.tradeNo,
        dedupe_key: notice.paid ? notice.tradeNo : null,
        payment_no: notice.outTradeNo,
        body,
        received_at: now,
        outcome: 'pending',
      });
      const payment = await findPayment(trx, notice.outTradeNo);
      if (!payment || payment.method !== provider) throw new AppError(400, 'payment_not_found');
      if (payment.amount_cny !== notice.amountCny) throw new AppError(400, 'payment_amount_mismatch');
      await racePoint('notice:read');
      const outcome = !notice.paid
        ? 'not_paid'
        : (await claimPayment(trx, payment.no, { provider_trade_no: notice.tradeNo, paid_at: now }))
          ? await credit(trx, provider, payment, now)
          : 'duplicate';
      await setInboxOutcome(trx, inboxId, outcome);
      return outcome;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

/** The claimed payment's money: into the wallet, onto its order, or back to the balance. */
async function credit(
  trx: Executor,
  provider: OnlineMethod,
  payment: Selectable<PaymentsTable>,
  now: number,
): Promise<NoticeOutcome> {
  // The payment's whole amount into the buyer's balance, once per step of this payment.
  const toBalance = (type: 'recharge' | 'refund', ref: string, step: 'credit' | 'refund') =>
    changeBalance(trx, {
      userId: payment.user_id,
      amount: payment.amount_cny,
      type,
      ref,
      key: `payment:${payment.no}:${step}`,
    });
  let outcome: NoticeOutcome;
  if (payment.kind === 'recharge') {
    await toBalance('recharge', payment.no, 'credit');
    outcome = 'recharged';
  } else {
    // The order module takes the money onto the order, in this transaction (decision 036).
    const order = await emit(trx, 'orderPaymentClaimed', {
      orderId: Number(payment.order_id),
      method: provider,
      now,
    });
    if (order.paid) outcome = 'order_paid';
    else {
      await toBalance('refund', order.oid, 'refund');
      outcome = 'refunded';
    }
  }
  await setPaymentOutcome(trx, payment.no, outcome);
  return outcome;
}
