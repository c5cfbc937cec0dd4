import { lineAmountMinor, taxMinor } from './money.ts';
import { savings, type QuoteInput, type RfqLineInput, type Savings } from './rfq-comparison.ts';

/**
 * A split award of an opened RFQ (issue 20): each line (or part of a line's quantity) to a supplier who
 * priced it, at the price quoted. Validated here; the service turns each supplier's share into one draft
 * purchase order with exactly these nets and taxes, so the orders and the award agree to the cent.
 */

export interface AwardAllocation {
  lineNo: number;
  supplierId: number;
  quantityThousandths: number;
}

export type AwardProblem =
  | { kind: 'empty' }
  | { kind: 'unknown_line'; index: number }
  | { kind: 'quantity'; index: number }
  | { kind: 'not_quoted'; index: number }
  | { kind: 'duplicate'; index: number }
  | { kind: 'over_quantity'; lineNo: number };

export interface AwardedLine {
  lineNo: number;
  quantityThousandths: number;
  unitPriceMinor: number;
  netMinor: number;
  taxMinor: number;
  /** The same quantity at the estimated unit price (what the savings are measured against). */
  estimateNetMinor: number;
}

export interface SupplierAward {
  supplierId: number;
  lines: AwardedLine[];
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
}

export interface AwardPlan {
  suppliers: SupplierAward[];
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
  estimateNetMinor: number;
  /** Net of tax, against the estimate of the quantities awarded. */
  savingsVsEstimate: Savings;
}

/**
 * Validates a split award and prices it. A line may be shared between suppliers by quantity, but never
 * beyond the line's quantity; a supplier must have priced the line; one allocation per line and supplier.
 */
export function planAward(
  lines: readonly RfqLineInput[],
  quotes: readonly QuoteInput[],
  allocations: readonly AwardAllocation[],
): { ok: true; plan: AwardPlan } | { ok: false; problem: AwardProblem } {
  if (allocations.length === 0) return { ok: false, problem: { kind: 'empty' } };
  const seen = new Set<string>();
  const awardedPerLine = new Map<number, number>();
  const bySupplier = new Map<number, AwardedLine[]>();
  for (const [index, allocation] of allocations.entries()) {
    const line = lines.find((l) => l.lineNo === allocation.lineNo);
    if (!line) return { ok: false, problem: { kind: 'unknown_line', index } };
    if (!Number.isSafeInteger(allocation.quantityThousandths) || allocation.quantityThousandths <= 0)
      return { ok: false, problem: { kind: 'quantity', index } };
    const quote = quotes.find((q) => q.supplierId === allocation.supplierId);
    const price = quote && !quote.declined ? (quote.prices.get(line.lineNo) ?? null) : null;
    if (price === null) return { ok: false, problem: { kind: 'not_quoted', index } };
    const key = `${allocation.lineNo}:${allocation.supplierId}`;
    if (seen.has(key)) return { ok: false, problem: { kind: 'duplicate', index } };
    seen.add(key);
    const awarded = (awardedPerLine.get(line.lineNo) ?? 0) + allocation.quantityThousandths;
    awardedPerLine.set(line.lineNo, awarded);
    const netMinor = lineAmountMinor(allocation.quantityThousandths, price);
    const awardedLine: AwardedLine = {
      lineNo: line.lineNo,
      quantityThousandths: allocation.quantityThousandths,
      unitPriceMinor: price,
      netMinor,
      taxMinor: taxMinor(netMinor, line.taxBasisPoints),
      estimateNetMinor: lineAmountMinor(allocation.quantityThousandths, line.estimatedUnitPriceMinor),
    };
    bySupplier.set(allocation.supplierId, [...(bySupplier.get(allocation.supplierId) ?? []), awardedLine]);
  }
  for (const line of lines) {
    if ((awardedPerLine.get(line.lineNo) ?? 0) > line.quantityThousandths)
      return { ok: false, problem: { kind: 'over_quantity', lineNo: line.lineNo } };
  }
  const suppliers = [...bySupplier.entries()].map(([supplierId, awarded]) => {
    const sorted = [...awarded].sort((a, b) => a.lineNo - b.lineNo);
    const netMinor = sorted.reduce((sum, l) => sum + l.netMinor, 0);
    const tax = sorted.reduce((sum, l) => sum + l.taxMinor, 0);
    return { supplierId, lines: sorted, netMinor, taxMinor: tax, totalMinor: netMinor + tax };
  });
  const netMinor = suppliers.reduce((sum, s) => sum + s.netMinor, 0);
  const tax = suppliers.reduce((sum, s) => sum + s.taxMinor, 0);
  const estimateNetMinor = suppliers.reduce(
    (sum, s) => sum + s.lines.reduce((inner, l) => inner + l.estimateNetMinor, 0),
    0,
  );
  return {
    ok: true,
    plan: {
      suppliers,
      netMinor,
      taxMinor: tax,
      totalMinor: netMinor + tax,
      estimateNetMinor,
      savingsVsEstimate: savings(estimateNetMinor, netMinor),
    },
  };
}
