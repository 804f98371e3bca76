// Every `/api/front` endpoint, declared once (issue 13): its method, path and whether it needs a
// logged-in buyer. The API registers its routes from this table joined with `endpoint-schemas.ts`
// (the zod schemas and OpenAPI texts, keyed by the same names); the web calls
// `api.call(endpoints.orderDetail, { oid })` with the request and response types inferred from
// those schemas. This file holds no zod values, so the browser bundles only these few strings.

export type HttpMethod = 'GET' | 'POST';
/** user: 请先登录 before anything else; optional: a token changes what the call does; none. */
export type EndpointAuth = 'user' | 'optional' | 'none';

export interface Endpoint<M extends HttpMethod = HttpMethod, P extends string = string> {
  readonly method: M;
  readonly path: P;
  readonly auth: EndpointAuth;
}

const get = <P extends string>(path: P, auth: EndpointAuth = 'none'): Endpoint<'GET', P> => ({
  method: 'GET',
  path,
  auth,
});
const post = <P extends string>(path: P, auth: EndpointAuth = 'none'): Endpoint<'POST', P> => ({
  method: 'POST',
  path,
  auth,
});

export const endpoints = {
  login: post('/api/front/app/login'),
  logout: post('/api/front/app/logout'),
  userInfo: get('/api/front/user/info', 'user'),
  profileUpdate: post('/api/front/user/info', 'user'),
  register: post('/api/front/app/register'),
  setPassword: post('/api/front/app/setPassword', 'optional'),
  addressList: get('/api/front/address/list', 'user'),
  addressCreate: post('/api/front/address/create', 'user'),
  addressUpdate: post('/api/front/address/update', 'user'),
  addressRemove: post('/api/front/address/remove', 'user'),
  addressDefault: post('/api/front/address/default', 'user'),
  orderAddress: post('/api/front/order/address', 'user'),
  cartShow: get('/api/front/goods/cart/show', 'user'),
  cartCount: get('/api/front/goods/cart/count', 'user'),
  cartAdd: post('/api/front/goods/cart/add', 'user'),
  cartUpdate: post('/api/front/goods/cart/update', 'user'),
  cartRemove: post('/api/front/goods/cart/remove', 'user'),
  categoryList: get('/api/front/category/list'),
  categoryGoods: get('/api/front/category/goods'),
  goodsDetail: get('/api/front/goods/detail'),
  goodsSearch: get('/api/front/goods/search'),
  goodsPlayer: get('/api/front/goods/player'),
  linkList: get('/api/front/link/list'),
  swiperList: get('/api/front/swiper/list'),
  customModuleList: get('/api/front/customModule/list'),
  customModuleGoods: get('/api/front/customModule/goods'),
  zoneList: get('/api/front/zone/list'),
  zoneDetail: get('/api/front/zone/detail'),
  articleList: get('/api/front/article/list'),
  articleDetail: get('/api/front/article/detail'),
  regionList: get('/api/front/region/list'),
  orderCards: get('/api/front/order/card', 'user'),
  cardReveal: post('/api/front/order/card/reveal', 'user'),
  cardRevealAll: post('/api/front/order/card/reveal_all', 'user'),
  cardExport: get('/api/front/order/card/export', 'user'),
  orderCreate: post('/api/front/order/create', 'user'),
  orderQuote: post('/api/front/order/quote', 'user'),
  orderCoupon: post('/api/front/order/coupon', 'user'),
  orderList: get('/api/front/order/list', 'user'),
  orderDetail: get('/api/front/order/detail', 'user'),
  orderCancel: post('/api/front/order/cancel', 'user'),
  orderPay: post('/api/front/order/pay', 'user'),
  orderPayStatus: get('/api/front/order/pay/status', 'user'),
  recharge: post('/api/front/user/recharge', 'user'),
  rechargeStatus: get('/api/front/user/recharge/status', 'user'),
  playerRecent: get('/api/front/player/recent', 'user'),
  playerRecentRemove: post('/api/front/player/recent/remove', 'user'),
  siteConfig: get('/api/front/app/config'),
  supportList: get('/api/front/support/list', 'user'),
  supportCreate: post('/api/front/support/create', 'user'),
  supportDetail: get('/api/front/support/detail', 'user'),
  supportReply: post('/api/front/support/reply', 'user'),
  supportClose: post('/api/front/support/close', 'user'),
  uploadGrant: get('/api/front/oss/getStsToken', 'user'),
  upload: post('/api/front/oss/upload'),
  captcha: get('/api/front/app/captcha'),
  sendEmailCode: post('/api/front/app/sendEmailcode'),
  sendCode: post('/api/front/app/send_code'),
  balanceLog: get('/api/front/user/balanceLog', 'user'),
};

export type EndpointName = keyof typeof endpoints;
