import { formatMinor, minorToDecimalText, nairobiDate } from '@zabuni/domain';
import type { Db } from '../../../infra/database.ts';
import {
  renderStatementPdf,
  renderStatementXlsx,
  type SupplierStatement,
} from '../../../infra/documents/index.ts';
import type { Clock } from '../../../infra/clock.ts';
import { statementDocuments, statementParties } from './portal.queries.ts';

/** Invoices that are owed (not rejected); payments reduce what is owed. */
const OWED = new Set([
  'submitted',
  'matched',
  'exception',
  'awaiting_credit_note',
  'approved',
  'partially_paid',
  'paid',
]);

/** `YYYY-MM-DD` days in East Africa Time, both inclusive; either may be left open. */
export interface StatementPeriod {
  from?: string;
  to?: string;
}

/**
 * A supplier's statement with one buyer: the orders sent to it (for reference), its invoices (what is
 * owed, rejected ones left out), its credit notes and the payments recorded, in date order with the
 * running balance.
 */
export function createStatementsService({ db, clock }: { db: Db; clock: Clock }) {
  async function build(
    buyerId: number,
    supplierId: number,
    period: StatementPeriod,
  ): Promise<SupplierStatement & { ids: { buyer: number; supplier: number } }> {
    const { orders, bills, paid, credits } = await statementDocuments(db, buyerId, supplierId);
    const { buyer, supplier } = await statementParties(db, buyerId, supplierId);
    const currency = bills[0]?.currency ?? orders[0]?.currency ?? 'KES';
    type Row = SupplierStatement['rows'][number];
    const events: Array<Omit<Row, 'balanceMinor'> & { order: number }> = [
      ...orders.map((o) => ({
        date: nairobiDate(o.sentAt!),
        type: 'purchase_order' as const,
        reference: o.number,
        description: `Purchase order received (${o.status.replace(/_/g, ' ')}), ${formatMinor(o.totalMinor, o.currency)}`,
        debitMinor: 0,
        creditMinor: 0,
        order: 0,
      })),
      ...bills
        .filter((b) => OWED.has(b.status))
        .map((b) => ({
          date: b.date,
          type: 'invoice' as const,
          reference: b.number,
          description: `Invoice against ${b.orderNumber} (${b.status.replace(/_/g, ' ')})`,
          debitMinor: b.totalMinor,
          creditMinor: 0,
          order: 1,
        })),
      ...paid.map((p) => ({
        date: p.paidOn,
        type: 'payment' as const,
        reference: p.reference,
        description: `Payment for invoice ${p.invoiceNumber} (${p.method.replace(/_/g, ' ')})`,
        debitMinor: 0,
        creditMinor: p.amountMinor,
        order: 2,
      })),
      ...credits
        .filter((c) => OWED.has(c.invoiceStatus))
        .map((c) => ({
          date: c.date,
          type: 'credit' as const,
          reference: c.number,
          description: `Credit note against invoice ${c.invoiceNumber}`,
          debitMinor: 0,
          creditMinor: c.totalMinor,
          // On the same day: after the invoice it credits, before a payment of what is left.
          order: 1.5,
        })),
    ].sort((a, b) => (a.date === b.date ? a.order - b.order : a.date < b.date ? -1 : 1));
    const today = nairobiDate(clock.now());
    const to = period.to ?? today;
    const from = period.from ?? events[0]?.date ?? to;
    // What was owed before the period opens the statement; its rows are the period's own.
    let balance = 0;
    for (const event of events) {
      if (event.date < from) balance += event.debitMinor - event.creditMinor;
    }
    const openingBalanceMinor = balance;
    const rows: Row[] = events
      .filter((event) => event.date >= from && event.date <= to)
      .map(({ order: _order, ...event }) => {
        balance += event.debitMinor - event.creditMinor;
        return { ...event, balanceMinor: balance };
      });
    const paidOf = (invoiceId: number) =>
      paid.filter((p) => p.invoiceId === invoiceId).reduce((s, p) => s + p.amountMinor, 0);
    // Credit notes dated within the statement lower what the invoice still owes.
    const creditedOf = (invoiceId: number) =>
      credits.filter((c) => c.invoiceId === invoiceId && c.date <= to).reduce((s, c) => s + c.totalMinor, 0);
    return {
      ids: { buyer: buyerId, supplier: supplierId },
      supplier: { name: supplier?.name ?? '', taxPin: supplier?.taxPin ?? null },
      buyer: { name: buyer?.name ?? '' },
      currency,
      from,
      to,
      generatedAt: clock.now().toISOString(),
      openingBalanceMinor,
      closingBalanceMinor: balance,
      rows,
      openInvoices: bills
        .filter((b) => OWED.has(b.status) && b.status !== 'paid' && b.date <= to)
        .map((b) => ({
          number: b.number,
          date: b.date,
          dueDate: b.dueDate,
          totalMinor: b.totalMinor,
          paidMinor: paidOf(b.id),
          outstandingMinor: Math.max(0, b.totalMinor - creditedOf(b.id) - paidOf(b.id)),
          status: b.status,
        })),
    };
  }

  return {
    /** The statement of a period (its first and last Nairobi days, inclusive); all of it by default. */
    async of(buyerId: number, supplierId: number, period: StatementPeriod = {}) {
      const s = await build(buyerId, supplierId, period);
      const money = (minor: number) => minorToDecimalText(minor, s.currency);
      return {
        supplier: { id: s.ids.supplier, name: s.supplier.name },
        buyer: { id: s.ids.buyer, name: s.buyer.name },
        currency: s.currency,
        from: s.from,
        to: s.to,
        generated_at: s.generatedAt,
        opening_balance: money(s.openingBalanceMinor),
        closing_balance: money(s.closingBalanceMinor),
        rows: s.rows.map((r) => ({
          date: r.date,
          type: r.type,
          reference: r.reference,
          description: r.description,
          debit: money(r.debitMinor),
          credit: money(r.creditMinor),
          balance: money(r.balanceMinor),
        })),
        open_invoices: s.openInvoices.map((i) => ({
          number: i.number,
          date: i.date,
          due_date: i.dueDate,
          total: money(i.totalMinor),
          paid: money(i.paidMinor),
          outstanding: money(i.outstandingMinor),
          status: i.status,
        })),
        document: s,
      };
    },

    async render(statement: { document: SupplierStatement }, format: 'pdf' | 'xlsx') {
      return format === 'pdf'
        ? { contentType: 'application/pdf', bytes: await renderStatementPdf(statement.document) }
        : {
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            bytes: await renderStatementXlsx(statement.document),
          };
    },
  };
}
export type StatementsService = ReturnType<typeof createStatementsService>;
