import { data } from 'react-router';

// SPEC §5: a route parameter that fails validation gives status 404.
const NUMERIC_ID = /^[1-9]\d{0,17}$/;
const ORDER_ID = /^[A-Za-z0-9]{6,40}$/;

export function isNumericId(value: string | undefined): value is string {
  return value !== undefined && NUMERIC_ID.test(value);
}

export function isOrderId(value: string | undefined): value is string {
  return value !== undefined && ORDER_ID.test(value);
}

/** Throws the 404 response the root error boundary renders as the not-found page. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** A positive integer id (kept as a string: ids may exceed Number.MAX_SAFE_INTEGER). */
export function requireNumericId(value: string | undefined): string {
  if (!isNumericId(value)) notFound();
  return value;
}

/** A public order number. */
export function requireOrderId(value: string | undefined): string {
  if (!isOrderId(value)) notFound();
  return value;
}
