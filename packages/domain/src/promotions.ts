// Promotion codes and member levels (issue 31, decisions 070 and 071): the rules of a code's text,
// of whether a code may be used now by this buyer, and of which level a lifetime spend reaches.
// What a code or a level takes off is pricing.ts's priceLines, the one price computation.

/**
 * A code as it is looked up: upper case, spaces and dashes dropped, and the lookalikes folded
 * (O → 0, I and L → 1), so "welcome-10", "WELCOME10" and "WELC0ME1O" are the same code and no two
 * codes differ only by a lookalike.
 */
export function codeKey(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[\s\-_]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

export const CODE_MIN_LENGTH = 3;
export const CODE_MAX_LENGTH = 32;
const CODE_TEXT = /^[A-Z0-9]+$/;

/** The code as the shop shows it: upper case, spaces and dashes dropped (lookalikes kept as written). */
export function codeDisplay(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[\s\-_]+/g, '');
}

/** Whether a text can be a code: 3–32 letters and digits once spaces and dashes are dropped. */
export function isCodeText(input: string): boolean {
  const shown = codeDisplay(input);
  return shown.length >= CODE_MIN_LENGTH && shown.length <= CODE_MAX_LENGTH && CODE_TEXT.test(shown);
}

/** The letters generated codes are made of: no 0, O, 1, I or L, so none can be misread. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * A generated code: the prefix (as the operator wrote it, shown form) and `length` letters of
 * CODE_ALPHABET drawn by `random(n)` (an integer in [0, n), e.g. crypto.randomInt).
 */
export function generateCode(prefix: string, length: number, random: (n: number) => number): string {
  let code = codeDisplay(prefix);
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[random(CODE_ALPHABET.length)]!;
  return code;
}

/** A code's state beside its money terms. Times are epoch milliseconds; null: no bound. */
export type CouponState = {
  disabled: boolean;
  startsAt: number | null;
  endsAt: number | null;
  totalUses: number | null;
  usedCount: number;
  perUser: number | null;
  firstOrderOnly: boolean;
};

export type CouponStateProblem =
  | 'coupon_disabled'
  | 'coupon_not_started'
  | 'coupon_expired'
  | 'coupon_first_order'
  | 'coupon_used_by_you'
  | 'coupon_used_up';

/**
 * Why a code may not be used now by this buyer, or null. `usedByBuyer` counts the buyer's
 * redemptions held by unpaid orders or used by paid ones; `buyerHasPaidOrder` whether they ever
 * paid an order. The first problem in this order is given: disabled, not started, expired, first
 * order only, used by you, used up. The last two are checked again by the database when the order
 * is written (the count under the buyer's lock, the use by a conditional update).
 */
export function couponStateProblem(
  c: CouponState,
  ctx: { now: number; usedByBuyer: number; buyerHasPaidOrder: boolean },
): CouponStateProblem | null {
  if (c.disabled) return 'coupon_disabled';
  if (c.startsAt !== null && ctx.now < c.startsAt) return 'coupon_not_started';
  if (c.endsAt !== null && ctx.now >= c.endsAt) return 'coupon_expired';
  if (c.firstOrderOnly && ctx.buyerHasPaidOrder) return 'coupon_first_order';
  if (c.perUser !== null && ctx.usedByBuyer >= c.perUser) return 'coupon_used_by_you';
  if (c.totalUses !== null && c.usedCount >= c.totalUses) return 'coupon_used_up';
  return null;
}

/** A member level as the rules need it. */
export type LevelRow = { id: number; thresholdCny: number; discountBp: number };

/** The level a lifetime spend reaches: the highest threshold at most the spend; null: none. */
export function levelFor<L extends LevelRow>(levels: readonly L[], lifetimeSpendCny: number): L | null {
  let best: L | null = null;
  for (const level of levels)
    if (level.thresholdCny <= lifetimeSpendCny && (!best || level.thresholdCny > best.thresholdCny))
      best = level;
  return best;
}

/** The next level up: the lowest threshold above the spend; null: none. */
export function nextLevel<L extends LevelRow>(levels: readonly L[], lifetimeSpendCny: number): L | null {
  let next: L | null = null;
  for (const level of levels)
    if (level.thresholdCny > lifetimeSpendCny && (!next || level.thresholdCny < next.thresholdCny))
      next = level;
  return next;
}

/**
 * The level a buyer holds after a paid order (decision 070): levels only go up. A buyer keeps the
 * level they hold even when refunds bring their lifetime spend back under its threshold.
 */
export function raisedLevel<L extends LevelRow>(
  levels: readonly L[],
  currentLevelId: number | null,
  lifetimeSpendCny: number,
): L | null {
  const reached = levelFor(levels, lifetimeSpendCny);
  const current = levels.find((l) => l.id === currentLevelId) ?? null;
  if (!reached) return current;
  if (!current || reached.thresholdCny > current.thresholdCny) return reached;
  return current;
}

/** Basis points as a buyer reads a percent: 500 → "5", 250 → "2.5", 1234 → "12.34". */
export function percentText(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** A percent as an operator types it ("5", "2.5", "12.34") in basis points; undefined: not one. */
export function parsePercent(text: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : undefined;
}
