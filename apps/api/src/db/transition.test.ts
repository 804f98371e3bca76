import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IllegalTransition } from '@shop/domain/state-machine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../test/helpers.ts';
import { insertUser } from '../modules/account/account.repository.ts';
import { transition } from './transition.ts';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('status changes go through the declared machines only (issue 11)', () => {
  it('no source file outside db/transition.ts writes the status of an order, payment, delivery, card key, refund or ticket', () => {
    const tables = 'orders|payments|deliveries|card_keys|refunds|support_tickets';
    const kysely = new RegExp(`updateTable\\(\\s*'(${tables})'[^;]*?\\.set\\(\\s*\\{[^}]*\\bstatus\\b`, 's');
    const raw = new RegExp(`update\\s+(${tables})\\s+set[^;\`]*\\bstatus\\s*=`, 'is');
    const offenders = sourceFiles(srcDir)
      .filter((file) => !file.endsWith(path.join('db', 'transition.ts')))
      .filter((file) => {
        const text = fs.readFileSync(file, 'utf8');
        return kysely.test(text) || raw.test(text);
      })
      .map((file) => path.relative(srcDir, file));
    expect(offenders).toEqual([]);
    // The probe itself can fail: it finds the shape it looks for.
    expect(kysely.test(`db.updateTable('orders').set({ status: 'paid' })`)).toBe(true);
    expect(raw.test('update card_keys set status = 1')).toBe(true);
    expect(kysely.test(`db.updateTable('refunds').set({ status: 'failed' })`)).toBe(true);
    expect(kysely.test(`db.updateTable('support_tickets').set({ status, updated_at: now })`)).toBe(true);
  });
});

describe.each(testEngines())('transition() (%s)', (engine) => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const now = Date.now();
    userId = await insertUser(t.db, {
      email: 'machine@test.example',
      password_hash: 'x',
      nickname: 'm',
      created_at: now,
      updated_at: now,
    });
  });
  afterAll(() => t.close());

  const newPayment = async (no: string) => {
    await t.db
      .insertInto('payments')
      .values({
        no,
        user_id: userId,
        kind: 'recharge',
        order_id: null,
        method: 'alipay',
        amount_cny: 100,
        status: 'pending',
        provider_trade_no: null,
        outcome: null,
        created_at: Date.now(),
        paid_at: null,
      })
      .execute();
  };

  it('moves rows from the states the machine allows, once; a second mover gets zero rows', async () => {
    await newPayment('P1');
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.db.transaction().execute((trx) =>
          transition(trx, 'payments', {
            where: { no: ['P1'] },
            to: 'paid',
            set: { provider_trade_no: `T${i}` },
          }),
        ),
      ),
    );
    expect(claims.reduce((a, b) => a + b, 0)).toBe(1);
    const row = await t.db
      .selectFrom('payments')
      .selectAll()
      .where('no', '=', 'P1')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    expect(await transition(t.db, 'payments', { where: { no: ['P1'] }, to: 'paid' })).toBe(0);
  });

  it('refuses a move the machine does not declare before any SQL runs', async () => {
    await newPayment('P2');
    await expect(transition(t.db, 'payments', { where: { no: ['P2'] }, to: 'pending' })).rejects.toThrow(
      IllegalTransition,
    );
    await expect(
      transition(t.db, 'deliveries', { where: { order_item_id: [1] }, to: 'submitted', from: ['waiting'] }),
    ).rejects.toThrow('delivery cannot go from waiting to submitted');
    await expect(
      transition(t.db, 'card_keys', { where: { id: [1] }, to: 'available', from: ['sold'] }),
    ).rejects.toThrow('card key cannot go from sold to available');
    const row = await t.db
      .selectFrom('payments')
      .select('status')
      .where('no', '=', 'P2')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});
