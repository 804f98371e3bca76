import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Channel } from '../../db/database.ts';

// Where outbox messages go (ARCHITECTURE.md §5, Accounts): email through SMTP with nodemailer,
// text messages through the SMS adapter. A channel with no transport stays in the local outbox
// (/dev/outbox outside production).

export type OutgoingMessage = { id: number; recipient: string; subject: string; body: string };
export type Transport = { send(message: OutgoingMessage): Promise<void>; close?(): void };
export type Transports = Partial<Record<Channel, Transport>>;

/**
 * An SMTP server: SMTP_URL (smtp:// or smtps://, credentials in the URL), or its parts as the
 * console stores them (issue 32).
 */
export type SmtpSettings =
  | { url: string; from: string }
  | { host: string; port: number; secure: boolean; user: string; password: string; from: string };

const smtpOptions = (smtp: SmtpSettings) =>
  'url' in smtp
    ? smtp.url
    : {
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
      };

/** An SMTP server through nodemailer. */
export function smtpTransport(smtp: SmtpSettings): Transport {
  const mailer = nodemailer.createTransport(smtpOptions(smtp));
  return {
    async send(message) {
      await mailer.sendMail({
        from: smtp.from,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        headers: { 'X-Outbox-Id': String(message.id) },
      });
    },
    close: () => mailer.close(),
  };
}

export const SMS_SIGNATURE_HEADER = 'x-shop-signature';
export const SMS_TIMESTAMP_HEADER = 'x-shop-timestamp';

/**
 * The SMS adapter: POSTs `{ id, to, text }` as JSON to SMS_WEBHOOK_URL, signed with
 * HMAC-SHA256(SMS_WEBHOOK_SECRET, "<timestamp>.<body>") in hex, so a small relay in front of any
 * provider (Aliyun, Tencent Cloud, Twilio…) can check the sender. A 2xx answer means sent; the
 * message id makes a retried request recognizable.
 */
export function smsWebhookTransport(webhook: { url: string; secret: string }, timeoutMs = 10_000): Transport {
  return {
    async send(message) {
      const body = JSON.stringify({ id: message.id, to: message.recipient, text: message.body });
      const timestamp = String(Date.now());
      const signature = createHmac('sha256', webhook.secret).update(`${timestamp}.${body}`).digest('hex');
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SMS_TIMESTAMP_HEADER]: timestamp,
          [SMS_SIGNATURE_HEADER]: signature,
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
    },
  };
}

/** The transports the configuration asks for. */
export function configuredTransports(config: {
  smtp: SmtpSettings | undefined;
  smsWebhook: Config['smsWebhook'];
}): Transports {
  return {
    ...(config.smtp ? { email: smtpTransport(config.smtp) } : {}),
    ...(config.smsWebhook ? { sms: smsWebhookTransport(config.smsWebhook) } : {}),
  };
}
