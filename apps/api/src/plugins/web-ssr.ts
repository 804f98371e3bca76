import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { routeNotFound } from './error-handler.ts';
import { ReadCache } from './read-cache.ts';

export type WebOptions = { buildDir: string; cacheTtlMs: number };

type Page = { status: number; headers: [string, string][]; cookies: string[]; body: Buffer };

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

  // Unknown API paths stay JSON envelopes; they must not fall through to the page renderer.
  app.all('/api/*', { schema: { hide: true } }, routeNotFound);

  await app.register(async (web) => {
    // Security headers for documents and files only, in this scope: on every API response they
    // cost half the throughput of a bare handler, and JSON does not need them. CSP is a later
    // decision (React Router inlines its hydration data).
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
      const pages = new ReadCache(options.cacheTtlMs, 1_000);
      const handler = (req: FastifyRequest, reply: FastifyReply) => serve(app, handle, pages, req, reply);
      ssr.route({ method: [...SSR_METHODS], url: '/', schema: { hide: true }, handler });
      ssr.route({ method: [...SSR_METHODS], url: '/*', schema: { hide: true }, handler });
    });
  });
}

/**
 * Server HTML carries no user data (the token lives in the browser, decision 007), so a GET
 * document is the same for every visitor of a URL in one language: rendered 200 pages are kept
 * for the read cache's TTL (decision 014). Everything else renders and streams as usual.
 */
async function serve(
  app: FastifyInstance,
  handle: ReturnType<typeof createRequestHandler>,
  pages: ReadCache,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const cacheable =
    pages.ttlMs > 0 && req.method === 'GET' && !req.headers.authorization && isDocumentRequest(req);
  if (!cacheable) return send(reply, req, await render(app, handle, req, reply));

  const key = `${req.url}|${languageOf(req.headers.cookie)}`;
  let rendered = false;
  const page = await pages.get(key, async () => {
    rendered = true;
    return toPage(await render(app, handle, req));
  });
  if (page.status !== 200 || page.cookies.length > 0) pages.delete(key);
  reply.code(page.status).header('x-cache', rendered ? 'MISS' : 'HIT');
  for (const [name, value] of page.headers) reply.header(name, value);
  if (page.cookies.length > 0) reply.header('set-cookie', page.cookies);
  return reply.send(page.body);
}

function isDocumentRequest(req: FastifyRequest): boolean {
  // React Router's client data requests (`/path.data`) stream; only documents are kept.
  if (req.url.split('?')[0]!.endsWith('.data')) return false;
  const accept = req.headers.accept ?? '*/*';
  return accept.includes('text/html') || accept.includes('*/*');
}

function languageOf(cookie: string | undefined): string {
  return /(?:^|;\s*)language=([^;]*)/.exec(cookie ?? '')?.[1] ?? '';
}

async function toPage(response: Response): Promise<Page> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') headers.push([key, value]);
  });
  return {
    status: response.status,
    headers,
    cookies: response.headers.getSetCookie(),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

function send(reply: FastifyReply, req: FastifyRequest, response: Response) {
  reply.code(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body || req.method === 'HEAD') return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/** Renders through React Router; aborts with the client's connection when one is given. */
async function render(
  app: FastifyInstance,
  handle: ReturnType<typeof createRequestHandler>,
  req: FastifyRequest,
  reply?: FastifyReply,
): Promise<Response> {
  const controller = new AbortController();
  reply?.raw.once('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const origin = `${req.protocol}://${req.host}`;
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(new URL(req.url, origin), {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);

  return handle(request, { apiFetch: (p: string, init?: RequestInit) => apiFetch(app, p, init, req) });
}

/** The load context's API client: answers /api calls in-process, without a socket. */
async function apiFetch(
  app: FastifyInstance,
  pathname: string,
  init: RequestInit | undefined,
  parent: FastifyRequest,
) {
  const headers: Record<string, string> = { 'x-request-id': parent.id };
  new Headers(init?.headers).forEach((value, key) => {
    headers[key] = value;
  });
  const res = await app.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: pathname,
    headers,
    ...(init?.body != null ? { payload: init.body as string } : {}),
  });
  const out = new Headers();
  for (const [key, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(key, String(v));
  }
  return new Response(res.statusCode === 204 ? null : res.rawPayload, {
    status: res.statusCode,
    headers: out,
  });
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
