import type { FastifyPluginAsync } from 'fastify';
import { SANDBOX_PREFIX, type SandboxKeys } from './gateways.ts';
import { alipaySandbox } from './sandbox-alipay.routes.ts';
import { refundBook, sandboxSeal } from './sandbox-kit.ts';
import { wechatSandbox } from './sandbox-wechat.routes.ts';

// The built-in payment sandbox (issue 6, decision 019): for a shop with no Alipay or WeChat Pay
// credentials outside production mode. It plays the provider's side of the real protocols with
// keys generated on first start: it checks the shop's signed requests, shows a clearly labelled
// sandbox pay page, QR code or phone (H5) page, and sends signed (and for WeChat, encrypted) notifications back to
// the shop's notify endpoints. No money moves.
// Each provider's routes are in sandbox-<provider>.routes.ts; what they share in sandbox-kit.ts.

export type { SandboxRefund } from './sandbox-kit.ts';

export function sandboxRoutes(
  keys: SandboxKeys,
  enabled: { alipay: boolean; wechat: boolean },
): FastifyPluginAsync {
  const seal = sandboxSeal(keys);
  return async (app) => {
    const book = refundBook(app.db);
    const { refunds } = book;

    // What the sandbox refunded, newest last (no money moved): for tests and the e2e journey.
    app.get(`${SANDBOX_PREFIX}/refunds`, async (req, reply) => {
      const trade = (req.query as Record<string, string | undefined>).out_trade_no;
      return reply
        .header('cache-control', 'no-store')
        .send({ list: trade ? refunds.filter((r) => r.out_trade_no === trade) : refunds });
    });

    // The exact bytes of a signed request are needed: JSON stays a string here.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    if (enabled.alipay) alipaySandbox(app, keys, seal, book);
    if (enabled.wechat) wechatSandbox(app, keys, seal, book);
  };
}
