import { LINK_PATTERN } from '../link.ts';

// Bounds of the console's content and settings (issue 14), zod-free so the console's forms check
// the same numbers before sending. Text bounds are the columns' sizes (migrations 0001, 0002);
// settings bounds are what a shop can sensibly run with.

/** Unpaid orders are cancelled after this many minutes (ORDER_TIMEOUT_MINUTES is the default). */
export const ORDER_TIMEOUT_BOUNDS = { min: 5, max: 24 * 60 } as const;
/** Sent messages, finished jobs, old tokens are deleted after this many days (RETENTION_DAYS). */
export const RETENTION_DAYS_BOUNDS = { min: 1, max: 3650 } as const;
/** Captchas and codes are deleted this many hours after they expire (RETENTION_CODES_HOURS). */
export const RETENTION_CODES_HOURS_BOUNDS = { min: 0, max: 24 * 365 } as const;
/**
 * USD per CNY. Far outside this band is a typo (7.2 is the rate the other way round); the
 * pricing rule itself needs at most 1 (decision 031).
 */
export const EXCHANGE_RATE_BOUNDS = { min: '0.05', max: '0.5' } as const;
/** A rate as typed: up to 6 decimal places (what parseRate keeps). */
export const EXCHANGE_RATE_PATTERN = /^\d{1,2}(\.\d{1,6})?$/;

/**
 * A picture or link: a web address or a path of the shop (never `javascript:`, `//host`, `/\\host`
 * or an encoded form of them): the one rule of every stored link (../link.ts, issue 29).
 */
export const HREF_PATTERN = LINK_PATTERN;

/** Goods a home section or a zone may hold (a zone page shows at most 100). */
export const MODULE_GOODS_MAX = 200;
export const ZONE_GOODS_MAX = 100;
/** Rows one reorder may renumber. */
export const REORDER_MAX = 200;

export const CONTENT_TEXT_MAX = {
  title: 200,
  subtitle: 300,
  summary: 500,
  // Every request field refuses 10,000 characters (request-fields.ts): a help page fits in 8,000.
  content: 8_000,
  image: 300,
  link: 300,
  linkName: 100,
  linkUrl: 500,
  position: 32,
} as const;

export const SITE_TEXT_MAX = {
  new_logo_url: 300,
  copyright: 200,
  icp: 100,
  customer_qrcode: 300,
  work_time: 100,
  game_website_url: 300,
} as const;

export const ARTICLE_TYPES = ['help', 'news'] as const;
export const MODULE_STYLES = ['grid', 'row'] as const;
