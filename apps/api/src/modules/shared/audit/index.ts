// The front door of shared/audit: other modules and the app import this module only from here.

export { auditRoutes } from './audit.routes.ts';
export { startAuditSealer } from './audit.sealer.ts';
export type { AuditSealer } from './audit.sealer.ts';
export { createAuditService } from './audit.service.ts';
export type { AuditAction, AuditEvent, AuditService } from './audit.service.ts';
