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
    await boss.createQueue(definition.name);
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
