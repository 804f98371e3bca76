// Settings a fresh database starts with (migration 0001). Operators change them later; the demo
// seed only fills in display texts.
export const DEFAULT_SETTINGS = {
  new_logo_url: '/logo.svg',
  copyright: '',
  icp: '',
  customer_qrcode: '',
  work_time: '',
  sms: 0,
  game_website_url: '',
  balance_alipay_switch: 1,
  balance_wechat_switch: 1,
  order_alipay_switch: 1,
  order_balance_switch: 1,
  order_wechat_switch: 1,
} as const;

export type SettingKey = keyof typeof DEFAULT_SETTINGS;
