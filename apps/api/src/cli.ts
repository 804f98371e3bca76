import { prepareDatabase } from './boot.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { AppError } from './plugins/errors.ts';
import { translate } from './plugins/messages.ts';

// The operators' commands (npm run support / deliver) share their frame: the shop's settings and
// database, one line per output, an AppError as its English message, the usage for bad arguments.

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

/** Opens the shop's database (migrating it, never seeding), runs the command, closes it. */
export async function runWithShopDatabase(
  command: (db: Database, args: string[], print: Print) => Promise<number>,
  args = process.argv.slice(2),
): Promise<number> {
  const handle = await prepareDatabase({ ...loadConfig(), seedDemo: false });
  try {
    return await command(handle.db, args, (line) => console.log(line));
  } finally {
    await handle.destroy();
  }
}
