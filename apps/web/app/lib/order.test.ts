import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@shop/domain/order';
import {
  CARD_MASK,
  cardsDelivered,
  cardView,
  copySecret,
  groupCards,
  hasCardItems,
  instructionBlocks,
  noCardsReason,
  parseCardsParams,
  type DeliveredCard,
  balanceCovers,
  checkoutLineIds,
  checkoutMethods,
  formatCountdown,
  formatDateTime,
  formatRate,
  IDEMPOTENCY_KEY_PATTERN,
  itemsSummary,
  newIdempotencyKey,
  ORDER_TABS,
  parseOrderListParams,
  secondsLeft,
  statusTone,
  type Order,
} from './order';

const switches = (balance: number, alipay: number, wechat: number) => ({
  order_balance_switch: balance,
  order_alipay_switch: alipay,
  order_wechat_switch: wechat,
});

describe('order list parameters', () => {
  it('reads a known status tab and the page', () => {
    expect(parseOrderListParams(new URLSearchParams('status=paid&page=3'))).toEqual({ tab: 'paid', page: 3 });
  });

  it('falls back to all and page 1 for anything else', () => {
    for (const query of ['', 'status=all', 'status=PAID', 'status=failed&page=0', 'status=x&page=-2']) {
      expect(parseOrderListParams(new URLSearchParams(query))).toEqual({ tab: 'all', page: 1 });
    }
  });

  it('every tab but all is a real order status', () => {
    for (const tab of ORDER_TABS.filter((t) => t !== 'all'))
      expect(ORDER_STATUSES as readonly string[]).toContain(tab);
  });
});

describe('statusTone', () => {
  it('gives every status a tone, waiting and failure apart from the rest', () => {
    expect(ORDER_STATUSES.map(statusTone)).toEqual([
      'warning',
      'info',
      'info',
      'success',
      'muted',
      'danger',
      'muted',
    ]);
  });
});

describe('checkout methods', () => {
  it('offers every method whose switch is on, balance first', () => {
    expect(checkoutMethods(switches(1, 1, 1))).toEqual(['balance', 'alipay', 'wechat']);
  });

  it('hides a method whose switch is off', () => {
    expect(checkoutMethods(switches(0, 1, 0))).toEqual(['alipay']);
    expect(checkoutMethods(switches(1, 0, 1))).toEqual(['balance', 'wechat']);
  });

  it('offers nothing when every switch is off, and only 1 counts as on', () => {
    expect(checkoutMethods(switches(0, 0, 0))).toEqual([]);
    expect(checkoutMethods(switches(2, -1, 0))).toEqual([]);
  });
});

describe('balanceCovers', () => {
  it('compares in fen, without floating point', () => {
    expect(balanceCovers('500.00', '500.00')).toBe(true);
    expect(balanceCovers('500.00', '500.01')).toBe(false);
    // 0.1 + 0.2 style traps: 0.30 is exactly 30 fen.
    expect(balanceCovers('0.30', '0.3')).toBe(true);
    expect(balanceCovers('1990.00', '199.00')).toBe(true);
  });

  it('is undefined when an amount is not a decimal', () => {
    expect(balanceCovers('', '1.00')).toBeUndefined();
    expect(balanceCovers('1.00', 'abc')).toBeUndefined();
  });
});

describe('countdown', () => {
  it('rounds the seconds left up and stops at zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 99_000)).toBe(0);
  });

  it('formats mm:ss, and h:mm:ss from an hour on', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(905)).toBe('15:05');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });
});

describe('newIdempotencyKey', () => {
  it('is accepted by the API and new every time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it('works without randomUUID (older browsers, plain http)', () => {
    let calls = 0;
    const key = newIdempotencyKey({
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
        calls++;
        if (array instanceof Uint8Array) array.fill(171);
        return array;
      },
    });
    expect(calls).toBe(1);
    expect(key).toBe(`web-${'ab'.repeat(16)}`);
    expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });
});

describe('checkoutLineIds', () => {
  it('orders only the lines the cart counts', () => {
    expect(
      checkoutLineIds([
        { id: 3, available: true },
        { id: 4, available: false },
        { id: 9, available: true },
      ]),
    ).toEqual([3, 9]);
    expect(checkoutLineIds([{ id: 4, available: false }])).toEqual([]);
  });
});

describe('formatting', () => {
  it('formatRate drops trailing zeros only', () => {
    expect(formatRate('0.138000')).toBe('0.138');
    expect(formatRate('1.000000')).toBe('1');
    expect(formatRate('7.100000')).toBe('7.1');
    expect(formatRate('10')).toBe('10');
    expect(formatRate('n/a')).toBe('n/a');
  });

  it('formatDateTime shows the time in the shop’s zone (UTC+8), whatever the machine’s', () => {
    const at = Date.UTC(2026, 10, 21, 16, 30); // 00:30 on the 22nd in Shanghai
    expect(formatDateTime(at, 'zh-CN')).toMatch(/2026.*11.*22.*00:30/);
    expect(formatDateTime(at, 'en')).toMatch(/Nov 22, 2026.*12:30\sAM/);
  });

  it('itemsSummary names the first goods and counts the other lines', () => {
    const items = [{ goods_name: 'A' }, { goods_name: 'B' }, { goods_name: 'C' }] as Order['items'];
    expect(itemsSummary(items)).toEqual({ first: 'A', more: 2 });
    expect(itemsSummary([])).toEqual({ first: '', more: 0 });
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
