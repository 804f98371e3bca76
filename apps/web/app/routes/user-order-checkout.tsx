import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-order-checkout';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { Skeleton, SkeletonText } from '../components/ui/skeleton';
import { pageMeta, type PageHandle } from '../lib/meta';
import { requireOrderId } from '../lib/params';
import { useSiteConfig } from '../lib/root-data';

export const handle = { page: 'checkout' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'checkout');

export function loader({ params }: Route.LoaderArgs) {
  return { oid: requireOrderId(params.oid) };
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const config = useSiteConfig();
  // SPEC §3: order payment methods follow the order_* switches.
  const methods = [
    { key: 'balance', on: config.order_balance_switch },
    { key: 'alipay', on: config.order_alipay_switch },
    { key: 'wechat', on: config.order_wechat_switch },
  ] as const;
  const enabled = methods.filter((m) => m.on);

  return (
    <PageContainer className="max-w-5xl">
      <PageHeader
        title={t('pages.checkout.heading')}
        subtitle={t('order.number', { oid: loaderData.oid })}
        crumbs={[{ label: t('nav.orders'), to: '/user/order' }]}
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
        <section aria-labelledby="checkout-summary" className="card p-5 sm:p-6">
          <h2 id="checkout-summary" className="text-base font-semibold text-stone-900">
            {t('checkout.summary')}
          </h2>
          <div role="status" aria-busy="true" aria-label={t('common.loading')} className="mt-5 space-y-4">
            {Array.from({ length: 2 }, (_, i) => (
              <div key={i} aria-hidden="true" className="flex gap-3">
                <Skeleton className="size-16 rounded-lg" />
                <SkeletonText lines={2} className="flex-1" />
              </div>
            ))}
          </div>
        </section>
        <section aria-labelledby="checkout-pay" className="card h-fit p-5 sm:p-6">
          <h2 id="checkout-pay" className="text-base font-semibold text-stone-900">
            {t('checkout.method')}
          </h2>
          {enabled.length ? (
            <fieldset className="mt-4 space-y-2">
              <legend className="sr-only">{t('checkout.method')}</legend>
              {enabled.map((m, i) => (
                <label
                  key={m.key}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-200 px-4 py-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="method"
                    value={m.key}
                    defaultChecked={i === 0}
                    className="accent-brand-700"
                  />
                  {t(`payment.${m.key}`)}
                </label>
              ))}
            </fieldset>
          ) : (
            <p className="mt-4 text-sm text-stone-600">{t('checkout.noMethods')}</p>
          )}
          <button type="button" disabled className="btn-primary mt-5 h-11 w-full text-base">
            {t('checkout.pay')}
          </button>
          <p className="mt-2 text-center text-xs text-stone-600">{t('common.comingSoon')}</p>
        </section>
      </div>
    </PageContainer>
  );
}
