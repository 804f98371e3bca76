// Business constants of SPEC §9, in one place so the web and the API agree.
export const CART_MODE = 'PAGE' as const;
export const DEFAULT_CART_QUANTITY = 1;
/** Pop-up message (toast) duration. */
export const MESSAGE_DURATION_MS = 3000;
/** Notification duration, position and gap. */
export const NOTIFICATION_DURATION_MS = 4500;
export const NOTIFICATION_POSITION = 'top-right' as const;
export const NOTIFICATION_OFFSET_PX = 16;
/** Badges show `max+` above this. */
export const BADGE_MAX = 99;
export const LANGUAGE_COOKIE = 'language';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/**
 * The buyer's token, copied from localStorage so the server can render an order's pages for them
 * (decision 049). Only server renders of pages read it; the API takes the Authorization header only.
 */
export const SESSION_COOKIE = 'session';
/** Written again on every visit; the API decides whether the token is still live. */
export const SESSION_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** A failed lazy chunk reloads the page at most once in this window. */
export const RELOAD_GUARD_MS = 10_000;
/** Base z-index of overlays (dialogs, panels, toasts). */
export const Z_INDEX_BASE = 2000;
/** Largest quantity one cart line may hold (the cart and the goods page clamp to it, and to stock). */
export const MAX_LINE_QUANTITY = 99;
/** Longest player id a direct top-up accepts (API schema and the forms). */
export const PLAYER_ID_MAX_LENGTH = 64;
