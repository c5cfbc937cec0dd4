// The front door of site/tender-alerts: other modules and the app import this module only from here.

export { TENDER_ALERTS_RESUME_JOB, TENDER_ALERTS_RUN_JOB, tenderAlertsJobs } from './tender-alerts.jobs.ts';
export { renderAlertMail } from './tender-alerts.mail.ts';
export { tenderAlertQueries } from './tender-alerts.queries.ts';
export { tenderAlertsRoutes } from './tender-alerts.routes.ts';
export { createTenderAlertsService } from './tender-alerts.service.ts';
export type { TenderAlertsService } from './tender-alerts.service.ts';
