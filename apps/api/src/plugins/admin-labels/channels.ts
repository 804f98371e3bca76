import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's channels and mail templates endpoints (issue 32; see auth.ts).
const sandbox: Text = { 'zh-CN': '内置沙箱', en: 'Built-in sandbox' };
const privateKey: Text = { 'zh-CN': '私钥', en: 'Private key' };
const clear_secrets: Text = { 'zh-CN': '删除已保存的密钥', en: 'Remove the stored secrets' };
const template = {
  kind: { 'zh-CN': '邮件类型', en: 'Mail' },
  lang: { 'zh-CN': '语言', en: 'Language' },
};
const templateText = {
  ...template,
  subject: { 'zh-CN': '主题', en: 'Subject' },
  body: { 'zh-CN': '正文', en: 'Body' },
};

export const channelsFields: Record<string, Text> = {};
export const channelsRoutes: Record<string, Record<string, Text>> = {
  '/api/admin/channels/alipay': {
    sandbox,
    app_id: { 'zh-CN': '应用 ID', en: 'App ID' },
    seller_id: { 'zh-CN': '卖家 ID', en: 'Seller ID' },
    private_key: privateKey,
    alipay_public_key: { 'zh-CN': '支付宝公钥', en: 'Alipay public key' },
    gateway: { 'zh-CN': '网关地址', en: 'Gateway address' },
    clear_secrets,
  },
  '/api/admin/channels/wechat': {
    sandbox,
    mchid: { 'zh-CN': '商户号', en: 'Merchant ID' },
    appid: { 'zh-CN': '应用 ID', en: 'App ID' },
    cert_serial: { 'zh-CN': '证书序列号', en: 'Certificate serial number' },
    private_key: privateKey,
    apiv3_key: { 'zh-CN': 'APIv3 密钥', en: 'APIv3 key' },
    platform_public_key: { 'zh-CN': '平台公钥', en: 'Platform public key' },
    platform_serial: { 'zh-CN': '平台证书序列号', en: 'Platform certificate serial' },
    api_base: { 'zh-CN': '接口地址', en: 'API address' },
    clear_secrets,
  },
  '/api/admin/channels/smtp': {
    host: { 'zh-CN': 'SMTP 服务器', en: 'SMTP server' },
    port: { 'zh-CN': '端口', en: 'Port' },
    secure: { 'zh-CN': '直接使用 TLS（SMTPS）', en: 'TLS from the start (SMTPS)' },
    user: { 'zh-CN': '用户名', en: 'User name' },
    password: { 'zh-CN': '密码', en: 'Password' },
    url: { 'zh-CN': 'SMTP 地址（URL 形式）', en: 'SMTP URL' },
    from: { 'zh-CN': '发件人', en: 'Sender' },
    clear_secrets,
  },
  '/api/admin/channels/sms': {
    url: { 'zh-CN': '短信网关地址', en: 'SMS webhook address' },
    secret: { 'zh-CN': '签名密钥', en: 'Signing secret' },
    clear_secrets,
  },
  '/api/admin/channels/test': {
    group: { 'zh-CN': '渠道', en: 'Channel' },
    to: { 'zh-CN': '收件地址', en: 'Send to' },
  },
  '/api/admin/mail-templates/save': templateText,
  '/api/admin/mail-templates/preview': templateText,
  '/api/admin/mail-templates/reset': template,
};
