// The front door of platform/setup/departments: other modules and the app import this module only from here.

export { departmentsRoutes } from './departments.routes.ts';
export { createDepartmentsService } from './departments.service.ts';
