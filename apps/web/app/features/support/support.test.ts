import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as contract from '@shop/contract/support';
import {
  canReply,
  counterTone,
  formatTimeAgo,
  NEW_TICKET_PATH,
  orderChoices,
  parseOid,
  parseSupportView,
  previewText,
  statusKey,
  TICKET_MESSAGE_MAX,
  TICKET_STATUSES,
  TICKET_SUBJECT_MAX,
  ticketTone,
  timeAgo,
  validateMessage,
  validateTicket,
} from './support';

const view = (query: string) => parseSupportView(new URLSearchParams(query));

describe('the contract', () => {
  it('validateTicket accepts exactly what the API accepts', () => {
    const text = (max: number) =>
      fc.oneof(
        fc.string({ maxLength: max + 5 }),
        fc.constantFrom('', ' ', '\n\t', ' a ', 'x'.repeat(max), ` ${'x'.repeat(max)} `, 'x'.repeat(max + 1)),
      );
    fc.assert(
      fc.property(text(TICKET_SUBJECT_MAX), text(TICKET_MESSAGE_MAX), (subject, body) => {
        const ours = Object.keys(validateTicket({ subject, body })).length === 0;
        expect(ours).toBe(contract.createTicketBody.safeParse({ subject, body }).success);
      }),
    );
  });

  it('parseOid accepts what the API accepts, upper-casing a pasted number', () => {
    expect(parseOid('2026ABCD1234')).toBe('2026ABCD1234');
    expect(parseOid(' 2026abcd1234 ')).toBe('2026ABCD1234');
    for (const bad of [null, '', 'ABC', 'AB-12345678', 'A'.repeat(33)]) expect(parseOid(bad)).toBeUndefined();
    const parsed = parseOid('AB12CD34')!;
    expect(contract.createTicketBody.safeParse({ subject: 's', body: 'b', oid: parsed }).success).toBe(true);
  });
});

describe('parseSupportView', () => {
  it('shows the list by default, with a status tab and a page', () => {
    expect(view('')).toEqual({ kind: 'list', tab: 'all', page: 1 });
    expect(view('status=answered&page=3')).toEqual({ kind: 'list', tab: 'answered', page: 3 });
    expect(view('status=deleted&page=-1')).toEqual({ kind: 'list', tab: 'all', page: 1 });
  });

  it('opens the form for ?new and for ?oid, prefilled only with a valid order number', () => {
    expect(view('new=1')).toEqual({ kind: 'new', oid: undefined });
    expect(view('oid=2026ABCD1234')).toEqual({ kind: 'new', oid: '2026ABCD1234' });
    expect(view('oid=nope')).toEqual({ kind: 'new', oid: undefined });
  });

  it('a ticket id wins over everything else; an impossible id is a thread that will not be found', () => {
    expect(view('ticket=12&new=1&status=open')).toEqual({ kind: 'ticket', id: 12 });
    expect(view('ticket=abc')).toEqual({ kind: 'ticket', id: 0 });
    expect(view('ticket=99999999999999999')).toEqual({ kind: 'ticket', id: 0 });
  });

  it('links back to the form it parses', () => {
    expect(view(NEW_TICKET_PATH('2026ABCD1234').split('?')[1]!)).toEqual({
      kind: 'new',
      oid: '2026ABCD1234',
    });
    expect(view(NEW_TICKET_PATH().split('?')[1]!)).toEqual({ kind: 'new', oid: undefined });
  });
});

describe('validateTicket', () => {
  it('names each empty field', () => {
    expect(validateTicket({ subject: '  ', body: '\n' })).toEqual({
      subject: { key: 'support.errors.subjectRequired' },
      body: { key: 'support.errors.messageRequired' },
    });
  });

  it('counts the trimmed text, up to the limit inclusive', () => {
    expect(validateTicket({ subject: ` ${'a'.repeat(TICKET_SUBJECT_MAX)} `, body: 'b' })).toEqual({});
    expect(validateTicket({ subject: 'a'.repeat(TICKET_SUBJECT_MAX + 1), body: 'b' })).toEqual({
      subject: { key: 'support.errors.subjectTooLong', values: { max: TICKET_SUBJECT_MAX } },
    });
    expect(validateMessage('m'.repeat(TICKET_MESSAGE_MAX))).toBeUndefined();
    expect(validateMessage('m'.repeat(TICKET_MESSAGE_MAX + 1))).toEqual({
      key: 'support.errors.messageTooLong',
      values: { max: TICKET_MESSAGE_MAX },
    });
  });
});

describe('counterTone', () => {
  it('warns in the last tenth and errs past the limit', () => {
    expect(counterTone(0, 120)).toBe('ok');
    expect(counterTone(107, 120)).toBe('ok');
    expect(counterTone(108, 120)).toBe('near');
    expect(counterTone(120, 120)).toBe('near');
    expect(counterTone(121, 120)).toBe('over');
  });
});

describe('status', () => {
  it('has a distinct colour and a label key per status, and only a closed ticket refuses replies', () => {
    expect(TICKET_STATUSES.map(ticketTone)).toEqual(['info', 'success', 'muted']);
    expect(TICKET_STATUSES.map(statusKey)).toEqual([
      'support.status.open',
      'support.status.answered',
      'support.status.closed',
    ]);
    expect(TICKET_STATUSES.map(canReply)).toEqual([true, true, false]);
  });
});

describe('previewText', () => {
  it('puts a message on one line', () => {
    expect(previewText('  Hello,\n\n  the key\tdoes not work  ')).toBe('Hello, the key does not work');
  });
});

describe('times', () => {
  const now = Date.UTC(2026, 10, 21, 6, 3); // 14:03 in the shop's zone (UTC+8)
  const ago = (ms: number) => now - ms;
  const MIN = 60_000;

  it('buckets into now, minutes, hours and days, then a date after a week', () => {
    expect(timeAgo(ago(59_999), now)).toEqual({ kind: 'now' });
    expect(timeAgo(now + 5_000, now)).toEqual({ kind: 'now' });
    expect(timeAgo(ago(MIN), now)).toEqual({ kind: 'relative', value: 1, unit: 'minute' });
    expect(timeAgo(ago(59 * MIN), now)).toEqual({ kind: 'relative', value: 59, unit: 'minute' });
    expect(timeAgo(ago(60 * MIN), now)).toEqual({ kind: 'relative', value: 1, unit: 'hour' });
    expect(timeAgo(ago(24 * 60 * MIN), now)).toEqual({ kind: 'relative', value: 1, unit: 'day' });
    expect(timeAgo(ago(7 * 24 * 60 * MIN - 1), now)).toEqual({ kind: 'relative', value: 6, unit: 'day' });
    expect(timeAgo(ago(7 * 24 * 60 * MIN), now)).toEqual({ kind: 'absolute' });
  });

  it('reads naturally in both languages', () => {
    expect(formatTimeAgo(ago(10_000), now, 'en', 'just now')).toBe('just now');
    expect(formatTimeAgo(ago(3 * MIN), now, 'en', 'just now')).toBe('3 minutes ago');
    expect(formatTimeAgo(ago(3 * MIN), now, 'zh-CN', '刚刚')).toBe('3分钟前');
    expect(formatTimeAgo(ago(26 * 60 * MIN), now, 'en', '')).toBe('yesterday');
    expect(formatTimeAgo(ago(26 * 60 * MIN), now, 'zh-CN', '')).toBe('昨天');
    expect(formatTimeAgo(ago(30 * 24 * 60 * MIN), now, 'en', '')).toMatch(/^Oct 22, 2026, 2:03\sPM$/);
  });
});

describe('orderChoices', () => {
  const orders = [
    { oid: 'AAAA1111', items: [{ goods_name: 'Card' }, { goods_name: 'Gem' }] },
    { oid: 'BBBB2222', items: [{ goods_name: 'Skin' }] },
  ];

  it('lists the recent orders with their first goods and how many more', () => {
    expect(orderChoices(orders, undefined)).toEqual([
      { oid: 'AAAA1111', name: 'Card', more: 1 },
      { oid: 'BBBB2222', name: 'Skin', more: 0 },
    ]);
  });

  it('puts an older order from the URL first, and does not repeat a recent one', () => {
    expect(orderChoices(orders, 'CCCC3333')[0]).toEqual({ oid: 'CCCC3333', name: '', more: 0 });
    expect(orderChoices(orders, 'BBBB2222')).toHaveLength(2);
  });
});
