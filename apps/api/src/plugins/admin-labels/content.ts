import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's content and settings endpoints (see auth.ts). Names like `id`,
// `name_zh` or `sort` mean something else on each route, so every label here is by route.
export const contentFields: Record<string, Text> = {};

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });
const both = (base: string, zh: string, en: string): Record<string, Text> => ({
  [`${base}_zh`]: t(`${zh}（中文）`, `${en} (Chinese)`),
  [`${base}_en`]: t(`${zh}（英文）`, `${en} (English)`),
});

const sortBy = t('排序字段', 'Sort by');
const shown = t('显示状态', 'Shown');
const common = { sort: t('排序值', 'Sort number'), is_show: shown };
/** The list of a reorder: `ids` and each of them. */
const order = (zh: string, en: string) => ({
  ids: t(`${zh}顺序`, `Order of the ${en}s`),
  'ids.*': t(`第 {1} 个${zh}`, `${en[0]!.toUpperCase()}${en.slice(1)} {1}`),
});
/** A goods list of a section or zone. */
const goodsList = (zh: string, en: string) => ({
  goods_ids: t(`${zh}商品`, `Goods of the ${en}`),
  'goods_ids.*': t('第 {1} 个商品', 'Goods {1}'),
});

type Area = {
  path: string;
  id: Text;
  fields: Record<string, Text>;
  reorder?: ReturnType<typeof order>;
  goods?: ReturnType<typeof goodsList>;
};

const AREAS: Area[] = [
  {
    path: 'banner',
    id: t('轮播图', 'Banner'),
    fields: {
      ...both('title', '标题', 'Title'),
      ...both('subtitle', '副标题', 'Subtitle'),
      image: t('图片', 'Picture'),
      link: t('跳转链接', 'Link'),
    },
    reorder: order('轮播图', 'banner'),
  },
  {
    path: 'module',
    id: t('首页栏目', 'Home section'),
    fields: {
      ...both('title', '栏目标题', 'Section title'),
      ...both('subtitle', '栏目副标题', 'Section subtitle'),
      style: t('展示样式', 'Layout'),
    },
    reorder: order('首页栏目', 'home section'),
    goods: goodsList('栏目', 'section'),
  },
  {
    path: 'zone',
    id: t('专区', 'Zone'),
    fields: {
      ...both('name', '专区名称', 'Zone name'),
      ...both('subtitle', '专区副标题', 'Zone subtitle'),
      banner: t('专区横幅图片', 'Zone banner picture'),
    },
    reorder: order('专区', 'zone'),
    goods: goodsList('专区', 'zone'),
  },
  {
    path: 'article',
    id: t('文章', 'Article'),
    fields: {
      type: t('文章类型', 'Article type'),
      ...both('title', '文章标题', 'Article title'),
      ...both('summary', '摘要', 'Summary'),
      ...both('content', '正文', 'Content'),
    },
  },
  {
    path: 'link',
    id: t('底部链接', 'Footer link'),
    fields: { ...both('name', '链接名称', 'Link name'), url: t('链接地址', 'Link address') },
    reorder: order('底部链接', 'footer link'),
  },
];

const routes: Record<string, Record<string, Text>> = {
  '/api/admin/content/goods/search': { sort: sortBy },
};
for (const area of AREAS) {
  const base = `/api/admin/content/${area.path}`;
  const id = { id: area.id };
  routes[`${base}/list`] = { sort: sortBy, is_show: shown, type: t('文章类型', 'Article type') };
  routes[`${base}/create`] = { ...area.fields, ...common };
  routes[`${base}/update`] = { ...area.fields, ...common, ...id };
  routes[`${base}/delete`] = id;
  routes[`${base}/detail`] = id;
  if (area.reorder) routes[`${base}/reorder`] = area.reorder;
  if (area.goods) {
    routes[`${base}/goods`] = id;
    routes[`${base}/goods/set`] = { ...id, ...area.goods };
  }
}

const onOff = (zh: string, en: string) => t(`${zh}开关`, `${en} switch`);
routes['/api/admin/settings/update'] = {
  new_logo_url: t('Logo 图片地址', 'Logo picture address'),
  copyright: t('版权信息', 'Copyright'),
  icp: t('ICP 备案号', 'ICP licence number'),
  customer_qrcode: t('客服二维码图片', 'Support QR code picture'),
  work_time: t('客服工作时间', 'Support hours'),
  sms: onOff('短信验证码', 'SMS code'),
  game_website_url: t('游戏官网地址', 'Game website address'),
  order_balance_switch: onOff('订单余额支付', 'Order balance payment'),
  order_alipay_switch: onOff('订单支付宝支付', 'Order Alipay payment'),
  order_wechat_switch: onOff('订单微信支付', 'Order WeChat Pay payment'),
  balance_alipay_switch: onOff('余额充值支付宝', 'Wallet top-up by Alipay'),
  balance_wechat_switch: onOff('余额充值微信支付', 'Wallet top-up by WeChat Pay'),
  exchange_rate_usd: t('汇率（1 元人民币兑美元）', 'Exchange rate (USD per 1 CNY)'),
  order_timeout_minutes: t('未支付订单超时（分钟）', 'Unpaid order timeout (minutes)'),
  retention_days: t('记录保留天数', 'Records kept (days)'),
  retention_codes_hours: t('验证码保留小时数', 'Codes kept (hours)'),
};

export const contentRoutes = routes;
