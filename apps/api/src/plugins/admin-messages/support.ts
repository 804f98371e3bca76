import type { Locale } from '@shop/domain/locale';

// Messages of the console's support endpoints (issue 15).
export const supportMessages = {
  ticket_reply_closed: {
    'zh-CN': '工单已关闭，不能再回复；买家可新建工单',
    en: 'This ticket is closed and takes no more replies; the buyer may open a new one',
  },
  ticket_reply_key_reused: {
    'zh-CN': '该请求编号已用于另一条回复，请刷新页面后重新发送',
    en: 'This request key was used for another reply; reload the page and send again',
  },
  canned_reply_not_found: { 'zh-CN': '快捷回复不存在', en: 'This canned reply does not exist' },
} satisfies Record<string, Record<Locale, string>>;
