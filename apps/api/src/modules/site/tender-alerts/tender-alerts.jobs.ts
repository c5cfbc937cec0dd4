import type { JobDefinition } from '../../../infra/jobs.ts';
import type { TenderAlertsService } from './tender-alerts.service.ts';

export const TENDER_ALERTS_RUN_JOB = 'tender-alerts.run';
export const TENDER_ALERTS_RESUME_JOB = 'tender-alerts.resume';
export const SAVED_SEARCH_ALERTS_JOB = 'tender-alerts.saved-searches';

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
  // Saved searches: instant ones every 5 minutes, daily ones a day after their last window.
  {
    name: SAVED_SEARCH_ALERTS_JOB,
    cron: '*/5 * * * *',
    handle: async () => {
      await alerts.runSavedSearches();
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
