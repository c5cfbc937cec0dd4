import { lineAmountMinor, taxMinor } from './money.ts';

/**
 * Comparing the opened quotes of an RFQ (issue 20): per line every quote ranked by unit price with the
 * lowest marked; the overall lowest supplier among complete quotes (every line priced); totals with tax;
 * savings against the estimate and against the average and the highest quote. All amounts are integer minor
 * units, quantities integer thousandths; a line's net is rounded once (`lineAmountMinor`) and its tax once
 * (`taxMinor`), the same rules as the purchase order the award becomes, so the comparison and the orders
 * agree to the cent.
 */

export interface RfqLineInput {
  lineNo: number;
  quantityThousandths: number;
  estimatedUnitPriceMinor: number;
  /** Tax rate in basis points (1600 = 16 %). */
  taxBasisPoints: number;
}

export interface QuoteInput {
  supplierId: number;
  /** When the sealed quote was last submitted: the earlier quote wins a tie. */
  submittedAt: Date;
  /** The whole RFQ declined. */
  declined: boolean;
  /** Unit price per line number; null (or absent) for a declined line. */
  prices: ReadonlyMap<number, number | null>;
}

export interface RankedLineQuote {
  supplierId: number;
  unitPriceMinor: number;
  netMinor: number;
  taxMinor: number;
  /** Competition ranking: equal prices share a rank (1, 1, 3). */
  rank: number;
  lowest: boolean;
}

export interface LineComparison {
  lineNo: number;
  estimateNetMinor: number;
  ranked: RankedLineQuote[];
  /** Suppliers who declined this line (or the RFQ). */
  declinedBy: number[];
  lowestNetMinor: number | null;
  averageNetMinor: number | null;
  highestNetMinor: number | null;
}

export interface SupplierTotal {
  supplierId: number;
  declined: boolean;
  /** Every line priced. */
  complete: boolean;
  linesQuoted: number;
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** Among complete quotes by total with tax (1 = lowest); null for an incomplete or declined quote. */
  rank: number | null;
}

export interface Savings {
  amountMinor: number;
  /** Savings over the base in basis points of a percent (1234 = 12.34 %), rounded half up; null on a zero base. */
  basisPoints: number | null;
}

export interface RfqComparison {
  lines: LineComparison[];
  suppliers: SupplierTotal[];
  /** The complete quote with the lowest total with tax (earliest submission on a tie); null when none. */
  overallLowestSupplierId: number | null;
  estimate: { netMinor: number; taxMinor: number; totalMinor: number };
  /**
   * The best buy: each line at its lowest quote (lines nobody quoted left out of every figure below), and its
   * savings against the estimate, the average quote and the highest quote of the same lines, net of tax.
   */
  bestNetMinor: number;
  savingsVsEstimate: Savings;
  savingsVsAverage: Savings;
  savingsVsHighest: Savings;
}

/** `part / base` in basis points of a percent, rounded half up (exact, in BigInt); null on a zero base. */
export function percentBasisPoints(part: number, base: number): number | null {
  if (base === 0) return null;
  const numerator = BigInt(part) * 10_000n * 2n;
  const denominator = BigInt(base) * 2n;
  const sign = numerator < 0n !== denominator < 0n ? -1n : 1n;
  const abs = (v: bigint) => (v < 0n ? -v : v);
  const rounded = (abs(numerator) + abs(denominator) / 2n) / abs(denominator);
  return Number(sign * rounded);
}

export const savings = (baseMinor: number, actualMinor: number): Savings => ({
  amountMinor: baseMinor - actualMinor,
  basisPoints: percentBasisPoints(baseMinor - actualMinor, baseMinor),
});

/** The mean of amounts in minor units, rounded half up to the minor unit (exact). */
export function averageMinor(amounts: readonly number[]): number | null {
  if (amounts.length === 0) return null;
  const sum = amounts.reduce((total, amount) => total + BigInt(amount), 0n);
  const count = BigInt(amounts.length);
  return Number((sum * 2n + count) / (count * 2n));
}

/** Percent text with two decimals from basis points (1234 → "12.34", -50 → "-0.50"). */
export function basisPointsToPercentText(basisPoints: number): string {
  const sign = basisPoints < 0 ? '-' : '';
  const abs = Math.abs(basisPoints);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function compareQuotes(lines: readonly RfqLineInput[], quotes: readonly QuoteInput[]): RfqComparison {
  const order = (a: QuoteInput, b: QuoteInput) =>
    a.submittedAt.getTime() - b.submittedAt.getTime() || a.supplierId - b.supplierId;
  const byTime = [...quotes].sort(order);
  const priceOf = (quote: QuoteInput, lineNo: number) =>
    quote.declined ? null : (quote.prices.get(lineNo) ?? null);

  const compared: LineComparison[] = lines.map((line) => {
    const priced = byTime.flatMap((quote) => {
      const price = priceOf(quote, line.lineNo);
      if (price === null) return [];
      const netMinor = lineAmountMinor(line.quantityThousandths, price);
      return [{ supplierId: quote.supplierId, unitPriceMinor: price, netMinor }];
    });
    // Stable sort: equal prices keep submission order (the earlier quote first).
    const sorted = [...priced].sort((a, b) => a.unitPriceMinor - b.unitPriceMinor);
    const ranked = sorted.map((entry) => {
      const rank = sorted.findIndex((other) => other.unitPriceMinor === entry.unitPriceMinor) + 1;
      return {
        ...entry,
        taxMinor: taxMinor(entry.netMinor, line.taxBasisPoints),
        rank,
        lowest: rank === 1,
      };
    });
    const nets = ranked.map((entry) => entry.netMinor);
    return {
      lineNo: line.lineNo,
      estimateNetMinor: lineAmountMinor(line.quantityThousandths, line.estimatedUnitPriceMinor),
      ranked,
      declinedBy: byTime.filter((q) => priceOf(q, line.lineNo) === null).map((q) => q.supplierId),
      lowestNetMinor: nets.length ? Math.min(...nets) : null,
      averageNetMinor: averageMinor(nets),
      highestNetMinor: nets.length ? Math.max(...nets) : null,
    };
  });

  const suppliers: SupplierTotal[] = byTime.map((quote) => {
    let netMinor = 0;
    let tax = 0;
    let linesQuoted = 0;
    for (const line of compared) {
      const entry = line.ranked.find((r) => r.supplierId === quote.supplierId);
      if (!entry) continue;
      linesQuoted += 1;
      netMinor += entry.netMinor;
      tax += entry.taxMinor;
    }
    return {
      supplierId: quote.supplierId,
      declined: quote.declined,
      complete: !quote.declined && linesQuoted === lines.length && lines.length > 0,
      linesQuoted,
      netMinor,
      taxMinor: tax,
      totalMinor: netMinor + tax,
      rank: null,
    };
  });
  // Stable: equal totals keep submission order.
  const complete = suppliers.filter((s) => s.complete).sort((a, b) => a.totalMinor - b.totalMinor);
  for (const supplier of complete) {
    supplier.rank = complete.findIndex((other) => other.totalMinor === supplier.totalMinor) + 1;
  }

  const estimateNet = compared.reduce((sum, line) => sum + line.estimateNetMinor, 0);
  const estimateTax = lines.reduce(
    (sum, line, index) => sum + taxMinor(compared[index]!.estimateNetMinor, line.taxBasisPoints),
    0,
  );
  const quotedLines = compared.filter((line) => line.lowestNetMinor !== null);
  const sum = (pick: (line: LineComparison) => number) =>
    quotedLines.reduce((total, line) => total + pick(line), 0);
  const bestNetMinor = sum((line) => line.lowestNetMinor!);
  return {
    lines: compared,
    suppliers,
    overallLowestSupplierId: complete[0]?.supplierId ?? null,
    estimate: { netMinor: estimateNet, taxMinor: estimateTax, totalMinor: estimateNet + estimateTax },
    bestNetMinor,
    savingsVsEstimate: savings(
      sum((line) => line.estimateNetMinor),
      bestNetMinor,
    ),
    savingsVsAverage: savings(
      sum((line) => line.averageNetMinor!),
      bestNetMinor,
    ),
    savingsVsHighest: savings(
      sum((line) => line.highestNetMinor!),
      bestNetMinor,
    ),
  };
}
