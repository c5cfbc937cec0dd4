import type PgBoss from 'pg-boss';

/**
 * What services use to enqueue background work. The API process binds it to pg-boss once the queue has
 * started; until then (and in tests that run without a queue) work runs inline, awaited.
 */
export interface JobQueue {
  send(name: string, data: object): Promise<void>;
  /** Several jobs of one kind: one INSERT into pg-boss's table (inline: one after the other). */
  sendMany(name: string, data: readonly object[]): Promise<void>;
}

export function createJobQueue() {
  let boss: PgBoss | null = null;
  const inline = new Map<string, (data: object) => Promise<void>>();
  const queue: JobQueue & {
    bind(instance: PgBoss): void;
    handleInline(name: string, handler: (data: object) => Promise<void>): void;
  } = {
    async send(name, data) {
      if (boss) {
        await boss.send(name, data, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
        return;
      }
      const handler = inline.get(name);
      if (!handler) throw new Error(`no handler for job ${name}`);
      await handler(data);
    },
    async sendMany(name, data) {
      if (boss) {
        await boss.insert(
          data.map((item) => ({ name, data: item, retryLimit: 5, retryDelay: 30, retryBackoff: true })),
        );
        return;
      }
      for (const item of data) await queue.send(name, item);
    },
    bind(instance) {
      boss = instance;
    },
    handleInline(name, handler) {
      inline.set(name, handler);
    },
  };
  return queue;
}
export type BindableJobQueue = ReturnType<typeof createJobQueue>;
