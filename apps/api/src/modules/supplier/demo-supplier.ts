import { createHash } from 'node:crypto';
import type { PlayerCheck, Supplier } from './supplier.ts';

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
 * The built-in supplier of the embedded default (no real supplier configured). Deterministic, so
 * every path can be shown on purpose: a player id of 5–20 letters, digits, `_` or `-` exists unless
 * it ends in `404`; the nickname is derived from the id and server.
 */
export class DemoSupplier implements Supplier {
  async validatePlayer(input: { goodsId: number; serverId: number; playerId: string }): Promise<PlayerCheck> {
    const id = input.playerId;
    if (!/^[A-Za-z0-9_-]{5,20}$/.test(id) || id.endsWith('404')) return { found: false };
    const digest = createHash('sha256').update(`${input.goodsId}:${input.serverId}:${id}`).digest();
    return { found: true, nickname: `${NICKNAMES[digest[0]! % NICKNAMES.length]}#${id.slice(-4)}` };
  }
}
