// Settings a fresh database starts with (migration 0001 holds a frozen copy). Operators change them later; the demo
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

/**
 * Settings whose default is the server's env (ORDER_TIMEOUT_MINUTES, RETENTION_DAYS,
 * RETENTION_CODES_HOURS): never stored until an operator sets one in the console (issue 14).
 */
export const ENV_DEFAULTED_SETTINGS = [
  'order_timeout_minutes',
  'retention_days',
  'retention_codes_hours',
] as const;
export type EnvDefaultedSetting = (typeof ENV_DEFAULTED_SETTINGS)[number];

/** USD per CNY while the stored rate is missing or unusable (migration 0002 stores it). */
export const DEFAULT_EXCHANGE_RATE_USD = '0.138';

/** Every key the settings table holds. */
export type StoredSettingKey = SettingKey | EnvDefaultedSetting | 'exchange_rate_usd';
