/** The approval engine's front door: the service, its adapter contract and its routes. */
export {
  createApprovalsService,
  engineStore,
  type ApprovalAdapter,
  type ApprovalSubject,
  type ApprovalsService,
  type SupplierRiskBands,
  suppliersOf,
  type WaitingDocument,
} from './approvals.service.ts';
export { approvalsRoutes } from './approvals.routes.ts';
export { recordedDecisions, type StoredDecision } from './approval-decisions.ts';
