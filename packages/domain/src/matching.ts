import { formatMinor } from './budgets.ts';
import { lineAmountMinor, thousandthsToQuantity } from './money.ts';

/**
 * Invoice matching (issue 7): compares what was requisitioned, ordered, accepted on receipt and invoiced,
 * line by line and on the document total, under the organisation's tolerances, and lists every variance
 * with a plain-English explanation a supplier understands.
 *
 * Units: quantities are integer thousandths, money integer minor units, percentages basis points
 * (100 bp = 1 %). Every figure is before tax: unit prices and line amounts are net, and the document totals
 * compared are the invoice's and the order's net totals. Tax is not matched — a different tax rate or tax
 * rounding on the invoice is the tax rules' business, not a price variance, and comparing gross amounts
 * would turn every tax difference into a false price or total variance.
 */

// ---------------------------------------------------------------------------------------------------------
// Levels and checks

/**
 * - `two_way`: purchase order ↔ invoice (quantities and prices invoiced against those ordered).
 * - `three_way`: purchase order ↔ goods receipt ↔ invoice (the industry's 3-way: also pays only for what
 *   was accepted on receipt).
 * - `three_way_requisition`: requisition ↔ purchase order ↔ goods receipt, the seed's "3-way": ordered
 *   against accepted quantities, and goods accepted for the lines invoiced; requisitioned against ordered
 *   quantities and estimated against ordered prices are shown to the order's approver when it is approved
 *   (`compareOrderWithRequisition`). It does not compare the invoice's own quantities, prices or total.
 * - `four_way`: requisition ↔ purchase order ↔ goods receipt ↔ invoice: every check of the others, the
 *   requisition ↔ order ones at the order's approval. An invoice is held only over order ↔ receipt ↔ invoice:
 *   a price the buyer approved on the order is never the supplier's variance.
 */
export const MATCH_LEVELS = ['two_way', 'three_way', 'three_way_requisition', 'four_way'] as const;
export type MatchLevel = (typeof MATCH_LEVELS)[number];

/**
 * Each kind of variance is the outcome of one comparison:
 * - `quantity_over_ordered`: invoiced (this and earlier invoices) more than ordered.
 * - `quantity_over_received`: invoiced (this and earlier invoices) more than accepted on receipt.
 * - `nothing_received`: a line invoiced of which nothing has been accepted yet (always blocking).
 * - `price_over_order`: invoiced unit price above the ordered one.
 * - `price_under_order`: invoiced unit price below the ordered one (informational, never blocking).
 * - `ordered_over_requisitioned`: ordered quantity above the requisitioned one.
 * - `order_price_over_estimate`: ordered unit price above the requisition's estimate.
 * - `received_over_ordered`: accepted quantity above the ordered one.
 * - `unmatched_invoice_line`: an invoice line that refers to no order line (always blocking).
 * - `total_over_tolerance`: the order's invoiced net total (earlier invoices and this one) above its net total.
 */
export const VARIANCE_KINDS = [
  'quantity_over_ordered',
  'quantity_over_received',
  'nothing_received',
  'price_over_order',
  'price_under_order',
  'ordered_over_requisitioned',
  'order_price_over_estimate',
  'received_over_ordered',
  'unmatched_invoice_line',
  'total_over_tolerance',
] as const;
export type VarianceKind = (typeof VARIANCE_KINDS)[number];

const TWO_WAY: readonly VarianceKind[] = [
  'quantity_over_ordered',
  'price_over_order',
  'price_under_order',
  'unmatched_invoice_line',
  'total_over_tolerance',
];
const RECEIPT: readonly VarianceKind[] = ['quantity_over_received', 'nothing_received'];

/**
 * The requisition ↔ order comparisons: the buyer's own estimate against the price and quantity it approved
 * on the order. They are the order's approver's business at approval time (`compareOrderWithRequisition`),
 * never a reason to hold a supplier's invoice, and never shown to the supplier (issue 16).
 */
export const REQUISITION_ORDER_KINDS: readonly VarianceKind[] = [
  'ordered_over_requisitioned',
  'order_price_over_estimate',
];

/**
 * In VARIANCE_KINDS order. An invoice line that refers to no order line is refused at every level. An
 * invoice is held only over order ↔ receipt ↔ invoice: the levels naming the requisition compare it with
 * the order when the order is approved, not when the supplier invoices.
 */
const LEVEL_CHECKS: Readonly<Record<MatchLevel, readonly VarianceKind[]>> = {
  two_way: inKindOrder([...TWO_WAY]),
  three_way: inKindOrder([...TWO_WAY, ...RECEIPT]),
  three_way_requisition: inKindOrder(['received_over_ordered', 'nothing_received', 'unmatched_invoice_line']),
  four_way: VARIANCE_KINDS.filter((kind) => !REQUISITION_ORDER_KINDS.includes(kind)),
};

/** Whether the level compares the requisition with the order (at the order's approval). */
export function levelComparesRequisition(level: MatchLevel): boolean {
  return level === 'three_way_requisition' || level === 'four_way';
}

function inKindOrder(kinds: VarianceKind[]): readonly VarianceKind[] {
  return VARIANCE_KINDS.filter((kind) => kinds.includes(kind));
}

/** The comparisons a level performs, named by the variance each can produce. */
export function matchLevelChecks(level: MatchLevel): readonly VarianceKind[] {
  return LEVEL_CHECKS[level];
}

// ---------------------------------------------------------------------------------------------------------
// Tolerances and settings

/**
 * How far above what was expected a figure may go and still pass. `percentBasisPoints` is a share of the
 * expected figure (500 = 5 %); `absoluteMinor` a fixed amount in the unit of the figure — minor units for
 * prices and totals, THOUSANDTHS for quantities. `null` means that limit is not used.
 *
 * - `combine: 'either'`: tolerated when within the percentage OR within the absolute amount (the more
 *   generous of the two).
 * - `combine: 'both'`: tolerated only when within the percentage AND within the absolute amount (the
 *   stricter of the two).
 * - With one limit set, `combine` makes no difference; with both null, the tolerance is zero.
 *
 * Bounds are INCLUSIVE: a variance exactly at the tolerance is inside it. The percentage's allowance is
 * rounded down to a whole unit (a tolerance never lets through more than it says).
 */
export interface Tolerance {
  percentBasisPoints: number | null;
  absoluteMinor: number | null;
  combine: 'either' | 'both';
}

export const TOLERANCE_COMBINES = ['either', 'both'] as const;

export const ZERO_TOLERANCE: Tolerance = Object.freeze({
  percentBasisPoints: null,
  absoluteMinor: null,
  combine: 'either',
});

/**
 * An organisation's (or a supplier's, or a category's) matching rules. `price` applies per line to the
 * line amount (invoiced quantity × unit price), `quantity` per line, `total` to the document's net total.
 */
export interface MatchSettings {
  level: MatchLevel;
  price: Tolerance;
  quantity: Tolerance;
  total: Tolerance;
}

/** Until an organisation chooses: industry 3-way matching with zero tolerance everywhere. */
export const DEFAULT_MATCH_SETTINGS: MatchSettings = Object.freeze({
  level: 'three_way',
  price: ZERO_TOLERANCE,
  quantity: ZERO_TOLERANCE,
  total: ZERO_TOLERANCE,
});

/** An override sets only what it names; a missing or null field is inherited. */
export type MatchSettingsOverride = { [K in keyof MatchSettings]?: MatchSettings[K] | null };

/**
 * The settings that apply to one invoice: the category's override wins over the supplier's, the supplier's
 * over the organisation's default. Field by field: an override that sets only `level` keeps the tolerances
 * it inherits. A tolerance is taken whole from one source, never mixed (a category's percentage with a
 * supplier's absolute amount would be a rule nobody wrote).
 */
export function resolveMatchSettings(
  organisationDefault: MatchSettings,
  supplierOverride?: MatchSettingsOverride | null,
  categoryOverride?: MatchSettingsOverride | null,
): MatchSettings {
  const pick = <K extends keyof MatchSettings>(key: K): MatchSettings[K] =>
    categoryOverride?.[key] ?? supplierOverride?.[key] ?? organisationDefault[key];
  return { level: pick('level'), price: pick('price'), quantity: pick('quantity'), total: pick('total') };
}

export type MatchSettingsProblem =
  | { field: 'level'; problem: 'unknown_level' }
  | {
      field: 'price' | 'quantity' | 'total';
      problem: 'invalid_percent' | 'invalid_absolute' | 'unknown_combine';
    };

/** What is wrong with settings (e.g. from the API): percentages and amounts are whole and not negative. */
export function matchSettingsProblems(settings: MatchSettings): MatchSettingsProblem[] {
  const problems: MatchSettingsProblem[] = [];
  if (!MATCH_LEVELS.includes(settings.level)) problems.push({ field: 'level', problem: 'unknown_level' });
  for (const field of ['price', 'quantity', 'total'] as const) {
    const tolerance = settings[field];
    if (!isCount(tolerance.percentBasisPoints, true)) problems.push({ field, problem: 'invalid_percent' });
    if (!isCount(tolerance.absoluteMinor, true)) problems.push({ field, problem: 'invalid_absolute' });
    if (!TOLERANCE_COMBINES.includes(tolerance.combine)) problems.push({ field, problem: 'unknown_combine' });
  }
  return problems;
}

/**
 * The largest variance above `expected` that `tolerance` lets through (inclusive): the percentage of
 * `expected` rounded down, the absolute amount, the larger of the two (`either`) or the smaller (`both`),
 * and 0 when neither is set.
 */
export function toleranceAllowance(tolerance: Tolerance, expected: number): number {
  const { percentBasisPoints: percent, absoluteMinor: absolute } = tolerance;
  if (percent === null) return absolute ?? 0;
  const share = percentOf(expected, percent);
  if (absolute === null) return share;
  return tolerance.combine === 'either' ? Math.max(share, absolute) : Math.min(share, absolute);
}

/** Whether `actual` is at most `expected` plus the tolerance's allowance (at the bound is inside). */
export function isWithinTolerance(tolerance: Tolerance, expected: number, actual: number): boolean {
  return actual - expected <= toleranceAllowance(tolerance, expected);
}

/** expected × basisPoints / 10000, rounded down; exact for any safe integers (BigInt past 2^53). */
function percentOf(expected: number, basisPoints: number): number {
  if (expected <= 0) return 0;
  const product = expected * basisPoints;
  if (Number.isSafeInteger(product)) return (product - (product % 10_000)) / 10_000;
  return Number((BigInt(expected) * BigInt(basisPoints)) / 10_000n);
}

// ---------------------------------------------------------------------------------------------------------
// Input and result

export interface QuantityAndPrice {
  /** Thousandths. */
  quantity: number;
  /** Net of tax, minor units. */
  unitPriceMinor: number;
}

/** What was accepted and rejected on receipt, summed over all the order line's goods receipts. */
export interface ReceivedQuantities {
  accepted: number;
  rejected: number;
}

/** One order line, with what the documents around it say about it. */
export interface MatchLineInput {
  /** Identifies the order line (returned in variances). */
  lineKey: string;
  /** How explanations name the line ("line 2", "line 2 (A4 paper)"); `line <lineKey>` when absent. */
  label?: string;
  /** The requisition line it came from; absent for a direct order (requisition checks are then skipped). */
  requisitioned?: QuantityAndPrice | null;
  ordered: QuantityAndPrice;
  /** Absent: nothing received yet. Use `sumReceipts` to add up several receipts. */
  received?: ReceivedQuantities | null;
  /** What this invoice bills on the line; absent (or zero quantity) when it does not bill it. */
  invoiced?: QuantityAndPrice | null;
  /** Thousandths billed on the line by the order's other invoices that count (approved ones); default 0. */
  previouslyInvoicedQuantity?: number;
}

/** An invoice line that refers to no order line. */
export interface UnmatchedInvoiceLine extends QuantityAndPrice {
  lineKey: string;
  /** How explanations name it; `invoice line <lineKey>` when absent. */
  label?: string;
}

export interface MatchInput {
  /** ISO 4217 code of the order and the invoice (they share one); used in explanations. */
  currency: string;
  /** The order lines: those this invoice bills, and any others the level should look at. */
  lines: readonly MatchLineInput[];
  unmatchedInvoiceLines?: readonly UnmatchedInvoiceLine[];
  /** This invoice's total before tax. */
  invoiceNetTotalMinor: number;
  /** The purchase order's total before tax. */
  orderNetTotalMinor: number;
  /** Net total of the order's other invoices that count (approved ones); default 0. */
  previouslyInvoicedNetMinor?: number;
}

export interface Variance {
  kind: VarianceKind;
  /** The order line, or the unmatched invoice line; null for the document total. */
  lineKey: string | null;
  /** What the other document says (ordered, accepted, requisitioned quantity; amount at the expected price). */
  expected: number;
  actual: number;
  /** actual − expected: positive when over, negative for `price_under_order`. */
  difference: number;
  /** `quantity`: thousandths; `money`: minor units before tax. */
  unit: 'quantity' | 'money';
  /** The largest difference the tolerance lets through (inclusive); null where no tolerance applies. */
  tolerated: number | null;
  /** Holds the invoice in the exception queue. False when inside tolerance or informational. */
  blocking: boolean;
  /**
   * In plain English, for the supplier. Absent from a slim result (`matchInvoice(…, { explain: false })`,
   * what is stored): `explainVariance` renders it from the figures and `facts`.
   */
  explanation?: string;
  /** What the explanation says beyond the figures above (slim results only; see `VarianceFacts`). */
  facts?: VarianceFacts;
}

/**
 * What a variance's explanation needs beyond its own figures, kept (numbers and the line's name, no
 * sentences) with a slim result so that the text is rendered when shown: `explainVariance`. Only what the
 * kind uses, and only when it is not the default (0, the default name).
 */
export interface VarianceFacts {
  /** The line's name when it is not `line <lineKey>` (`invoice line <lineKey>` for an unmatched line). */
  label?: string;
  /** Thousandths on the line's earlier invoices. */
  previous?: number;
  /** Thousandths rejected on receipt. */
  rejected?: number;
  /** Thousandths this invoice bills on the line (price variances, unmatched lines). */
  billed?: number;
  /** Unit price invoiced (minor). */
  price?: number;
  /** Unit price ordered (minor). */
  orderedPrice?: number;
  /** The requisition's estimated unit price (minor). */
  estimate?: number;
  /** This invoice's net total (minor; the document total). */
  invoiceNet?: number;
}

/** A variance with its sentence (every result but a slim one). */
export type ExplainedVariance = Variance & { explanation: string };

export interface MatchResult {
  level: MatchLevel;
  /** No blocking variance: the invoice may go to approval. */
  withinTolerance: boolean;
  /**
   * Line by line in input order (a line's checks in VARIANCE_KINDS order), then the unmatched invoice
   * lines, then the document total.
   */
  variances: Variance[];
}

/** Adds up one order line's goods receipts (several per order are normal). */
export function sumReceipts(receipts: readonly ReceivedQuantities[]): ReceivedQuantities {
  let accepted = 0;
  let rejected = 0;
  for (const receipt of receipts) {
    accepted += receipt.accepted;
    rejected += receipt.rejected;
  }
  return { accepted, rejected };
}

// ---------------------------------------------------------------------------------------------------------
// Matching

/**
 * Matches one invoice under `settings` (resolved with `resolveMatchSettings`). One pass over the lines:
 * the caller pairs each invoice line with its order line (by key, in the database), so nothing is looked
 * up here, and objects are made only for variances found.
 *
 * Per line, with cumulative invoiced = previously invoiced + this invoice's quantity:
 * - quantity_over_ordered: cumulative invoiced − ordered, tolerance `quantity` on the ordered quantity;
 * - quantity_over_received: cumulative invoiced − accepted, tolerance `quantity` on the accepted quantity;
 *   `nothing_received` instead, always blocking, when nothing on the line has been accepted;
 * - price_over_order / price_under_order: this invoice's line amount against the same quantity at the
 *   ordered price, tolerance `price` on the latter;
 * - received_over_ordered: accepted − ordered, tolerance `quantity`;
 * On the document: total_over_tolerance: previously invoiced + this invoice's net total − the order's net
 * total, tolerance `total` on the order's net total. Unmatched invoice lines are always blocking.
 *
 * A variance inside its tolerance is listed, not blocking. Throws RangeError on figures that are not whole,
 * non-negative numbers, or on invalid settings.
 */
export function matchInvoice(
  input: MatchInput,
  settings: MatchSettings,
  options: { explain?: boolean } = {},
): MatchResult {
  if (matchSettingsProblems(settings).length > 0) throw new RangeError('Invalid matching settings.');
  formatMinor(0, input.currency); // validates the currency before any line is read

  const checks = new Set(LEVEL_CHECKS[settings.level]);
  const invoiceChecks = checks.has('quantity_over_ordered');
  const receiptChecks = checks.has('quantity_over_received');
  const receivedChecks = checks.has('received_over_ordered');
  const goodsRequired = checks.has('nothing_received');
  const { currency } = input;
  const price = settings.price;
  const quantity = settings.quantity;
  const variances: Variance[] = [];
  const render = options.explain !== false;

  for (const line of input.lines) {
    const key = line.lineKey;
    const ordered = line.ordered;
    assertCount(ordered.quantity, 'ordered quantity', key);
    assertCount(ordered.unitPriceMinor, 'ordered unit price', key);
    const previous = line.previouslyInvoicedQuantity ?? 0;
    assertCount(previous, 'previously invoiced quantity', key);
    const received = line.received;
    let accepted = 0;
    let rejected = 0;
    if (received) {
      accepted = received.accepted;
      rejected = received.rejected;
      assertCount(accepted, 'accepted quantity', key);
      assertCount(rejected, 'rejected quantity', key);
    }

    const invoiced = line.invoiced;
    if (invoiced) {
      assertCount(invoiced.quantity, 'invoiced quantity', key);
      assertCount(invoiced.unitPriceMinor, 'invoiced unit price', key);
    }

    if (invoiced && invoiced.quantity > 0) {
      const billed = invoiced.quantity;
      const cumulative = previous + billed;
      if (invoiceChecks && cumulative > ordered.quantity) {
        variances.push(
          over(line, 'quantity_over_ordered', ordered.quantity, cumulative, quantity, currency, render),
        );
      }
      if (goodsRequired && accepted === 0) {
        variances.push(nothingReceived(line, cumulative, rejected, render));
      } else if (receiptChecks && cumulative > accepted) {
        variances.push(
          over(line, 'quantity_over_received', accepted, cumulative, quantity, currency, render),
        );
      }
      if (invoiceChecks && invoiced.unitPriceMinor !== ordered.unitPriceMinor) {
        const expected = amount(billed, ordered.unitPriceMinor);
        const actual = amount(billed, invoiced.unitPriceMinor);
        if (actual > expected) {
          variances.push(over(line, 'price_over_order', expected, actual, price, currency, render));
        } else if (actual < expected) {
          variances.push(priceUnder(line, invoiced, expected, actual, currency, render));
        }
      }
    }

    if (receivedChecks && accepted > ordered.quantity) {
      variances.push(
        over(line, 'received_over_ordered', ordered.quantity, accepted, quantity, currency, render),
      );
    }
  }

  for (const line of input.unmatchedInvoiceLines ?? []) {
    assertCount(line.quantity, 'invoiced quantity', line.lineKey);
    assertCount(line.unitPriceMinor, 'invoiced unit price', line.lineKey);
    variances.push(unmatched(line, currency, render));
  }

  if (checks.has('total_over_tolerance')) {
    const previousMinor = input.previouslyInvoicedNetMinor ?? 0;
    assertCount(input.invoiceNetTotalMinor, 'invoice net total', null);
    assertCount(input.orderNetTotalMinor, 'order net total', null);
    assertCount(previousMinor, 'previously invoiced net total', null);
    const cumulative = previousMinor + input.invoiceNetTotalMinor;
    if (cumulative > input.orderNetTotalMinor) {
      variances.push(totalOver(input, cumulative, settings.total, render));
    }
  }

  let withinTolerance = true;
  for (const variance of variances) {
    if (variance.blocking) {
      withinTolerance = false;
      break;
    }
  }
  return { level: settings.level, withinTolerance, variances };
}

/** One order line as its approver compares it with the requisition line it came from. */
export interface OrderRequisitionLine {
  lineKey: string;
  label?: string;
  /** Absent for a line not ordered from a requisition (nothing to compare). */
  requisitioned?: QuantityAndPrice | null;
  ordered: QuantityAndPrice;
}

/**
 * The requisition ↔ order variances the order's approver sees before approving: ordered quantity above
 * the requisitioned one (tolerance `quantity`), and the ordered quantity at the ordered price above it at
 * the requisition's estimate (tolerance `price`). Explained to the buyer's staff, in their words; `blocking`
 * here means outside the organisation's tolerance (the approver decides, nothing is held).
 */
export function compareOrderWithRequisition(
  input: { currency: string; lines: readonly OrderRequisitionLine[] },
  settings: MatchSettings,
): ExplainedVariance[] {
  if (matchSettingsProblems(settings).length > 0) throw new RangeError('Invalid matching settings.');
  formatMinor(0, input.currency);
  const { currency } = input;
  const variances: Variance[] = [];
  for (const line of input.lines) {
    const requisitioned = line.requisitioned;
    if (!requisitioned) continue;
    const key = line.lineKey;
    const ordered = line.ordered;
    assertCount(ordered.quantity, 'ordered quantity', key);
    assertCount(ordered.unitPriceMinor, 'ordered unit price', key);
    assertCount(requisitioned.quantity, 'requisitioned quantity', key);
    assertCount(requisitioned.unitPriceMinor, 'estimated unit price', key);
    const asLine: MatchLineInput = { ...line, requisitioned };
    if (ordered.quantity > requisitioned.quantity) {
      variances.push(
        over(
          asLine,
          'ordered_over_requisitioned',
          requisitioned.quantity,
          ordered.quantity,
          settings.quantity,
          currency,
        ),
      );
    }
    const expected = amount(ordered.quantity, requisitioned.unitPriceMinor);
    const actual = amount(ordered.quantity, ordered.unitPriceMinor);
    if (actual > expected) {
      variances.push(over(asLine, 'order_price_over_estimate', expected, actual, settings.price, currency));
    }
  }
  return variances as ExplainedVariance[]; // rendered: `over` explains by default
}

/** lineAmountMinor, without BigInt while the product is a safe integer (the usual case). */
function amount(quantityThousandths: number, unitPriceMinor: number): number {
  const product = quantityThousandths * unitPriceMinor;
  if (!Number.isSafeInteger(product)) return lineAmountMinor(quantityThousandths, unitPriceMinor);
  const rest = product % 1000;
  return (product - rest) / 1000 + (rest >= 500 ? 1 : 0);
}

function isCount(value: number | null, nullable = false): boolean {
  if (value === null) return nullable;
  return Number.isSafeInteger(value) && value >= 0;
}

function assertCount(value: number, what: string, lineKey: string | null): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    const where = lineKey === null ? '' : ` on line ${lineKey}`;
    throw new RangeError(`The ${what}${where} must be a whole, non-negative number (got ${value}).`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Variances and their explanations (the supplier reads them in the portal)

type OverKind = Exclude<
  VarianceKind,
  'nothing_received' | 'price_under_order' | 'unmatched_invoice_line' | 'total_over_tolerance'
>;

const QUANTITY_KINDS: ReadonlySet<VarianceKind> = new Set([
  'quantity_over_ordered',
  'quantity_over_received',
  'ordered_over_requisitioned',
  'received_over_ordered',
]);

const INSIDE = ' This is within the agreed tolerance.';
const OURS = ' This is for us to check, not you.';

/** The facts of a line's variance: its name when not the default, and the given figures when not 0. */
function lineFacts(line: { label?: string | undefined }, figures: Record<string, number>): VarianceFacts {
  const facts: Record<string, string | number> = {};
  if (line.label !== undefined) facts.label = line.label;
  for (const key in figures) if (figures[key] !== 0) facts[key] = figures[key]!;
  return facts as VarianceFacts;
}

/** Fills in the explanation (the default), or keeps the facts it is rendered from (a slim result). */
function finish(variance: Variance, facts: VarianceFacts, render: boolean, currency: string): Variance {
  if (render) variance.explanation = explainWith(variance, facts, currency);
  else variance.facts = facts;
  return variance;
}

function over(
  line: MatchLineInput,
  kind: OverKind,
  expected: number,
  actual: number,
  tolerance: Tolerance,
  currency: string,
  render = true,
): Variance {
  const difference = actual - expected;
  const tolerated = toleranceAllowance(tolerance, expected);
  const blocking = difference > tolerated;
  const unit = QUANTITY_KINDS.has(kind) ? 'quantity' : 'money';
  const variance: Variance = {
    kind,
    lineKey: line.lineKey,
    expected,
    actual,
    difference,
    unit,
    tolerated,
    blocking,
  };
  const previous = line.previouslyInvoicedQuantity ?? 0;
  const rejected = line.received?.rejected ?? 0;
  let facts: VarianceFacts;
  switch (kind) {
    case 'quantity_over_ordered':
      facts = lineFacts(line, { previous });
      break;
    case 'quantity_over_received':
      facts = lineFacts(line, { previous, rejected });
      break;
    case 'price_over_order':
      facts = lineFacts(line, {
        billed: line.invoiced?.quantity ?? 0,
        price: line.invoiced?.unitPriceMinor ?? 0,
        orderedPrice: line.ordered.unitPriceMinor,
      });
      break;
    case 'order_price_over_estimate':
      facts = lineFacts(line, {
        orderedPrice: line.ordered.unitPriceMinor,
        estimate: line.requisitioned?.unitPriceMinor ?? 0,
      });
      break;
    case 'ordered_over_requisitioned':
    case 'received_over_ordered':
      facts = lineFacts(line, {});
      break;
  }
  return finish(variance, facts, render, currency);
}

function nothingReceived(
  line: MatchLineInput,
  cumulative: number,
  rejected: number,
  render = true,
): Variance {
  const variance: Variance = {
    kind: 'nothing_received',
    lineKey: line.lineKey,
    expected: 0,
    actual: cumulative,
    difference: cumulative,
    unit: 'quantity',
    tolerated: null,
    blocking: true,
  };
  const previous = line.previouslyInvoicedQuantity ?? 0;
  return finish(variance, lineFacts(line, { previous, rejected }), render, '');
}

function priceUnder(
  line: MatchLineInput,
  invoiced: QuantityAndPrice,
  expected: number,
  actual: number,
  currency: string,
  render = true,
): Variance {
  const variance: Variance = {
    kind: 'price_under_order',
    lineKey: line.lineKey,
    expected,
    actual,
    difference: actual - expected,
    unit: 'money',
    tolerated: null,
    blocking: false,
  };
  const facts = lineFacts(line, {
    billed: invoiced.quantity,
    price: invoiced.unitPriceMinor,
    orderedPrice: line.ordered.unitPriceMinor,
  });
  return finish(variance, facts, render, currency);
}

function unmatched(line: UnmatchedInvoiceLine, currency: string, render = true): Variance {
  const lineAmount = amount(line.quantity, line.unitPriceMinor);
  const variance: Variance = {
    kind: 'unmatched_invoice_line',
    lineKey: line.lineKey,
    expected: 0,
    actual: lineAmount,
    difference: lineAmount,
    unit: 'money',
    tolerated: null,
    blocking: true,
  };
  const facts = lineFacts(line, { billed: line.quantity, price: line.unitPriceMinor });
  return finish(variance, facts, render, currency);
}

function totalOver(input: MatchInput, cumulative: number, tolerance: Tolerance, render = true): Variance {
  const { currency, orderNetTotalMinor: expected, invoiceNetTotalMinor } = input;
  const difference = cumulative - expected;
  const tolerated = toleranceAllowance(tolerance, expected);
  const variance: Variance = {
    kind: 'total_over_tolerance',
    lineKey: null,
    expected,
    actual: cumulative,
    difference,
    unit: 'money',
    tolerated,
    blocking: difference > tolerated,
  };
  return finish(variance, lineFacts({}, { invoiceNet: invoiceNetTotalMinor }), render, currency);
}

/**
 * A variance's plain-English explanation (what the supplier reads), from its figures and facts: the one
 * renderer of these sentences, for a fresh result and for a slim stored one (`matchInvoice(…, { explain:
 * false })`) alike. A variance that carries its explanation already is answered as it is.
 */
export function explainVariance(
  variance: Pick<Variance, 'kind' | 'lineKey' | 'expected' | 'actual' | 'difference' | 'blocking'> & {
    explanation?: string | undefined;
    facts?: VarianceFacts | undefined;
  },
  currency: string,
): string {
  return variance.explanation ?? explainWith(variance, variance.facts ?? {}, currency);
}

function explainWith(
  variance: Pick<Variance, 'kind' | 'lineKey' | 'expected' | 'actual' | 'difference' | 'blocking'>,
  facts: VarianceFacts,
  currency: string,
): string {
  const { kind, expected, actual, difference } = variance;
  const previous = facts.previous ?? 0;
  const rejected = facts.rejected ?? 0;
  const label =
    facts.label ??
    (kind === 'unmatched_invoice_line' ? `invoice line ${variance.lineKey}` : `line ${variance.lineKey}`);
  const inside = variance.blocking ? '' : INSIDE;
  const money = (minor: number) => formatMinor(minor, currency);
  // Quantity checks: `actual` is the cumulative quantity invoiced, this invoice's part of it the rest.
  const invoicedPart = () =>
    previous > 0
      ? `You invoiced ${units(actual - previous)} of ${label}; with the ${thousandthsToQuantity(previous)} on earlier invoices that makes ${thousandthsToQuantity(actual)},`
      : `You invoiced ${units(actual)} of ${label}`;
  switch (kind) {
    case 'quantity_over_ordered':
      return `${invoicedPart()} but we ordered ${thousandthsToQuantity(expected)}.${inside}`;
    case 'quantity_over_received':
      return `${invoicedPart()} but we have accepted ${thousandthsToQuantity(expected)} so far.${rejectedNote(rejected)}${inside}`;
    case 'price_over_order':
      return `You invoiced ${label} at ${money(facts.price ?? 0)} a unit but the order says ${money(facts.orderedPrice ?? 0)}: ${money(difference)} more for ${units(facts.billed ?? 0)}.${inside}`;
    // For the order's approver (never shown to the supplier).
    case 'ordered_over_requisitioned':
      return `This order asks for ${units(actual)} of ${label}, more than the ${thousandthsToQuantity(expected)} on the requisition.${inside}`;
    case 'order_price_over_estimate':
      return `This order buys ${label} at ${money(facts.orderedPrice ?? 0)} a unit, above the ${money(facts.estimate ?? 0)} estimated on the requisition.${inside}`;
    case 'received_over_ordered':
      return `We accepted ${units(actual)} of ${label} but ordered ${thousandthsToQuantity(expected)}.${OURS}${inside}`;
    case 'nothing_received': {
      const start =
        previous > 0
          ? `You invoiced ${units(actual - previous)} of ${label} (${thousandthsToQuantity(actual)} with earlier invoices)`
          : `You invoiced ${units(actual)} of ${label}`;
      return `${start} but we have not accepted any yet.${rejectedNote(rejected)}`;
    }
    case 'price_under_order':
      return (
        `You invoiced ${label} at ${money(facts.price ?? 0)} a unit, below the ` +
        `order’s ${money(facts.orderedPrice ?? 0)}: ${money(expected - actual)} ` +
        `less for ${units(facts.billed ?? 0)}. This does not hold up the invoice.`
      );
    case 'unmatched_invoice_line':
      return (
        `You invoiced ${units(facts.billed ?? 0)} at ${money(facts.price ?? 0)} a unit ` +
        `(${money(actual)}) on ${label}, which is not on our order.`
      );
    case 'total_over_tolerance': {
      const invoiceNet = facts.invoiceNet ?? 0;
      const before = actual - invoiceNet;
      const invoiceText = money(invoiceNet);
      const orderText = money(expected);
      return (
        (before > 0
          ? `This invoice comes to ${invoiceText} before tax; with ${money(before)} invoiced ` +
            `before, the order has been invoiced ${money(actual)}, but it is for ${orderText} before tax.`
          : `This invoice comes to ${invoiceText} before tax but the order is for ${orderText} before tax.`) +
        inside
      );
    }
  }
}

function units(thousandths: number): string {
  return `${thousandthsToQuantity(thousandths)} ${thousandths === 1000 ? 'unit' : 'units'}`;
}

function rejectedNote(rejected: number): string {
  return rejected > 0 ? ` We rejected ${units(rejected)} on delivery; rejected goods are not paid for.` : '';
}
