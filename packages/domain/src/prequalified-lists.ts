/**
 * Issue 18, prequalified-supplier lists: what an order costs. The server computes it from the operator's
 * price list, never from the client.
 *
 * The rule: each category row costs its supplier count times the price per supplier, and at least the
 * minimum per category; a row asking for 0 suppliers costs nothing (SPEC §5 allows 0) and delivers nothing.
 * An order must ask for at least one supplier in all. Both prices are products of the price list
 * (`prequalified_list_per_supplier`, `prequalified_list_category_minimum`), which the operator edits; an
 * order keeps the amounts it was created with.
 */
export const PREQUALIFIED_PRICE_PRODUCTS = {
  perSupplier: 'prequalified_list_per_supplier',
  categoryMinimum: 'prequalified_list_category_minimum',
} as const;

/** The most suppliers one row may ask for (a list is a shortlist, not a directory). */
export const PREQUALIFIED_MAX_COUNT = 1000;
/** The most category rows in one order. */
export const PREQUALIFIED_MAX_ROWS = 50;

export interface PrequalifiedPrices {
  perSupplierMinor: number;
  categoryMinimumMinor: number;
}

/** One row's amount in minor units. */
export function prequalifiedRowAmount(supplierCount: number, prices: PrequalifiedPrices): number {
  if (!Number.isInteger(supplierCount) || supplierCount < 0) throw new RangeError('supplier count');
  if (supplierCount === 0) return 0;
  return Math.max(supplierCount * prices.perSupplierMinor, prices.categoryMinimumMinor);
}

/** Every row's amount and the order's total, in minor units. */
export function prequalifiedOrderAmount(
  rows: ReadonlyArray<{ supplierCount: number }>,
  prices: PrequalifiedPrices,
): { rows: number[]; totalMinor: number } {
  const amounts = rows.map((row) => prequalifiedRowAmount(row.supplierCount, prices));
  return { rows: amounts, totalMinor: amounts.reduce((sum, amount) => sum + amount, 0) };
}

/**
 * SPEC §4 prequalified order status: 2 Processing and 3 Paid as SPEC maps them; SPEC attached Error to 3
 * too (unreachable), so here Pending is 1 and Error 4, and `payment_state` says it in words.
 */
export const PREQUALIFIED_STATUS_CODE = { pending: 1, processing: 2, paid: 3, failed: 4 } as const;

/** How long the delivered list can be downloaded after payment. */
export const PREQUALIFIED_DOWNLOAD_DAYS = 7;
