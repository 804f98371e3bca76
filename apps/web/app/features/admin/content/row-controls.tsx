import { useState } from 'react';
import { Toggle } from '../kit/form';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';

// The controls of a content row (issue 14): the show switch, saved at once, and the buttons that
// move a row up and down the storefront's order.

/** The show/hide switch of a row: saved at once (the route's action), the table then reloads. */
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
