// The front door of site/supplier-registry: other modules and the app import this module only from here.

export { createPinChecker } from './pin-checker.client.ts';
export type { PinChecker, PinCheck } from './pin-checker.client.ts';
export { pinCheckerSimulator, simulatedPinName } from './pin-checker.simulator.ts';
export {
  supplierRegistryRoutes,
  PIN_SEARCH_LIMITS,
  REGISTRATION_LIMITS,
} from './supplier-registry.routes.ts';
export { createSupplierRegistryService } from './supplier-registry.service.ts';
export type { SupplierRegistryService } from './supplier-registry.service.ts';
export { supplierDataRoutes } from './supplier-data.routes.ts';
export { createSupplierDataService } from './supplier-data.service.ts';
export type { SupplierDataService } from './supplier-data.service.ts';
