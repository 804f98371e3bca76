#!/usr/bin/env node
// `npm run support -- …`: the operators' support commands (apps/api/src/commands/support.ts).
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../apps/api/src/commands/support.ts');
process.exitCode = await main();
