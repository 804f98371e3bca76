// The promotions feature's public face (issue 31): the code field, the discount lines, quantity
// tiers and the member level, and the two promotion calls. Used by cart, order, goods, account,
// wallet and card-keys; it imports none of them. Other features import from here, never a deeper
// file (the member level is a default export for a lazy import: see account/user-center-page.tsx).
export { CouponField, type CouponState } from './coupon-field';
export { DiscountRows } from './price-breakdown';
export { TierList } from './tier-list';
export { promotionsApi, type QuoteBody } from './promotions-api';
export { differs, hasDiscounts, isPositive, tierAt, type Discounts, type PriceTier } from './promotions';
export { LazyMemberLevel } from './member-level-lazy';
