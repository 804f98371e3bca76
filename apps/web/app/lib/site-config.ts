// Type-only import: the contract module builds zod schemas at load time (~25 kB gzip in the browser).
import type { SiteConfig } from '@shop/contract/site-config';
import { CURRENCY_SYMBOL, parseCurrency } from '@shop/domain/locale';
import { PAYMENT_SWITCHES } from '@shop/domain/payment';

export type { SiteConfig };
export { PAYMENT_SWITCHES };

export interface FooterLink {
  id: number;
  name: string;
  url: string;
}

/** SPEC §3: empty texts, switches off, currency symbol ¥ until the config arrives. */
export const DEFAULT_SITE_CONFIG: SiteConfig = {
  new_logo_url: '',
  copyright: '',
  icp: '',
  customer_qrcode: '',
  work_time: '',
  sms: 0,
  game_website_url: '',
  balance_alipay_switch: 0,
  balance_wechat_switch: 0,
  order_alipay_switch: 0,
  order_balance_switch: 0,
  order_wechat_switch: 0,
  currency: 'CNY',
  currency_symbol: CURRENCY_SYMBOL.CNY,
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Any value to 0/1: the API may send numbers, numeric strings or booleans (SPEC §3: "converted to a number"). */
function flag(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? 1 : 0;
}

/** Lenient reading of GET /api/front/app/config data: never throws, fills defaults. */
export function normaliseSiteConfig(raw: unknown): SiteConfig {
  const source = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const currency = parseCurrency(source.currency);
  const config: SiteConfig = {
    ...DEFAULT_SITE_CONFIG,
    new_logo_url: text(source.new_logo_url),
    copyright: text(source.copyright),
    icp: text(source.icp),
    customer_qrcode: text(source.customer_qrcode),
    work_time: text(source.work_time),
    sms: flag(source.sms),
    game_website_url: text(source.game_website_url),
    currency,
    currency_symbol:
      text(source.currency_symbol) || CURRENCY_SYMBOL[currency] || DEFAULT_SITE_CONFIG.currency_symbol,
  };
  for (const key of PAYMENT_SWITCHES) config[key] = flag(source[key]);
  return config;
}

/** Only web links and site-relative paths: never `javascript:` or other schemes from data. */
export function isSafeHref(url: string): boolean {
  return /^(https?:\/\/|\/(?!\/))/i.test(url.trim());
}

/** GET /api/front/link/list data: keep well-formed entries only. */
export function normaliseLinks(raw: unknown): FooterLink[] {
  if (!Array.isArray(raw)) return [];
  const links: FooterLink[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, name, url } = item as Record<string, unknown>;
    if (typeof name !== 'string' || !name || typeof url !== 'string' || !isSafeHref(url)) continue;
    links.push({ id: Number(id) || links.length + 1, name, url });
  }
  return links;
}
