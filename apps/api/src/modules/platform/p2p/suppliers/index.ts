// The front door of platform/p2p/suppliers: other modules and the app import this module only from here.

export { suppliersRoutes } from './suppliers.routes.ts';
export { createSuppliersService } from './suppliers.service.ts';
export type { SuppliersService } from './suppliers.service.ts';
