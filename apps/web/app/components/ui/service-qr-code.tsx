import { useTranslation } from '../../i18n/use-translation';

/** The customer-service QR code of the site settings, as the footer and the support page show it. */
export function ServiceQrCode({ src, size, className }: { src: string; size: number; className: string }) {
  const { t } = useTranslation();
  return (
    <img src={src} alt={t('footer.qrcode')} width={size} height={size} loading="lazy" className={className} />
  );
}
