import { operatorCommand, type Print, runWithShopDatabase, time } from './harness.ts';
import type { Database } from '../db/database.ts';
import { commandActor } from '../modules/audit/audit.service.ts';
import {
  answerTicket,
  closeTicketAsOperator,
  ticketDetail,
  ticketList,
} from '../modules/support/support.service.ts';

// The operators' side of support on the server (issue 7; the console's inbox is issue 15). An
// answer or a close goes through the same service functions as the console's, audited as
// `cli:support`, and the buyer is told of an answer through the outbox:
//   npm run support -- list [open|answered|closed]
//   npm run support -- show <id>
//   npm run support -- answer <id> <text…>
//   npm run support -- close <id>

export const USAGE =
  'usage: npm run support -- list [open|answered|closed] | show <id> | answer <id> <text> | close <id>';

const ACTOR = commandActor('support');

/** Runs one command; returns the exit code. `print` gets each output line. */
export async function runSupportCommand(db: Database, args: string[], print: Print): Promise<number> {
  const [command, first, ...rest] = args;
  const id = Number(first);
  return operatorCommand(print, USAGE, async () => {
    switch (command) {
      case 'list': {
        const status = first as 'open' | 'answered' | 'closed' | undefined;
        if (status && !['open', 'answered', 'closed'].includes(status)) return undefined;
        const page = await ticketList(db, undefined, { page: 1, limit: 100, status });
        print(`${page.total} ticket(s)${status ? ` ${status}` : ''}`);
        for (const t of page.list)
          print(
            `#${t.id}  ${t.status.padEnd(8)}  ${time(t.updated_at)}  ${t.oid ?? '-'}  ${t.subject}  — ${t.last_author}: ${t.last_message}`,
          );
        return 0;
      }
      case 'show': {
        if (!Number.isSafeInteger(id)) return undefined;
        const t = await ticketDetail(db, undefined, id);
        print(`#${t.id} ${t.subject} [${t.status}]${t.oid ? ` order ${t.oid}` : ''}`);
        for (const m of t.messages) print(`  ${time(m.created_at)} ${m.author}: ${m.body}`);
        return 0;
      }
      case 'answer': {
        const text = rest.join(' ').trim();
        if (!Number.isSafeInteger(id) || !text) return undefined;
        await answerTicket(db, ACTOR, { id, body: text });
        print(`answered #${id}`);
        return 0;
      }
      case 'close': {
        if (!Number.isSafeInteger(id)) return undefined;
        const { applied } = await closeTicketAsOperator(db, ACTOR, id);
        print(applied ? `closed #${id}` : `#${id} was closed already`);
        return 0;
      }
    }
    return undefined;
  });
}

export const main = (args = process.argv.slice(2)) => runWithShopDatabase(runSupportCommand, args);
