import { CONTENT_TEXT_MAX } from '@shop/contract/admin/content.limits';
import { TextField, Toggle } from '../kit/form';
import { type AdminT, useAdminT } from '../kit/use-admin-t';

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

/** Where a row shows: lower-case letters, digits, `_` and `-`. */
export function positionError(t: AdminT, value: string): string | undefined {
  return /^[a-z0-9_-]+$/.test(value)
    ? undefined
    : t('content.common.badPosition', { field: t('content.common.position') });
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
