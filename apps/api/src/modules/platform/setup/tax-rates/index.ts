// The front door of platform/setup/tax-rates: other modules and the app import this module only from here.

export { taxRatesRoutes } from './tax-rates.routes.ts';
export { createTaxRatesService } from './tax-rates.service.ts';
