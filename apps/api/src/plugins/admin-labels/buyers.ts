import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's buyers endpoints (see auth.ts).
export const buyersFields: Record<string, Text> = {};

const buyer = { id: { 'zh-CN': '买家', en: 'Buyer' } };
const reason = { 'zh-CN': '原因', en: 'Reason' };

export const buyersRoutes: Record<string, Record<string, Text>> = {
  '/api/admin/buyers/list': {
    keyword: { 'zh-CN': '关键词', en: 'Keyword' },
    status: { 'zh-CN': '账号状态', en: 'Account status' },
  },
  '/api/admin/buyers/detail': buyer,
  '/api/admin/buyers/ledger': { ...buyer, type: { 'zh-CN': '明细类型', en: 'Entry type' } },
  '/api/admin/buyers/disable': { ...buyer, reason },
  '/api/admin/buyers/enable': { ...buyer, reason },
  '/api/admin/buyers/adjust_balance': {
    ...buyer,
    amount: { 'zh-CN': '调整金额', en: 'Amount' },
    reason,
    request_key: { 'zh-CN': '请求编号', en: 'Request key' },
  },
};
