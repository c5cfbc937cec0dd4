// The front door of platform/sourcing/rfqs: other modules and the app import this module only from here.

export { rfqApprovalAdapter } from './rfqs.approval.ts';
export { rfqsRoutes } from './rfqs.routes.ts';
export { createRfqsService, RFQ_ROLES } from './rfqs.service.ts';
export type { RfqsService } from './rfqs.service.ts';
