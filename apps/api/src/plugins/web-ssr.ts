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

export type WebOptions = { buildDir: string };

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
      const handler = (req: FastifyRequest, reply: FastifyReply) => render(app, handle, req, reply);
      ssr.route({ method: [...SSR_METHODS], url: '/', schema: { hide: true }, handler });
      ssr.route({ method: [...SSR_METHODS], url: '/*', schema: { hide: true }, handler });
    });
  });
}

async function render(
  app: FastifyInstance,
  handle: ReturnType<typeof createRequestHandler>,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
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

  const response = await handle(request, {
    apiFetch: (p: string, init?: RequestInit) => apiFetch(app, p, init, req),
  });

  reply.code(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body || req.method === 'HEAD') return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
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
