import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/database.ts';
import { simplePagePolicy } from '../../plugins/csp.ts';
import { simplePage } from '../../plugins/html.ts';
import type { SandboxKeys } from './gateways.ts';
import { sandboxTrade } from './refund.service.ts';

// What the payment sandbox's providers share (sandbox.routes.ts, decision 019): signed links, its
// pages' frame, and the refunds it made.

/**
 * A refund the sandbox made (issue 15): what a provider's merchant portal would list. Kept in
 * memory per app: no money moves, and tests and the e2e journey read it at GET /sandbox/refunds.
 */
export type SandboxRefund = {
  provider: 'alipay' | 'wechat';
  out_trade_no: string;
  trade_no: string;
  refund_no: string;
  refund_id: string;
  amount_cny: number;
  at: number;
};

export const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(0, 10))).join('');
export const stamp = (d = new Date()) => d.toISOString().replace('T', ' ').slice(0, 19);

/** The sandbox's signing: sealed tokens only it can have made, for its pay links. */
export function sandboxSeal(keys: SandboxKeys) {
  const sign = (data: string) => createHmac('sha256', keys.secret).update(data).digest('base64url');
  const seal = (value: object) => {
    const data = Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${data}.${sign(data)}`;
  };
  const open = <T>(token: string): T | undefined => {
    const [data, mac] = token.split('.');
    if (!data || !mac) return undefined;
    const expected = Buffer.from(sign(data));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    return JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as T;
  };
  return { sign, seal, open };
}
export type SandboxSeal = ReturnType<typeof sandboxSeal>;

/** A sandbox page: HTML with no script, never cached. */
export const sandboxPage = (reply: FastifyReply, title: string, body: string, status = 200) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // No script; the pay form posts here and is redirected to the shop's return URL.
    .header('content-security-policy', simplePagePolicy(reply.server.config.publicUrl))
    .send(simplePage(title, body, 'zh-CN'));

/**
 * The refunds the sandbox made, kept in memory per app: no money moves, and tests and the e2e
 * journey read them at GET /sandbox/refunds.
 */
export function refundBook(db: Database) {
  const refunds: SandboxRefund[] = [];
  /**
   * A refund of a trade as a provider decides it: the trade must be paid (the shop's own
   * payments table is what the sandbox "received"); the same refund number answers the same
   * refund again; the refunds of a trade never add up to more than it.
   */
  const refundTrade = async (
    provider: SandboxRefund['provider'],
    outTradeNo: string,
    refundNo: string,
    amount: number,
  ): Promise<
    | { ok: true; refund: SandboxRefund; again: boolean; refunded: number; total: number }
    | { ok: false; why: 'not_found' | 'exceeds' | 'mismatch'; total: number }
  > => {
    const trade = await sandboxTrade(db, outTradeNo);
    if (!trade || trade.status !== 'paid' || trade.method !== provider)
      return { ok: false, why: 'not_found', total: 0 };
    const total = Number(trade.amount_cny);
    // From here to the push nothing awaits: two requests at once cannot both pass the sum.
    const ofTrade = refunds.filter((r) => r.provider === provider && r.out_trade_no === outTradeNo);
    const refunded = ofTrade.reduce((sum, r) => sum + r.amount_cny, 0);
    const same = ofTrade.find((r) => r.refund_no === refundNo);
    if (same)
      return same.amount_cny === amount
        ? { ok: true, refund: same, again: true, refunded, total }
        : { ok: false, why: 'mismatch', total };
    if (amount < 1 || refunded + amount > total) return { ok: false, why: 'exceeds', total };
    const refund: SandboxRefund = {
      provider,
      out_trade_no: outTradeNo,
      trade_no: trade.provider_trade_no ?? '',
      refund_no: refundNo,
      refund_id: provider === 'wechat' ? `5030${digits(25)}` : (trade.provider_trade_no ?? ''),
      amount_cny: amount,
      at: Date.now(),
    };
    refunds.push(refund);
    return { ok: true, refund, again: false, refunded: refunded + amount, total };
  };
  return { refunds, refundTrade };
}
export type RefundBook = ReturnType<typeof refundBook>;
