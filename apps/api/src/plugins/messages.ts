import type { Locale } from '@shop/domain/locale';

// Every msg the API sends, in both languages (ARCHITECTURE.md §4: msg is localized by Locale and
// safe to show). `{name}` placeholders are filled from params.
const catalog = {
  ok: { 'zh-CN': '成功', en: 'OK' },
  bad_request: { 'zh-CN': '请求无效', en: 'Bad request' },
  invalid_json: { 'zh-CN': '请求体不是有效的 JSON', en: 'The request body is not valid JSON' },
  invalid_param: { 'zh-CN': '参数 {field} 无效：{reason}', en: 'Invalid parameter {field}: {reason}' },
  unsupported_media_type: {
    'zh-CN': '不支持的内容类型，请使用 application/json',
    en: 'Unsupported content type; send application/json',
  },
  payload_too_large: { 'zh-CN': '请求体过大', en: 'The request body is too large' },
  unauthorized: { 'zh-CN': '请先登录', en: 'Please log in first' },
  forbidden: { 'zh-CN': '没有权限', en: 'You are not allowed to do this' },
  not_found: { 'zh-CN': '内容不存在', en: 'Not found' },
  route_not_found: { 'zh-CN': '接口不存在：{method} {url}', en: 'No such endpoint: {method} {url}' },
  method_not_allowed: { 'zh-CN': '不支持的请求方法', en: 'Method not allowed' },
  conflict: { 'zh-CN': '请求冲突，请重试', en: 'Conflict; please try again' },
  too_many_requests: { 'zh-CN': '请求过于频繁，请稍后再试', en: 'Too many requests; please try again later' },
  goods_not_found: {
    'zh-CN': '商品不存在或已下架',
    en: 'This product does not exist or is no longer on sale',
  },
  category_not_found: { 'zh-CN': '分类不存在', en: 'This category does not exist' },
  zone_not_found: { 'zh-CN': '专区不存在', en: 'This zone does not exist' },
  article_not_found: { 'zh-CN': '文章不存在', en: 'This article does not exist' },
  module_not_found: { 'zh-CN': '栏目不存在', en: 'This section does not exist' },
  server_not_found: { 'zh-CN': '该游戏没有这个区服', en: 'This game has no such server' },
  player_not_found: {
    'zh-CN': '未找到该玩家，请检查玩家 ID 和区服',
    en: 'Player not found; check the player ID and server',
  },
  not_direct_topup: { 'zh-CN': '该商品不是直充商品', en: 'This product is not a direct top-up' },
  invalid_credentials: { 'zh-CN': '账号或密码错误', en: 'Wrong account or password' },
  wrong_old_password: { 'zh-CN': '原密码不正确', en: 'The current password is wrong' },
  captcha_required: { 'zh-CN': '请输入图形验证码', en: 'Please enter the picture code' },
  captcha_invalid: {
    'zh-CN': '图形验证码错误或已过期，请刷新后重试',
    en: 'Wrong or expired picture code; refresh it and try again',
  },
  code_invalid: { 'zh-CN': '验证码错误或已过期', en: 'Wrong or expired verification code' },
  code_too_many_tries: {
    'zh-CN': '验证码错误次数过多，请重新获取',
    en: 'Too many wrong tries; request a new code',
  },
  code_cooldown: {
    'zh-CN': '验证码发送过于频繁，请 60 秒后再试',
    en: 'A code was just sent; try again in 60 seconds',
  },
  account_invalid: { 'zh-CN': '请输入有效的邮箱或手机号', en: 'Enter a valid email address or phone number' },
  account_exists: { 'zh-CN': '该账号已注册，请直接登录', en: 'This account already exists; please log in' },
  internal_error: {
    'zh-CN': '服务器开小差了，请稍后再试',
    en: 'Something went wrong on our side; please try again later',
  },
  unavailable: { 'zh-CN': '服务暂不可用', en: 'Service unavailable' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof catalog;
export type MessageParams = Record<string, string | number>;

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template: string = catalog[key][locale];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

const BY_STATUS: Record<number, MessageKey> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'unavailable',
};

export function messageForStatus(status: number): MessageKey {
  return BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}
