// The front door of platform/p2p/reports: other modules and the app import this module only from here.

export { reportsRoutes } from './reports.routes.ts';
export { createReportsService } from './reports.service.ts';
