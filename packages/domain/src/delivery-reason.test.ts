import { describe, expect, it } from 'vitest';
import { DELIVERY_FAILURE_CODES, deliveryFailureText, isDeliveryFailureCode } from './delivery-reason.ts';

describe('delivery failure reasons', () => {
  it('has a distinct text in each language for every code', () => {
    for (const locale of ['zh-CN', 'en'] as const) {
      const texts = DELIVERY_FAILURE_CODES.map((code) => deliveryFailureText(code, locale));
      expect(new Set(texts).size).toBe(texts.length);
      for (const text of texts) expect(text.length).toBeGreaterThan(5);
    }
    expect(deliveryFailureText('out_of_stock', 'zh-CN')).toMatch(/[\u4e00-\u9fff]/);
    expect(deliveryFailureText('out_of_stock', 'en')).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('recognises only its own codes', () => {
    expect(isDeliveryFailureCode('account_banned')).toBe(true);
    for (const other of ['', 'banned', null, undefined, 3, 'toString'])
      expect(isDeliveryFailureCode(other)).toBe(false);
  });
});
