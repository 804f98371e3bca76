import { useAdminT } from './use-admin-t';

// The editable tables of the goods editor (options, servers) share their row's remove button and
// what stands under the table: why some rows cannot be removed, the table's error and "add".

/** A row's remove button; a row in use (orders, carts, keys) cannot be removed, and says why. */
export function RemoveRowCell({
  n,
  inUse,
  inUseNote,
  onRemove,
}: {
  n: number;
  inUse: boolean;
  inUseNote: string;
  onRemove: () => void;
}) {
  const { t } = useAdminT();
  return (
    <td className="px-2 py-2">
      <button
        type="button"
        className="btn-ghost px-2 py-1 text-red-700 hover:bg-red-50 disabled:text-stone-400 disabled:hover:bg-transparent"
        disabled={inUse}
        title={inUse ? inUseNote : undefined}
        aria-label={t('catalog.form.removeRow', { n })}
        onClick={onRemove}
      >
        {t('common.remove')}
      </button>
    </td>
  );
}

/** Under the table: the note on rows in use, the table's error, then the add button. */
export function RowsFoot({
  anyInUse,
  inUseNote,
  error,
  addLabel,
  canAdd,
  onAdd,
}: {
  anyInUse: boolean;
  inUseNote: string;
  error: string | undefined;
  addLabel: string;
  canAdd: boolean;
  onAdd: () => void;
}) {
  return (
    <>
      {anyInUse ? <p className="text-xs text-stone-500">{inUseNote}</p> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn-outline" disabled={!canAdd} onClick={onAdd}>
        {addLabel}
      </button>
    </>
  );
}
