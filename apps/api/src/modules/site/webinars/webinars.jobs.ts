import type { JobDefinition } from '../../../infra/jobs.ts';
import type { WebinarsService } from './webinars.service.ts';

export const WEBINAR_REMINDER_JOB = 'webinars.remind';

/** The day-before reminders: every 10 minutes, and once when a worker starts (catching up after a pause). */
export const webinarsJobs = (webinars: WebinarsService): JobDefinition[] => [
  {
    name: WEBINAR_REMINDER_JOB,
    cron: '*/10 * * * *',
    runAtStart: true,
    handle: async () => {
      await webinars.sendReminders();
    },
  },
];
