import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminQuiet } from '../kit/admin-api';
import { useAdminT } from '../kit/use-admin-t';

export type CardGoods = EndpointData<typeof adminEndpoints.keysGoods>['list'][number];

/**
 * A search select of the card-key goods (issue 14): typing searches names in both languages and
 * ids, a moment after the last key; arrows and Enter choose, Escape closes. The chosen goods is
 * the page's (`value`), kept in the URL by the page.
 */
export function GoodsSelect({
  value,
  onChange,
}: {
  value: CardGoods | null;
  onChange: (goods: CardGoods | null) => void;
}) {
  const { t, locale } = useAdminT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<CardGoods[]>([]);
  const [searching, setSearching] = useState(false);
  const [active, setActive] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const name = (g: CardGoods) => (locale === 'en' ? g.name_en : g.name_zh) || g.name_zh;

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setSearching(true);
      adminQuiet
        .call(
          adminEndpoints.keysGoods,
          { keyword: keyword.trim() || undefined, limit: 20 },
          { signal: controller.signal },
        )
        .then((page) => {
          setFound(page.list);
          setActive(0);
        })
        .catch(() => undefined)
        .finally(() => setSearching(false));
    }, 200);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [keyword, open]);

  // A click outside closes the list.
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  function choose(g: CardGoods) {
    onChange(g);
    setOpen(false);
    setKeyword('');
  }

  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (found.length ? (i + step + found.length) % found.length : 0));
    } else if (event.key === 'Enter' && open && found[active]) {
      event.preventDefault();
      choose(found[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const listId = `${id}-list`;
  return (
    <div ref={box} className="relative w-full max-w-xl" data-testid="keys-goods-select">
      <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium text-stone-800">
        {t('keys.goods.label')}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && found[active] ? `${id}-opt-${found[active].id}` : undefined}
          className="input h-10 min-w-0 flex-1"
          value={open ? keyword : value ? `#${value.id} ${name(value)}` : keyword}
          placeholder={value ? t('keys.goods.change') : t('keys.goods.search')}
          maxLength={64}
          onFocus={() => setOpen(true)}
          onChange={(e) => {
            setKeyword(e.target.value);
            setOpen(true);
          }}
          onKeyDown={onKey}
        />
        {value ? (
          <button type="button" className="btn-ghost h-10" onClick={() => onChange(null)}>
            {t('keys.goods.all')}
          </button>
        ) : null}
      </div>
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('keys.goods.choose')}
          aria-busy={searching}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
        >
          {found.map((g, i) => (
            <li
              key={g.id}
              id={`${id}-opt-${g.id}`}
              role="option"
              aria-selected={i === active}
              className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-800' : 'text-stone-800'}`}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(g);
              }}
            >
              <span className="text-xs text-stone-400 tabular-nums">#{g.id}</span>
              <span className="min-w-0 flex-1 truncate">{name(g)}</span>
              {g.on_sale ? null : (
                <span className="rounded bg-stone-100 px-1.5 text-xs text-stone-600">
                  {t('keys.goods.offSale')}
                </span>
              )}
            </li>
          ))}
          {found.length === 0 ? (
            <li className="px-3 py-2 text-sm text-stone-500">
              {searching ? t('keys.goods.searching') : t('keys.goods.none')}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
