import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { Route } from '../../routes/+types/article';
import { ClockIcon } from '../../components/ui/icons';
import { PageContainer, PageHeader } from '../../components/ui/page-header';
import { paragraphs } from '../../lib/catalog';
import { formatDate, isoDate } from '../../lib/format';

export function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { article, help } = loaderData;
  const others = help.filter((a) => a.id !== article.id);
  return (
    <PageContainer>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <article className="card min-w-0 p-5 sm:p-8">
          <PageHeader title={article.title} crumbs={[{ label: t(`article.types.${article.type}`) }]} />
          <p className="-mt-3 mb-6 flex items-center gap-1.5 text-xs text-stone-600">
            <ClockIcon size={14} />
            <time dateTime={isoDate(article.created_at)}>{formatDate(article.created_at, locale)}</time>
          </p>
          <div className="space-y-4 text-[15px] leading-7 whitespace-pre-line text-stone-800">
            {paragraphs(article.content).map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </article>
        {others.length ? (
          <aside aria-labelledby="help-articles" className="card h-fit p-5">
            <h2 id="help-articles" className="text-base font-bold text-stone-900">
              {t('article.helpCenter')}
            </h2>
            <ul className="mt-3 divide-y divide-stone-100">
              {others.map((item) => (
                <li key={item.id}>
                  <Link
                    to={`/article/${item.id}`}
                    className="block py-2.5 text-sm text-stone-700 hover:text-brand-800 hover:underline"
                  >
                    {item.title}
                  </Link>
                </li>
              ))}
            </ul>
          </aside>
        ) : null}
      </div>
    </PageContainer>
  );
}
