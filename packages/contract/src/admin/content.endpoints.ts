import { adminGet, adminPost } from './endpoint.ts';

/**
 * The console's content (banners, home sections, zones, articles, footer links: permission
 * `content`) and the shop's settings (site config, payment switches, exchange rate, order timeout,
 * retention periods: permission `settings`).
 */
export const contentEndpoints = {
  contentGoodsSearch: adminGet('/api/admin/content/goods/search', 'content'),

  bannerList: adminGet('/api/admin/content/banner/list', 'content'),
  bannerCreate: adminPost('/api/admin/content/banner/create', 'content'),
  bannerUpdate: adminPost('/api/admin/content/banner/update', 'content'),
  bannerDelete: adminPost('/api/admin/content/banner/delete', 'content'),
  bannerReorder: adminPost('/api/admin/content/banner/reorder', 'content'),

  moduleList: adminGet('/api/admin/content/module/list', 'content'),
  moduleCreate: adminPost('/api/admin/content/module/create', 'content'),
  moduleUpdate: adminPost('/api/admin/content/module/update', 'content'),
  moduleDelete: adminPost('/api/admin/content/module/delete', 'content'),
  moduleReorder: adminPost('/api/admin/content/module/reorder', 'content'),
  moduleGoods: adminGet('/api/admin/content/module/goods', 'content'),
  moduleGoodsSet: adminPost('/api/admin/content/module/goods/set', 'content'),

  zoneList: adminGet('/api/admin/content/zone/list', 'content'),
  zoneCreate: adminPost('/api/admin/content/zone/create', 'content'),
  zoneUpdate: adminPost('/api/admin/content/zone/update', 'content'),
  zoneDelete: adminPost('/api/admin/content/zone/delete', 'content'),
  zoneReorder: adminPost('/api/admin/content/zone/reorder', 'content'),
  zoneGoods: adminGet('/api/admin/content/zone/goods', 'content'),
  zoneGoodsSet: adminPost('/api/admin/content/zone/goods/set', 'content'),

  articleList: adminGet('/api/admin/content/article/list', 'content'),
  articleDetail: adminGet('/api/admin/content/article/detail', 'content'),
  articleCreate: adminPost('/api/admin/content/article/create', 'content'),
  articleUpdate: adminPost('/api/admin/content/article/update', 'content'),
  articleDelete: adminPost('/api/admin/content/article/delete', 'content'),

  linkList: adminGet('/api/admin/content/link/list', 'content'),
  linkCreate: adminPost('/api/admin/content/link/create', 'content'),
  linkUpdate: adminPost('/api/admin/content/link/update', 'content'),
  linkDelete: adminPost('/api/admin/content/link/delete', 'content'),
  linkReorder: adminPost('/api/admin/content/link/reorder', 'content'),

  settingsGet: adminGet('/api/admin/settings/get', 'settings'),
  settingsUpdate: adminPost('/api/admin/settings/update', 'settings'),
};
