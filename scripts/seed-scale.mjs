#!/usr/bin/env node
// `npm run seed:scale -- --orders 1000000 --buyers 100000 --goods 1000`: a big shop for the bench
// (apps/api/src/db/seed/scale.ts) in DATA_DIR's SQLite file or DATABASE_URL's PostgreSQL.
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../apps/api/src/db/seed/scale.ts');
process.exitCode = await main();
