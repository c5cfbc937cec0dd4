import type { JobDefinition } from '../../../../infra/jobs.ts';
import type { PrequalificationsService } from './prequalifications.service.ts';

export const PREQUALIFICATION_EXPIRY_JOB = 'prequalifications.document-expiry';

/** Daily at 06:00 EAT (03:00 UTC), and once when a worker starts: expiring documents, 30 days ahead. */
export const prequalificationsJobs = (prequalifications: PrequalificationsService): JobDefinition[] => [
  {
    name: PREQUALIFICATION_EXPIRY_JOB,
    cron: '0 3 * * *',
    runAtStart: true,
    handle: async () => {
      await prequalifications.sendExpiryAlerts();
    },
  },
];
