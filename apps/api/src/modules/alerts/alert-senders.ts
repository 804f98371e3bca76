import { createHmac } from 'node:crypto';

// The two outgoing channels that leave the shop (issue 32, decision 077). Each answers what the
// other side said, for the delivery log; a thrown error or a non-2xx answer is a failed try that
// the jobs runner retries with back-off. Mail goes through the outbox instead (messaging).

export type SendAnswer = { ok: boolean; status: number | null; response: string };

/** How long a webhook receiver or Telegram may take before the try counts as failed. */
export const SEND_TIMEOUT_MS = 10_000;
const RESPONSE_KEPT = 300;

async function post(url: string, headers: Record<string, string>, body: string): Promise<SendAnswer> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const text = (await res.text().catch(() => '')).slice(0, RESPONSE_KEPT);
    return { ok: res.status >= 200 && res.status < 300, status: res.status, response: text };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { ok: false, status: null, response: message.slice(0, RESPONSE_KEPT) };
  }
}

/**
 * The signature a receiver checks: hex HMAC-SHA256 with the webhook's secret over
 * `<timestamp>.<body>` (the timestamp in seconds, as sent in X-Shop-Timestamp), so a captured
 * request cannot be replayed with another time or body.
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** One try of a webhook: the delivery key lets the receiver drop a repeat (decision 077). */
export function sendWebhook(
  hook: { url: string; secret: string },
  deliveryKey: string,
  body: string,
  now = Date.now(),
): Promise<SendAnswer> {
  const timestamp = String(Math.floor(now / 1000));
  return post(
    hook.url,
    {
      'user-agent': 'shop-alerts/1',
      'x-shop-delivery': deliveryKey,
      'x-shop-timestamp': timestamp,
      'x-shop-signature': `sha256=${webhookSignature(hook.secret, timestamp, body)}`,
    },
    body,
  );
}

/** The Bot API's base; tests point it at a local server. */
export const TELEGRAM_API = 'https://api.telegram.org';

/** One try of Telegram's sendMessage; the token is in the path, so it never goes in the log. */
export async function sendTelegram(
  token: string,
  chatId: string,
  text: string,
  base = TELEGRAM_API,
): Promise<SendAnswer> {
  const answer = await post(
    `${base}/bot${token}/sendMessage`,
    {},
    JSON.stringify({ chat_id: chatId, text: text.slice(0, 4000), disable_web_page_preview: true }),
  );
  return { ...answer, response: answer.response.split(token).join('…') };
}
