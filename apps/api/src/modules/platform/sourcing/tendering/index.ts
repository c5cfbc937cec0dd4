// The front door of platform/sourcing/tendering (issue 21): other modules and the app import this module only
// from here. ("tenders" is the public bulletin's module under site/.)

export { tenderAwardApprovalAdapter, tenderJustificationApprovalAdapter } from './tendering.approval.ts';
export { tenderingRoutes } from './tendering.routes.ts';
export { createTenderingService, TENDERING_ROLES } from './tendering.service.ts';
export type { TenderingService } from './tendering.service.ts';
export { tenderingOcdsSource } from './tendering.ocds.ts';
