#!/usr/bin/env node
// `npm run deliver -- …`: the operators' delivery commands (apps/api/src/commands/deliver.ts).
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../apps/api/src/commands/deliver.ts');
process.exitCode = await main();
