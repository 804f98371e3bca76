import { CATALOG_LIMITS as L } from '@shop/contract/admin/catalog.endpoints';
import { useAdminT } from '../kit/use-admin-t';
import { type DraftErrors, newServer, type ServerDraft } from './goods-draft';
import { RemoveRowCell, RowsFoot } from '../kit/row-editor';

/** A top-up's game servers: names in both languages and a sort position; used ones stay. */
export function ServersEditor({
  rows,
  errors,
  onChange,
}: {
  rows: ServerDraft[];
  errors: DraftErrors;
  onChange: (rows: ServerDraft[]) => void;
}) {
  const { t } = useAdminT();
  const cells = [
    { field: 'name_zh', header: t('catalog.form.serverZh'), lang: 'zh-CN', max: L.name, numeric: false },
    { field: 'name_en', header: t('catalog.form.serverEn'), lang: 'en', max: L.name, numeric: false },
    { field: 'sort', header: t('catalog.form.sort'), lang: undefined, max: 7, numeric: true },
  ] as const;
  const update = (index: number, patch: Partial<ServerDraft>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <div className="space-y-3" data-testid="servers-editor">
      <span className="block text-sm font-medium text-stone-800">{t('catalog.form.servers')}</span>
      {rows.length ? (
        <div className="overflow-x-auto rounded-lg border border-stone-200">
          <table className="w-full min-w-[560px] text-left text-sm">
            <thead className="bg-stone-50 text-xs font-medium text-stone-600">
              <tr>
                <th scope="col" className="w-8 px-2 py-2 text-right">
                  #
                </th>
                {cells.map((c) => (
                  <th key={c.field} scope="col" className={`px-2 py-2 ${c.numeric ? 'w-24' : ''}`}>
                    {c.header}
                  </th>
                ))}
                <th scope="col" className="relative w-16 px-2 py-2">
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((row, i) => (
                <tr key={row.key} className="align-top">
                  <td className="px-2 py-2 pt-4 text-right text-xs text-stone-500 tabular-nums">{i + 1}</td>
                  {cells.map((c) => {
                    const error = errors[`servers.${i}.${c.field}`];
                    const id = `${row.key}-${c.field}`;
                    return (
                      <td key={c.field} className="px-2 py-2">
                        <input
                          id={id}
                          className={`input h-9 px-2 ${c.numeric ? 'text-right tabular-nums' : ''}`}
                          value={row[c.field]}
                          lang={c.lang}
                          inputMode={c.numeric ? 'numeric' : undefined}
                          maxLength={c.max}
                          aria-label={t('catalog.form.rowLabel', { n: i + 1, field: c.header })}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-msg` : undefined}
                          onChange={(e) => update(i, { [c.field]: e.target.value })}
                        />
                        {error ? (
                          <p id={`${id}-msg`} role="alert" className="mt-1 text-xs text-red-700">
                            {error}
                          </p>
                        ) : null}
                      </td>
                    );
                  })}
                  <RemoveRowCell
                    n={i + 1}
                    inUse={row.in_use}
                    inUseNote={t('catalog.form.serverInUse')}
                    onRemove={() => onChange(rows.filter((_, j) => j !== i))}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <RowsFoot
        anyInUse={rows.some((r) => r.in_use)}
        inUseNote={t('catalog.form.serverInUse')}
        error={errors.servers}
        addLabel={t('catalog.form.addServer')}
        canAdd={rows.length < L.servers}
        onAdd={() => onChange([...rows, newServer(rows.length)])}
      />
    </div>
  );
}
