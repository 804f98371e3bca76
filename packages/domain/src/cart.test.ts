import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartLineKey, findMatchingLine, sameCartLine, type CartLineIdentity } from './cart.ts';

const sku = (over: Partial<CartLineIdentity> = {}): CartLineIdentity => ({
  goods_id: 1,
  goods_sku_id: 10,
  face_value: '',
  spec_type: 1,
  recharge_type: 1,
  player_id: '',
  server_id: '',
  ...over,
});
const face = (over: Partial<CartLineIdentity> = {}): CartLineIdentity =>
  sku({ goods_sku_id: 0, face_value: 60, spec_type: 2, ...over });

describe('cart line matching (SPEC §4)', () => {
  it('matches SKU goods on goods_sku_id alone', () => {
    expect(sameCartLine(sku(), sku())).toBe(true);
    expect(sameCartLine(sku(), sku({ goods_sku_id: 11 }))).toBe(false);
    // face_value does not matter for spec_type 1
    expect(sameCartLine(sku({ face_value: 60 }), sku({ face_value: 300 }))).toBe(true);
  });

  it('matches face-value goods on goods_id and face_value', () => {
    expect(sameCartLine(face(), face())).toBe(true);
    expect(sameCartLine(face(), face({ face_value: 300 }))).toBe(false);
    expect(sameCartLine(face(), face({ goods_id: 2 }))).toBe(false);
    // goods_sku_id does not matter for spec_type 2
    expect(sameCartLine(face({ goods_sku_id: 5 }), face({ goods_sku_id: 6 }))).toBe(true);
  });

  it('also needs the same player and server for direct top-ups (recharge_type 2)', () => {
    const topup = (player_id: string, server_id: number | string) =>
      face({ recharge_type: 2, player_id, server_id });
    expect(sameCartLine(topup('P1', 3), topup('P1', 3))).toBe(true);
    expect(sameCartLine(topup('P1', 3), topup('P2', 3))).toBe(false);
    expect(sameCartLine(topup('P1', 3), topup('P1', 4))).toBe(false);
    expect(sameCartLine(topup('abc', 3), topup('ABC', 3))).toBe(false);
    // Other recharge types ignore player and server.
    expect(sameCartLine(face({ player_id: 'P1' }), face({ player_id: 'P2' }))).toBe(true);
  });

  it('reads numbers the same whether they come as numbers or strings (wire vs. rows)', () => {
    expect(cartLineKey(face({ face_value: '60', goods_id: '1', spec_type: '2' }))).toBe(cartLineKey(face()));
    expect(cartLineKey(sku({ goods_sku_id: '10' }))).toBe(cartLineKey(sku()));
    expect(cartLineKey(face({ recharge_type: 2, player_id: ' P1 ', server_id: '3' }))).toBe(
      cartLineKey(face({ recharge_type: 2, player_id: 'P1', server_id: 3 })),
    );
    // Not whole numbers never collide with whole ones.
    expect(sameCartLine(face({ face_value: '60.5' }), face({ face_value: 60 }))).toBe(false);
  });

  it('finds the line an item merges into', () => {
    const lines = [
      { ...sku(), id: 1 },
      { ...face(), id: 2 },
    ];
    expect(findMatchingLine(lines, face())?.id).toBe(2);
    expect(findMatchingLine(lines, face({ face_value: 980 }))).toBeUndefined();
  });

  // Client and server agree: the web matches on wire items (numbers and strings as typed, player
  // ids untrimmed), the API on rows (numbers, trimmed ids). Same key ⇔ same line, both ways.
  const wire = fc.record({
    goods_id: fc.integer({ min: 1, max: 5 }),
    goods_sku_id: fc.integer({ min: 0, max: 5 }),
    face_value: fc.constantFrom(0, 60, 300, 980),
    spec_type: fc.constantFrom(1, 2),
    recharge_type: fc.constantFrom(1, 2, 3),
    player_id: fc.constantFrom('', 'p1', 'P1', 'p2'),
    server_id: fc.integer({ min: 0, max: 3 }),
  });
  const asStrings = (l: CartLineIdentity): CartLineIdentity => ({
    goods_id: String(l.goods_id),
    goods_sku_id: String(l.goods_sku_id),
    face_value: String(l.face_value),
    spec_type: String(l.spec_type),
    recharge_type: String(l.recharge_type),
    player_id: ` ${l.player_id ?? ''} `,
    server_id: String(l.server_id),
  });

  it('property: matching is the spec rule, whatever the spelling', () => {
    fc.assert(
      fc.property(wire, wire, (a, b) => {
        const bySpec =
          (a.spec_type === 2 && b.spec_type === 2
            ? a.goods_id === b.goods_id && a.face_value === b.face_value
            : a.spec_type !== 2 && b.spec_type !== 2 && a.goods_sku_id === b.goods_sku_id) &&
          (a.recharge_type === 2) === (b.recharge_type === 2) &&
          (a.recharge_type !== 2 || (a.player_id === b.player_id && a.server_id === b.server_id));
        expect(sameCartLine(a, b)).toBe(bySpec);
        expect(sameCartLine(asStrings(a), b)).toBe(bySpec);
        expect(sameCartLine(a, asStrings(b))).toBe(bySpec);
      }),
      { numRuns: 2000 },
    );
  });
});
