#!/usr/bin/env node
// `npm run import-keys -- …`: stock card keys from a text or CSV file
// (apps/api/src/commands/import-keys.ts).
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../apps/api/src/commands/import-keys.ts');
process.exitCode = await main();
