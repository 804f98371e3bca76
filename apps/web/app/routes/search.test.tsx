import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from 'react-router';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import zhCN from '../i18n/zh-CN.json';
import { I18n } from '../i18n/instance';
import { I18nContext } from '../i18n/use-translation';
import type { CategoryNode, GoodsCard, Paged } from '../lib/catalog';
import SearchPage from './search';

// Issue 29, finding 2: a search that finds nothing shows its empty state without the category
// chips, in both languages. The page's own component, rendered by React Router's static router.

type Data = {
  keyword: string;
  categoryId: number | null;
  results: Paged<GoodsCard> | null;
  categories: CategoryNode[];
};

const categories: CategoryNode[] = [
  { id: 1, parent_id: null, name: 'Mobile games', icon: '', children: [] },
  { id: 2, parent_id: null, name: 'Gift cards', icon: '', children: [] },
] as CategoryNode[];
const card: GoodsCard = {
  id: 7,
  name: 'Arcway Wallet Gift Card',
  subtitle: '',
  image: '/i/x.svg',
  category_id: 2,
  spec_type: 1,
  recharge_type: 1,
  price: '98.00',
  currency: 'CNY',
  sales: 10,
  in_stock: true,
} as GoodsCard;

async function render(locale: 'zh-CN' | 'en', url: string, data: Data) {
  const Page = SearchPage as unknown as (props: {
    loaderData: Data;
    params: object;
    matches: [];
  }) => React.ReactNode;
  const routes = [
    {
      path: '/search',
      loader: () => data,
      Component: () => <Page loaderData={useLoaderData() as Data} params={{}} matches={[]} />,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://shop.test${url}`));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  const i18n = new I18n(locale, { 'zh-CN': zhCN, en });
  return renderToString(
    <I18nContext.Provider value={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nContext.Provider>,
  );
}

const page = (list: GoodsCard[]): Paged<GoodsCard> => ({ list, total: list.length, page: 1, limit: 20 });

describe.each([
  ['zh-CN', zhCN],
  ['en', en],
] as const)('the search page (%s)', (locale, bundle) => {
  const chips = `aria-label="${bundle.search.filter}"`;

  it('shows the empty state without the category chips when nothing is found', async () => {
    const html = await render(locale, '/search?keyword=zzzz', {
      keyword: 'zzzz',
      categoryId: null,
      results: page([]),
      categories,
    });
    expect(html).toContain('data-testid="search-empty"');
    expect(html).toContain(bundle.search.noResults.replace('{{keyword}}', 'zzzz'));
    expect(html).not.toContain(chips);
    expect(html).not.toContain(bundle.search.allCategories);
    expect(html).not.toContain('Mobile games');
    expect(html).toContain(bundle.common.browseHome);
  });

  it('offers all categories instead when nothing is found in one', async () => {
    const html = await render(locale, '/search?keyword=zzzz&category_id=2', {
      keyword: 'zzzz',
      categoryId: 2,
      results: page([]),
      categories,
    });
    expect(html).not.toContain(chips);
    expect(html).toContain(bundle.search.searchAllCategories);
    expect(html).toContain('href="/search?keyword=zzzz"');
  });

  it('shows the chips with results, and before a search', async () => {
    const found = await render(locale, '/search?keyword=card', {
      keyword: 'card',
      categoryId: null,
      results: page([card]),
      categories,
    });
    expect(found).toContain(chips);
    expect(found).toContain('Arcway Wallet Gift Card');
    expect(found).not.toContain('data-testid="search-empty"');
    const before = await render(locale, '/search', {
      keyword: '',
      categoryId: null,
      results: null,
      categories,
    });
    expect(before).toContain(chips);
    expect(before).toContain(bundle.search.emptyTitle);
  });
});
