// The front door of platform/p2p/requisitions: other modules and the app import this module only from here.

export { createRequisitionRecordsService } from './requisition-records.service.ts';
export { requisitionApprovalAdapter } from './requisitions.approval.ts';
export { requisitionsRoutes } from './requisitions.routes.ts';
export { createRequisitionsService } from './requisitions.service.ts';
