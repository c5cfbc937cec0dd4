import type { Executor } from '../../../../infra/database.ts';
import { purchaseOrdersRepository } from './purchase-orders.repository.ts';

/**
 * What other modules may read of purchase orders, inside their own transaction: invoices check the order
 * they bill (locking it against a concurrent change), the portal lists what was sent. Never a write: only
 * this module changes its tables.
 */
export function purchaseOrderReads(tx: Executor) {
  const orders = purchaseOrdersRepository(tx);
  return {
    find: (organisationId: number, id: number) => orders.find(organisationId, id),
    /** Locks the order row (FOR UPDATE) for the rest of the caller's transaction; false when absent. */
    lock: (organisationId: number, id: number) => orders.lock(organisationId, id),
    lines: (purchaseOrderId: number) => orders.lines(purchaseOrderId),
    requisitionLinesAmong: (organisationId: number, ids: number[], exceptPurchaseOrderId: number | null) =>
      orders.requisitionLinesAmong(organisationId, ids, exceptPurchaseOrderId),
    supplierUsers: (supplierId: number) => orders.supplierUsers(supplierId),
    list: orders.list,
  };
}
export type PurchaseOrderReads = ReturnType<typeof purchaseOrderReads>;
