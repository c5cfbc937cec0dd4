import type { JobDefinition } from '../../infra/jobs.ts';
import { RECONCILE_JOB, type PaymentsService } from './payments.service.ts';

/** Every minute: apply callbacks a crash left unprocessed, and ask Daraja about unanswered prompts. */
export const paymentsJobs = (payments: PaymentsService): JobDefinition[] => [
  {
    name: RECONCILE_JOB,
    cron: '* * * * *',
    handle: async () => {
      await payments.reconcile();
    },
  },
];
