// The front door of platform/risk (issue 23): other modules and the app import this module only from here.

export { riskRoutes } from './risk.routes.ts';
export { createRiskService, RISK_MANAGERS, type RiskService, type RiskSources } from './risk.service.ts';
export { riskAcceptanceApprovalAdapter } from './risk.approval.ts';
export {
  riskJobs,
  RISK_REVIEW_REMINDERS_JOB,
  RISK_THRESHOLDS_JOB,
  RISK_TREATMENT_REMINDERS_JOB,
} from './risk.jobs.ts';
