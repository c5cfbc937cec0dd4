// The front door of site/core: other modules and the app import this module only from here.

export { createCoreRepository } from './core.repository.ts';
export { coreRoutes } from './core.routes.ts';
export { createCoreService, flagUrl } from './core.service.ts';
