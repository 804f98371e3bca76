import { describe, expect, it } from 'vitest';
import { isRouteErrorResponse } from 'react-router';
import { isNumericId, isOrderId, requireNumericId, requireOrderId } from './params';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

describe('route parameter validation (SPEC §5)', () => {
  it.each(['1', '42', '999999999999999999'])('accepts the id %s', (id) => {
    expect(isNumericId(id)).toBe(true);
    expect(requireNumericId(id)).toBe(id);
  });

  it.each([undefined, '', '0', '01', '-1', '1.5', 'abc', '1e3', ' 1', '1234567890123456789'])(
    'rejects the id %j with a 404',
    (id) => {
      expect(isNumericId(id)).toBe(false);
      const error = thrown(() => requireNumericId(id));
      // data(null, { status: 404 }) is a DataWithResponseInit; React Router turns it into a 404 response.
      expect(error).toMatchObject({ type: 'DataWithResponseInit', init: { status: 404 } });
    },
  );

  it.each(['ABC123', 'o2025112100000001', 'a'.repeat(40)])('accepts the order number %s', (oid) => {
    expect(isOrderId(oid)).toBe(true);
    expect(requireOrderId(oid)).toBe(oid);
  });

  it.each([undefined, 'abc12', 'a'.repeat(41), 'ABC-123', 'ABC 123', '订单123456'])(
    'rejects the order number %j with a 404',
    (oid) => {
      expect(isOrderId(oid)).toBe(false);
      const error = thrown(() => requireOrderId(oid));
      expect(isRouteErrorResponse(error)).toBe(false);
      expect(error).toMatchObject({ init: { status: 404 } });
    },
  );
});
