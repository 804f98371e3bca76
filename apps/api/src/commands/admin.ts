import { accountKind } from '@shop/domain/account';
import { operatorCommand, type Print, runWithShopDatabase, time } from './harness.ts';
import type { Database } from '../db/database.ts';
import { commandActor } from '../modules/audit/audit.service.ts';
import { createOwner, listOperators } from '../modules/admin/operator.service.ts';

// The console's accounts from the server's shell (issue 14):
//   npm run admin -- create-owner <email> [name]   the first owner of a production shop; prints a
//                                                   one-time password, to be changed at first login
//   npm run admin -- list                          every operator

export const USAGE = 'usage: npm run admin -- create-owner <email> [name] | list';

export async function runAdminCommand(db: Database, args: string[], print: Print): Promise<number> {
  const [command, email, ...name] = args;
  return operatorCommand(print, USAGE, async () => {
    switch (command) {
      case 'create-owner': {
        if (!email || accountKind(email) !== 'email') return undefined;
        const { operator, password } = await createOwner(
          db,
          commandActor('admin'),
          email,
          name.join(' ').trim(),
        );
        print(`owner #${operator.id} ${operator.email} created`);
        print(`one-time password: ${password}`);
        print('log in at /admin/login; you will be asked to choose your own password.');
        return 0;
      }
      case 'list': {
        const page = await listOperators(db, { page: 1, limit: 100, order: 'asc' });
        print(`${page.total} operator(s)`);
        for (const op of page.list)
          print(
            `#${op.id}  ${op.role.padEnd(5)}  ${op.is_active ? 'active ' : 'off    '}  ${op.email}  ${op.permissions.join(',') || '-'}  last login ${op.last_login_at ? time(op.last_login_at) : '-'}`,
          );
        return 0;
      }
    }
    return undefined;
  });
}

export const main = (args = process.argv.slice(2)) => runWithShopDatabase(runAdminCommand, args);
