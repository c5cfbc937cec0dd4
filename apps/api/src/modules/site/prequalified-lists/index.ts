// The front door of site/prequalified-lists: other modules and the app import this module only from here.

export { prequalifiedListsRoutes } from './prequalified-lists.routes.ts';
export {
  NO_PREQUALIFICATIONS,
  PREQUALIFIED_CART_PAGE,
  PREQUALIFIED_DOWNLOAD_PURPOSE,
  PREQUALIFIED_PRODUCT,
  createPrequalifiedListsService,
  prequalifiedListProduct,
} from './prequalified-lists.service.ts';
export type { PrequalificationSource, PrequalifiedListsService } from './prequalified-lists.service.ts';
