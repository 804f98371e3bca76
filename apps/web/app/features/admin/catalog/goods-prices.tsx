import { useEffect, useState } from 'react';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { AdminGoodsPrices } from '@shop/contract/admin/promotions.schemas';
import { message } from '../../../lib/toast';
import { adminQuiet } from '../kit/admin-api';
import { useAdminWrite } from '../kit/actions';
import { Panel } from '../kit/admin-page';
import { money } from '../kit/cells';
import { FormError } from '../kit/form';
import { useSubmit } from '../kit/form-dialog';
import { type AdminT, useAdminT } from '../kit/use-admin-t';

// The quantity tiers and member-level prices of a goods' options (issue 31), under its editor:
// loaded and saved on their own (permission `catalog`), after the options exist. Each price is
// checked here in words as the API checks it: below the option's price, one tier per quantity.

type TierRow = { min: string; cny: string; usd: string };
type LevelCell = { cny: string; usd: string };
export type PricesDraft = {
  tiers: Record<string, TierRow[]>;
  /** `<level id>/<option key>` → its price ('' = none). */
  levels: Record<string, LevelCell>;
};

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
/** A tier row: from quantity, CNY, USD, remove; the three fields share what a phone leaves. */
const TIER_GRID = 'grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] gap-2';
/** A member price row: the level's name, CNY, USD. */
const LEVEL_GRID = 'grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)_minmax(0,1fr)] gap-2';
const cents = (text: string) => {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

export function pricesDraftOf(p: AdminGoodsPrices): PricesDraft {
  const tiers: PricesDraft['tiers'] = {};
  for (const o of p.options) tiers[o.key] = [];
  for (const tier of p.tiers)
    (tiers[tier.option_key] ??= []).push({
      min: String(tier.min_num),
      cny: tier.price_cny,
      usd: tier.price_usd ?? '',
    });
  const levels: PricesDraft['levels'] = {};
  for (const lp of p.level_prices)
    levels[`${lp.level_id}/${lp.option_key}`] = { cny: lp.price_cny, usd: lp.price_usd ?? '' };
  return { tiers, levels };
}

/** The errors of a draft by cell (`t:<key>:<i>:<field>` or `l:<level>/<key>`), in words. */
export function pricesErrors(p: AdminGoodsPrices, d: PricesDraft, t: AdminT): Record<string, string> {
  const errors: Record<string, string> = {};
  const price = new Map(p.options.map((o) => [o.key, o]));
  const below = (key: string, cny: string, usd: string) => {
    const o = price.get(key)!;
    if (!AMOUNT.test(cny) || cents(cny) >= cents(o.price_cny)) return false;
    if (usd && (!AMOUNT.test(usd) || (o.price_usd !== null && cents(usd) >= cents(o.price_usd))))
      return false;
    return true;
  };
  for (const [key, rows] of Object.entries(d.tiers)) {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      if (!/^\d+$/.test(row.min) || Number(row.min) < 2)
        errors[`t:${key}:${i}:min`] = t('promotions.prices.check.min');
      else if (seen.has(row.min)) errors[`t:${key}:${i}:min`] = t('promotions.prices.check.twice');
      seen.add(row.min);
      if (!below(key, row.cny, row.usd)) errors[`t:${key}:${i}:cny`] = t('promotions.prices.check.price');
    });
  }
  for (const [cell, value] of Object.entries(d.levels)) {
    if (!value.cny && !value.usd) continue;
    const key = cell.slice(cell.indexOf('/') + 1);
    if (!below(key, value.cny, value.usd)) errors[`l:${cell}`] = t('promotions.prices.check.price');
  }
  return errors;
}

export function pricesBody(goodsId: number, d: PricesDraft) {
  return {
    id: goodsId,
    tiers: Object.entries(d.tiers).flatMap(([key, rows]) =>
      rows.map((r) => ({
        option_key: key,
        min_num: Number(r.min),
        price_cny: r.cny,
        price_usd: r.usd || null,
      })),
    ),
    level_prices: Object.entries(d.levels)
      .filter(([, v]) => v.cny)
      .map(([cell, v]) => ({
        level_id: Number(cell.slice(0, cell.indexOf('/'))),
        option_key: cell.slice(cell.indexOf('/') + 1),
        price_cny: v.cny,
        price_usd: v.usd || null,
      })),
  };
}

function PricesForm({ prices }: { prices: AdminGoodsPrices }) {
  const { t, locale } = useAdminT();
  const write = useAdminWrite();
  const [draft, setDraft] = useState(() => pricesDraftOf(prices));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const name = (x: { name_zh: string; name_en: string }) => (locale === 'en' ? x.name_en : x.name_zh);
  const { busy, error, submit } = useSubmit(async () => {
    const found = pricesErrors(prices, draft, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    await write.quiet(adminEndpoints.goodsPricesSet, pricesBody(prices.goods_id, draft));
    message.success(t('promotions.prices.saved'));
  });
  // A cell's error goes once it changes (the next save checks it again); rows of an option are
  // renumbered when one is removed, so its tier errors all go then.
  const forget = (prefix: string) =>
    setErrors((e) => {
      const kept = Object.entries(e).filter(([k]) => !k.startsWith(prefix));
      return kept.length === Object.keys(e).length ? e : Object.fromEntries(kept);
    });
  const setTiers = (key: string, rows: TierRow[], changed = `t:${key}:`) => {
    setDraft((d) => ({ ...d, tiers: { ...d.tiers, [key]: rows } }));
    forget(changed);
  };
  const setLevel = (cell: string, value: LevelCell) => {
    setDraft((d) => ({ ...d, levels: { ...d.levels, [cell]: value } }));
    forget(`l:${cell}`);
  };

  if (prices.options.length === 0)
    return <p className="text-sm text-stone-500">{t('promotions.prices.noOptions')}</p>;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="goods-prices">
      {prices.options.map((o) => {
        const rows = draft.tiers[o.key] ?? [];
        return (
          <fieldset key={o.key} className="rounded-lg border border-stone-200 p-3">
            <legend className="px-1 text-sm font-medium text-stone-900">
              {name(o)} · {t('promotions.prices.listPrice')} {money(o.price_cny)}
              {o.price_usd ? ` / ${money(o.price_usd, 'USD')}` : ''}
            </legend>
            <div className="grid gap-4 lg:grid-cols-2">
              <div className="space-y-2">
                <p className="text-xs font-medium text-stone-600">{t('promotions.prices.tiers')}</p>
                {rows.length > 0 ? (
                  // The columns named on screen (each field also has its name for screen readers).
                  <div aria-hidden="true" className={`${TIER_GRID} text-xs text-stone-500`}>
                    <span>{t('promotions.prices.minNum')}</span>
                    <span>{t('promotions.prices.priceCny')}</span>
                    <span>{t('promotions.prices.priceUsd')}</span>
                  </div>
                ) : null}
                {rows.map((row, i) => {
                  const id = `t:${o.key}:${i}`;
                  const update = (patch: Partial<TierRow>) =>
                    setTiers(
                      o.key,
                      rows.map((r, j) => (j === i ? { ...r, ...patch } : r)),
                      `${id}:`,
                    );
                  return (
                    <div key={i} className={`${TIER_GRID} items-start`}>
                      <input
                        className="input h-9 w-full min-w-0"
                        inputMode="numeric"
                        aria-label={t('promotions.prices.minNum')}
                        aria-invalid={errors[`${id}:min`] ? true : undefined}
                        value={row.min}
                        onChange={(e) => update({ min: e.target.value })}
                      />
                      <input
                        className="input h-9 w-full min-w-0"
                        inputMode="decimal"
                        aria-label={t('promotions.prices.priceCny')}
                        placeholder="¥"
                        aria-invalid={errors[`${id}:cny`] ? true : undefined}
                        value={row.cny}
                        onChange={(e) => update({ cny: e.target.value })}
                      />
                      <input
                        className="input h-9 w-full min-w-0"
                        inputMode="decimal"
                        aria-label={t('promotions.prices.priceUsd')}
                        placeholder="$"
                        title={t('promotions.prices.usdHint')}
                        value={row.usd}
                        onChange={(e) => update({ usd: e.target.value })}
                      />
                      <button
                        type="button"
                        className="btn-ghost h-9 px-2 text-sm text-red-700"
                        onClick={() =>
                          setTiers(
                            o.key,
                            rows.filter((_, j) => j !== i),
                          )
                        }
                      >
                        {t('promotions.prices.remove')}
                      </button>
                      {errors[`${id}:min`] || errors[`${id}:cny`] ? (
                        <p role="alert" className="col-span-full text-xs text-red-700">
                          {errors[`${id}:min`] ?? errors[`${id}:cny`]}
                        </p>
                      ) : row.min && AMOUNT.test(row.cny) ? (
                        <p className="col-span-full text-xs text-stone-500">
                          {t('promotions.prices.tierLine', { min: row.min, price: money(row.cny) })}
                        </p>
                      ) : null}
                    </div>
                  );
                })}
                <button
                  type="button"
                  className="btn-outline h-8 px-3 text-sm"
                  onClick={() => setTiers(o.key, [...rows, { min: '', cny: '', usd: '' }])}
                >
                  {t('promotions.prices.addTier')}
                </button>
              </div>
              <div className="space-y-2">
                <p className="text-xs font-medium text-stone-600">{t('promotions.prices.levelPrices')}</p>
                {prices.levels.length === 0 ? (
                  <p className="text-xs text-stone-500">{t('promotions.prices.noLevels')}</p>
                ) : (
                  <div aria-hidden="true" className={`${LEVEL_GRID} text-xs text-stone-500`}>
                    <span />
                    <span>{t('promotions.prices.priceCny')}</span>
                    <span>{t('promotions.prices.priceUsd')}</span>
                  </div>
                )}
                {prices.levels.map((l) => {
                  const cell = `${l.id}/${o.key}`;
                  const value = draft.levels[cell] ?? { cny: '', usd: '' };
                  return (
                    <div key={l.id} className={`${LEVEL_GRID} items-center`}>
                      <span className="truncate text-sm text-stone-700" title={name(l)}>
                        {name(l)}
                      </span>
                      <input
                        className="input h-9 w-full min-w-0"
                        inputMode="decimal"
                        aria-label={`${name(l)} ${t('promotions.prices.priceCny')}`}
                        placeholder="¥"
                        aria-invalid={errors[`l:${cell}`] ? true : undefined}
                        value={value.cny}
                        onChange={(e) => setLevel(cell, { ...value, cny: e.target.value })}
                      />
                      <input
                        className="input h-9 w-full min-w-0"
                        inputMode="decimal"
                        aria-label={`${name(l)} ${t('promotions.prices.priceUsd')}`}
                        placeholder="$"
                        title={t('promotions.prices.usdHint')}
                        value={value.usd}
                        onChange={(e) => setLevel(cell, { ...value, usd: e.target.value })}
                      />
                      {errors[`l:${cell}`] ? (
                        <p role="alert" className="col-span-full text-xs text-red-700">
                          {errors[`l:${cell}`]}
                        </p>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            </div>
          </fieldset>
        );
      })}
      <FormError message={error} />
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t('common.saving') : t('promotions.prices.save')}
        </button>
      </div>
    </form>
  );
}

/** The panel: loads the goods' prices (again after the goods is saved: its options may change). */
export function GoodsPrices({ goodsId, version }: { goodsId: number; version: number }) {
  const { t } = useAdminT();
  const [prices, setPrices] = useState<AdminGoodsPrices | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    let live = true;
    adminQuiet
      .call(adminEndpoints.goodsPrices, { id: goodsId })
      .then((p) => live && setPrices(p))
      .catch((e: { msg?: string }) => live && setFailed(e.msg ?? t('common.errorTitle')));
    return () => {
      live = false;
    };
  }, [goodsId, version, t]);
  return (
    <Panel title={t('promotions.prices.title')}>
      <p className="mb-3 text-sm text-stone-600">{t('promotions.prices.intro')}</p>
      {failed ? <FormError message={failed} /> : null}
      {prices ? (
        <PricesForm key={JSON.stringify(prices)} prices={prices} />
      ) : failed ? null : (
        <p className="text-sm text-stone-500">{t('common.loading')}</p>
      )}
    </Panel>
  );
}
