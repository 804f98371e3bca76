import type { ChannelGroup } from '@shop/contract/admin/channels.endpoints';
import type { Locale } from '@shop/domain/locale';
import type { Database } from '../../db/database.ts';
import { translate } from '../../plugins/messages.ts';
import { queueMessage } from '../messaging/messaging.service.ts';
import { smsWebhookTransport, smtpTransport } from '../messaging/transports.ts';
import type { Gateways } from '../payment/gateways.ts';
import type { EffectiveChannels } from './channels.service.ts';
import { testTradeNo } from './channels.service.ts';

// The console's "test" buttons (issue 32): each proves its channel works with the settings in
// effect, by doing what the shop will do. SMTP: a test mail (no server set, outside production:
// into the local outbox); SMS: a signed test message to the webhook; Alipay / WeChat Pay: a signed
// refund call for a trade that does not exist, whose signed "no such trade" answer is checked — it
// proves both keys and moves no money (the built-in sandbox outside production).

export type ChannelTestResult = { ok: boolean; detail: string };

type Deps = {
  db: Database;
  effective: EffectiveChannels;
  gateways: Gateways;
  production: boolean;
  locale: Locale;
};

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

export async function testChannel(deps: Deps, group: ChannelGroup, to: string): Promise<ChannelTestResult> {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string>) =>
    translate(deps.locale, key, params);
  const failed = (error: unknown) => ({
    ok: false,
    detail: t('channel_test_failed', { detail: reasonOf(error) }),
  });
  const subject = t('channel_test_subject');
  const text = t('channel_test_text', { at: new Date().toISOString() });

  if (group === 'smtp') {
    const smtp = deps.effective.smtp;
    if (!smtp) {
      if (deps.production) return { ok: false, detail: t('channel_test_off') };
      await queueMessage(deps.db, {
        channel: 'email',
        recipient: to,
        subject,
        body: text,
        created_at: Date.now(),
      });
      return { ok: true, detail: t('channel_test_mail_outbox', { to }) };
    }
    const transport = smtpTransport(smtp);
    try {
      await transport.send({ id: 0, recipient: to, subject, body: text });
      return { ok: true, detail: t('channel_test_mail_sent', { to }) };
    } catch (error) {
      return failed(error);
    } finally {
      transport.close?.();
    }
  }

  if (group === 'sms') {
    const webhook = deps.effective.smsWebhook;
    if (!webhook) return { ok: false, detail: t('channel_test_off') };
    try {
      await smsWebhookTransport(webhook).send({ id: 0, recipient: 'test', subject, body: text });
      return { ok: true, detail: t('channel_test_sms_sent') };
    } catch (error) {
      return failed(error);
    }
  }

  const gateway = deps.gateways[group];
  if (!gateway) return { ok: false, detail: t('channel_test_off') };
  const where =
    deps.effective.modes[group] === 'sandbox'
      ? t('channel_test_sandbox')
      : new URL(group === 'alipay' ? deps.effective.alipay!.gateway : deps.effective.wechat!.apiBase).host;
  const answer = await gateway.refund({
    tradeNo: testTradeNo(),
    refundNo: testTradeNo(),
    totalCny: 1,
    amountCny: 1,
    reason: 'channel test',
  });
  // The one answer that proves both signatures: a signed "no such trade".
  if (answer.state === 'failed' && /TRADE_NOT_EXIST|RESOURCE_NOT_EXISTS/.test(answer.reason))
    return { ok: true, detail: t('channel_test_pay_ok', { where }) };
  return failed(answer.state === 'succeeded' ? 'unexpected refund' : answer.reason);
}
