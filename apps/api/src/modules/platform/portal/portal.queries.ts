import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { creditNotes } from '../../../schema/credit-notes.tables.ts';
import { invoices, supplierPayments } from '../../../schema/invoices.tables.ts';
import { buyerSuppliers, organisations } from '../../../schema/organisations.tables.ts';
import { purchaseOrders } from '../../../schema/purchase-orders.tables.ts';

/*
 * The supplier portal's reads across the organisations, purchase orders and invoices modules' tables.
 * Read-only: what a supplier changes goes through the owning module's service.
 */

/** The buyers whose supplier lists hold this supplier, by name, with its standing on each list. */
export async function buyersListingSupplier(db: Executor, supplierId: number) {
  return db
    .select({ id: organisations.id, name: organisations.name, status: buyerSuppliers.status })
    .from(buyerSuppliers)
    .innerJoin(organisations, eq(organisations.id, buyerSuppliers.buyerId))
    .where(eq(buyerSuppliers.supplierId, supplierId))
    .orderBy(asc(organisations.name));
}

/** The names (and the supplier's tax PIN) of the two sides of a statement. */
export async function statementParties(db: Executor, buyerId: number, supplierId: number) {
  const rows = await db
    .select({ id: organisations.id, name: organisations.name, taxPin: organisations.taxPin })
    .from(organisations)
    .where(inArray(organisations.id, [buyerId, supplierId]));
  return {
    buyer: rows.find((row) => row.id === buyerId) ?? null,
    supplier: rows.find((row) => row.id === supplierId) ?? null,
  };
}

/**
 * A supplier's documents with one buyer, oldest first, for its statement: the orders sent to it, its
 * invoices (every status; the statement decides what is owed) and the payments recorded against them.
 */
export async function statementDocuments(db: Executor, buyerId: number, supplierId: number) {
  const orders = await db
    .select({
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      sentAt: purchaseOrders.sentAt,
      totalMinor: purchaseOrders.totalMinor,
      currency: purchaseOrders.currency,
      status: purchaseOrders.status,
    })
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.organisationId, buyerId),
        eq(purchaseOrders.supplierId, supplierId),
        sql`${purchaseOrders.sentAt} IS NOT NULL`,
      ),
    )
    .orderBy(asc(purchaseOrders.sentAt));
  const bills = await db
    .select({
      id: invoices.id,
      number: invoices.invoiceNumber,
      date: invoices.invoiceDate,
      dueDate: invoices.dueDate,
      totalMinor: invoices.totalMinor,
      currency: invoices.currency,
      status: invoices.status,
      orderNumber: purchaseOrders.number,
    })
    .from(invoices)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, invoices.purchaseOrderId))
    .where(and(eq(invoices.organisationId, buyerId), eq(invoices.supplierId, supplierId)))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.id));
  const paid = await db
    .select({
      id: supplierPayments.id,
      invoiceId: supplierPayments.invoiceId,
      reference: supplierPayments.reference,
      paidOn: supplierPayments.paidOn,
      amountMinor: supplierPayments.amountMinor,
      method: supplierPayments.method,
      invoiceNumber: invoices.invoiceNumber,
    })
    .from(supplierPayments)
    .innerJoin(invoices, eq(invoices.id, supplierPayments.invoiceId))
    .where(and(eq(invoices.organisationId, buyerId), eq(invoices.supplierId, supplierId)))
    .orderBy(asc(supplierPayments.paidOn), asc(supplierPayments.id));
  // Credit notes lower what is owed, on their own date.
  const credits = await db
    .select({
      id: creditNotes.id,
      invoiceId: creditNotes.invoiceId,
      number: creditNotes.number,
      date: creditNotes.creditNoteDate,
      totalMinor: creditNotes.totalMinor,
      invoiceNumber: invoices.invoiceNumber,
      invoiceStatus: invoices.status,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(eq(creditNotes.organisationId, buyerId), eq(creditNotes.supplierId, supplierId)))
    .orderBy(asc(creditNotes.creditNoteDate), asc(creditNotes.id));
  return { orders, bills, paid, credits };
}
