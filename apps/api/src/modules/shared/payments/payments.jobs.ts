import type { JobDefinition } from '../../../infra/jobs.ts';
import { RECONCILE_JOB, type PaymentsService } from './payments.service.ts';

/**
 * Every minute, and at once when a worker starts (after a crash): apply callbacks left unprocessed, and ask
 * Daraja and DPO about payments nobody answered.
 */
export const paymentsJobs = (payments: PaymentsService): JobDefinition[] => [
  {
    name: RECONCILE_JOB,
    cron: '* * * * *',
    runAtStart: true,
    handle: async () => {
      await payments.reconcile();
    },
  },
];
