#!/usr/bin/env node
// The peer of `npm run bench -- --peer` (issue 16, bench/peer.mjs): Vendure, installed on demand in
// PEER_DIR (var/peer/vendure-<version>, outside the npm workspaces) and loaded from there.
//   node bench/peer/vendure.mjs seed <db file> <catalog.json>   creates the schema and imports the catalog
//   node bench/peer/vendure.mjs serve <db file>                 serves the shop-api on 127.0.0.1:$PORT
// The config is Vendure's own defaults plus what `npx @vendure/create` scaffolds for SQLite
// (better-sqlite3, bearer+cookie tokens, the default job queue and search plugins), in production
// mode: no playgrounds, no debug, schema not synchronized at start (the seed step creates it).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const peerDir = process.env.PEER_DIR;
if (!peerDir) throw new Error('PEER_DIR is not set (bench/peer.mjs sets it)');
const require = createRequire(path.join(peerDir, 'package.json'));
const vendure = require('@vendure/core');

function config(database, { port = 3000, synchronize = false } = {}) {
  return {
    apiOptions: {
      hostname: '127.0.0.1',
      port,
      adminApiPath: 'admin-api',
      shopApiPath: 'shop-api',
      adminApiPlayground: false,
      shopApiPlayground: false,
      adminApiDebug: false,
      shopApiDebug: false,
    },
    authOptions: {
      tokenMethod: ['bearer', 'cookie'],
      superadminCredentials: { identifier: 'superadmin', password: 'shop-bench-peer-superadmin' },
      cookieOptions: { secret: 'shop-bench-peer' },
    },
    dbConnectionOptions: { type: 'better-sqlite3', database, synchronize, logging: false },
    paymentOptions: { paymentMethodHandlers: [vendure.dummyPaymentHandler] },
    // Errors only: Vendure's start-up warnings (CORS reflects any origin, no login CSRF guard: the
    // defaults, kept) would fill the bench's output. At its default level (Info) it writes no line per request either.
    logger: new vendure.DefaultLogger({ level: vendure.LogLevel.Error }),
    plugins: [
      vendure.DefaultJobQueuePlugin.init({ useDatabaseForBuffer: true }),
      ...(vendure.DefaultSchedulerPlugin ? [vendure.DefaultSchedulerPlugin.init()] : []),
      vendure.DefaultSearchPlugin.init({ bufferUpdates: false, indexStockStatus: true }),
    ],
  };
}

const csvCell = (v) => (/[",\n|]/.test(String(v)) ? `"${String(v).replaceAll('"', '""')}"` : String(v));

/**
 * The shop's catalog (what bench/peer.mjs read from our API: every goods with its SKUs or face
 * values) as a Vendure product import: one product per goods, one variant per option, the same
 * names and prices, stock ample so that add-to-cart is never refused for stock.
 */
function productsCsv(goods) {
  const head = [
    'name',
    'slug',
    'description',
    'assets',
    'facets',
    'optionGroups',
    'optionValues',
    'sku',
    'price',
    'taxCategory',
    'stockOnHand',
    'trackInventory',
    'variantAssets',
    'variantFacets',
  ];
  const rows = [head.join(',')];
  for (const g of goods) {
    g.options.forEach((o, i) => {
      const first = i === 0;
      rows.push(
        [
          first ? g.name : '',
          first ? `goods-${g.id}` : '',
          first ? g.description : '',
          '',
          first ? `category:${g.category}` : '',
          first ? 'option' : '',
          o.label,
          `G${g.id}-${i + 1}`,
          o.price,
          'standard',
          100000,
          'true',
          '',
          '',
        ]
          .map(csvCell)
          .join(','),
      );
    });
  }
  return rows.join('\n') + '\n';
}

const initialData = {
  defaultLanguage: 'en',
  defaultZone: 'Asia',
  taxRates: [{ name: 'Standard Tax', percentage: 0 }],
  shippingMethods: [{ name: 'Standard Shipping', price: 0 }],
  paymentMethods: [
    {
      name: 'Standard Payment',
      handler: { code: 'dummy-payment-handler', arguments: [{ name: 'automaticSettle', value: 'false' }] },
    },
  ],
  countries: [{ name: 'China', code: 'CN', zone: 'Asia' }],
  collections: [],
};

const [command, database, catalogFile] = process.argv.slice(2);
if (command === 'seed') {
  const { populate } = require('@vendure/core/cli');
  const goods = JSON.parse(fs.readFileSync(catalogFile, 'utf8'));
  const csv = path.join(path.dirname(database), 'products.csv');
  fs.writeFileSync(csv, productsCsv(goods));
  let worker;
  const app = await populate(
    async () => (worker = await vendure.bootstrapWorker(config(database, { synchronize: true }))).app,
    initialData,
    csv,
  );
  // The import queued the search index updates: run them here (what Vendure's worker does), so the
  // shop-api's `search` lists the products as a storefront's listing does.
  await worker.startJobQueue();
  const Sqlite = require('better-sqlite3');
  const db = new Sqlite(database, { readonly: true });
  const pending = db.prepare(
    `select count(*) as n from job_record where state in ('PENDING', 'RUNNING', 'RETRYING')`,
  );
  for (let waited = 0; pending.get().n > 0; waited += 200) {
    if (waited > 300_000) throw new Error('the search index jobs did not finish');
    await new Promise((r) => setTimeout(r, 200));
  }
  db.close();
  await app.close();
} else if (command === 'serve') {
  const app = await vendure.bootstrap(config(database, { port: Number(process.env.PORT) }));
  const stop = () => app.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} else {
  console.error('usage: node bench/peer/vendure.mjs seed <db file> <catalog.json> | serve <db file>');
  process.exit(2);
}
