#!/usr/bin/env node
// `npm run deliver -- …`: the operators' delivery commands (apps/api/src/modules/fulfilment/topup.cli.ts).
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../apps/api/src/modules/fulfilment/topup.cli.ts');
process.exitCode = await main();
