import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { Route } from '../../routes/+types/category';
import { GoodsGrid } from './goods-card';
import { ListBusy } from './list-busy';
import { EmptyState } from '../../components/ui/empty-state';
import { BoxIcon } from '../../components/ui/icons';
import { PageContainer, PageHeader } from '../../components/ui/page-header';
import { CATEGORY_PATH, categoryPath, type CategoryNode } from '../../lib/catalog';
import { lazyPart } from '../../lib/lazy-part';
import { pageCount } from '../../lib/pagination';

export const pagination = lazyPart(() => import('../../components/ui/pagination').then((m) => m.Pagination));

// The sort bar (links that scroll sideways on a phone) and the pagination hydrate once their own
// chunks are here; the server renders them in full (lib/lazy-part.ts, issue 16).
export const sortControl = lazyPart(() => import('./sort-control').then((m) => m.SortControl));

export function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { category, list, total, page, limit, sort, tree } = loaderData;
  const path = categoryPath(tree, category.id);
  const ancestors = path.slice(0, -1);
  const parent = ancestors.at(-1);
  const pages = pageCount(total, limit);

  // Children of this category; a leaf shows its siblings instead, so one can move sideways.
  const chips: Array<{ id: number; name: string; all?: boolean }> = category.children.length
    ? [{ id: category.id, name: t('category.all'), all: true }, ...category.children]
    : parent
      ? [{ id: parent.id, name: t('category.all'), all: true }, ...parent.children]
      : [];

  return (
    <PageContainer>
      <PageHeader
        title={category.name}
        crumbs={ancestors.map((c) => ({ label: c.name, to: CATEGORY_PATH(c.id) }))}
        subtitle={t('category.count', { count: total })}
      />
      <div className="flex flex-col gap-6 lg:flex-row">
        {tree.length ? (
          <aside className="hidden lg:block lg:w-56 lg:shrink-0">
            <nav aria-label={t('category.allCategories')} className="card sticky top-24 p-3">
              <p className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">
                {t('category.allCategories')}
              </p>
              <CategoryTree nodes={tree} current={category.id} open={path.map((c) => c.id)} />
            </nav>
          </aside>
        ) : null}
        <div className="min-w-0 flex-1">
          {chips.length ? (
            <nav aria-label={t('category.subcategories')} className="mb-4">
              <ul className="flex flex-wrap gap-2">
                {chips.map((chip) => {
                  const active = chip.id === category.id;
                  return (
                    <li key={`${chip.id}-${chip.all ? 'all' : ''}`}>
                      <Link
                        to={CATEGORY_PATH(chip.id)}
                        aria-current={active ? 'page' : undefined}
                        className={`inline-flex h-8 items-center rounded-full px-3.5 text-sm font-medium ring-1 transition-colors ${
                          active
                            ? 'bg-brand-700 text-white ring-brand-700'
                            : 'bg-white text-stone-700 ring-stone-300 hover:text-brand-800 hover:ring-brand-700'
                        }`}
                      >
                        {chip.name}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          ) : null}
          <div className="mb-4">
            <sortControl.Component sort={sort} />
          </div>
          <ListBusy pathname={CATEGORY_PATH(category.id)}>
            <h2 className="sr-only">{t('category.goodsHeading', { name: category.name })}</h2>
            {list.length ? (
              <GoodsGrid goods={list} eagerCount={4} />
            ) : (
              <div className="card">
                <EmptyState
                  icon={<BoxIcon size={28} />}
                  title={t('category.emptyTitle')}
                  description={t('category.emptyText')}
                  action={
                    page > 1 ? (
                      <Link to={CATEGORY_PATH(category.id)} className="btn-outline">
                        {t('pagination.first')}
                      </Link>
                    ) : (
                      <Link to="/" className="btn-outline">
                        {t('common.browseHome')}
                      </Link>
                    )
                  }
                />
              </div>
            )}
          </ListBusy>
          <pagination.Component page={page} pages={pages} />
        </div>
      </div>
    </PageContainer>
  );
}

function CategoryTree({ nodes, current, open }: { nodes: CategoryNode[]; current: number; open: number[] }) {
  return (
    <ul className="space-y-0.5">
      {nodes.map((node) => {
        const active = node.id === current;
        return (
          <li key={node.id}>
            <Link
              to={CATEGORY_PATH(node.id)}
              aria-current={active ? 'page' : undefined}
              className={`flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm transition-colors ${
                active
                  ? 'bg-brand-50 font-semibold text-brand-800'
                  : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'
              }`}
            >
              {node.icon && node.parent_id === null ? (
                <img src={node.icon} alt="" width={20} height={20} loading="lazy" className="size-5" />
              ) : null}
              <span className="truncate">{node.name}</span>
            </Link>
            {node.children.length && open.includes(node.id) ? (
              <div className="mt-0.5 ml-4 border-l border-stone-200 pl-2">
                <CategoryTree nodes={node.children} current={current} open={open} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
