import { describe, expect, it } from 'vitest';
import { isDay, isFiltered, parseLedgerParams } from './ledger';
import { amountDirection, orderRef, signedAmount } from './ledger-entry';

describe('ledger parameters', () => {
  it('reads the type, the days and the page', () => {
    expect(
      parseLedgerParams(new URLSearchParams('type=order_payment&from=2026-11-01&to=2026-11-21&page=2')),
    ).toEqual({ type: 'order_payment', from: '2026-11-01', to: '2026-11-21', page: 2 });
  });

  it('drops unknown types and days that are not real dates', () => {
    expect(parseLedgerParams(new URLSearchParams('type=income&from=2026-02-30&to=21/11/2026'))).toEqual({
      type: undefined,
      from: undefined,
      to: undefined,
      page: 1,
    });
  });

  it('swaps days given the wrong way round', () => {
    const filter = parseLedgerParams(new URLSearchParams('from=2026-11-21&to=2026-11-01'));
    expect([filter.from, filter.to]).toEqual(['2026-11-01', '2026-11-21']);
  });

  it('knows when a filter is set', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ type: 'refund' })).toBe(true);
    expect(isFiltered({ to: '2026-11-21' })).toBe(true);
  });

  it('isDay accepts real calendar days only', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
    expect(isDay('')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

describe('amounts', () => {
  it('tells money in from money out by the sign', () => {
    expect(amountDirection('500.00')).toBe('in');
    expect(amountDirection('-98.00')).toBe('out');
    expect(amountDirection('0.00')).toBe('none');
    expect(amountDirection('-0.00')).toBe('none');
    expect(amountDirection('0.01')).toBe('in');
  });

  it('writes an explicit sign (a real minus) before the symbol', () => {
    expect(signedAmount('500.00', '¥')).toBe('+¥500.00');
    expect(signedAmount('-98.00', '¥')).toBe('\u2212¥98.00');
    expect(signedAmount('0.00', '¥')).toBe('¥0.00');
    expect(signedAmount('-98.00')).toBe('\u221298.00');
    expect(signedAmount('-12345.00', '¥')).toBe('\u2212¥12,345.00');
    expect(signedAmount('1000000.50', '¥')).toBe('+¥1,000,000.50');
  });
});

describe('orderRef', () => {
  it('links payments and refunds to their order', () => {
    expect(orderRef({ type: 'order_payment', ref: '20261121812010604450' })).toBe('20261121812010604450');
    expect(orderRef({ type: 'refund', ref: '20261121812010604450' })).toBe('20261121812010604450');
  });

  it('leaves other entries and empty or odd refs unlinked', () => {
    expect(orderRef({ type: 'opening', ref: '' })).toBeUndefined();
    expect(orderRef({ type: 'recharge', ref: 'R20261121000001' })).toBeUndefined();
    expect(orderRef({ type: 'order_payment', ref: '' })).toBeUndefined();
    expect(orderRef({ type: 'order_payment', ref: '../x' })).toBeUndefined();
  });
});
