// The front door of site/supplier-listing: other modules and the app import this module only from here.

export { supplierListingRoutes } from './supplier-listing.routes.ts';
export { createSupplierListingService } from './supplier-listing.service.ts';
export type { SupplierListingService } from './supplier-listing.service.ts';
