// The front door of platform/sourcing/disposals: other modules and the app import this module only from here.

export { disposalApprovalAdapter } from './disposals.approval.ts';
export { disposalsRoutes } from './disposals.routes.ts';
export { createDisposalsService, DISPOSAL_ROLES } from './disposals.service.ts';
export type { DisposalsService } from './disposals.service.ts';
