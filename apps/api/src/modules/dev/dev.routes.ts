import { outboxMessage } from '@shop/contract/account';
import { envelope } from '@shop/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { simplePagePolicy } from '../../plugins/csp.ts';
import { ok } from '../../plugins/envelope.ts';
import { escapeHtml as escape, simplePage } from '../../plugins/html.ts';
import { recentOutbox } from '../messaging/messaging.service.ts';
import { telegramSandbox } from '../alerts/alerts.service.ts';

function status(m: { sent_at: number | null; last_error: string | null }) {
  if (m.sent_at !== null) return 'sent';
  return m.last_error ? `not sent yet: ${escape(m.last_error)}` : 'local only';
}

/**
 * The local outbox of messages for a shop with no SMTP or SMS provider (issue 4). Registered only
 * outside production mode (app.ts): in production these routes do not exist.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Latest 50 messages of the local outbox (not in production)',
        response: { 200: envelope(z.object({ list: z.array(outboxMessage) })) },
      },
    },
    async (req) => ok(req, { list: await recentOutbox(app.db) }),
  );

  app.get('/dev/outbox', { schema: { hide: true } }, async (_req, reply) => {
    const rows = await recentOutbox(app.db);
    const items = rows
      .map(
        (
          m,
        ) => `<li><p class="meta">${escape(m.channel)} → <b>${escape(m.recipient)}</b> · ${new Date(m.created_at).toISOString()} · ${status(m)}</p>
<p class="subject">${escape(m.subject)}</p><p>${escape(m.body)}</p></li>`,
      )
      .join('\n');
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', simplePagePolicy(app.config.publicUrl));
    return simplePage(
      'Dev outbox',
      `<h1>Dev outbox</h1><p>Messages the shop would email or text. This page does not exist in production.</p>
<ul>${items || '<li>No messages yet.</li>'}</ul>`,
    );
  });

  // The Telegram sandbox of operators' alerts (issue 32): what the bot would have sent, with no
  // bot token set outside production mode.
  app.get(
    '/api/dev/telegram',
    {
      schema: {
        tags: ['dev'],
        summary: 'Latest 50 Telegram messages the alerts sandbox recorded (not in production)',
        response: {
          200: envelope(
            z.object({
              list: z.array(
                z.object({ id: z.number(), chat_id: z.string(), text: z.string(), created_at: z.number() }),
              ),
            }),
          ),
        },
      },
    },
    async (req) =>
      ok(req, {
        list: (await telegramSandbox(app.db)).map((m) => ({
          id: Number(m.id),
          chat_id: m.chat_id,
          text: m.text,
          created_at: Number(m.created_at),
        })),
      }),
  );

  app.get('/dev/telegram', { schema: { hide: true } }, async (_req, reply) => {
    const rows = await telegramSandbox(app.db);
    const items = rows
      .map(
        (m) =>
          `<li><p class="meta">chat <b>${escape(m.chat_id)}</b> · ${new Date(Number(m.created_at)).toISOString()}</p><p>${escape(m.text).replace(/\n/g, '<br>')}</p></li>`,
      )
      .join('\n');
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', simplePagePolicy(app.config.publicUrl));
    return simplePage(
      'Telegram sandbox',
      `<h1>Telegram sandbox</h1><p>Alerts the Telegram bot would send; no bot token is set. This page does not exist in production.</p>
<ul>${items || '<li>No messages yet.</li>'}</ul>`,
    );
  });
};
