import { describe, expect, it } from 'vitest';
import {
  accountLabel,
  checkFromAccount,
  checkPassed,
  purchaseGated,
  type RecentAccount,
  usableAccounts,
  type PlayerCheck,
} from './player-gate';

const found: PlayerCheck = {
  status: 'found',
  info: { player_id: 'Hero12345', server_id: 2, server: '二区', nickname: '英雄' },
};
const draft = { serverId: '2', playerId: 'Hero12345' };

const account = (over: Partial<RecentAccount>): RecentAccount => ({
  id: 1,
  goods_id: 7,
  server_id: 2,
  server: '二区',
  player_id: 'Hero12345',
  nickname: '英雄',
  used_at: 1000,
  ...over,
});

describe('player gate (issue 12)', () => {
  it('passes only for the server and id that were checked', () => {
    expect(checkPassed(found, draft)).toBe(true);
    // Surrounding spaces are not part of the id (the API trims it too).
    expect(checkPassed(found, { ...draft, playerId: ' Hero12345 ' })).toBe(true);
    expect(checkPassed(found, { ...draft, serverId: '1' })).toBe(false);
    expect(checkPassed(found, { ...draft, serverId: '' })).toBe(false);
    expect(checkPassed(found, { ...draft, playerId: 'Hero123456' })).toBe(false);
    expect(checkPassed({ status: 'idle' }, draft)).toBe(false);
    expect(checkPassed({ status: 'checking' }, draft)).toBe(false);
    expect(checkPassed({ status: 'missing', message: 'no' }, draft)).toBe(false);
  });

  it('gates only a logged-in buyer of a direct top-up without a passed check', () => {
    const idle: PlayerCheck = { status: 'idle' };
    expect(purchaseGated({ direct: true, loggedIn: true, check: idle, draft })).toBe(true);
    expect(purchaseGated({ direct: true, loggedIn: true, check: found, draft })).toBe(false);
    // Logged out: the click must reach the login dialog (SPEC §4).
    expect(purchaseGated({ direct: true, loggedIn: false, check: idle, draft })).toBe(false);
    expect(purchaseGated({ direct: false, loggedIn: true, check: idle, draft })).toBe(false);
    // A check for another id does not count.
    expect(
      purchaseGated({ direct: true, loggedIn: true, check: found, draft: { ...draft, playerId: 'x1234' } }),
    ).toBe(true);
  });

  it('labels a saved account "player id · server · nickname"', () => {
    expect(accountLabel(account({}))).toBe('Hero12345 · 二区 · 英雄');
    expect(accountLabel(account({ nickname: '' }))).toBe('Hero12345 · 二区');
  });

  it("offers this goods' accounts on servers it still has, newest first, five at most", () => {
    const list = [
      account({ id: 1, used_at: 10 }),
      account({ id: 2, used_at: 30 }),
      account({ id: 3, goods_id: 8, used_at: 50 }),
      account({ id: 4, server_id: 9, used_at: 40 }),
      ...[5, 6, 7, 8, 9].map((id) => account({ id, used_at: id })),
    ];
    const usable = usableAccounts(list, { id: 7, servers: [{ id: 2 }] });
    expect(usable.map((a) => a.id)).toEqual([2, 1, 9, 8, 7]);
  });

  it('turns a saved account into a passed check for its server and id', () => {
    const check = checkFromAccount(account({}));
    expect(checkPassed(check, draft)).toBe(true);
    expect(check).toMatchObject({ info: { nickname: '英雄' } });
  });
});
