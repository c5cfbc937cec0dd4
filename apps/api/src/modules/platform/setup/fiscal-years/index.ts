// The front door of platform/setup/fiscal-years: other modules and the app import this module only from here.

export { fiscalYearsRoutes } from './fiscal-years.routes.ts';
export { createFiscalYearsService } from './fiscal-years.service.ts';
