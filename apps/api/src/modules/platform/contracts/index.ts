// The front door of platform/contracts (issue 22): other modules and the app import this module only from here.

export { contractApprovalAdapter } from './contracts.approval.ts';
export { contractsJobs, CONTRACT_ALERTS_JOB } from './contracts.jobs.ts';
export { contractBelongsTo } from './contracts.queries.ts';
export { contractsRoutes } from './contracts.routes.ts';
export { createContractsService } from './contracts.service.ts';
export type { AuthenticatorCheck, AwardItem, ContractsService } from './contracts.service.ts';
