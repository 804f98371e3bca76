import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

// One origin for the buyer (issue 12, decision 032). The login token lives in the browser per
// origin, so a buyer who browses the shop as http://localhost:3000 and is sent back from Alipay to
// PUBLIC_URL (http://127.0.0.1:3000) arrives logged out. A browser that reaches the shop under
// another name than PUBLIC_URL's is therefore sent to PUBLIC_URL, same path and query.
//
// Only where the shop itself faces the browser: the request came in over a real connection on
// the port PUBLIC_URL names, and PUBLIC_URL is plain http (the shop speaks no TLS: an https
// PUBLIC_URL means a proxy in front, and the proxy — whose upstream requests may carry any Host,
// nginx's default is the upstream's own address — is the place for such redirects; redirecting
// there could loop). In-process requests (app.inject: the page renderer's API calls, the payment
// sandbox, tests) have no connection and are never redirected.
//
// Never redirected: /api/* (a JSON API called with the token in a header, and the providers'
// payment notifications, which a redirect would lose), /healthz and /readyz (probes reach the
// process by address), and anything but GET and HEAD (a form post must not lose its body).
// A malformed Host is left to the page renderer's own check (web-ssr.ts answers 400).

const NEVER = /^\/(?:api(?:\/|$)|healthz(?:$|\?)|readyz(?:$|\?))/;

export type CanonicalHost = {
  /** PUBLIC_URL's host as URL writes it (lower case, no default port). */
  host: string;
  port: number;
  /** PUBLIC_URL without its trailing slash: the Location is this plus the request's path. */
  base: string;
};

/** The redirect target of PUBLIC_URL, or undefined when the shop is not the browser's endpoint. */
export function canonicalHostOf(publicUrl: string): CanonicalHost | undefined {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:') return undefined;
  return { host: url.host, port: Number(url.port || 80), base: publicUrl.replace(/\/+$/, '') };
}

/** A Host header's host as URL writes it, or undefined if it is not one. */
function normalHost(host: string): string | undefined {
  if (!/^(?:[A-Za-z0-9._~-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host)) return undefined;
  try {
    return new URL(`http://${host}`).host;
  } catch {
    return undefined;
  }
}

/** Where this request should go instead, or undefined to answer it here. */
export function redirectTarget(canonical: CanonicalHost, req: FastifyRequest): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  if (req.raw.socket?.localPort !== canonical.port) return undefined;
  // Only the path and query of the target count, also of an absolute-form one (web-ssr.ts).
  let target = req.url;
  if (!target.startsWith('/')) {
    try {
      const absolute = new URL(target);
      target = absolute.pathname + absolute.search;
    } catch {
      return undefined;
    }
  }
  if (NEVER.test(target)) return undefined;
  const host = req.host ? normalHost(req.host) : undefined;
  if (!host || host === canonical.host) return undefined;
  return canonical.base + target;
}

export const canonicalHost = fp(async (app: FastifyInstance) => {
  const canonical = canonicalHostOf(app.config.publicUrl);
  if (!canonical) return;
  // A developer's browser would remember a permanent redirect from localhost for good.
  const cache = app.config.isProduction ? 'public, max-age=3600' : 'no-store';
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const location = redirectTarget(canonical, req);
    if (!location) return;
    return reply.code(301).header('location', location).header('cache-control', cache).send();
  });
});
