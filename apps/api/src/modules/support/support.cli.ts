import { loadConfig } from '../../config.ts';
import { prepareDatabase } from '../../boot.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { translate } from '../../plugins/messages.ts';
import { answerTicket, closeTicket, ticketDetail, ticketList } from './support.service.ts';

// The operators' side of support until the console exists (issue 7):
//   npm run support -- list [open|answered|closed]
//   npm run support -- show <id>
//   npm run support -- answer <id> <text…>
//   npm run support -- close <id>

export const USAGE =
  'usage: npm run support -- list [open|answered|closed] | show <id> | answer <id> <text> | close <id>';

const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16);

/** Runs one command; returns the exit code. `print` gets each output line. */
export async function runSupportCommand(
  db: Database,
  args: string[],
  print: (line: string) => void,
): Promise<number> {
  const [command, first, ...rest] = args;
  const id = Number(first);
  try {
    switch (command) {
      case 'list': {
        const status = first as 'open' | 'answered' | 'closed' | undefined;
        if (status && !['open', 'answered', 'closed'].includes(status)) break;
        const page = await ticketList(db, undefined, { page: 1, limit: 100, status });
        print(`${page.total} ticket(s)${status ? ` ${status}` : ''}`);
        for (const t of page.list)
          print(
            `#${t.id}  ${t.status.padEnd(8)}  ${time(t.updated_at)}  ${t.oid ?? '-'}  ${t.subject}  — ${t.last_author}: ${t.last_message}`,
          );
        return 0;
      }
      case 'show': {
        if (!Number.isSafeInteger(id)) break;
        const t = await ticketDetail(db, undefined, id);
        print(`#${t.id} ${t.subject} [${t.status}]${t.oid ? ` order ${t.oid}` : ''}`);
        for (const m of t.messages) print(`  ${time(m.created_at)} ${m.author}: ${m.body}`);
        return 0;
      }
      case 'answer': {
        const text = rest.join(' ').trim();
        if (!Number.isSafeInteger(id) || !text) break;
        await answerTicket(db, id, text);
        print(`answered #${id}`);
        return 0;
      }
      case 'close': {
        if (!Number.isSafeInteger(id)) break;
        await closeTicket(db, undefined, id);
        print(`closed #${id}`);
        return 0;
      }
    }
  } catch (error) {
    if (error instanceof AppError) {
      print(translate('en', error.key, error.params));
      return 1;
    }
    throw error;
  }
  print(USAGE);
  return 2;
}

export async function main(args = process.argv.slice(2)): Promise<number> {
  const handle = await prepareDatabase({ ...loadConfig(), seedDemo: false });
  try {
    return await runSupportCommand(handle.db, args, (line) => console.log(line));
  } finally {
    await handle.destroy();
  }
}
