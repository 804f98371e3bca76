import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useRootData } from '../../lib/root-data';
import { useSiteConfig } from '../../stores/site-config';
import { BoltIcon, ClockIcon, HeadsetIcon, ShieldIcon } from '../ui/icons';
import { ServiceQrCode } from '../ui/service-qr-code';

export function SiteFooter() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const links = useRootData()?.links ?? [];
  const brand = t('brand.name');

  const promises = [
    { icon: <BoltIcon size={20} />, title: t('footer.promise.fast'), text: t('footer.promise.fastText') },
    { icon: <ShieldIcon size={20} />, title: t('footer.promise.safe'), text: t('footer.promise.safeText') },
    {
      icon: <HeadsetIcon size={20} />,
      title: t('footer.promise.support'),
      text: t('footer.promise.supportText'),
    },
  ];

  return (
    <footer className="mt-12 bg-stone-900 text-stone-300">
      <div className="border-b border-stone-800">
        <ul className="mx-auto grid max-w-7xl gap-4 px-4 py-6 sm:grid-cols-3 sm:px-6 lg:px-8">
          {promises.map((item) => (
            <li key={item.title} className="flex items-center gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-stone-800 text-brand-300">
                {item.icon}
              </span>
              <span>
                <span className="block text-sm font-semibold text-white">{item.title}</span>
                <span className="block text-xs text-stone-400">{item.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-base font-bold text-white">
            <img src="/logo.svg" alt="" width={28} height={28} className="size-7" loading="lazy" />
            {brand}
          </p>
          <p className="mt-3 max-w-xs text-sm leading-6 text-stone-400">{t('footer.about')}</p>
        </div>

        <div>
          <h2 className="text-sm font-semibold text-white">{t('footer.service')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {config.work_time ? (
              <li className="flex items-center gap-2">
                <ClockIcon size={16} />
                {t('footer.workTime', { time: config.work_time })}
              </li>
            ) : null}
            <li>
              <Link to="/user/support" className="hover:text-white hover:underline">
                {t('footer.contact')}
              </Link>
            </li>
            <li>
              <Link to="/user/order" className="hover:text-white hover:underline">
                {t('nav.orders')}
              </Link>
            </li>
          </ul>
          {config.customer_qrcode ? (
            <ServiceQrCode
              src={config.customer_qrcode}
              size={96}
              className="mt-4 size-24 rounded-lg bg-white p-1"
            />
          ) : null}
        </div>

        {links.length > 0 ? (
          <div>
            <h2 className="text-sm font-semibold text-white">{t('footer.links')}</h2>
            <ul className="mt-3 grid grid-cols-2 gap-2 text-sm">
              {links.map((link) => (
                <li key={link.id}>
                  {link.url.startsWith('/') ? (
                    <Link to={link.url} className="hover:text-white hover:underline">
                      {link.name}
                    </Link>
                  ) : (
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="hover:text-white hover:underline"
                    >
                      {link.name}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>

      <div className="border-t border-stone-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-5 text-xs text-stone-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>{config.copyright || t('footer.copyright', { brand })}</p>
          {config.icp ? (
            <a
              href="https://beian.miit.gov.cn/"
              target="_blank"
              rel="noopener noreferrer"
              className="hover:text-white hover:underline"
            >
              {config.icp}
            </a>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
