import { describe, expect, it } from 'vitest';
import {
  allCardsHref,
  CARD_MASK,
  cardView,
  copyAllText,
  copySecret,
  type DeliveredCard,
  exportFileName,
  groupByOrder,
  groupCards,
  instructionBlocks,
  noCardsReason,
  orderSecrets,
  parseAllCardsParams,
  parseCardsParams,
} from './card-keys';
import { cardsDelivered, hasCardItems } from '../order';
import type { Order } from '../../lib/order';

const card = (id: number, oid: string, order_keys: number, goods_name = 'Gift card'): DeliveredCard => ({
  id,
  oid,
  goods_name,
  spec: '¥100',
  instructions: `Use ${goods_name}.`,
  revealed: false,
  list_price: '100.00',
  paid_price: '100.00',
  currency: 'CNY',
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

describe('card keys', () => {
  const item = (recharge_type: number) => ({ recharge_type }) as Order['items'][number];
  const card = (
    id: number,
    goods_name: string,
    instructions = 'Use it.',
    revealed = false,
  ): DeliveredCard => ({
    id,
    oid: 'P2026000001',
    goods_name,
    spec: '¥100',
    instructions,
    revealed,
    list_price: '100.00',
    paid_price: '100.00',
    currency: 'CNY',
    delivered_at: 1000,
    order_keys: 3,
  });

  it('parseCardsParams: no order number, one the API would refuse, or an order and its page', () => {
    const parse = (q: string) => parseCardsParams(new URLSearchParams(q));
    expect(parse('')).toEqual({ kind: 'missing' });
    expect(parse('oid=%20%20')).toEqual({ kind: 'missing' });
    expect(parse('oid=abc')).toEqual({ kind: 'invalid' });
    expect(parse('oid=12345678901234567890123456789012X')).toEqual({ kind: 'invalid' });
    expect(parse('oid=2026-1121')).toEqual({ kind: 'invalid' });
    expect(parse('oid=20261121ab12&page=3')).toEqual({ kind: 'order', oid: '20261121AB12', page: 3 });
    expect(parse('oid=20261121000001&page=-1')).toEqual({ kind: 'order', oid: '20261121000001', page: 1 });
  });

  it('keys are delivered to a paid order with card lines, mixed ones included, never before paying', () => {
    const order = (status: Order['status'], types: number[], paid_at: number | null = 1) => ({
      status,
      paid_at,
      items: types.map(item),
    });
    expect(hasCardItems(order('completed', [2, 1]))).toBe(true);
    expect(hasCardItems(order('completed', [2, 3]))).toBe(false);
    expect(cardsDelivered(order('completed', [1]))).toBe(true);
    expect(cardsDelivered(order('delivering', [1, 2]))).toBe(true);
    expect(cardsDelivered(order('completed', [2]))).toBe(false);
    expect(cardsDelivered(order('pending_payment', [1], null))).toBe(false);
    expect(cardsDelivered(order('cancelled', [1], null))).toBe(false);
  });

  it('noCardsReason says why an order shows no keys', () => {
    expect(noCardsReason({ status: 'completed', items: [item(2)] })).toBe('notCards');
    expect(noCardsReason({ status: 'pending_payment', items: [item(1)] })).toBe('unpaid');
    expect(noCardsReason({ status: 'cancelled', items: [item(1)] })).toBe('cancelled');
    expect(noCardsReason({ status: 'completed', items: [item(1)] })).toBe('notYet');
  });

  it('groupCards keeps the goods in first-seen order and every key once', () => {
    const cards = [card(1, 'A'), card(2, 'B'), card(3, 'A'), card(4, 'A', 'Other text')];
    const groups = groupCards(cards);
    expect(groups.map((g) => [g.goodsName, g.cards.map((c) => c.id)])).toEqual([
      ['A', [1, 3]],
      ['B', [2]],
      ['A', [4]],
    ]);
    expect(groups.flatMap((g) => g.cards)).toHaveLength(cards.length);
    expect(groupCards([])).toEqual([]);
  });

  it('instructionBlocks: numbered lines become a list, other text keeps its line breaks', () => {
    expect(instructionBlocks('1. Copy the code.\n2. Open the app.\n3. Paste it.')).toEqual([
      { kind: 'steps', items: ['Copy the code.', 'Open the app.', 'Paste it.'] },
    ]);
    expect(instructionBlocks('1、复制卡密\r\n2．打开客户端')).toEqual([
      { kind: 'steps', items: ['复制卡密', '打开客户端'] },
    ]);
    expect(instructionBlocks('Line one\nLine two\n\n  \nNext paragraph')).toEqual([
      { kind: 'text', text: 'Line one\nLine two' },
      { kind: 'text', text: 'Next paragraph' },
    ]);
    // A line under a step continues it; text after a blank line starts afresh.
    expect(instructionBlocks('Before:\n1. Step\n   more of it\n\nAfter')).toEqual([
      { kind: 'text', text: 'Before:' },
      { kind: 'steps', items: ['Step\nmore of it'] },
      { kind: 'text', text: 'After' },
    ]);
    // "3.5 GB" is not a step; an empty text has no blocks.
    expect(instructionBlocks('3.5 GB free space')).toEqual([{ kind: 'text', text: '3.5 GB free space' }]);
    expect(instructionBlocks(' \n ')).toEqual([]);
  });

  it('cardView masks a key until its secret is known, then shows it and marks it revealed', () => {
    expect(cardView({ revealed: false }, undefined)).toEqual({
      text: CARD_MASK,
      shown: false,
      revealed: false,
    });
    expect(cardView({ revealed: true }, undefined)).toEqual({
      text: CARD_MASK,
      shown: false,
      revealed: true,
    });
    expect(cardView({ revealed: false }, 'DEMO-1')).toEqual({ text: 'DEMO-1', shown: true, revealed: true });
    expect(CARD_MASK).not.toMatch(/[0-9A-Za-z]/);
  });

  it('copySecret uses the clipboard, else selects the text and tries the copy command', async () => {
    const written: string[] = [];
    let selected = 0;
    const clipboard = { writeText: async (text: string) => void written.push(text) };
    const select = (result: boolean) => () => (selected++, result);
    await expect(copySecret('K-1', { clipboard, selectAndCopy: select(true) })).resolves.toBe('copied');
    expect(written).toEqual(['K-1']);
    expect(selected).toBe(0);

    const refusing = { writeText: () => Promise.reject(new Error('NotAllowedError')) };
    await expect(copySecret('K-2', { clipboard: refusing, selectAndCopy: select(true) })).resolves.toBe(
      'copied',
    );
    await expect(copySecret('K-3', { clipboard: undefined, selectAndCopy: select(false) })).resolves.toBe(
      'selected',
    );
    const throwing = () => {
      throw new Error('no document');
    };
    await expect(copySecret('K-4', { selectAndCopy: throwing })).resolves.toBe('selected');
    expect(selected).toBe(2);
  });
});
