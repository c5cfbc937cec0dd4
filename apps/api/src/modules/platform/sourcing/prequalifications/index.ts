// The front door of platform/sourcing/prequalifications: other modules and the app import this module only
// from here. RFQs ask `prequalifiedSuppliers` whom they may invite; the risk register asks
// `prequalificationStanding` how a supplier stands.

export { prequalificationResultApprovalAdapter } from './prequalifications.approval.ts';
export { PREQUALIFICATION_EXPIRY_JOB, prequalificationsJobs } from './prequalifications.jobs.ts';
export { portalPrequalificationsRoutes, prequalificationsRoutes } from './prequalifications.routes.ts';
export {
  createPrequalificationsService,
  prequalificationStanding,
  prequalifiedSuppliers,
} from './prequalifications.service.ts';
export type { PrequalificationsService } from './prequalifications.service.ts';
