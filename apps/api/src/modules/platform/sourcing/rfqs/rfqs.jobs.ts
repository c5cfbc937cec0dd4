import type { JobDefinition } from '../../../../infra/jobs.ts';
import type { RfqsService } from './rfqs.service.ts';

export const RFQ_CLOSING_JOB = 'rfqs.closing';

/**
 * Every minute, and once when a worker starts: RFQs whose closing has come tell their opening committee that
 * the quotes wait for their confirmations (ERPNext users asked for exactly this report at the deadline).
 * Quotes are refused at the closing instant by the service itself; this job only announces.
 */
export const rfqsJobs = (rfqs: RfqsService): JobDefinition[] => [
  {
    name: RFQ_CLOSING_JOB,
    cron: '* * * * *',
    runAtStart: true,
    handle: async () => {
      await rfqs.announceClosings();
    },
  },
];
