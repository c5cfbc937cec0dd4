// The front door of platform/p2p/purchase-orders: other modules and the app import this module only from here.

export { createGoodsReceiptsService } from './goods-receipts.service.ts';
export { purchaseOrderApprovalAdapter } from './purchase-orders.approval.ts';
export { purchaseOrdersRoutes } from './purchase-orders.routes.ts';
export { createPurchaseOrdersService, PROCUREMENT_ROLES } from './purchase-orders.service.ts';
export type { PurchaseOrdersService } from './purchase-orders.service.ts';
export { purchaseOrderReads, type PurchaseOrderReads } from './purchase-order-reads.ts';
