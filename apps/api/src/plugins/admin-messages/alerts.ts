// Messages of the console's alerts endpoints (issue 32, decisions 076–077).
export const alertsMessages = {
  alert_kind_not_allowed: {
    'zh-CN': '您没有权限接收这类提醒',
    en: 'Your permissions do not cover this kind of alert',
  },
  alert_delivery_missing: { 'zh-CN': '这条发送记录不存在', en: 'This delivery does not exist' },
  alert_delivery_sending: {
    'zh-CN': '这条提醒正在发送，请稍后再试',
    en: 'This alert is being sent; try again in a moment',
  },
  alert_webhook_missing: { 'zh-CN': '这个 Webhook 不存在', en: 'This webhook does not exist' },
  alert_webhooks_full: {
    'zh-CN': 'Webhook 最多 {max} 个',
    en: 'There can be at most {max} webhooks',
  },
};
