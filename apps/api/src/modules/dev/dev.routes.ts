import { outboxMessage } from '@shop/contract/account';
import { envelope } from '@shop/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope.ts';
import { recentOutbox } from '../verification/verification.service.ts';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

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
        ) => `<li><p class="meta">${escape(m.channel)} → <b>${escape(m.recipient)}</b> · ${new Date(m.created_at).toISOString()}</p>
<p class="subject">${escape(m.subject)}</p><p>${escape(m.body)}</p></li>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev outbox</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#1c1917}
h1{font-size:1.4rem}ul{list-style:none;padding:0}li{border:1px solid #e7e5e4;border-radius:12px;padding:.75rem 1rem;margin:.75rem 0}
.meta{color:#57534e;font-size:13px;margin:0}.subject{font-weight:600;margin:.25rem 0}</style></head>
<body><h1>Dev outbox</h1><p>Messages the shop would email or text. This page does not exist in production.</p>
<ul>${items || '<li>No messages yet.</li>'}</ul></body></html>`;
  });
};
