// Type-only imports: the contract modules build zod schemas at load time (~25 kB gzip in the browser).
import type { LinkItem } from '@shop/contract/content';
import type { SiteConfig } from '@shop/contract/site-config';
import { CURRENCY_SYMBOL } from '@shop/domain/locale';
import { PAYMENT_SWITCHES } from '@shop/domain/payment';

export type { SiteConfig };
export { PAYMENT_SWITCHES };

export type FooterLink = LinkItem;

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

/** Only web links and site-relative paths: never `javascript:` or other schemes from data. */
export function isSafeHref(url: string): boolean {
  return /^(https?:\/\/|\/(?!\/))/i.test(url.trim());
}

/** The footer links worth showing: named, to a web address or a path of the shop. */
export function safeLinks(links: readonly FooterLink[]): FooterLink[] {
  return links.filter((link) => link.name && isSafeHref(link.url));
}
