import os from 'node:os';
import type { Health } from '@zabuni/contracts';
import type { SystemRepository } from './system.repository.ts';
import type { Clock } from '../../../infra/clock.ts';

export const WORKER_ID = `${os.hostname()}:${process.pid}`;

export function createSystemService({
  repository,
  clock,
  version,
}: {
  repository: SystemRepository;
  clock: Clock;
  version: string;
}) {
  return {
    async health(): Promise<Health> {
      try {
        await repository.ping();
        const seen = await repository.lastHeartbeat();
        return { status: 'ok', database: 'ok', worker_seen_at: seen?.toISOString() ?? null, version };
      } catch {
        return { status: 'unavailable', database: 'unavailable', worker_seen_at: null, version };
      }
    },
    heartbeat: () => repository.recordHeartbeat(WORKER_ID, clock.now()),
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
