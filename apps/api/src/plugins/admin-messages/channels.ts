import type { Locale } from '@shop/domain/locale';

// Messages of the console's channels and mail templates (issue 32).
export const channelsMessages = {
  channel_secret_owner_only: {
    'zh-CN': '只有店主可以更改或删除密钥、密码等机密项',
    en: 'Only the owner can change or remove secrets (keys, passwords)',
  },
  channel_sandbox_production: {
    'zh-CN': '生产模式下不能使用内置沙箱',
    en: 'The built-in sandbox is not available in production mode',
  },
  mail_template_variable: {
    'zh-CN': '模板中的变量 {name} 不适用于此邮件。可用的变量：{allowed}',
    en: 'The template uses {name}, which this mail does not offer. Allowed: {allowed}',
  },
  channel_test_subject: { 'zh-CN': '【像素港】测试邮件', en: 'Pixel Harbor test message' },
  channel_test_text: {
    'zh-CN': '这是一条来自后台“测试”按钮的测试消息（{at}）。',
    en: 'This is a test message from the console’s “Test” button ({at}).',
  },
  channel_test_mail_sent: {
    'zh-CN': '测试邮件已由 SMTP 服务器接收，收件人：{to}',
    en: 'The SMTP server accepted the test mail to {to}',
  },
  channel_test_mail_outbox: {
    'zh-CN': '未设置 SMTP 服务器：测试邮件（收件人 {to}）已放入本地发件箱 /dev/outbox',
    en: 'No SMTP server is set: the test mail to {to} is in the local outbox (/dev/outbox)',
  },
  channel_test_sms_sent: {
    'zh-CN': '短信网关已接收一条签名测试消息',
    en: 'The SMS webhook accepted a signed test message',
  },
  channel_test_pay_ok: {
    'zh-CN': '签名请求已被接受，应答签名验证通过（{where}）',
    en: 'The signed call was accepted and its signed answer verified ({where})',
  },
  channel_test_sandbox: { 'zh-CN': '内置沙箱', en: 'the built-in sandbox' },
  channel_test_off: { 'zh-CN': '此渠道尚未设置', en: 'This channel is not set up' },
  channel_test_failed: { 'zh-CN': '测试未通过：{detail}', en: 'The test failed: {detail}' },
} satisfies Record<string, Record<Locale, string>>;
