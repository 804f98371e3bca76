import { PAYMENT_SWITCHES, type SiteConfig } from '@shop/contract/site-config';
import { CURRENCY_SYMBOL, type Currency } from '@shop/domain/locale';
import type { Database } from '../../db/database.ts';
import { DEFAULT_SETTINGS, type SettingKey } from './site.defaults.ts';
import { readSettings } from './site.repository.ts';

const KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

/** The site config of SPEC §3: texts as stored, the five payment switches (and sms) as numbers. */
export async function getSiteConfig(db: Database, currency: Currency): Promise<SiteConfig> {
  const stored = await readSettings(db, KEYS);
  const text = (key: SettingKey) => stored.get(key) ?? String(DEFAULT_SETTINGS[key]);
  const toggle = (key: SettingKey) => (Number(text(key)) === 1 ? 1 : 0);
  const switches = Object.fromEntries(PAYMENT_SWITCHES.map((k) => [k, toggle(k)])) as Pick<
    SiteConfig,
    (typeof PAYMENT_SWITCHES)[number]
  >;
  return {
    new_logo_url: text('new_logo_url'),
    copyright: text('copyright'),
    icp: text('icp'),
    customer_qrcode: text('customer_qrcode'),
    work_time: text('work_time'),
    sms: toggle('sms'),
    game_website_url: text('game_website_url'),
    ...switches,
    currency,
    currency_symbol: CURRENCY_SYMBOL[currency],
  };
}
