// The front door of platform/setup/delegations: other modules and the app import this module only from here.

export { delegationsRoutes } from './delegations.routes.ts';
export { createDelegationsService } from './delegations.service.ts';
