import { describe, expect, it } from 'vitest';
import { parseOptionalId, parsePage, parseSort, SORTS, withParams } from './catalog-params';

describe('parseSort', () => {
  it.each(SORTS)('accepts %s', (sort) => expect(parseSort(sort)).toBe(sort));
  it.each([null, undefined, '', 'price', 'PRICE_ASC', 'sales ', '__proto__', 'toString'])(
    'falls back to default for %j',
    (value) => expect(parseSort(value)).toBe('default'),
  );
});

describe('parsePage', () => {
  it.each([
    ['1', 1],
    ['7', 7],
    ['10000', 10000],
  ])('reads %s', (value, page) => expect(parsePage(value)).toBe(page));
  it.each([null, '', '0', '-1', '1.5', 'abc', '1e3', '10001', '99999999', ' 2'])(
    'falls back to 1 for %j',
    (value) => expect(parsePage(value)).toBe(1),
  );
});

describe('parseOptionalId', () => {
  it('reads positive safe integers', () => {
    expect(parseOptionalId('12')).toBe(12);
    expect(parseOptionalId('9007199254740991')).toBe(9007199254740991);
  });
  it.each([null, '', '0', '012', '-3', '1.0', 'x', '9007199254740993', '12345678901234567'])(
    'ignores %j',
    (value) => expect(parseOptionalId(value)).toBeUndefined(),
  );
});

describe('withParams', () => {
  it('changes one parameter and keeps the others', () => {
    expect(withParams('?keyword=%E5%8E%9F&page=2', { page: 3 })).toBe('?keyword=%E5%8E%9F&page=3');
  });
  it('drops defaults and undefined values', () => {
    expect(withParams('?sort=sales&page=4', { page: 1 })).toBe('?sort=sales');
    expect(withParams('?sort=sales&page=4', { sort: 'default', page: undefined })).toBe('?');
    expect(withParams('', { category_id: 5 })).toBe('?category_id=5');
  });
});
