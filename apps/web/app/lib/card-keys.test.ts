import { describe, expect, it } from 'vitest';
import {
  allCardsHref,
  copyAllText,
  exportFileName,
  groupByOrder,
  orderSecrets,
  parseAllCardsParams,
} from './card-keys';
import type { DeliveredCard } from './order';

const card = (id: number, oid: string, order_keys: number, goods_name = 'Gift card'): DeliveredCard => ({
  id,
  oid,
  goods_name,
  spec: '¥100',
  instructions: `Use ${goods_name}.`,
  revealed: false,
  delivered_at: oid === 'NEWER0001' ? 2000 : 1000,
  order_keys,
});

describe('all card keys (issue 12)', () => {
  it('parseAllCardsParams: a trimmed keyword bounded like the API, and a page', () => {
    const parse = (q: string) => parseAllCardsParams(new URLSearchParams(q));
    expect(parse('')).toEqual({ keyword: '', page: 1 });
    expect(parse('keyword=%20arena%20&page=3')).toEqual({ keyword: 'arena', page: 3 });
    expect(parse('page=-1').page).toBe(1);
    expect(parse(`keyword=${'x'.repeat(150)}`).keyword).toHaveLength(100);
    expect(allCardsHref({})).toBe('/user/order/card');
    expect(allCardsHref({ keyword: '竞技 卡', page: 2 })).toBe(
      '/user/order/card?keyword=%E7%AB%9E%E6%8A%80+%E5%8D%A1&page=2',
    );
    expect(allCardsHref({ keyword: '', page: 1 })).toBe('/user/order/card');
  });

  it('groupByOrder: orders in the given order, each with its keys by goods', () => {
    const groups = groupByOrder([
      card(5, 'NEWER0001', 3),
      card(6, 'NEWER0001', 3, 'Other card'),
      card(7, 'NEWER0001', 3),
      card(1, 'OLDER0001', 2),
    ]);
    expect(groups.map((g) => [g.oid, g.total, g.deliveredAt, g.cards.map((c) => c.id)])).toEqual([
      ['NEWER0001', 3, 2000, [5, 6, 7]],
      ['OLDER0001', 2, 1000, [1]],
    ]);
    expect(groups[0]!.goods.map((g) => [g.goodsName, g.cards.map((c) => c.id)])).toEqual([
      ['Gift card', [5, 7]],
      ['Other card', [6]],
    ]);
    expect(groupByOrder([])).toEqual([]);
  });

  it('orderSecrets: all of the order after "reveal all", else only a whole order shown on this page', () => {
    const [whole, part] = groupByOrder([
      card(5, 'NEWER0001', 2),
      card(6, 'NEWER0001', 2),
      card(1, 'OLDER0001', 2),
    ]);
    const shown = new Map([
      [5, 'AAA'],
      [1, 'CCC'],
    ]);
    expect(orderSecrets(whole!, shown, undefined)).toBeUndefined();
    expect(orderSecrets(whole!, new Map([...shown, [6, 'BBB']]), undefined)).toEqual(['AAA', 'BBB']);
    // Part of the order is on another page: only "reveal all" knows all of its keys.
    expect(orderSecrets(part!, shown, undefined)).toBeUndefined();
    const all = [
      { id: 1, secret: 'CCC' },
      { id: 2, secret: 'DDD' },
    ];
    expect(orderSecrets(part!, shown, all)).toEqual(['CCC', 'DDD']);
    expect(copyAllText(['CCC', 'DDD'])).toBe('CCC\nDDD');
  });

  it('exportFileName: the server-given name, else the fallback', () => {
    expect(exportFileName('attachment; filename="card-keys-2026-01-02.csv"', 'x.csv')).toBe(
      'card-keys-2026-01-02.csv',
    );
    expect(exportFileName(null, 'x.csv')).toBe('x.csv');
    expect(exportFileName('attachment; filename="../../etc"', 'x.csv')).toBe('x.csv');
  });
});
