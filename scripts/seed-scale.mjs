#!/usr/bin/env node
// `npm run seed:scale -- --goods 100000 --orders 1000000 --buyers 100000`: a big shop for the bench
// (apps/api/src/seed/scale.ts: bilingual goods of every kind with their card keys, buyers with
// addresses, a year of orders, wallets and support tickets) in DATA_DIR's SQLite file or
// DATABASE_URL's PostgreSQL. SCALE_TIMING=1 prints the seconds spent writing each table.
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../apps/api/src/seed/scale.ts');
process.exitCode = await main();
