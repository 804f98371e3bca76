import {
  ORDER_TIMEOUT_BOUNDS,
  RETENTION_CODES_HOURS_BOUNDS,
  RETENTION_DAYS_BOUNDS,
} from '@shop/contract/admin/content.limits';
import type { SiteConfig } from '@shop/contract/site-config';
import { PAYMENT_SWITCHES } from '@shop/domain/payment';
import { CURRENCY_SYMBOL, type Currency } from '@shop/domain/locale';
import type { Database } from '../../db/database.ts';
import {
  DEFAULT_SETTINGS,
  type EnvDefaultedSetting,
  type SettingKey,
  type StoredSettingKey,
} from './site.defaults.ts';
import { readAllSettings, writeSettings } from './site.repository.ts';

/**
 * Settings are read by every page (site config) and every priced response (exchange rate) and
 * change rarely, so each process keeps them for a few seconds (decision 008). A write through this
 * service clears the copy at once here; other processes see the change within the TTL.
 */
export const SITE_CONFIG_TTL_MS = 5_000;
type Cached = { expires: number; byCurrency: Map<Currency, SiteConfig>; stored: Map<string, string> };
const cache = new WeakMap<Database, Cached>();

async function cachedSettings(db: Database): Promise<Cached> {
  let entry = cache.get(db);
  if (!entry || entry.expires <= Date.now()) {
    entry = {
      expires: Date.now() + SITE_CONFIG_TTL_MS,
      byCurrency: new Map(),
      stored: await readAllSettings(db),
    };
    cache.set(db, entry);
  }
  return entry;
}

/** One setting's stored text (cached like the site config). */
export async function getSetting(db: Database, key: string): Promise<string | undefined> {
  return (await cachedSettings(db)).stored.get(key);
}

/** Whether one of the SPEC §3 payment switches is on (a switch never stored counts as on). */
export async function switchIsOn(db: Database, key: SettingKey): Promise<boolean> {
  const value = await getSetting(db, key);
  return value === undefined || Number(value) === 1;
}

/** The site config of SPEC §3: texts as stored, the five payment switches (and sms) as numbers. */
export async function getSiteConfig(db: Database, currency: Currency): Promise<SiteConfig> {
  const entry = await cachedSettings(db);
  let config = entry.byCurrency.get(currency);
  if (!config) {
    config = toSiteConfig(entry.stored, currency);
    entry.byCurrency.set(currency, config);
  }
  return config;
}

/**
 * A whole-number setting an operator may change in the console (issue 14): the stored value when
 * it is a whole number within `bounds`, else `fallback` (the env value, the default until set).
 */
export async function wholeSetting(
  db: Database,
  key: EnvDefaultedSetting,
  fallback: number,
  bounds: { min: number; max: number },
): Promise<number> {
  return wholeValue(await getSetting(db, key), fallback, bounds);
}

/** A stored whole number within `bounds`, else `fallback`. */
export function wholeValue(
  stored: string | undefined,
  fallback: number,
  bounds: { min: number; max: number },
): number {
  const value = stored !== undefined && /^\d{1,9}$/.test(stored) ? Number(stored) : undefined;
  return value !== undefined && value >= bounds.min && value <= bounds.max ? value : fallback;
}

/** Minutes an unpaid order is kept (the console's setting, else ORDER_TIMEOUT_MINUTES). */
export function orderTimeoutMinutes(db: Database, envDefault: number): Promise<number> {
  return wholeSetting(db, 'order_timeout_minutes', envDefault, ORDER_TIMEOUT_BOUNDS);
}

/** The retention periods (decision 026): the console's settings, else RETENTION_DAYS / _CODES_HOURS. */
export async function retentionSettings(
  db: Database,
  envDefaults: { days: number; codesHours: number },
): Promise<{ days: number; codesHours: number }> {
  const [days, codesHours] = await Promise.all([
    wholeSetting(db, 'retention_days', envDefaults.days, RETENTION_DAYS_BOUNDS),
    wholeSetting(db, 'retention_codes_hours', envDefaults.codesHours, RETENTION_CODES_HOURS_BOUNDS),
  ]);
  return { days, codesHours };
}

/** Changes settings and drops this process's cached copy. */
export async function updateSettings(
  db: Database,
  values: Partial<Record<StoredSettingKey, string>>,
): Promise<void> {
  await writeSettings(db, values as Record<string, string>);
  cache.delete(db);
}

/** Drops this process's cached copy after settings were written in a caller's transaction. */
export function forgetSettings(db: Database): void {
  cache.delete(db);
}

/** The stored site config of SPEC §3 (defaults for what was never stored), without the currency. */
export function storedSiteConfig(stored: Map<string, string>) {
  const text = (key: SettingKey) => stored.get(key) ?? String(DEFAULT_SETTINGS[key]);
  const toggle = (key: SettingKey): 0 | 1 => (Number(text(key)) === 1 ? 1 : 0);
  const switches = Object.fromEntries(PAYMENT_SWITCHES.map((k) => [k, toggle(k)])) as Record<
    (typeof PAYMENT_SWITCHES)[number],
    0 | 1
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
  };
}

function toSiteConfig(stored: Map<string, string>, currency: Currency): SiteConfig {
  return { ...storedSiteConfig(stored), currency, currency_symbol: CURRENCY_SYMBOL[currency] };
}
