import { useTranslation } from '../../i18n/use-translation';
import { useSiteConfig } from '../../stores/site-config';
import { ClockIcon, HeadsetIcon } from '../../components/ui/icons';
import { ServiceQrCode } from '../../components/ui/service-qr-code';

/** Customer service beside the tickets: the QR code and service hours of the site config (SPEC §3). */
export function ServicePanel() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  return (
    <section aria-labelledby="support-service" className="card p-5" data-testid="support-service">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start xl:flex-col xl:items-stretch">
        <div className="min-w-0 flex-1">
          <h2 id="support-service" className="flex items-center gap-2 text-base font-semibold text-stone-900">
            <HeadsetIcon size={18} className="shrink-0 text-brand-700" />
            {t('support.serviceTitle')}
          </h2>
          <p className="mt-1.5 text-sm text-stone-600">{t('support.serviceText')}</p>
          {config.work_time ? (
            <p className="mt-3 flex items-start gap-2 text-sm text-stone-700" data-testid="support-work-time">
              <ClockIcon size={16} className="mt-0.5 shrink-0 text-stone-500" />
              <span>{t('footer.workTime', { time: config.work_time })}</span>
            </p>
          ) : null}
        </div>
        {config.customer_qrcode ? (
          <figure className="flex shrink-0 items-center gap-4 border-t border-stone-100 pt-4 sm:flex-col sm:gap-1.5 sm:border-0 sm:pt-0 xl:border-t xl:pt-4">
            <ServiceQrCode
              src={config.customer_qrcode}
              size={128}
              className="size-24 rounded-lg border border-stone-200 bg-white object-contain p-1 sm:size-28 xl:size-32"
            />
            <figcaption className="text-sm text-stone-600 sm:max-w-32 sm:text-center sm:text-xs xl:max-w-none">
              {t('support.scanHint')}
            </figcaption>
          </figure>
        ) : null}
      </div>
    </section>
  );
}
