#!/usr/bin/env node
// `npm run admin -- …`: operator accounts from the shell (apps/api/src/commands/admin.ts).
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../apps/api/src/commands/admin.ts');
process.exitCode = await main();
