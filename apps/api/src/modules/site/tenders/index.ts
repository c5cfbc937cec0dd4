// The front door of site/tenders: other modules and the app import this module only from here.

export { tendersRoutes } from './tenders.routes.ts';
export { PUBLISHING_PRODUCT, createTendersService, tenderPublishingProduct } from './tenders.service.ts';
export type { TendersService } from './tenders.service.ts';
export { tenderPaymentRoutes } from './tender-payment.routes.ts';
