import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Decision 036: the lint rules that keep module boundaries (eslint.config.js) really fire. Probe
// sources are linted as if they sat inside apps/api/src/modules/, through ESLint's own API and
// the repository's config, and only the two boundary rules are looked at.

const root = path.resolve(import.meta.dirname, '../../..');
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary findings for `code` linted as the file at `file` (relative to the repo root). */
async function boundaryFindings(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId));
}

const rules = (findings: { ruleId: string | null }[]) => findings.map((f) => f.ruleId);

describe('module boundary lint rules (decision 036)', () => {
  it("refuses another module's repository", async () => {
    const findings = await boundaryFindings(
      'apps/api/src/modules/order/probe.service.ts',
      [
        "import { insertCaptcha } from '../verification/verification.repository.ts';",
        "import { findContact } from '../messaging/messaging.repository';",
        'export const probe = [insertCaptcha, findContact];',
      ].join('\n'),
    );
    expect(rules(findings)).toEqual(['no-restricted-imports', 'no-restricted-imports']);
    expect(findings[0]!.message).toMatch(/call its service/);
  });

  it('refuses queries and the sql tag outside a repository', async () => {
    const findings = await boundaryFindings(
      'apps/api/src/modules/fulfilment/probe.service.ts',
      [
        "import { sql } from 'kysely';",
        "import type { Executor } from '../../db/database.ts';",
        "export const read = (db: Executor) => db.selectFrom('orders').selectAll().execute();",
        "export const add = (db: Executor) => db.insertInto('jobs').values([]).execute();",
        "export const move = (db: Executor) => db.updateTable('orders').set({}).execute();",
        "export const drop = (db: Executor) => db.deleteFrom('jobs').execute();",
        'export const ping = (db: Executor) => sql`select 1`.execute(db);',
        'export const count = (db: Executor) => sql<number>`select count(*) from jobs`.execute(db);',
        "export const raw = () => sql.raw('select 1');",
      ].join('\n'),
    );
    expect(findings.map((f) => `${f.line} ${f.ruleId}`)).toEqual(
      [3, 4, 5, 6, 7, 8, 9].map((line) => `${line} no-restricted-syntax`),
    );
  });

  it('lets a service call services and its own repository, and a repository hold SQL', async () => {
    const service = await boundaryFindings(
      'apps/api/src/modules/order/probe.service.ts',
      [
        "import type { Database } from '../../db/database.ts';",
        "import { lockBuyer } from '../../db/locks.ts';",
        "import { changeBalance } from '../wallet/wallet.service.ts';",
        "import { listItems } from './order.repository.ts';",
        'export const run = (db: Database) =>',
        '  db.transaction().execute(async (trx) => {',
        '    await lockBuyer(trx, 1);',
        "    await changeBalance(trx, { userId: 1, amount: 1, type: 'refund', ref: 'x', key: 'k' });",
        '    return listItems(trx, [1]);',
        '  });',
      ].join('\n'),
    );
    expect(service).toEqual([]);
    const repository = await boundaryFindings(
      'apps/api/src/modules/order/probe.repository.ts',
      [
        "import { sql } from 'kysely';",
        "import type { Executor } from '../../db/database.ts';",
        "export const read = (db: Executor) => db.selectFrom('orders').selectAll().execute();",
        'export const ping = (db: Executor) => sql`select 1`.execute(db);',
      ].join('\n'),
    );
    expect(repository).toEqual([]);
  });
});
