import type { JobDefinition } from '../../../infra/jobs.ts';
import type { TenderAlertsService } from './tender-alerts.service.ts';

export const TENDER_ALERTS_RUN_JOB = 'tender-alerts.run';
export const TENDER_ALERTS_RESUME_JOB = 'tender-alerts.resume';

/**
 * Every 15 minutes: record and write what is due (the week's digests from the configured slot on, renewal
 * reminders); a run when nothing is due records nothing. At a worker's start, also resume what a killed
 * worker left (mails written, never tried).
 */
export const tenderAlertsJobs = (alerts: TenderAlertsService): JobDefinition[] => [
  {
    name: TENDER_ALERTS_RUN_JOB,
    cron: '*/15 * * * *',
    runAtStart: true,
    handle: async () => {
      await alerts.run();
    },
  },
  {
    name: TENDER_ALERTS_RESUME_JOB,
    runAtStart: true,
    handle: async () => {
      await alerts.resume();
    },
  },
];
