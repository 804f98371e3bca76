import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/boot.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { type DatabaseHandle, type Engine, openDatabase } from '../src/db/dialect.ts';
import { recordAlert } from '../src/modules/alerts/alert-events.ts';
import { cardCipherFor } from '../src/modules/fulfilment/card-cipher.ts';
import { createTestDatabase, type TestDatabase, testEngines } from './helpers.ts';
import { addOperator } from './operators.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

// Issue 32 (decision 077): no alert is lost when the shop dies mid-delivery, and none is sent twice.
// The real shop runs in a child process with its jobs runner; EVENTS events each reach the owner by
// mail (through the outbox), by Telegram (the development sandbox) and a webhook whose receiver
// answers slowly. The process is SIGKILLed while the webhook tries are going out, restarted on the
// same data, and every delivery must end sent: one delivery row per (event, channel, recipient), one
// mail and one sandbox message per event, every webhook delivery received, and a repeat only of a
// try the kill cut off (the receiver drops it by its X-Shop-Delivery key).

const EVENTS = 30;
const KILL_AFTER_HITS = 8;
const RECEIVER_DELAY_MS = 120;

/** A request the receiver took, and which run of the shop sent it (1: the killed one). */
type Hit = { key: string; run: 1 | 2 };

describe.each(testEngines())('alerts across a crash (%s)', (engine: Engine) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-alerts-crash-'));
  let target: TestDatabase | undefined;
  let env: Record<string, string | undefined> = {};
  const servers: ServerProcess[] = [];
  const hits: Hit[] = [];
  let run: 1 | 2 = 1;
  let receiverServer: http.Server;
  let check: DatabaseHandle | undefined;

  beforeAll(async () => {
    receiverServer = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits.push({ key: String(req.headers['x-shop-delivery']), run });
        setTimeout(() => {
          res.writeHead(200);
          res.end('ok');
        }, RECEIVER_DELAY_MS);
      });
    });
    await new Promise<void>((resolve) => receiverServer.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiverServer.address() as AddressInfo).port}/hook`;

    if (engine === 'postgres') target = await createTestDatabase('postgres');
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: target?.url,
      SEED_DEMO: '0',
      WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
    };
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      ...(target?.url ? { DATABASE_URL: target.url } : {}),
    });
    const setup = await prepareDatabase(config);
    try {
      const db = setup.db;
      const owner = await addOperator(db, 'owner@crash.test', 'owner');
      const now = Date.now();
      await db
        .insertInto('alert_subscriptions')
        .values([
          { operator_id: owner.id, kind: 'ticket_new', channel: 'email', created_at: now },
          { operator_id: owner.id, kind: 'ticket_new', channel: 'telegram', created_at: now },
        ])
        .execute();
      await db
        .insertInto('alert_recipients')
        .values({ operator_id: owner.id, telegram_chat_id: '4242', updated_at: now })
        .execute();
      const secret = 'crash-secret-0123456789';
      await db
        .insertInto('alert_webhooks')
        .values({
          name: 'crash hook',
          url,
          secret_sealed: cardCipherFor(config).encrypt(secret),
          secret_last4: secret.slice(-4),
          kinds: JSON.stringify(['ticket_new']),
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (let i = 1; i <= EVENTS; i++)
        await db
          .transaction()
          .execute((trx) => recordAlert(trx, 'ticket_new', `crash-${i}`, { id: i, subject: `Ticket ${i}` }));
    } finally {
      await setup.destroy();
    }
  });

  afterAll(async () => {
    for (const server of servers) await server.kill();
    await check?.destroy();
    await target?.drop();
    await new Promise<void>((resolve) => receiverServer.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const open = () => openDatabase({ databaseUrl: target?.url, dataDir, poolMax: 2 });
  const deliveries = (db: Database) => db.selectFrom('alert_deliveries').selectAll().orderBy('id').execute();

  it('loses no alert when killed mid-delivery: mail and Telegram once each, a webhook repeat only of the cut-off try', async () => {
    const first = await startServerProcess(env);
    servers.push(first);
    const deadline = Date.now() + 30_000;
    while (hits.length < KILL_AFTER_HITS) {
      if (Date.now() > deadline) throw new Error(`the webhook got ${hits.length} tries:\n${first.output()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    await first.kill();
    expect(first.signal()).toBe('SIGKILL');

    check = open();
    const db = check.db;
    const cut = await deliveries(db);
    const unsent = cut.filter((d) => d.status !== 'sent');
    // The kill came mid-delivery: webhook tries were still to go.
    expect(unsent.length).toBeGreaterThan(0);
    // The jobs the dead process held keep their lease for JOB_LEASE_MS (a minute); as a minute
    // passing would, the test ends those leases instead of waiting for them.
    await db.updateTable('jobs').set({ locked_until: 0 }).where('status', '=', 'queued').execute();

    // Whatever reaches the receiver from here on was sent by the restarted shop.
    run = 2;
    const second = await startServerProcess(env);
    servers.push(second);
    const until = Date.now() + 60_000;
    for (;;) {
      const rows = await deliveries(db);
      if (rows.length === EVENTS * 3 && rows.every((d) => d.status === 'sent')) break;
      if (Date.now() > until)
        throw new Error(
          `not all sent: ${JSON.stringify(rows.filter((d) => d.status !== 'sent').slice(0, 3))}\n${second.output()}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
    await second.stop();

    const rows = await deliveries(db);
    // One delivery per (event, channel, recipient).
    expect(new Set(rows.map((d) => `${d.event_id}|${d.channel}|${d.recipient}`)).size).toBe(EVENTS * 3);
    for (const channel of ['email', 'telegram', 'webhook'])
      expect(
        rows.filter((d) => d.channel === channel),
        channel,
      ).toHaveLength(EVENTS);
    // Mail and the sandbox: exactly one each per event.
    const mails = await db.selectFrom('outbox').select(['recipient', 'body']).execute();
    expect(mails.filter((m) => m.recipient === 'owner@crash.test')).toHaveLength(EVENTS);
    for (let i = 1; i <= EVENTS; i++)
      expect(
        mails.filter((m) => m.body.includes(`Ticket ${i}\n`) || m.body.endsWith(`Ticket ${i}`)),
        `mail ${i}`,
      ).toHaveLength(1);
    const sandbox = await db.selectFrom('alert_telegram_sandbox').selectAll().execute();
    expect(sandbox).toHaveLength(EVENTS);
    // The webhook: every delivery received; a repeat only of a try cut off by the kill.
    const webhookKeys = rows.filter((d) => d.channel === 'webhook').map((d) => d.delivery_key);
    const received = new Map<string, Hit[]>();
    for (const hit of hits) received.set(hit.key, [...(received.get(hit.key) ?? []), hit]);
    expect([...received.keys()].sort()).toEqual([...webhookKeys].sort());
    const repeated = [...received.values()].filter((h) => h.length > 1);
    for (const h of repeated) expect(h.map((hit) => hit.run)).toEqual([1, 2]);
    // At most the tries of the batch the dead process held could be cut off; here one at a time.
    expect(repeated.length).toBeLessThanOrEqual(1);
    console.info(
      `alerts crash (${engine}): ${cut.filter((d) => d.status === 'sent').length}/${EVENTS * 3} sent before the kill, ` +
        `${repeated.length} webhook try repeated after it, ${hits.length} webhook requests in all`,
    );
  }, 120_000);
});
