import { useTranslation } from '../../i18n/use-translation';
import type { Route } from '../../routes/+types/zone';
import { GoodsGrid } from '../goods';
import { EmptyState } from '../../components/ui/empty-state';
import { BoxIcon } from '../../components/ui/icons';
import { Breadcrumb, PageContainer } from '../../components/ui/page-header';

export function ZonePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { zone } = loaderData;
  return (
    <PageContainer>
      <Breadcrumb className="mb-4" crumbs={[{ label: zone.name }]} />
      <header className="relative overflow-hidden rounded-2xl bg-stone-800 text-white shadow-sm sm:rounded-3xl">
        {zone.banner ? (
          <img
            src={zone.banner}
            alt=""
            width={1200}
            height={400}
            fetchPriority="high"
            className="aspect-[2/1] w-full object-cover sm:aspect-[3/1]"
          />
        ) : (
          <div className="aspect-[3/1] w-full bg-gradient-to-br from-brand-800 to-brand-600" />
        )}
        <div className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-stone-950/75 via-stone-950/25 to-transparent p-5 sm:p-10">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">{zone.name}</h1>
          {zone.subtitle ? (
            <p className="mt-1 max-w-2xl text-sm text-white/90 sm:text-lg">{zone.subtitle}</p>
          ) : null}
        </div>
      </header>
      <section aria-labelledby="zone-goods" className="mt-8">
        <h2 id="zone-goods" className="mb-4 text-lg font-bold text-stone-900 sm:text-xl">
          {t('zone.goods', { count: zone.goods.length })}
        </h2>
        {zone.goods.length ? (
          <GoodsGrid goods={zone.goods} />
        ) : (
          <div className="card">
            <EmptyState icon={<BoxIcon size={28} />} title={t('zone.emptyTitle')} />
          </div>
        )}
      </section>
    </PageContainer>
  );
}
