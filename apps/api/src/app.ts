import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { listenToModuleEvents } from './boot.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Engine } from './db/dialect.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { createGateways, type Gateways } from './modules/payment/gateways.ts';
import { paymentRoutes } from './modules/payment/payment.routes.ts';
import { sandboxRoutes } from './modules/payment/sandbox.routes.ts';
import { type CardCipher, cardCipherFor } from './modules/fulfilment/card-cipher.ts';
import { fulfilmentRoutes } from './modules/fulfilment/fulfilment.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { orderRoutes } from './modules/order/order.routes.ts';
import { addressRoutes } from './modules/address/address.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { playerRoutes } from './modules/player/player.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { registerJobs } from './background.ts';
import { uploadRoutes } from './modules/upload/upload.routes.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { DemoSupplier } from './modules/supplier/demo-supplier.ts';
import type { Supplier } from './modules/supplier/supplier.ts';
import { auth } from './plugins/auth.ts';
import { adminAuth } from './plugins/admin-endpoint.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { catalogAdminRoutes } from './modules/catalog/catalog-admin.routes.ts';
import { cardKeysAdminRoutes } from './modules/fulfilment/card-keys-admin.routes.ts';
import { contentAdminRoutes } from './modules/content/content-admin.routes.ts';
import { siteAdminRoutes } from './modules/site/site-admin.routes.ts';
import { orderAdminRoutes } from './modules/order/order-admin.routes.ts';
import { refundAdminRoutes } from './modules/payment/refund-admin.routes.ts';
import { buyerAdminRoutes } from './modules/account/buyer-admin.routes.ts';
import { supportAdminRoutes } from './modules/support/support-admin.routes.ts';
import { dashboardAdminRoutes } from './modules/dashboard/dashboard-admin.routes.ts';
import { promotionsAdminRoutes } from './modules/promotions/promotions-admin.routes.ts';
import { alertsAdminRoutes } from './modules/alerts/alerts-admin.routes.ts';
import { channelsAdminRoutes } from './modules/channels/channels-admin.routes.ts';
import { ChannelRuntime } from './modules/channels/channels.runtime.ts';
import { exportsAdminRoutes } from './modules/exports/exports.routes.ts';
import { canonicalHost } from './plugins/canonical-host.ts';
import { rateLimits } from './plugins/rate-limits.ts';
import { frameworkError, installErrorHandling } from './plugins/error-handler.ts';
import { ReadCache } from './plugins/read-cache.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { genRequestId, requestContext } from './plugins/request-context.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    engine: Engine;
    supplier: Supplier;
    readCache: ReadCache;
    gateways: Gateways;
    cardCipher: CardCipher;
  }
}

export type AppOptions = {
  config: Config;
  db: Database;
  engine: Engine;
  /** The top-up supplier; the built-in demo supplier by default. */
  supplier?: Supplier;
  /** Run background jobs on their timers (default); false leaves them to explicit kicks. */
  jobTimers?: boolean;
  /** Pino logger options; false in tests. */
  logger?: boolean | Record<string, unknown>;
};

/** The requests that use a payment client: each first checks whether the console changed one. */
const CHANNEL_PATHS = [
  '/api/front/order/pay',
  '/api/front/user/recharge',
  '/api/pay/notify/',
  '/api/admin/orders/refund',
  '/api/admin/orders/reconciliation',
  '/api/admin/refunds/',
];

/** Builds the Fastify app without listening: tests drive it through app.inject (STYLE.md). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: genRequestId,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy ? config.trustProxy.split(',').map((s) => s.trim()) : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('db', options.db);
  app.decorate('engine', options.engine);
  app.decorate('supplier', options.supplier ?? new DemoSupplier());
  app.decorate('readCache', new ReadCache(config.cacheTtlMs));
  app.decorate('cardCipher', cardCipherFor(config));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // A JSON body may be empty (the shared client of SPEC §7 always sends the JSON content type).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    parseJson(req, text, done);
  });

  listenToModuleEvents();
  // The channels set in the console (issue 32, decision 082): read again when they are used.
  app.decorate('channels', new ChannelRuntime(app));
  app.addHook('onRequest', async (req) => {
    if (CHANNEL_PATHS.some((p) => req.url.startsWith(p))) await app.channels.refresh();
  });
  registerJobs(app, { timers: options.jobTimers ?? true });
  await app.register(requestContext);
  await app.register(canonicalHost);
  await app.register(auth);
  await app.register(adminAuth);
  await app.register(rateLimits);
  installErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Shop API',
        version: '1.0.0',
        description:
          'The /api/front contract and the /api/admin operator API (tag admin; an operator token from /api/admin/auth/login). Every body is {code,msg,data}; msg is localized by the Locale header (zh-CN | en); prices follow the Currency header (CNY | USD).',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The API's own HTML page gets a policy too (issue 11): swagger-ui's hashes for its inline parts,
  // no framing, and no upgrade to https (the shop may run on plain http on a private address).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(' validator.swagger.io', '')
        // Swagger UI injects a style element; styles cannot run code (as on the pages, decision 023).
        .replace(/style-src 'self' https:[^;]*;/, "style-src 'self' 'unsafe-inline';"),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes);
  await app.register(siteRoutes);
  await app.register(contentRoutes);
  await app.register(catalogRoutes);
  await app.register(accountRoutes);
  await app.register(verificationRoutes);
  await app.register(uploadRoutes);
  await app.register(cartRoutes);
  await app.register(playerRoutes);
  const gateways = createGateways(config, app);
  app.decorate('gateways', gateways);
  await app.register(orderRoutes);
  await app.register(addressRoutes);
  await app.register(paymentRoutes);
  await app.register(supportRoutes);
  // The operator console (issue 14): /api/admin/*, one plugin per module.
  await app.register(adminRoutes);
  await app.register(catalogAdminRoutes);
  await app.register(cardKeysAdminRoutes);
  await app.register(contentAdminRoutes);
  await app.register(siteAdminRoutes);
  await app.register(orderAdminRoutes);
  await app.register(refundAdminRoutes);
  await app.register(buyerAdminRoutes);
  await app.register(supportAdminRoutes);
  await app.register(dashboardAdminRoutes);
  await app.register(promotionsAdminRoutes);
  await app.register(alertsAdminRoutes);
  await app.register(channelsAdminRoutes);
  await app.register(exportsAdminRoutes);
  await app.register(fulfilmentRoutes);
  if (gateways.sandbox) await app.register(sandboxRoutes(gateways.sandbox, gateways.sandboxed));
  await app.register(walletRoutes);
  if (!config.isProduction) await app.register(devRoutes);
  return app;
}
