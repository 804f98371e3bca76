import {
  ORDER_TIMEOUT_BOUNDS,
  RETENTION_CODES_HOURS_BOUNDS,
  RETENTION_DAYS_BOUNDS,
} from '@shop/contract/admin/content.limits';
import type { AdminSettings, SettingsUpdate } from '@shop/contract/admin/content.schemas';
import { parseRate } from '@shop/domain/money';
import { isUsableRate, rateText } from '@shop/domain/pricing';
import type { Database } from '../../db/database.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import { DEFAULT_EXCHANGE_RATE_USD } from './site.defaults.ts';
import { lockSettings, readAllSettings, writeSettings } from './site.repository.ts';
import { forgetSettings, SITE_CONFIG_TTL_MS, storedSiteConfig, wholeValue } from './site.service.ts';

// The console's settings (issue 14): the site config of SPEC §3, the payment switches, the
// exchange rate, the order timeout and the retention periods. The console reads them from the
// table (never the cached copy) as they are in effect; a change is written with its audit entry
// (the changed keys only, before → after) in one transaction.

/** The env values the timeout and retention periods fall back on until an operator sets them. */
export type SettingsEnv = {
  orderTimeoutMinutes: number;
  retentionDays: number;
  retentionCodesHours: number;
  /** The read cache's TTL (CACHE_TTL_MS). */
  cacheTtlMs: number;
};

type Values = Omit<AdminSettings, 'defaults' | 'cache_ttl_seconds'>;

/** How long buyers may still see the old settings or content: the longer of the two caches. */
export function buyerCacheSeconds(cacheTtlMs: number): number {
  return Math.ceil(Math.max(SITE_CONFIG_TTL_MS, cacheTtlMs) / 1000);
}

/** The keys whose values differ, with their values before and after: what the audit log keeps. */
export function changedKeys<T extends object>(before: T, after: T) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    if (before[key] === after[key]) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: was, after: now, changed: Object.keys(now).length > 0 };
}

/** A rate as the catalog uses it (catalog.service exchangeRate): the stored one if usable. */
function effectiveRate(stored: string | undefined): string {
  const rate = stored === undefined ? undefined : parseRate(stored);
  return rate !== undefined && isUsableRate(rate) ? rateText(rate) : DEFAULT_EXCHANGE_RATE_USD;
}

function effective(stored: Map<string, string>, env: SettingsEnv): Values {
  return {
    ...storedSiteConfig(stored),
    exchange_rate_usd: effectiveRate(stored.get('exchange_rate_usd')),
    order_timeout_minutes: wholeValue(
      stored.get('order_timeout_minutes'),
      env.orderTimeoutMinutes,
      ORDER_TIMEOUT_BOUNDS,
    ),
    retention_days: wholeValue(stored.get('retention_days'), env.retentionDays, RETENTION_DAYS_BOUNDS),
    retention_codes_hours: wholeValue(
      stored.get('retention_codes_hours'),
      env.retentionCodesHours,
      RETENTION_CODES_HOURS_BOUNDS,
    ),
  };
}

function withInfo(values: Values, env: SettingsEnv): AdminSettings {
  return {
    ...values,
    defaults: {
      order_timeout_minutes: env.orderTimeoutMinutes,
      retention_days: env.retentionDays,
      retention_codes_hours: env.retentionCodesHours,
    },
    cache_ttl_seconds: buyerCacheSeconds(env.cacheTtlMs),
  };
}

export async function getAdminSettings(db: Database, env: SettingsEnv): Promise<AdminSettings> {
  return withInfo(effective(await readAllSettings(db), env), env);
}

/** Writes the settings sent that differ from those in effect, audited; answers all in effect. */
export async function updateAdminSettings(
  db: Database,
  actor: Actor,
  env: SettingsEnv,
  input: SettingsUpdate,
): Promise<AdminSettings> {
  const values = await db.transaction().execute(async (trx) => {
    await lockSettings(trx);
    const before = effective(await readAllSettings(trx), env);
    const sent = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    // The rate as the catalog will read it back ("0.1380" is "0.138").
    if (input.exchange_rate_usd !== undefined)
      sent.exchange_rate_usd = effectiveRate(input.exchange_rate_usd);
    const diff = changedKeys(before, { ...before, ...sent });
    if (!diff.changed) return before;
    await writeSettings(trx, Object.fromEntries(Object.entries(diff.after).map(([k, v]) => [k, String(v)])));
    await recordAudit(trx, actor, {
      action: 'settings.update',
      objectType: 'settings',
      objectId: 'site',
      before: diff.before,
      after: diff.after,
    });
    return { ...before, ...sent } as Values;
  });
  forgetSettings(db);
  return withInfo(values, env);
}
