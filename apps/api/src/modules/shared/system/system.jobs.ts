import type { JobDefinition } from '../../../infra/jobs.ts';
import type { SystemService } from './system.service.ts';

/** Every minute each worker records that it is alive; /api/health reports the newest. */
export const systemJobs = (system: SystemService): JobDefinition[] => [
  { name: 'system.heartbeat', cron: '* * * * *', handle: () => system.heartbeat() },
];
