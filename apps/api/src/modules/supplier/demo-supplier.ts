import { createHash } from 'node:crypto';
import type { DeliveryFailureCode } from '@shop/domain/delivery-reason';
import type { PlayerCheck, Supplier, TopupAnswer, TopupRequest } from './supplier.ts';

const NICKNAMES = [
  '星海旅人',
  'Nova',
  '青木',
  'Pixel Fox',
  '夜航船',
  'Kestrel',
  '白夜',
  'Rune',
  '墨羽',
  'Echo',
];

/**
 * Definite failures by the end of the player id, in the supplier's own words, with the code the
 * adapter maps them to (decision 032).
 */
const DEMO_FAILURES: ReadonlyArray<readonly [string, DeliveryFailureCode, string]> = [
  [
    '500',
    'account_banned',
    '游戏拒绝为该账号充值（演示供应商）/ The game refused the top-up for this account (demo supplier)',
  ],
  ['501', 'out_of_stock', 'ERR_STOCK: face value sold out at upstream channel (demo supplier)'],
  ['502', 'player_not_found', 'ERR_ROLE: role does not exist on this server (demo supplier)'],
  ['503', 'supplier_error', 'ERR_UPSTREAM: channel maintenance, order closed (demo supplier)'],
  ['429', 'limit_exceeded', 'ERR_LIMIT: daily recharge limit reached for this role (demo supplier)'],
];

/** Polls a `…202` top-up answers `pending` before it succeeds. */
export const DEMO_PENDING_POLLS = 2;

/**
 * The built-in supplier of the embedded default (no real supplier configured). Deterministic, so
 * every path can be shown on purpose, by the end of the player id:
 * - a player id of 5–20 letters, digits, `_` or `-` exists unless it ends in `404`; the nickname is
 *   derived from the id and server;
 * - a top-up fails (definitely) for `…500` (account banned), `…501` (out of stock), `…502` (player
 *   not found), `…503` (supplier error) and `…429` (limit reached); stays pending for DEMO_PENDING_POLLS queries, then
 *   succeeds, for `…202`; stays pending for good for `…203`; is received but its answer is lost
 *   (the call throws, as a timeout would) for `…504`, after which `query` finds it succeeded;
 *   succeeds at once otherwise.
 * Top-ups are remembered in memory by `ref`: after a restart `query` answers `not_found` and the
 * shop submits again under the same ref, which this supplier (like a real one) treats as new.
 */
export class DemoSupplier implements Supplier {
  private readonly topups = new Map<string, { request: TopupRequest; polls: number }>();

  async validatePlayer(input: { goodsId: number; serverId: number; playerId: string }): Promise<PlayerCheck> {
    const id = input.playerId;
    if (!/^[A-Za-z0-9_-]{5,20}$/.test(id) || id.endsWith('404')) return { found: false };
    const digest = createHash('sha256').update(`${input.goodsId}:${input.serverId}:${id}`).digest();
    return { found: true, nickname: `${NICKNAMES[digest[0]! % NICKNAMES.length]}#${id.slice(-4)}` };
  }

  async topup(request: TopupRequest): Promise<TopupAnswer> {
    const known = this.topups.get(request.ref);
    if (known) return this.answer(request.ref, known.request, known.polls);
    this.topups.set(request.ref, { request, polls: 0 });
    if (request.playerId.endsWith('504'))
      throw new Error('demo supplier: timed out (the top-up was received)');
    return this.answer(request.ref, request, 0);
  }

  async query(ref: string): Promise<TopupAnswer> {
    const known = this.topups.get(ref);
    if (!known) return { state: 'not_found' };
    known.polls += 1;
    return this.answer(ref, known.request, known.polls);
  }

  private answer(ref: string, request: TopupRequest, polls: number): TopupAnswer {
    const id = request.playerId;
    const supplierRef = `DEMO-${ref}`;
    const failure = DEMO_FAILURES.find(([end]) => id.endsWith(end));
    if (failure) return { state: 'failed', code: failure[1], reason: failure[2] };
    if (id.endsWith('203') || (id.endsWith('202') && polls < DEMO_PENDING_POLLS))
      return { state: 'pending', supplierRef };
    return { state: 'succeeded', supplierRef };
  }
}
