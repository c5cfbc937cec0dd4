import PgBoss from 'pg-boss';
import type { Logger } from './logger.ts';

/** A background job: a queue name, an optional schedule, and what a worker does with one job. */
export interface JobDefinition<Data extends object = object> {
  name: string;
  /** Cron expression (UTC) when the job runs on a schedule. */
  cron?: string;
  /** Also run once as soon as a worker starts (a restarted worker catches up at once, not within the minute). */
  runAtStart?: boolean;
  handle(data: Data): Promise<void>;
}

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Creates a queue if it is not there. Two processes starting at once on a fresh database (two workers, or
 * the API and a worker) create the same queues together, and PostgreSQL may stop one of them as a deadlock
 * victim (40P01, seen in the two-workers test: the worker exited) or find the other's row first (23505).
 * Creating a queue is idempotent, so the one stopped tries again after a short, random pause.
 */
async function createQueue(boss: PgBoss, name: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(name);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if ((code !== '40P01' && code !== '23505') || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

/**
 * Starts pg-boss on the application database. Every process can enqueue; only processes started with
 * `work: true` (the API by default, or `npm run worker`) take jobs, keep schedules and run maintenance.
 */
export async function startJobs(options: {
  url: string;
  logger: Logger;
  definitions: readonly JobDefinition[];
  work: boolean;
}): Promise<Jobs> {
  const { url, logger, definitions, work } = options;
  const boss = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    application_name: 'zabuni-jobs',
    max: 4,
    supervise: work,
    schedule: work,
  });
  boss.on('error', (error: Error & { code?: string }) => {
    if (error.code === '57P01') logger.info('job queue: database server is shutting down');
    else logger.error({ err: error.message }, 'job queue error');
  });
  await boss.start();
  for (const definition of definitions) {
    await createQueue(boss, definition.name);
  }
  if (work) {
    for (const definition of definitions) {
      if (definition.cron) await boss.schedule(definition.name, definition.cron);
      await boss.work<object>(definition.name, async (batch) => {
        for (const job of batch) {
          await definition.handle(job.data);
        }
      });
    }
    for (const definition of definitions) {
      if (definition.runAtStart) await boss.send(definition.name, {});
    }
    logger.info({ queues: definitions.map((d) => d.name) }, 'worker started');
  }
  let stopped = false;
  return {
    boss,
    async stop() {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
