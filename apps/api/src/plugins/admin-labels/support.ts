import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's support endpoints (see auth.ts).
export const supportFields: Record<string, Text> = {};

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });
const ticket = { id: t('工单', 'Ticket') };
const canned = {
  title: t('标题', 'Title'),
  body: t('回复内容', 'Reply text'),
  sort: t('排序值', 'Sort number'),
};

export const supportRoutes: Record<string, Record<string, Text>> = {
  '/api/admin/support/list': {
    status: t('工单状态', 'Ticket status'),
    keyword: t('关键词', 'Keyword'),
    buyer_id: t('买家', 'Buyer'),
    oid: t('订单号', 'Order number'),
  },
  '/api/admin/support/detail': ticket,
  '/api/admin/support/reply': {
    ...ticket,
    body: t('回复内容', 'Reply'),
    close: t('回复后关闭', 'Close after replying'),
    request_key: t('请求编号', 'Request key'),
  },
  '/api/admin/support/close': ticket,
  '/api/admin/support/canned/create': canned,
  '/api/admin/support/canned/update': { id: t('快捷回复', 'Canned reply'), ...canned },
  '/api/admin/support/canned/delete': { id: t('快捷回复', 'Canned reply') },
};
