import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { prepareDatabase } from './boot.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { clientErrorHandler } from './plugins/client-error.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/** Starts the whole shop on one port: API, static assets and server-rendered pages. */
export async function startServer(config: Config): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = await prepareDatabase(config);
  const app = await buildApp({
    config,
    db: database.db,
    engine: database.engine,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  });
  if (database.migrated.length > 0) app.log.info({ migrations: database.migrated }, 'database migrated');
  if (database.seeded) app.log.info('demo data seeded');
  // Payment notify/return URLs, canonical links and the sitemap are built on PUBLIC_URL only (issue
  // 11): a production shop that forgot it would send providers and crawlers to localhost.
  if (config.isProduction && !process.env.PUBLIC_URL)
    app.log.warn(
      { publicUrl: config.publicUrl },
      `PUBLIC_URL is not set: payment notifications, canonical links and the sitemap point at ${config.publicUrl}; set PUBLIC_URL=https://your.shop`,
    );
  if (fs.existsSync(path.join(config.webBuildDir, 'server/index.js'))) {
    // The web build is a production build: its libraries (React above all) must run in their
    // production mode even when the shop runs in development mode (demo data, outbox) — decision
    // 004. Set before React is first imported; the shop's own mode was read into `config` already.
    process.env.NODE_ENV = 'production';
    const { mountWeb } = await import('./plugins/web-ssr.ts');
    await mountWeb(app, {
      buildDir: config.webBuildDir,
      cacheTtlMs: config.pageCacheTtlMs,
      publicUrl: config.publicUrl,
      s3: config.s3,
    });
  } else
    app.log.warn({ dir: config.webBuildDir }, 'no web build found: serving the API only (run npm run build)');

  // What Node's HTTP parser refuses (431 for oversized headers…) gets the envelope too, instead of
  // Fastify's own body: one answer for the socket, so Fastify's listener goes.
  app.server.removeAllListeners('clientError');
  app.server.on('clientError', clientErrorHandler(app.log));
  await app.listen({ port: config.port, host: config.host });
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await app.close();
      await database.destroy();
    })());
  return { app, close };
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const server = await startServer(config).catch((err: unknown) => {
    console.error(`Could not start the shop: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
  const stop = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
