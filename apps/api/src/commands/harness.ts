import { prepareDatabase } from '../boot.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../plugins/errors.ts';
import { translate } from '../plugins/messages.ts';

// The operators' commands (npm run support / deliver / admin / import-keys, scripts/*.mjs) share
// their frame: the shop's settings and database, one line per output, an AppError as its English
// message, the usage for bad arguments. They are the API's top floor, beside server.ts: they may
// import any module's service; no module imports them.

export type Print = (line: string) => void;

/** A time as `YYYY-MM-DD HH:MM` (UTC) for listings. */
export const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

/**
 * Runs a command body: a number is the exit code; `undefined` means the arguments were wrong, and
 * the usage is printed (exit 2); an AppError is printed as its message (exit 1).
 */
export async function operatorCommand(
  print: Print,
  usage: string,
  body: () => Promise<number | undefined>,
): Promise<number> {
  try {
    const code = await body();
    if (code !== undefined) return code;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    print(translate('en', error.key, error.params));
    return 1;
  }
  print(usage);
  return 2;
}

/** Opens the shop's database (migrating it, never seeding), runs the body, closes it. */
export async function withShopDatabase(
  body: (db: Database, config: Config) => Promise<number>,
): Promise<number> {
  const config = loadConfig();
  const handle = await prepareDatabase({ ...config, seedDemo: false });
  try {
    return await body(handle.db, config);
  } finally {
    await handle.destroy();
  }
}

/** Runs a command on the shop's database, its output lines on stdout. */
export function runWithShopDatabase(
  command: (db: Database, args: string[], print: Print) => Promise<number>,
  args = process.argv.slice(2),
): Promise<number> {
  return withShopDatabase((db) => command(db, args, (line) => console.log(line)));
}
