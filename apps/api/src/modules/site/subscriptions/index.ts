// The front door of site/subscriptions: other modules and the app import this module only from here.

export { subscriptionsRoutes } from './subscriptions.routes.ts';
export {
  SUBSCRIPTION_PRODUCT,
  alertSubscriptionProduct,
  createSubscriptionsService,
} from './subscriptions.service.ts';
