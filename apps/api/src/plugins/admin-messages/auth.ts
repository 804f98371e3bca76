import type { Locale } from '@shop/domain/locale';

// Messages of the console's session, operators and audit (issue 14).
export const authMessages = {
  totp_required: { 'zh-CN': '请输入身份验证器中的动态码', en: 'Enter the code from your authenticator app' },
  totp_invalid: { 'zh-CN': '动态码或恢复码不正确', en: 'The authenticator or recovery code is not right' },
  totp_not_started: { 'zh-CN': '请先生成新的两步验证密钥', en: 'Start the two-step setup first' },
  password_change_required: {
    'zh-CN': '请先修改一次性密码',
    en: 'Change your one-time password first',
  },
  password_unchanged: {
    'zh-CN': '新密码不能与当前密码相同',
    en: 'The new password must differ from the current one',
  },
  operator_not_found: { 'zh-CN': '操作员不存在', en: 'This operator does not exist' },
  operator_exists: { 'zh-CN': '该邮箱已有操作员账号', en: 'An operator with this email already exists' },
  last_owner: {
    'zh-CN': '必须保留至少一位启用的店主',
    en: 'The shop must keep at least one active owner',
  },
} as const satisfies Record<string, Record<Locale, string>>;
