import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { contractPurchaseOrders, contracts } from '../../../schema/contracts.tables.ts';
import { invoices } from '../../../schema/invoices.tables.ts';
import { purchaseOrders } from '../../../schema/purchase-orders.tables.ts';

/** Orders that commit money (approved or later, not cancelled) and invoices that count as billed. */
const COMMITTED_ORDERS = [
  'approved',
  'sent',
  'acknowledged',
  'partially_received',
  'received',
  'closed',
] as const;
const BILLED_INVOICES = ['approved', 'partially_paid', 'paid'] as const;

/**
 * Spend against contracts, read from procure-to-pay's tables (never written here): the totals of the
 * purchase orders linked to each contract, and of those orders' approved invoices.
 */
export async function contractSpend(
  db: Executor,
  organisationId: number,
  contractIds: number[],
): Promise<Map<number, { orderedMinor: number; invoicedMinor: number }>> {
  const spend = new Map<number, { orderedMinor: number; invoicedMinor: number }>();
  if (contractIds.length === 0) return spend;
  const rows = await db
    .select({
      contractId: contractPurchaseOrders.contractId,
      orderedMinor: sql<number>`coalesce(sum(${purchaseOrders.totalMinor}) FILTER (WHERE ${inArray(
        purchaseOrders.status,
        [...COMMITTED_ORDERS],
      )}), 0)`.mapWith(Number),
      invoicedMinor:
        sql<number>`coalesce(sum((SELECT coalesce(sum(${invoices.totalMinor}), 0) FROM ${invoices}
        WHERE ${invoices.purchaseOrderId} = ${purchaseOrders.id}
          AND ${inArray(invoices.status, [...BILLED_INVOICES])})), 0)`.mapWith(Number),
    })
    .from(contractPurchaseOrders)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, contractPurchaseOrders.purchaseOrderId))
    .where(
      and(
        eq(contractPurchaseOrders.organisationId, organisationId),
        inArray(contractPurchaseOrders.contractId, contractIds),
      ),
    )
    .groupBy(contractPurchaseOrders.contractId);
  for (const row of rows)
    spend.set(row.contractId, { orderedMinor: row.orderedMinor, invoicedMinor: row.invoicedMinor });
  return spend;
}

/**
 * Whether this organisation has a contract (of any kind or status) with this id: for other modules that
 * link a record to a contract (risk), so a link never points at another organisation's or a missing one.
 */
export async function contractBelongsTo(
  db: Executor,
  organisationId: number,
  contractId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.organisationId, organisationId), eq(contracts.id, contractId)))
    .limit(1);
  return row !== undefined;
}
