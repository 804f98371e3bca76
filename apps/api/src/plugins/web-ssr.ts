import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { SESSION_COOKIE } from '@shop/domain/constants';
import { localeFromCookieHeader, readCookie } from '@shop/domain/cookies';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { newNonce, originOf, pagePolicy, type PageSources } from './csp.ts';
import { routeNotFound, sendError } from './error-handler.ts';
import { ReadCache } from './read-cache.ts';

export type WebOptions = {
  buildDir: string;
  cacheTtlMs: number;
  /** PUBLIC_URL: the only base of the pages' absolute URLs, never the request's Host. */
  publicUrl: string;
  /** S3 uploads: the browser posts to `endpoint` and shows images from `publicUrl` (CSP). */
  s3?: { endpoint: string; publicUrl: string } | undefined;
};

/**
 * A rendered page as the cache keeps it. It was rendered with a random placeholder as its CSP
 * nonce; `nonceAt` lists where that placeholder stands, so each response writes its own nonce
 * there (decision 023).
 */
type Page = {
  status: number;
  headers: [string, string][];
  cookies: string[];
  body: Buffer;
  nonceAt: number[];
};

type Web = {
  app: FastifyInstance;
  handle: ReturnType<typeof createRequestHandler>;
  pages: ReadCache;
  /** Origin every document URL is built on (PUBLIC_URL's). */
  origin: string;
  publicUrl: string;
  sources: PageSources;
};

const SSR_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Load this module only after `process.env.NODE_ENV` is set for the libraries (decision 004):
 * importing react-router here loads React, which fixes its mode on first import.
 *
 * Serves the web app on the API's port (ARCHITECTURE.md §1): /assets/* as immutable files, the
 * other files of the client build (logo, builds manifest, …) with revalidation, and everything
 * else through React Router's server rendering. /api/* never reaches the SSR handler.
 */
export async function mountWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const serverEntry = path.join(options.buildDir, 'server/index.js');
  const clientDir = path.join(options.buildDir, 'client');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // Prefer the handler of the React Router copy bundled in the build (decision 009).
  const create =
    (build.entry.module as { createRequestHandler?: typeof createRequestHandler }).createRequestHandler ??
    createRequestHandler;
  const handle = create(build, 'production');
  // The API base the browser was built to call (entry.server.tsx) and the S3 endpoint may be
  // other origins: the pages' CSP lets the browser reach them.
  const apiBase = (build.entry.module as { apiBaseUrl?: string }).apiBaseUrl;
  const sources: PageSources = {
    connect: [originOf(apiBase), originOf(options.s3?.endpoint)].filter((o): o is string => !!o),
    img: [originOf(options.s3?.publicUrl)].filter((o): o is string => !!o),
  };

  // Unknown API paths stay JSON envelopes; they must not fall through to the page renderer.
  app.all('/api/*', { schema: { hide: true } }, routeNotFound);

  await app.register(async (web) => {
    // Security headers for documents and files only, in this scope: on every API response they
    // cost half the throughput of a bare handler, and JSON does not need them. The pages' CSP
    // carries a fresh nonce per response, also for a cached page, so serve() writes it (decision
    // 023); the build's own files need none.
    await web.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });

    await web.register(fastifyStatic, {
      root: path.join(clientDir, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      preCompressed: true,
      index: false,
      wildcard: true,
    });

    // Top-level public files: listed once at start; the build manifest must never be cached.
    for (const file of listPublicFiles(clientDir).filter((f) => !/\.(br|gz)$/.test(f))) {
      const noCache = file.startsWith('builds/');
      web.get(`/${file}`, { schema: { hide: true } }, (_req, reply) =>
        reply
          .header('cache-control', noCache ? 'no-cache' : 'public, max-age=3600')
          .sendFile(file, clientDir, { cacheControl: false }),
      );
    }

    await web.register(async (ssr) => {
      // Pages are compressed on the fly (small, streamed); the API is not (its fast path).
      await ssr.register(compress, {
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      });
      // Page actions receive their body untouched (forms, JSON): React Router parses it.
      ssr.removeAllContentTypeParsers();
      ssr.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
      const web: Web = {
        app,
        handle,
        pages: new ReadCache(options.cacheTtlMs, 1_000),
        origin: new URL(options.publicUrl).origin,
        publicUrl: options.publicUrl,
        sources,
      };
      const handler = (req: FastifyRequest, reply: FastifyReply) => serve(web, req, reply);
      ssr.route({ method: [...SSR_METHODS], url: '/', schema: { hide: true }, handler });
      ssr.route({ method: [...SSR_METHODS], url: '/*', schema: { hide: true }, handler });
    });
  });
}

/**
 * Server HTML carries no user data unless the request holds the buyer's `session` cookie (the
 * order pages render with it, decision 049), so a GET document without one is the same for every
 * visitor of a URL in one language: rendered 200 pages are kept for the read cache's TTL
 * (decision 014), unless the page says it is private. Everything else renders and streams as
 * usual: a request with a session never reads or fills the cache.
 *
 * What a page shows may depend only on what its cache key holds: the path and query, and the
 * language the `language` cookie selects. Its absolute URLs come from PUBLIC_URL, never from the
 * Host header (issue 11, finding 3); every response gets its own CSP nonce (decision 023).
 */
async function serve(web: Web, req: FastifyRequest, reply: FastifyReply) {
  const url = documentUrl(web.origin, req.url, req.headers.host);
  if (!url) return sendError(req, reply, 400, 'bad_host');
  const nonce = newNonce();
  reply.header('content-security-policy', pagePolicy(nonce, web.sources));
  const cacheable =
    web.pages.ttlMs > 0 &&
    req.method === 'GET' &&
    !req.headers.authorization &&
    !readCookie(req.headers.cookie, SESSION_COOKIE) &&
    isDocumentRequest(req);
  if (!cacheable) return send(reply, req, await render(web, req, url, nonce, reply));

  // The language read by the web app's own function: a looser reading would let one visitor's odd
  // cookie header store a page in another language under the key everyone else reads.
  const key = `${url.pathname}${url.search}|${localeFromCookieHeader(req.headers.cookie)}`;
  let rendered = false;
  const page = await web.pages.get(key, async () => {
    rendered = true;
    const placeholder = newNonce();
    return toPage(await render(web, req, url, placeholder), placeholder);
  });
  if (page.status !== 200 || page.cookies.length > 0 || isPrivate(page)) web.pages.delete(key);
  reply.code(page.status).header('x-cache', rendered ? 'MISS' : 'HIT');
  for (const [name, value] of page.headers) reply.header(name, value);
  if (page.cookies.length > 0) reply.header('set-cookie', page.cookies);
  return reply.send(withNonce(page, nonce));
}

/** Cache-Control forbids a shared cache to keep it (RFC 9111 §5.2.2): e.g. an order's page. */
function isPrivate(page: Page): boolean {
  const control = page.headers.find(([name]) => name === 'cache-control')?.[1] ?? '';
  return /(?:^|[\s,])(?:private|no-store)(?:$|[\s,=])/i.test(control);
}

// RFC 3986 host as real names and addresses are written: a name or IPv4 address, or an IPv6
// address in brackets, with an optional port.
const HOST = /^(?:[A-Za-z0-9._~-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The document's URL on the shop's own origin: only the path and query of the request target
 * count (also of an absolute-form target, `GET http://other.example/ HTTP/1.1`). Undefined for a
 * malformed Host header, which HTTP answers with 400 (RFC 9112 §3.2).
 */
function documentUrl(origin: string, target: string, host: string | undefined): URL | undefined {
  if (host && !HOST.test(host)) return undefined;
  try {
    if (target.startsWith('/')) return new URL(origin + target);
    const absolute = new URL(target);
    return new URL(origin + absolute.pathname + absolute.search);
  } catch {
    return undefined;
  }
}

function isDocumentRequest(req: FastifyRequest): boolean {
  // React Router's client data requests (`/path.data`) stream; only documents are kept.
  if (req.url.split('?')[0]!.endsWith('.data')) return false;
  const accept = req.headers.accept ?? '*/*';
  return accept.includes('text/html') || accept.includes('*/*');
}

async function toPage({ response, document }: Rendered, placeholder: string): Promise<Page> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers.push([key, value]);
  });
  const body = document ?? Buffer.from(await response.arrayBuffer());
  // The placeholder is 128 random bits chosen for this render: only the nonce attributes hold it.
  const nonceAt: number[] = [];
  for (let at = body.indexOf(placeholder); at !== -1; at = body.indexOf(placeholder, at + placeholder.length))
    nonceAt.push(at);
  return { status: response.status, headers, cookies: response.headers.getSetCookie(), body, nonceAt };
}

/** The cached body with this response's nonce written over the placeholder (same length). */
function withNonce(page: Page, nonce: string): Buffer {
  if (page.nonceAt.length === 0) return page.body;
  const body = Buffer.from(page.body);
  for (const at of page.nonceAt) body.write(nonce, at, 'latin1');
  return body;
}

function send(reply: FastifyReply, req: FastifyRequest, { response, document }: Rendered) {
  reply.code(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (req.method === 'HEAD') return reply.send();
  if (document) return reply.send(document);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/**
 * A rendered response. `document`: the whole HTML, when the entry had it all before answering
 * (entry.server.tsx); the response's body is then empty.
 */
type Rendered = { response: Response; document?: Buffer | undefined };

/** Renders through React Router; aborts with the client's connection when one is given. */
async function render(
  web: Web,
  req: FastifyRequest,
  url: URL,
  nonce: string,
  reply?: FastifyReply,
): Promise<Rendered> {
  const controller = new AbortController();
  // Only a client that leaves before the whole page was sent aborts the render: aborting after a
  // finished response would cost an exception object and every listener's work on each page.
  reply?.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);

  const context: AppLoadContext = {
    apiFetch: (p: string, init?: RequestInit) => apiFetch(web.app, p, init, req),
    publicUrl: web.publicUrl,
    cspNonce: nonce,
  };
  const response = await web.handle(request, context);
  return { response, document: context.document as Buffer | undefined };
}

/** The load context's API client: answers /api calls in-process, without a socket. */
async function apiFetch(
  app: FastifyInstance,
  pathname: string,
  init: RequestInit | undefined,
  parent: FastifyRequest,
): Promise<Response> {
  const headers: Record<string, string> = { 'x-request-id': parent.id };
  const given = init?.headers;
  if (given instanceof Headers || Array.isArray(given)) {
    new Headers(given).forEach((value, key) => {
      headers[key] = value;
    });
  } else if (given) {
    // The shared client's plain record (apps/web/app/lib/http.ts): no Headers object to build.
    for (const [key, value] of Object.entries(given)) headers[key.toLowerCase()] = String(value);
  }
  const res = await app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: pathname,
    headers,
    ...(init?.body != null ? { payload: init.body as string } : {}),
  });
  return new InProcessResponse(
    res.statusCode,
    res.headers,
    res.statusCode === 204 ? '' : res.payload,
  ) as unknown as Response;
}

/**
 * What the shared client reads of an in-process answer (status, headers, json/text): a WHATWG
 * Response would wrap the finished body in a stream only for it to be read back at once, which
 * cost a render of the home page more than some of its API calls did.
 */
class InProcessResponse {
  readonly ok: boolean;
  readonly body = null;
  readonly bodyUsed = false;
  private headerList: Headers | undefined;

  constructor(
    readonly status: number,
    private readonly rawHeaders: Record<string, string | string[] | number | undefined>,
    private readonly payload: string,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  get headers(): Headers {
    if (!this.headerList) {
      this.headerList = new Headers();
      for (const [key, value] of Object.entries(this.rawHeaders)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) this.headerList.append(key, String(v));
      }
    }
    return this.headerList;
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.payload) as unknown;
  }

  async text(): Promise<string> {
    return this.payload;
  }
}

function listPublicFiles(clientDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (r !== 'assets' && !entry.name.startsWith('.')) walk(path.join(dir, entry.name), r);
      } else out.push(r);
    }
  };
  walk(clientDir, '');
  return out;
}
