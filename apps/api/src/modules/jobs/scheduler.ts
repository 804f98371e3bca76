// Background jobs of the process (ARCHITECTURE.md §3, modules/jobs): each runs every `intervalMs`,
// never overlapping itself, and can be kicked to run soon (e.g. right after a message is queued).
// Work is claimed in the database by the jobs themselves, so several processes may run the same
// job safely. Timers are unref'd: they never keep the process alive.

type Job = {
  intervalMs: number;
  task: () => Promise<unknown>;
  running: Promise<void> | undefined;
  again: boolean;
  timer: NodeJS.Timeout | undefined;
};

export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private stopped = false;

  /** With `timers: false` jobs run only when kicked (tests that drive them by hand). */
  constructor(
    private readonly onError: (name: string, error: unknown) => void,
    private readonly options: { timers: boolean } = { timers: true },
  ) {}

  every(name: string, intervalMs: number, task: () => Promise<unknown>): void {
    const job: Job = { intervalMs, task, running: undefined, again: false, timer: undefined };
    this.jobs.set(name, job);
    this.schedule(name, job, intervalMs);
  }

  /** Runs the job now, or once more right after the run in progress. */
  kick(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job || this.stopped) return Promise.resolve();
    if (job.running) {
      job.again = true;
      return job.running;
    }
    return this.run(name, job);
  }

  /** Stops the timers and waits for the runs in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const job of this.jobs.values()) clearTimeout(job.timer);
    await Promise.all([...this.jobs.values()].map((job) => job.running));
  }

  private schedule(name: string, job: Job, delay: number) {
    if (this.stopped || !this.options.timers) return;
    clearTimeout(job.timer);
    job.timer = setTimeout(() => void this.run(name, job), delay).unref();
  }

  private run(name: string, job: Job): Promise<void> {
    job.running = (async () => {
      do {
        job.again = false;
        try {
          await job.task();
        } catch (error) {
          this.onError(name, error);
        }
      } while (job.again && !this.stopped);
    })().finally(() => {
      job.running = undefined;
      this.schedule(name, job, job.intervalMs);
    });
    return job.running;
  }
}
