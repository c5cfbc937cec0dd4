// The front door of site/webinars: other modules and the app import this module only from here.

export { WEBINAR_REMINDER_JOB, webinarsJobs } from './webinars.jobs.ts';
export { webinarsRoutes } from './webinars.routes.ts';
export { createWebinarsService, REMINDER_HOURS } from './webinars.service.ts';
export type { WebinarsService } from './webinars.service.ts';
