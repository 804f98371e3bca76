import { type ReactNode, useState } from 'react';
import { useRevalidator } from 'react-router';
import { CONTENT_TEXT_MAX, HREF_PATTERN } from '@shop/contract/admin/content.limits';
import { message } from '../../../lib/toast';
import { TextAreaField, TextField, Toggle } from './form';
import { type AdminT, useAdminT } from './use-admin-t';
import { useListParams } from './use-list-params';

// Pieces the content pages share (issue 14): the note on how soon buyers see a change, a pair of
// zh/en fields, the show switch, the move buttons, the filters above a table and the checks the
// console makes before sending (the server checks again, in the operator's language).

/** "Buyers see this change within N seconds": the storefront caches for that long. */
export function CacheNote({ seconds }: { seconds: number }) {
  const { t } = useAdminT();
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
      data-testid="cache-note"
    >
      <span aria-hidden="true">ⓘ</span>
      {t('common.cacheNote', { seconds })}
    </p>
  );
}

type Pair = { zh: string; en: string };

/** A text in both languages, side by side from the tablet width up. */
export function BilingualFields({
  label,
  value,
  onChange,
  max,
  multiline = false,
  rows,
  errors = {},
  name,
}: {
  label: string;
  value: Pair;
  onChange: (next: Pair) => void;
  max: number;
  multiline?: boolean;
  rows?: number;
  errors?: Partial<Pair>;
  name?: string;
}) {
  const { t } = useAdminT();
  const field = (lang: 'zh' | 'en') => {
    const props = {
      label: t(lang === 'zh' ? 'content.common.inZh' : 'content.common.inEn', { field: label }),
      value: value[lang],
      maxLength: max,
      error: errors[lang],
      lang: lang === 'zh' ? 'zh-CN' : 'en',
      name: name ? `${name}_${lang}` : undefined,
    };
    return multiline ? (
      <TextAreaField
        {...props}
        rows={rows}
        onChange={(e) => onChange({ ...value, [lang]: e.target.value })}
      />
    ) : (
      <TextField {...props} onChange={(e) => onChange({ ...value, [lang]: e.target.value })} />
    );
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {field('zh')}
      {field('en')}
    </div>
  );
}

/** An address check as the API makes it: a web address or a path of the shop. */
export function hrefError(t: AdminT, label: string, value: string, required: boolean): string | undefined {
  const v = value.trim();
  if (!v) return required ? t('common.required', { field: label }) : undefined;
  return HREF_PATTERN.test(v) ? undefined : t('content.common.badHref', { field: label });
}

/** A whole number within bounds, as typed; the message names the field. */
export function wholeError(
  t: AdminT,
  label: string,
  value: string,
  bounds: { min: number; max: number },
): string | undefined {
  if (!/^\d+$/.test(value.trim())) return t('content.common.wholeNumber', { field: label });
  const n = Number(value);
  return n < bounds.min || n > bounds.max
    ? t('content.common.range', { field: label, min: bounds.min, max: bounds.max })
    : undefined;
}

/** The show/hide switch of a row: saved at once, the table then reloads from the server. */
export function ShowSwitch({
  label,
  shown,
  save,
}: {
  label: string;
  shown: boolean;
  save: (next: 0 | 1) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const { t } = useAdminT();
  return (
    <span className="inline-flex items-center gap-2">
      <Toggle
        label={t('content.common.showNamed', { name: label })}
        showLabel={false}
        checked={shown}
        disabled={busy}
        onChange={(next) => {
          setBusy(true);
          void save(next ? 1 : 0).finally(() => setBusy(false));
        }}
      />
      <span className={`hidden text-xs xl:inline ${shown ? 'text-emerald-700' : 'text-stone-500'}`}>
        {shown ? t('common.shown') : t('common.hidden')}
      </span>
    </span>
  );
}

/**
 * Moving rows up and down, in the storefront's order. Only when the table shows every row in that
 * order (no other sort, no filter, one page): a move renumbers the rows shown as 10, 20, 30 …
 */
export function useReorder<Row extends { id: number }>(
  rows: Row[],
  total: number,
  save: (ids: number[]) => Promise<unknown>,
  onDone: () => void,
) {
  const list = useListParams();
  const [busy, setBusy] = useState(false);
  const filtered = ['keyword', 'is_show', 'position', 'type'].some((k) => list.get(k));
  const enabled = !list.sort && !filtered && rows.length === total;
  async function move(index: number, delta: -1 | 1) {
    const target = index + delta;
    if (target < 0 || target >= rows.length) return;
    const ids = rows.map((r) => r.id);
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    setBusy(true);
    try {
      await save(ids);
      onDone();
    } catch {
      // the shared client already showed the refusal
    } finally {
      setBusy(false);
    }
  }
  return { enabled, busy, move };
}

export function MoveButtons({
  index,
  count,
  reorder,
  name,
}: {
  index: number;
  count: number;
  reorder: { enabled: boolean; busy: boolean; move: (index: number, delta: -1 | 1) => Promise<void> };
  name: string;
}) {
  const { t } = useAdminT();
  const hint = reorder.enabled ? undefined : t('content.common.moveHint');
  const button = (delta: -1 | 1, glyph: string, label: string) => (
    <button
      type="button"
      className="btn-ghost size-8 p-0"
      aria-label={`${label}: ${name}`}
      title={hint ?? label}
      disabled={!reorder.enabled || reorder.busy || index + delta < 0 || index + delta >= count}
      onClick={() => void reorder.move(index, delta)}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
  return (
    <span className="inline-flex">
      {button(-1, '↑', t('content.common.moveUp'))}
      {button(1, '↓', t('content.common.moveDown'))}
    </span>
  );
}

/** The keyword and shown filters above a table (plus a page's own), kept in the URL. */
export function ListFilters({ keywordLabel, children }: { keywordLabel: string; children?: ReactNode }) {
  const { t } = useAdminT();
  const list = useListParams();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const patch: Record<string, string> = {};
        for (const [key, value] of data.entries()) patch[key] = String(value).trim();
        list.set(patch);
      }}
    >
      <input
        name="keyword"
        defaultValue={list.get('keyword')}
        placeholder={keywordLabel}
        aria-label={keywordLabel}
        className="input h-10 w-56"
        maxLength={64}
      />
      <select
        name="is_show"
        defaultValue={list.get('is_show')}
        aria-label={t('content.common.visibility')}
        className="input h-10 w-auto"
      >
        <option value="">{t('content.common.anyVisibility')}</option>
        <option value="1">{t('common.shown')}</option>
        <option value="0">{t('common.hidden')}</option>
      </select>
      {children}
      <button type="submit" className="btn-outline">
        {t('common.search')}
      </button>
    </form>
  );
}

/** Asks, then removes; the table reloads. */
export async function confirmRemove(
  t: AdminT,
  name: string,
  remove: () => Promise<unknown>,
  done: () => void,
) {
  if (!window.confirm(t('content.common.removeConfirm', { name }))) return;
  try {
    await remove();
    message.success(t('content.common.removed'));
  } catch {
    // the shared client already showed the refusal
  }
  done();
}

/** Reloads the page's rows and its audit trail after a change. */
export function useRefresh() {
  const revalidator = useRevalidator();
  const [version, setVersion] = useState(0);
  return {
    version,
    refresh() {
      setVersion((v) => v + 1);
      void revalidator.revalidate();
    },
  };
}

/** The zh and en name of a row, one under the other. */
export function TwoNames({ zh, en }: { zh: string; en: string }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-stone-900" lang="zh-CN">
        {zh || '—'}
      </p>
      <p className="truncate text-xs text-stone-500" lang="en">
        {en || '—'}
      </p>
    </div>
  );
}

/** A small picture of a row. */
export function Thumb({ src, wide = false }: { src: string; wide?: boolean }) {
  return (
    <span
      className={`block overflow-hidden rounded border border-stone-200 bg-stone-50 ${wide ? 'h-10 w-20' : 'size-10'}`}
    >
      {src ? <img src={src} alt="" className="size-full object-cover" loading="lazy" /> : null}
    </span>
  );
}

// ── what the content dialogs share: a row's place (position, sort) and visibility ──────────────

/** The sort a row may have (the API's bounds). */
export const SORT_BOUNDS = { min: 0, max: 1_000_000 };

/** A row's sort and visibility as a form holds them, and as sent. */
export type Placement = { sort: string; is_show: boolean };

export function placementOf(row: { sort: number; is_show: number } | null): Placement {
  return row ? { sort: String(row.sort), is_show: row.is_show === 1 } : { sort: '0', is_show: true };
}

export function placementBody(draft: Placement) {
  return { sort: Number(draft.sort), is_show: draft.is_show ? (1 as const) : (0 as const) };
}

/** A text both languages must have: each missing one is named. */
export function bothRequired(t: AdminT, label: string, value: Pair): Partial<Pair> {
  const need = (v: string, lang: 'inZh' | 'inEn') =>
    v.trim() ? undefined : t('common.required', { field: t(`content.common.${lang}`, { field: label }) });
  return { zh: need(value.zh, 'inZh'), en: need(value.en, 'inEn') };
}

/** Where a row shows: lower-case letters, digits, `_` and `-`. */
export function positionError(t: AdminT, value: string): string | undefined {
  return /^[a-z0-9_-]+$/.test(value)
    ? undefined
    : t('content.common.badPosition', { field: t('content.common.position') });
}

/** Whether the checks found anything (the found messages, nested per language). */
export function anyError(found: object): boolean {
  return Object.values(found).some((v) => (v && typeof v === 'object' ? anyError(v) : Boolean(v)));
}

/**
 * The last fields of a content dialog: the position (when the row has one) beside the sort, then
 * the switch that shows the row to buyers.
 */
export function PlacementFields<D extends Placement>({
  value,
  errors,
  onChange,
  position,
}: {
  value: D;
  errors: { sort?: string | undefined; position?: string | undefined };
  onChange: (next: D) => void;
  /** The row's position and its change, for rows placed by position (banners, home sections). */
  position?: { value: string; onChange: (position: string) => void };
}) {
  const { t } = useAdminT();
  const sort = (
    <TextField
      label={t('content.common.sort')}
      hint={t('content.common.sortHint')}
      inputMode="numeric"
      value={value.sort}
      error={errors.sort}
      onChange={(e) => onChange({ ...value, sort: e.target.value })}
    />
  );
  return (
    <>
      {position ? (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('content.common.position')}
            hint={t('content.common.positionHint')}
            value={position.value}
            maxLength={CONTENT_TEXT_MAX.position}
            error={errors.position}
            onChange={(e) => position.onChange(e.target.value.trim())}
          />
          {sort}
        </div>
      ) : (
        sort
      )}
      <Toggle
        label={t('content.common.showToBuyers')}
        checked={value.is_show}
        onChange={(is_show) => onChange({ ...value, is_show })}
      />
    </>
  );
}
