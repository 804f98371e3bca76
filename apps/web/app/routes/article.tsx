import type { Route } from './+types/article';
import { endpoints } from '@shop/contract/endpoints';
import { paragraphs, type ArticleSummary } from '../lib/catalog';
import { catalogApi, orNotFound } from '../lib/catalog.server';
import { pageMeta, type PageHandle } from '../lib/meta';
import { requireNumericId } from '../lib/params';
import { errorMeta } from '../components/error/route-error-boundary';
import { ArticlePage } from '../features/content/article-page';

export const handle = { page: 'article' } satisfies PageHandle;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = requireNumericId(params.id);
  const { http } = catalogApi(request, context);
  const [article, help] = await Promise.all([
    orNotFound(http.call(endpoints.articleDetail, { id })),
    // The side list is extra: the article stands without it.
    http
      .call(endpoints.articleList, { type: 'help', page: 1, limit: 20 })
      .then((page) => page.list)
      .catch((): ArticleSummary[] => []),
  ]);
  return { article, help };
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => {
  const error = errorMeta(args);
  if (error) return error;
  const article = args.loaderData?.article;
  if (!article) return pageMeta(args, 'article');
  return pageMeta(args, 'article', {
    title: article.title,
    description: article.summary || paragraphs(article.content)[0],
    type: 'article',
    path: `/article/${article.id}`,
  });
};

export default ArticlePage;
