import type { Locale } from '@shop/domain/locale';
import { I18n, type TranslationValues } from '../../../i18n/instance';
import { useTranslation } from '../../../i18n/use-translation';
import authEn from '../../../i18n/admin/auth.en.json';
import authZh from '../../../i18n/admin/auth.zh-CN.json';
import catalogEn from '../../../i18n/admin/catalog.en.json';
import catalogZh from '../../../i18n/admin/catalog.zh-CN.json';
import commonEn from '../../../i18n/admin/common.en.json';
import commonZh from '../../../i18n/admin/common.zh-CN.json';
import contentEn from '../../../i18n/admin/content.en.json';
import contentZh from '../../../i18n/admin/content.zh-CN.json';
import keysEn from '../../../i18n/admin/keys.en.json';
import keysZh from '../../../i18n/admin/keys.zh-CN.json';
import ordersEn from '../../../i18n/admin/orders.en.json';
import ordersZh from '../../../i18n/admin/orders.zh-CN.json';
import refundsEn from '../../../i18n/admin/refunds.en.json';
import refundsZh from '../../../i18n/admin/refunds.zh-CN.json';
import buyersEn from '../../../i18n/admin/buyers.en.json';
import buyersZh from '../../../i18n/admin/buyers.zh-CN.json';
import supportEn from '../../../i18n/admin/support.en.json';
import supportZh from '../../../i18n/admin/support.zh-CN.json';
import dashboardEn from '../../../i18n/admin/dashboard.en.json';
import dashboardZh from '../../../i18n/admin/dashboard.zh-CN.json';
import promotionsEn from '../../../i18n/admin/promotions.en.json';
import promotionsZh from '../../../i18n/admin/promotions.zh-CN.json';
import alertsEn from '../../../i18n/admin/alerts.en.json';
import alertsZh from '../../../i18n/admin/alerts.zh-CN.json';
import channelsEn from '../../../i18n/admin/channels.en.json';
import channelsZh from '../../../i18n/admin/channels.zh-CN.json';
import exportsEn from '../../../i18n/admin/exports.en.json';
import exportsZh from '../../../i18n/admin/exports.zh-CN.json';
import labelsEn from '../../../i18n/admin/labels.en.json';
import labelsZh from '../../../i18n/admin/labels.zh-CN.json';
import batchEn from '../../../i18n/admin/batch.en.json';
import batchZh from '../../../i18n/admin/batch.zh-CN.json';

export const ADMIN_BUNDLES = {
  'zh-CN': {
    common: commonZh,
    auth: authZh,
    catalog: catalogZh,
    keys: keysZh,
    content: contentZh,
    orders: ordersZh,
    refunds: refundsZh,
    buyers: buyersZh,
    support: supportZh,
    dashboard: dashboardZh,
    promotions: promotionsZh,
    alerts: alertsZh,
    channels: channelsZh,
    exports: exportsZh,
    labels: labelsZh,
    batch: batchZh,
  },
  en: {
    common: commonEn,
    auth: authEn,
    catalog: catalogEn,
    keys: keysEn,
    content: contentEn,
    orders: ordersEn,
    refunds: refundsEn,
    buyers: buyersEn,
    support: supportEn,
    dashboard: dashboardEn,
    promotions: promotionsEn,
    alerts: alertsEn,
    channels: channelsEn,
    exports: exportsEn,
    labels: labelsEn,
    batch: batchEn,
  },
} satisfies Record<Locale, Record<string, unknown>>;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type WithoutPluralSuffix<K> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
  ? Base
  : K;

/** Keys are checked against the zh-CN bundles; the i18n test keeps en in step. */
export type AdminKey = WithoutPluralSuffix<Leaves<(typeof ADMIN_BUNDLES)['zh-CN']>>;
export type AdminT = (key: AdminKey, values?: TranslationValues) => string;

const adminI18n = new I18n('zh-CN', ADMIN_BUNDLES);

export function adminT(locale: Locale): AdminT {
  return adminI18n.getFixedT(locale) as unknown as AdminT;
}

/** The console's translator in the shown language, and that language. */
export function useAdminT(): { t: AdminT; locale: Locale } {
  const locale = useTranslation().i18n.language;
  return { t: adminT(locale), locale };
}
