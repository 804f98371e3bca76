#!/usr/bin/env node
// `npm run support -- …`: the operators' support commands (apps/api/src/modules/support/support.cli.ts).
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../apps/api/src/modules/support/support.cli.ts');
process.exitCode = await main();
