import type { JobDefinition } from '../../../infra/jobs.ts';
import type { RiskService } from './risk.service.ts';

export const RISK_REVIEW_REMINDERS_JOB = 'risk.review-reminders';
export const RISK_THRESHOLDS_JOB = 'risk.thresholds';
export const RISK_TREATMENT_REMINDERS_JOB = 'risk.treatment-reminders';

/**
 * Daily (06:00 EAT): reminders of outsourcing reviews falling due within 30 days, once per review date,
 * and the thresholds that raise risks (spend concentration and exposure move with procure-to-pay); 06:15 EAT:
 * reminders of overdue treatments, once per treatment and due date.
 */
export const riskJobs = (risk: RiskService): JobDefinition[] => [
  {
    name: RISK_REVIEW_REMINDERS_JOB,
    cron: '0 3 * * *',
    runAtStart: true,
    handle: async () => {
      await risk.sendReviewReminders();
    },
  },
  {
    name: RISK_TREATMENT_REMINDERS_JOB,
    cron: '15 3 * * *',
    runAtStart: true,
    handle: async () => {
      await risk.sendTreatmentReminders();
    },
  },
  {
    name: RISK_THRESHOLDS_JOB,
    cron: '30 3 * * *',
    handle: async () => {
      await risk.evaluateAllThresholds();
    },
  },
];
