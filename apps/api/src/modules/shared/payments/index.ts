// The front door of shared/payments: other modules and the app import this module only from here.

export { createDpoClient } from './dpo/dpo.client.ts';
export { dpoSimulator } from './dpo/dpo.simulator.ts';
export { createDarajaClient } from './mpesa/mpesa.client.ts';
export { darajaSimulator } from './mpesa/mpesa.simulator.ts';
export { paymentsJobs } from './payments.jobs.ts';
export { limitPaymentStart } from './payments.limits.ts';
export { paymentCallbackRoutes, paymentOperatorRoutes } from './payments.routes.ts';
export { createPaymentsService, insertOrder, newOrderCode, newOrderReference } from './payments.service.ts';
export type { OrderPaymentFacts, OrderRow, PaymentsService, ProductHooks } from './payments.service.ts';
export { createPriceListService } from './price-list.service.ts';
export type { PriceListService } from './price-list.service.ts';
export { CHECKOUT_PAGES } from './payments.service.ts';
