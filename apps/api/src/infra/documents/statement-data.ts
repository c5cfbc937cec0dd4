import type { StatementRowType, SupplierStatement } from './types.ts';

/** What the statement's PDF and XLSX share. */

export const STATEMENT_ROW_TYPE_LABELS: Record<StatementRowType, string> = {
  purchase_order: 'Purchase order',
  invoice: 'Invoice',
  payment: 'Payment',
  credit: 'Credit',
};

/** Debits and credits of the period, summed exactly in minor units. */
export function statementTotals(s: SupplierStatement): { debitMinor: number; creditMinor: number } {
  return s.rows.reduce(
    (totals, row) => ({
      debitMinor: totals.debitMinor + row.debitMinor,
      creditMinor: totals.creditMinor + row.creditMinor,
    }),
    { debitMinor: 0, creditMinor: 0 },
  );
}
