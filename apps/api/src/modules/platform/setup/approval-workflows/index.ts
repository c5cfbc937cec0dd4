// The front door of platform/setup/approval-workflows: other modules and the app import this module only from here.

export { approvalWorkflowsRoutes } from './approval-workflows.routes.ts';
export { createApprovalWorkflowsService } from './approval-workflows.service.ts';
export type { ApprovalWorkflowsService } from './approval-workflows.service.ts';
export { organisationSettingsRoutes } from './organisation-settings.routes.ts';
