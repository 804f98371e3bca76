import { useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { ARTICLE_TYPES, CONTENT_TEXT_MAX as MAX } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { wholeError } from '../kit/checks';
import { adminActions, useAdminWrite } from '../kit/actions';
import { useSubmit } from '../kit/form-dialog';
import { FormError, SelectField, TextAreaField, TextField, Toggle } from '../kit/form';
import { formatTime } from '../kit/time';
import { useAdminT } from '../kit/use-admin-t';
import { message } from '../../../lib/toast';

type Article = EndpointData<typeof adminEndpoints.articleDetail>;
type ArticleType = (typeof ARTICLE_TYPES)[number];
type Lang = 'zh' | 'en';
type Texts = { title: string; summary: string; content: string };

/** The writes of the article editor (its route's clientAction). */
export const articleEditActions = adminActions([adminEndpoints.articleCreate, adminEndpoints.articleUpdate]);

export const articleEditLoader = adminLoader(async ({ params }) => {
  if (params.id === 'new') return null;
  return adminQuiet.call(adminEndpoints.articleDetail, { id: params.id ?? '' });
});

const textsOf = (a: Article | null, lang: Lang): Texts => ({
  title: a?.[`title_${lang}`] ?? '',
  summary: a?.[`summary_${lang}`] ?? '',
  content: a?.[`content_${lang}`] ?? '',
});

/** One language's texts of the article: a column of the editor. */
function LanguageColumn({
  lang,
  value,
  onChange,
  titleError,
}: {
  lang: Lang;
  value: Texts;
  onChange: (next: Texts) => void;
  titleError?: string | undefined;
}) {
  const { t } = useAdminT();
  const language = t(lang === 'zh' ? 'content.articles.chinese' : 'content.articles.english');
  const htmlLang = lang === 'zh' ? 'zh-CN' : 'en';
  return (
    <Panel title={language}>
      <div className="space-y-3" data-testid={`article-${lang}`}>
        <TextField
          label={t('content.articles.articleTitle')}
          lang={htmlLang}
          value={value.title}
          maxLength={MAX.title}
          error={titleError}
          onChange={(e) => onChange({ ...value, title: e.target.value })}
        />
        <TextAreaField
          label={t('content.articles.summary')}
          lang={htmlLang}
          rows={2}
          value={value.summary}
          maxLength={MAX.summary}
          onChange={(e) => onChange({ ...value, summary: e.target.value })}
        />
        <TextAreaField
          label={t('content.articles.content')}
          hint={t('content.articles.contentHint', { count: value.content.length, max: MAX.content })}
          lang={htmlLang}
          rows={16}
          value={value.content}
          maxLength={MAX.content}
          onChange={(e) => onChange({ ...value, content: e.target.value })}
        />
      </div>
    </Panel>
  );
}

export function ArticleEdit() {
  const { t, locale } = useAdminT();
  const article = useLoaderData<typeof articleEditLoader>();
  const navigate = useNavigate();
  const write = useAdminWrite();
  const [type, setType] = useState<ArticleType>(article?.type ?? 'help');
  const [sort, setSort] = useState(String(article?.sort ?? 0));
  const [shown, setShown] = useState(article ? article.is_show === 1 : true);
  const [zh, setZh] = useState(() => textsOf(article, 'zh'));
  const [en, setEn] = useState(() => textsOf(article, 'en'));
  const [errors, setErrors] = useState<{ zh?: string; en?: string; sort?: string }>({});

  const { busy, error, submit } = useSubmit(async () => {
    const label = t('content.articles.articleTitle');
    const found = {
      zh: zh.title.trim()
        ? undefined
        : t('common.required', { field: `${label}（${t('content.articles.chinese')}）` }),
      en: en.title.trim()
        ? undefined
        : t('common.required', { field: `${label} (${t('content.articles.english')})` }),
      sort: wholeError(t, t('content.common.sort'), sort, { min: 0, max: 1_000_000 }),
    };
    setErrors(found);
    if (found.zh || found.en || found.sort) return;
    const body = {
      type,
      title_zh: zh.title,
      title_en: en.title,
      summary_zh: zh.summary,
      summary_en: en.summary,
      content_zh: zh.content,
      content_en: en.content,
      sort: Number(sort),
      is_show: shown ? (1 as const) : (0 as const),
    };
    if (article) {
      await write.quiet(adminEndpoints.articleUpdate, { id: article.id, ...body });
      message.success(t('common.saved'));
    } else {
      const created = await write.quiet(adminEndpoints.articleCreate, body);
      message.success(t('common.saved'));
      navigate(`/admin/articles/${created.id}`, { replace: true });
    }
  });

  return (
    <AdminPage
      title={article ? t('content.articles.editTitle') : t('content.articles.new')}
      actions={
        <>
          {article ? (
            <a href={`/article/${article.id}`} target="_blank" rel="noreferrer" className="btn-ghost">
              {t('content.common.view')}
            </a>
          ) : null}
          <Link to="/admin/articles" className="btn-ghost">
            {t('content.articles.back')}
          </Link>
        </>
      }
      intro={
        article
          ? t('content.articles.lastChanged', { time: formatTime(article.updated_at, locale) })
          : undefined
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="article-form">
        <Panel>
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField
              label={t('content.articles.type')}
              value={type}
              onChange={(e) => setType(e.target.value as ArticleType)}
            >
              {ARTICLE_TYPES.map((v) => (
                <option key={v} value={v}>
                  {t(`content.articles.types.${v}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('content.common.sort')}
              hint={t('content.common.sortHint')}
              inputMode="numeric"
              value={sort}
              error={errors.sort}
              onChange={(e) => setSort(e.target.value)}
            />
            <div className="sm:pt-7">
              <Toggle label={t('content.common.showToBuyers')} checked={shown} onChange={setShown} />
            </div>
          </div>
        </Panel>
        <div className="grid gap-4 md:grid-cols-2">
          <LanguageColumn lang="zh" value={zh} onChange={setZh} titleError={errors.zh} />
          <LanguageColumn lang="en" value={en} onChange={setEn} titleError={errors.en} />
        </div>
        <FormError message={error} />
        <div className="flex justify-end gap-2">
          <Link to="/admin/articles" className="btn-ghost">
            {t('common.cancel')}
          </Link>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
      {article ? <AuditTrail objectType="article" objectId={article.id} /> : null}
    </AdminPage>
  );
}
