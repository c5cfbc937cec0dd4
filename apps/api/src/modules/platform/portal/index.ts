// The front door of platform/portal: other modules and the app import this module only from here.

export { portalRoutes } from './portal.routes.ts';
export { createPortalService } from './portal.service.ts';
export { createStatementsService } from './statements.service.ts';
