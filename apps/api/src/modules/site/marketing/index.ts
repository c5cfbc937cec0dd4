// The front door of site/marketing: other modules and the app import this module only from here.

export { createSiteContentStore } from './marketing.content.ts';
export { marketingRoutes } from './marketing.routes.ts';
export { CLIENTS_SHOWN_MAX, createMarketingService } from './marketing.service.ts';
export type { MarketingService } from './marketing.service.ts';
