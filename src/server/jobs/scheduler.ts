// A small in-process scheduler: each job runs every `intervalMs`, never overlapping itself, errors logged and
// survived. Jobs keep their state in the database and guard themselves with an advisory lock, so several app
// instances may each run this scheduler (docs/decisions/0007-jobs.md).
import type { FastifyBaseLogger } from 'fastify';

export interface ScheduledJob {
  name: string;
  intervalMs: number;
  /** Delay before the first run, so start-up (migrations, seeding, listen) finishes first. */
  initialDelayMs?: number;
  run(): Promise<unknown>;
}

export interface Scheduler {
  /** Stops scheduling and waits for runs in flight to finish. */
  stop(): Promise<void>;
}

/** Told of every run: the job, whether it finished or threw, and how long it took. */
export type JobObserver = (job: string, outcome: 'ok' | 'failed', seconds: number) => void;

export function startScheduler(
  jobs: ScheduledJob[],
  log: FastifyBaseLogger,
  observe: JobObserver = () => {},
): Scheduler {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const schedule = (job: ScheduledJob, delay: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const started = Date.now();
      const run = job
        .run()
        .then((result) => {
          observe(job.name, 'ok', (Date.now() - started) / 1000);
          log.debug({ job: job.name, ms: Date.now() - started, result }, 'job finished');
        })
        .catch((err) => {
          observe(job.name, 'failed', (Date.now() - started) / 1000);
          log.error({ err, job: job.name }, 'job failed; it will run again at the next interval');
        })
        .finally(() => {
          running.delete(run);
          schedule(job, job.intervalMs);
        });
      running.add(run);
    }, delay);
    // A pending job never keeps the process alive on its own.
    timer.unref();
    timers.add(timer);
  };

  for (const job of jobs) schedule(job, job.initialDelayMs ?? job.intervalMs);

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
