import { useEffect, useState } from 'react';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { PickedGoods } from '@shop/contract/admin/content.schemas';
import { MODULE_GOODS_MAX, ZONE_GOODS_MAX } from '@shop/contract/admin/content.limits';
import { Modal } from '../../../components/ui/modal';
import { adminQuiet } from '../kit/admin-api';
import { FormError } from '../kit/form';
import { useAdminT } from '../kit/use-admin-t';
import { useSubmit } from '../kit/form-dialog';
import { Thumb } from '../kit/cells';
import { useAdminWrite } from '../kit/actions';

/**
 * The goods of a home section or a zone (issue 14): the list in its order on one side (move,
 * remove), a search over every goods on the other (add). Saved as a whole; off-sale goods stay in
 * the list, marked, and buyers do not see them until they are back on sale.
 */
export function GoodsPicker({
  kind,
  id,
  title,
  onClose,
  onSaved,
}: {
  kind: 'module' | 'zone';
  id: number;
  title: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, locale } = useAdminT();
  const max = kind === 'module' ? MODULE_GOODS_MAX : ZONE_GOODS_MAX;
  const [chosen, setChosen] = useState<PickedGoods[] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<PickedGoods[]>([]);
  const [searching, setSearching] = useState(false);
  const write = useAdminWrite();
  const name = (g: PickedGoods) => (locale === 'en' ? g.name_en : g.name_zh) || g.name_zh;

  useEffect(() => {
    const load =
      kind === 'module'
        ? adminQuiet.call(adminEndpoints.moduleGoods, { id })
        : adminQuiet.call(adminEndpoints.zoneGoods, { id });
    load.then(setChosen).catch(() => setChosen([]));
  }, [kind, id]);

  // The search follows the typing, a moment after the last key.
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setSearching(true);
      adminQuiet
        .call(
          adminEndpoints.contentGoodsSearch,
          { keyword: keyword.trim() || undefined, limit: 20 },
          { signal: controller.signal },
        )
        .then((page) => setFound(page.list))
        .catch(() => undefined)
        .finally(() => setSearching(false));
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [keyword]);

  const { busy, error, setError, submit } = useSubmit(async () => {
    const goods_ids = (chosen ?? []).map((g) => g.id);
    if (kind === 'module') await write.quiet(adminEndpoints.moduleGoodsSet, { id, goods_ids });
    else await write.quiet(adminEndpoints.zoneGoodsSet, { id, goods_ids });
    onSaved();
  });

  const list = chosen ?? [];
  const has = new Set(list.map((g) => g.id));
  const move = (index: number, delta: -1 | 1) => {
    const next = [...list];
    [next[index], next[index + delta]] = [next[index + delta]!, next[index]!];
    setChosen(next);
  };
  const add = (g: PickedGoods) => {
    if (list.length >= max) return setError(t('content.goods.full', { max }));
    setChosen([...list, g]);
  };

  return (
    <Modal open onOpenChange={(open) => (open ? undefined : onClose())} title={title} testId="goods-picker">
      <form onSubmit={submit} className="space-y-4">
        <section aria-labelledby="picked-goods">
          <h3 id="picked-goods" className="mb-2 text-sm font-semibold text-stone-800">
            {t('content.goods.chosen', { count: list.length, max })}
          </h3>
          {chosen === null ? (
            <p className="text-sm text-stone-500">{t('common.loading')}</p>
          ) : list.length === 0 ? (
            <p className="text-sm text-stone-500">{t('content.goods.none')}</p>
          ) : (
            <ol className="max-h-64 space-y-1 overflow-y-auto" data-testid="picked-goods">
              {list.map((g, i) => (
                <li
                  key={g.id}
                  className="flex items-center gap-2 rounded-lg border border-stone-200 px-2 py-1"
                >
                  <span className="w-5 text-right text-xs text-stone-400 tabular-nums">{i + 1}</span>
                  <Thumb src={g.image} />
                  <span className="min-w-0 flex-1 truncate text-sm">
                    {name(g)}
                    {g.on_sale ? null : (
                      <span className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-800">
                        {t('content.goods.offSale')}
                      </span>
                    )}
                  </span>
                  <button
                    type="button"
                    className="btn-ghost size-7 p-0"
                    aria-label={`${t('content.common.moveUp')}: ${name(g)}`}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn-ghost size-7 p-0"
                    aria-label={`${t('content.common.moveDown')}: ${name(g)}`}
                    disabled={i === list.length - 1}
                    onClick={() => move(i, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn-ghost size-7 p-0 text-red-700"
                    aria-label={`${t('content.goods.take')}: ${name(g)}`}
                    onClick={() => setChosen(list.filter((x) => x.id !== g.id))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="find-goods">
          <h3 id="find-goods" className="mb-2 text-sm font-semibold text-stone-800">
            {t('content.goods.add')}
          </h3>
          <input
            type="search"
            className="input h-10"
            value={keyword}
            maxLength={64}
            placeholder={t('content.goods.search')}
            aria-label={t('content.goods.search')}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <ul
            className="mt-2 max-h-56 space-y-1 overflow-y-auto"
            aria-busy={searching}
            data-testid="found-goods"
          >
            {found.map((g) => (
              <li key={g.id} className="flex items-center gap-2 px-1 py-0.5">
                <Thumb src={g.image} />
                <span className="min-w-0 flex-1 truncate text-sm">
                  <span className="text-xs text-stone-400">#{g.id}</span> {name(g)}
                </span>
                <button
                  type="button"
                  className="btn-outline h-8 px-2 text-xs"
                  disabled={has.has(g.id)}
                  onClick={() => add(g)}
                  aria-label={`${t('content.goods.addOne')}: ${name(g)}`}
                >
                  {has.has(g.id) ? t('content.goods.added') : t('content.goods.addOne')}
                </button>
              </li>
            ))}
            {found.length === 0 && !searching ? (
              <li className="text-sm text-stone-500">{t('content.goods.noMatch')}</li>
            ) : null}
          </ul>
        </section>
        <FormError message={error} />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={busy || chosen === null}>
            {busy ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
