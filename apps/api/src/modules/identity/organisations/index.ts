// The front door of identity/organisations: other modules and the app import this module only from here.

export { createOrganisationsRepository } from './organisations.repository.ts';
export { organisationsRoutes } from './organisations.routes.ts';
export { createOrganisationsService } from './organisations.service.ts';
export type { OrganisationsService } from './organisations.service.ts';
export { createClientListingService } from './client-listing.service.ts';
export type { ClientListingService } from './client-listing.service.ts';
