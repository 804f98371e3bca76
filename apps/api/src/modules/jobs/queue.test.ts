import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../../../test/helpers.ts';
import { JobRunner } from './jobs.ts';
import { claimJobs, JOB_LEASE_MS } from './jobs.repository.ts';
import { enqueueJob, JOB_MAX_ATTEMPTS, type JobRow, runDueJobs } from './queue.ts';

// The jobs table (decision 021): unique keys, claims that never hand one job to two workers (FOR
// UPDATE SKIP LOCKED on PostgreSQL), leases that expire, back-off, and sweeps that run once per
// interval however many processes poll.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testEngines())('jobs table (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {}, { jobTimers: false });
  });
  beforeEach(async () => {
    await t.db.deleteFrom('jobs').execute();
  });
  afterAll(() => t.close());

  const row = (key: string) =>
    t.db.selectFrom('jobs').selectAll().where('job_key', '=', key).executeTakeFirstOrThrow();

  it('keeps one job per key', async () => {
    await Promise.all(
      Array.from({ length: 10 }, () => enqueueJob(t.db, { name: 'x', key: 'x:1', runAt: 0 })),
    );
    expect(await t.db.selectFrom('jobs').selectAll().execute()).toHaveLength(1);
  });

  it('gives each job to one worker when four workers poll at once', async () => {
    for (let i = 0; i < 120; i++) await enqueueJob(t.db, { name: 'work', key: `work:${i}`, runAt: 0 });
    const runs: string[] = [];
    const handler = async (job: JobRow) => {
      runs.push(job.job_key);
      await sleep(1);
      return { done: true } as const;
    };
    const results = await Promise.all(Array.from({ length: 4 }, () => runDueJobs(t.db, { work: handler })));
    expect(results.reduce((n, r) => n + r.ran, 0)).toBe(120);
    expect(runs).toHaveLength(120);
    expect(new Set(runs).size).toBe(120);
    const left = await t.db.selectFrom('jobs').select('status').where('status', '!=', 'done').execute();
    expect(left).toEqual([]);
  });

  it('does not run a job before its time, nor jobs nobody handles here', async () => {
    await enqueueJob(t.db, { name: 'later', key: 'later:1', runAt: Date.now() + 60_000 });
    await enqueueJob(t.db, { name: 'other', key: 'other:1', runAt: 0 });
    let ran = 0;
    const handler = async () => ((ran += 1), { done: true as const });
    expect(await runDueJobs(t.db, { later: handler })).toEqual({ ran: 0, failed: 0 });
    expect(ran).toBe(0);
    expect((await row('other:1')).status).toBe('queued');
  });

  it('retries a failing job with back-off and sets it aside after the last try', async () => {
    await enqueueJob(t.db, { name: 'flaky', key: 'flaky:1', runAt: 0 });
    const handler = async (): Promise<never> => {
      throw new Error('supplier down');
    };
    const errors: unknown[] = [];
    const before = Date.now();
    expect(await runDueJobs(t.db, { flaky: handler }, (e) => errors.push(e))).toEqual({ ran: 1, failed: 1 });
    let job = await row('flaky:1');
    expect(job).toMatchObject({ status: 'queued', last_error: 'supplier down' });
    expect(Number(job.attempts)).toBe(1);
    expect(Number(job.run_at)).toBeGreaterThanOrEqual(before + 5_000);
    for (let i = 2; i <= JOB_MAX_ATTEMPTS; i++) {
      await t.db.updateTable('jobs').set({ run_at: 0 }).where('job_key', '=', 'flaky:1').execute();
      await runDueJobs(t.db, { flaky: handler }, (e) => errors.push(e));
    }
    job = await row('flaky:1');
    expect(job.status).toBe('dead');
    expect(errors).toHaveLength(JOB_MAX_ATTEMPTS);
    await t.db.updateTable('jobs').set({ run_at: 0 }).where('job_key', '=', 'flaky:1').execute();
    expect((await runDueJobs(t.db, { flaky: handler })).ran).toBe(0);
  });

  it('hands a job on when its worker died, and ignores the late worker', async () => {
    await enqueueJob(t.db, { name: 'work', key: 'work:lease', runAt: 0 });
    const now = Date.now();
    const [claimed] = await claimJobs(t.db, ['work'], now, 5);
    expect(claimed?.job_key).toBe('work:lease');
    // Within the lease nobody else gets it.
    expect(await claimJobs(t.db, ['work'], now + 1_000, 5)).toEqual([]);
    // The worker died: after the lease another takes it and finishes it.
    const later = now + JOB_LEASE_MS + 1;
    const [again] = await claimJobs(t.db, ['work'], later, 5);
    expect(again?.attempts).toBe(2);
    await t.db
      .updateTable('jobs')
      .set({ status: 'done', locked_until: 0 })
      .where('id', '=', again!.id)
      .where('attempts', '=', again!.attempts)
      .execute();
    // What the first worker would write now matches no row: its attempt is over.
    const late = await t.db
      .updateTable('jobs')
      .set({ status: 'queued' })
      .where('id', '=', claimed!.id)
      .where('attempts', '=', claimed!.attempts)
      .executeTakeFirst();
    expect(Number(late.numUpdatedRows)).toBe(0);
    expect((await row('work:lease')).status).toBe('done');
  });

  it('runs a sweep once per interval however many processes poll, and revives a dead sweep', async () => {
    let sweeps = 0;
    const handlers = {
      sweep: async () => {
        sweeps += 1;
        await sleep(5);
        return { runAt: Date.now() + 60_000 };
      },
    };
    const runners = Array.from(
      { length: 3 },
      () => new JobRunner(t.db, handlers, { sweep: 60_000 }, () => {}, { timers: false }),
    );
    for (const r of runners) await r.start(() => {});
    await Promise.all(runners.flatMap((r) => [r.kick(), r.kick()]));
    expect(sweeps).toBe(1);
    // Asked for now (e.g. a message was just queued): it runs once more, not once per process.
    await Promise.all(runners.map((r) => r.kick('sweep')));
    expect(sweeps).toBeGreaterThanOrEqual(2);
    expect(sweeps).toBeLessThanOrEqual(4);
    const job = await row('every:sweep');
    expect(job.status).toBe('queued');
    expect(Number(job.run_at)).toBeGreaterThan(Date.now() + 50_000);
    await t.db.updateTable('jobs').set({ status: 'dead' }).where('job_key', '=', 'every:sweep').execute();
    await runners[0]!.start(() => {});
    expect((await row('every:sweep')).status).toBe('queued');
    await Promise.all(runners.map((r) => r.stop()));
  });
});
