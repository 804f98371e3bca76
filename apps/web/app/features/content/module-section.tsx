import type { CustomModule, GoodsCard as Goods } from '../../lib/catalog';
import { GoodsCard, GoodsGrid, useOpenGoods } from '../goods';

export type HomeModule = CustomModule & { goods: Goods[] };

/** A home module: `grid` = goods in a responsive grid, `row` = one horizontally scrolling row. */
export function ModuleSection({ module }: { module: HomeModule }) {
  const headingId = `module-${module.id}`;
  const onOpen = useOpenGoods();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <div className="mb-4">
        <h2 id={headingId} className="text-lg font-bold text-stone-900 sm:text-xl">
          {module.title}
        </h2>
        {module.subtitle ? <p className="mt-0.5 text-sm text-stone-600">{module.subtitle}</p> : null}
      </div>
      {module.style === 'row' ? (
        <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pt-1 pb-3 sm:mx-0 sm:scroll-px-0 sm:gap-4 sm:px-0">
          {module.goods.map((goods) => (
            <li key={goods.id} className="w-40 shrink-0 snap-start sm:w-48">
              <GoodsCard goods={goods} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      ) : (
        <GoodsGrid goods={module.goods} />
      )}
    </section>
  );
}
