/**
 * Budget maths of procure to pay (SPEC: "Budget checks apply at requisition, purchase order and invoice
 * approval"; "Budget owners can see proposed spend against budget"). A budget belongs to a fiscal year, a
 * cost centre and a category (or category group); which documents touch it is the service's query. Here:
 * what the budget has left, and what happens when a document would take more than that.
 *
 * Money is integer minor units (safe integers) of one ISO 4217 currency. A document in another currency is
 * a problem returned to the caller, never converted here: which rate, and on which date, is a policy
 * decision for the service, not something to guess.
 */

import { BUDGET_EXCEPTION_ROLE } from './approval-workflows.ts';

export const BUDGET_CONTROL_ACTIONS = ['stop', 'warn', 'ignore'] as const;
export type BudgetControlAction = (typeof BUDGET_CONTROL_ACTIONS)[number];

export const BUDGET_CHECK_POINTS = ['requisition', 'purchase_order', 'invoice'] as const;
export type BudgetCheckPoint = (typeof BUDGET_CHECK_POINTS)[number];

export const BUDGET_PERIODS = ['annual', 'monthly'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

export interface Budget {
  id: number;
  /** Named in messages, so a requester knows which budget stopped them ("IT equipment FY2026"). */
  name: string;
  /** For the whole fiscal year when `annual`; for each month of it when `monthly`. */
  amountMinor: number;
  currency: string;
  period: BudgetPeriod;
  /** What an overrun does, decided separately at each check point (a buyer may stop orders but only warn on invoices). */
  controls: Record<BudgetCheckPoint, BudgetControlAction>;
  /**
   * Whether others' submitted, not yet approved requisitions (proposed spend) also count against it at
   * every check point. Off by default: proposed spend is shown, and only approved commitments and actuals
   * count, so one unapproved request of KES 3.2M does not block a KES 10,000 one (issue 16).
   */
  countProposed?: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Money

/**
 * Minor units per major unit, from ISO 4217, for the currencies a buyer in the region meets. Uganda's
 * shilling and the Rwandan, Burundian and Djiboutian francs have no minor unit in ISO 4217, so their amounts
 * are whole units. Any code not listed formats with 2 decimals, ISO's usual exponent.
 */
export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = {
  KES: 2,
  TZS: 2,
  USD: 2,
  EUR: 2,
  GBP: 2,
  ZAR: 2,
  ETB: 2,
  SSP: 2,
  SOS: 2,
  CDF: 2,
  MWK: 2,
  ZMW: 2,
  NGN: 2,
  GHS: 2,
  UGX: 0,
  RWF: 0,
  BIF: 0,
  DJF: 0,
  KMF: 0,
  XAF: 0,
  XOF: 0,
  JPY: 0,
};

export function currencyExponent(currency: string): number {
  return CURRENCY_EXPONENTS[currency] ?? 2;
}

/** Floats would round pennies away silently; a wrong type here is a programming error, so it throws. */
function assertMinor(value: number, what: string, allowNegative = false): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${what} must be a whole number of minor units (got ${value}).`);
  }
  if (!allowNegative && value < 0) throw new RangeError(`${what} must not be negative (got ${value}).`);
}

function assertCurrency(currency: string, what: string): void {
  if (!/^[A-Z]{3}$/.test(currency)) {
    throw new RangeError(`${what} must be an ISO 4217 code such as KES (got ${JSON.stringify(currency)}).`);
  }
}

/** Sums of safe integers can leave the safe range; past it, pennies are lost without a sound. */
function safe(value: number): number {
  if (!Number.isSafeInteger(value))
    throw new RangeError('A budget figure is beyond the range of safe integers.');
  return value;
}

/**
 * `KES 12,500.00`, `UGX 1,250,000`, `KES -2,500.00`: the code first, thousands separated by commas, as many
 * decimals as the currency has. Built from the digits rather than with Intl, so the server and every
 * browser write the same text whatever their locale data.
 */
export function formatMinor(amountMinor: number, currency: string): string {
  assertMinor(amountMinor, 'An amount', true);
  assertCurrency(currency, 'A currency');
  const exponent = currencyExponent(currency);
  const digits = String(Math.abs(amountMinor)).padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = exponent > 0 ? `.${digits.slice(digits.length - exponent)}` : '';
  return `${currency} ${amountMinor < 0 ? '-' : ''}${whole}${fraction}`;
}

// ---------------------------------------------------------------------------------------------------------
// Periods

const isValidDate = (date: Date) => Number.isFinite(date.getTime());

/**
 * A fiscal year as organisation set-up stores it (first and last day, both inclusive, `YYYY-MM-DD`) as the
 * instants budgetPeriodWindow takes, the end exclusive: the last day then keeps its documents.
 */
export function fiscalYearBounds(
  startsOn: string,
  endsOn: string,
): { fiscalYearStart: Date; fiscalYearEnd: Date } {
  const day = (iso: string) => {
    const date = new Date(`${iso}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || !isValidDate(date) || date.toISOString().slice(0, 10) !== iso) {
      throw new RangeError(`A fiscal year date must be YYYY-MM-DD (got ${JSON.stringify(iso)}).`);
    }
    return date;
  };
  const fiscalYearEnd = day(endsOn);
  fiscalYearEnd.setUTCDate(fiscalYearEnd.getUTCDate() + 1);
  return { fiscalYearStart: day(startsOn), fiscalYearEnd };
}

/** [start, end): the start belongs to the window, the end to the next one. */
export interface PeriodWindow {
  start: Date;
  end: Date;
}

/** The fiscal year's start day in a later month, clamped to that month's length (31 January → 28 February). */
function addUtcMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/**
 * The window of a budget that a document dated `date` draws on: the whole fiscal year for an annual
 * budget; for a monthly one, the fiscal month holding the date. Fiscal months start on the fiscal year's
 * start day (1 July → 1 August → … → 1 June for a July–June year), and the last one ends with the year.
 * `fiscalYearEnd` is exclusive (a July–June year 2025/26 is 2025-07-01 to 2026-07-01; fiscalYearBounds
 * turns the stored inclusive last day into that). Dates are read in
 * UTC: the service turns a document's local date into a UTC midnight before asking.
 * Null when the date is outside the fiscal year: the document belongs to another year's budget.
 */
export function budgetPeriodWindow(input: {
  period: BudgetPeriod;
  date: Date;
  fiscalYearStart: Date;
  fiscalYearEnd: Date;
}): PeriodWindow | null {
  const { period, date, fiscalYearStart, fiscalYearEnd } = input;
  if (!isValidDate(date) || !isValidDate(fiscalYearStart) || !isValidDate(fiscalYearEnd)) {
    throw new RangeError('A budget period needs valid dates.');
  }
  if (fiscalYearEnd.getTime() <= fiscalYearStart.getTime()) {
    throw new RangeError('A fiscal year must end after it starts.');
  }
  const at = date.getTime();
  if (at < fiscalYearStart.getTime() || at >= fiscalYearEnd.getTime()) return null;
  if (period === 'annual') return { start: new Date(fiscalYearStart), end: new Date(fiscalYearEnd) };

  let months =
    (date.getUTCFullYear() - fiscalYearStart.getUTCFullYear()) * 12 +
    (date.getUTCMonth() - fiscalYearStart.getUTCMonth());
  // Same calendar month, but before the fiscal start day (a year starting on the 6th): the previous window.
  if (addUtcMonths(fiscalYearStart, months).getTime() > at) months -= 1;
  const start = addUtcMonths(fiscalYearStart, months);
  const next = addUtcMonths(fiscalYearStart, months + 1);
  return { start, end: next.getTime() < fiscalYearEnd.getTime() ? next : new Date(fiscalYearEnd) };
}

// ---------------------------------------------------------------------------------------------------------
// Utilisation

/**
 * Statuses that count, by kind of document. Any other status does not count: a draft or returned
 * requisition is back with its requester; rejected and cancelled ones never will; an `ordered` requisition
 * has handed its commitment to its purchase order. A purchase order commits from its approval (the check
 * at purchase-order approval commits it) until it is closed or cancelled, received or not: closing it
 * releases what was never invoiced. An invoice is actual spend once approved.
 */
export const PROPOSED_REQUISITION_STATUSES = ['submitted'] as const;
export const COMMITTED_REQUISITION_STATUSES = ['approved'] as const;
export const COMMITTED_PURCHASE_ORDER_STATUSES = [
  'approved',
  'sent',
  'declined',
  'acknowledged',
  'partially_received',
  'received',
] as const;
export const ACTUAL_INVOICE_STATUSES = ['approved', 'partially_paid', 'paid'] as const;

interface BudgetEntryBase {
  /** The document's status, as its own state machine names it; statuses not listed above do not count. */
  status: string;
  /** The part of the document charged to this budget (its lines for this cost centre and category). */
  amountMinor: number;
  currency: string;
  /** Places the document in a monthly budget's window; needed only when a window is given. */
  date?: Date;
}

/** A document that touches the budget. */
export type BudgetEntry =
  | (BudgetEntryBase & {
      kind: 'requisition';
      /**
       * Already turned into approved purchase orders (a requisition split between suppliers stays
       * `approved` until its last line is ordered): counted by those orders, so not again here.
       */
      orderedMinor?: number;
    })
  | (BudgetEntryBase & {
      kind: 'purchase_order';
      /** Approved invoices against this order so far: counted as actual, so not also as committed. */
      invoicedMinor?: number;
    })
  | (BudgetEntryBase & { kind: 'invoice' });

export type BudgetFigure = 'proposed' | 'committed' | 'actual';

const includes = (statuses: readonly string[], status: string) => statuses.includes(status);

/**
 * Which figure a document adds to, and how much. A purchase order commits only what is not yet invoiced
 * (its invoices are actual), and a requisition only what is not yet ordered: each shilling is counted once.
 * Null when the document does not count in its current status.
 */
export function budgetContribution(entry: BudgetEntry): { figure: BudgetFigure; amountMinor: number } | null {
  assertMinor(entry.amountMinor, `The ${entry.kind.replace('_', ' ')} amount`);
  switch (entry.kind) {
    case 'requisition': {
      const ordered = entry.orderedMinor ?? 0;
      assertMinor(ordered, 'The ordered amount');
      if (includes(PROPOSED_REQUISITION_STATUSES, entry.status)) {
        return { figure: 'proposed', amountMinor: entry.amountMinor };
      }
      if (includes(COMMITTED_REQUISITION_STATUSES, entry.status)) {
        return { figure: 'committed', amountMinor: Math.max(0, entry.amountMinor - ordered) };
      }
      return null;
    }
    case 'purchase_order': {
      const invoiced = entry.invoicedMinor ?? 0;
      assertMinor(invoiced, 'The invoiced amount');
      if (!includes(COMMITTED_PURCHASE_ORDER_STATUSES, entry.status)) return null;
      // An order invoiced beyond its amount commits nothing more; the excess is already in actual.
      return { figure: 'committed', amountMinor: Math.max(0, entry.amountMinor - invoiced) };
    }
    case 'invoice':
      if (!includes(ACTUAL_INVOICE_STATUSES, entry.status)) return null;
      return { figure: 'actual', amountMinor: entry.amountMinor };
  }
}

/** All in minor units of `currency`, the budget's. `available` and `availableAfterProposed` may be negative. */
export interface BudgetUtilisation {
  currency: string;
  amount: number;
  /** Submitted requisitions awaiting approval: shown to budget owners, not yet taken from the budget. */
  proposed: number;
  /** Approved requisitions not yet ordered, and open purchase orders not yet invoiced. */
  committed: number;
  /** Approved invoices. */
  actual: number;
  /** amount − committed − actual. */
  available: number;
  /** available − proposed: what is left if every pending requisition is approved. */
  availableAfterProposed: number;
}

export interface BudgetCurrencyMismatch {
  problem: 'currency_mismatch';
  budgetCurrency: string;
  documentCurrency: string;
}

export type BudgetUtilisationResult =
  | ({ ok: true } & BudgetUtilisation)
  | ({
      ok: false;
      /** Position in `entries` of the first document in another currency. */
      entryIndex: number;
    } & BudgetCurrencyMismatch);

/**
 * What the budget has used and has left, from the documents that touch it. For a monthly budget pass the
 * window of the month in question (budgetPeriodWindow); documents dated outside it are left out. Without
 * a window every entry given counts, so the caller that already filtered by month may omit it.
 * A counting document in another currency makes the whole answer a problem: a partial sum would look
 * like a real figure. Documents that do not count are not checked for currency.
 */
export function budgetUtilisation(
  budget: Budget,
  entries: readonly BudgetEntry[],
  window?: PeriodWindow,
): BudgetUtilisationResult {
  assertMinor(budget.amountMinor, `The amount of budget "${budget.name}"`);
  assertCurrency(budget.currency, `The currency of budget "${budget.name}"`);
  const sums: Record<BudgetFigure, number> = { proposed: 0, committed: 0, actual: 0 };

  for (const [index, entry] of entries.entries()) {
    if (window) {
      if (!entry.date || !isValidDate(entry.date)) {
        throw new RangeError(
          `A ${entry.kind.replace('_', ' ')} needs a date to be placed in a budget period.`,
        );
      }
      const at = entry.date.getTime();
      if (at < window.start.getTime() || at >= window.end.getTime()) continue;
    }
    const contribution = budgetContribution(entry);
    if (!contribution) continue;
    if (entry.currency !== budget.currency) {
      return {
        ok: false,
        problem: 'currency_mismatch',
        budgetCurrency: budget.currency,
        documentCurrency: entry.currency,
        entryIndex: index,
      };
    }
    sums[contribution.figure] = safe(sums[contribution.figure] + contribution.amountMinor);
  }

  const available = safe(budget.amountMinor - sums.committed - sums.actual);
  return {
    ok: true,
    currency: budget.currency,
    amount: budget.amountMinor,
    proposed: sums.proposed,
    committed: sums.committed,
    actual: sums.actual,
    available,
    availableAfterProposed: safe(available - sums.proposed),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Checks

/**
 * A requisition is checked twice: at submission (`proposed`: shows the spend against the budget) and at
 * its final approval (`commit`: takes it from the budget). The names match requisitionTransition's
 * `budgetCheck`.
 */
export type BudgetCheckStage = 'proposed' | 'commit';

interface BudgetCheckCommon {
  budget: Budget;
  utilisation: BudgetUtilisation;
  /** The document's amount charged to this budget. */
  amountMinor: number;
  currency: string;
  /**
   * The utilisation was read with this document already in the figure compared (e.g. re-read after its
   * status changed in the same transaction): its new spend is then backed out before comparing.
   */
  documentAlreadyCounted?: boolean;
}

export type BudgetCheckInput = BudgetCheckCommon &
  (
    | { checkPoint: 'requisition'; stage: BudgetCheckStage }
    | {
        checkPoint: 'purchase_order';
        /** What the source requisition(s) still commit for the lines this order converts (0 for a direct order). */
        requisitionCommittedMinor?: number;
      }
    | {
        checkPoint: 'invoice';
        /** What the invoice's purchase order still commits (amount − approved invoices; 0 without an order). */
        purchaseOrderCommittedMinor?: number;
      }
  );

export interface BudgetCheckFigures {
  /** `available` (amount − committed − actual), or `available_after_proposed` at a requisition's submission. */
  comparedWith: 'available' | 'available_after_proposed';
  /** That figure, with this document backed out when it was already counted. May be negative. */
  headroomMinor: number;
  /** What this document takes from that figure: its amount less what its source document already commits. */
  newSpendMinor: number;
}

export interface BudgetOverrun extends BudgetCheckFigures {
  outcome: 'over';
  /** newSpend − headroom: by how much the budget would be exceeded. */
  shortfallMinor: number;
  /** English, naming the budget and the shortfall; the figures above let a screen translate it. */
  message: string;
  /** The pieces of `message`, formatted, for a message catalogue to rebuild it in any language. */
  messageParts: BudgetOverrunParts;
}

export interface BudgetOverrunParts {
  budget: string;
  shortfall: string;
  available: string;
  /** Other requisitions' proposed spend counted before this one (submission only), else null. */
  proposed: string | null;
  document: BudgetCheckPoint;
  amount: string;
  /** What the source document already commits of this amount, else null. */
  committed: string | null;
  /** That source document: a purchase order's requisition, an invoice's purchase order. */
  source: 'requisition' | 'purchase_order';
}

export type BudgetCheck =
  | ({ outcome: 'within' } & BudgetCheckFigures)
  | (BudgetOverrun & { action: 'stop' })
  | (BudgetOverrun & {
      action: 'warn';
      /**
       * True at an approval that commits (final requisition approval, order, invoice): it then needs the
       * budget owner or an exception approver (canApproveOverBudget). False at submission, which only warns.
       */
      needsExceptionApproval: boolean;
    })
  | (BudgetOverrun & { action: 'ignore' })
  | ({ outcome: 'currency_mismatch' } & BudgetCurrencyMismatch);

const DOCUMENT_NOUNS: Record<BudgetCheckPoint, string> = {
  requisition: 'requisition',
  purchase_order: 'purchase order',
  invoice: 'invoice',
};

/**
 * Would this document exceed the budget, and what then. Only new spend can overrun: money that moves
 * between figures (a requisition's commitment taken over by its order, an order's commitment turned into
 * an invoice's actual) was taken from the budget already.
 *
 * What is compared:
 * - requisition, `proposed` (submission): new spend = its amount, against `available`: others' pending
 *   requisitions are proposed spend, shown but not taken (one unapproved KES 3.2M request does not block a
 *   KES 10,000 one). A budget with `countProposed` compares every check point with `available − proposed`
 *   instead: pending requisitions reserve first come, first served.
 * - requisition, `commit` (final approval): its amount against `available` (nothing is taken until
 *   approved, and the first approved wins).
 * - purchase order (approval): new spend = amount − what its source requisition still commits (at least
 *   0), against `available`. Best: the service keeps the requisition counted until the order is approved,
 *   then marks it ordered (or records `orderedMinor`), so the money is never in both figures nor in
 *   neither. A requisition already marked ordered when its order was drafted commits nothing: pass 0, and
 *   the whole order is measured (right, but the money was in neither figure while the draft waited).
 * - invoice (approval): it moves its order's remaining commitment to actual, so new spend = amount − that
 *   commitment (at least 0), against `available`.
 * The boundary is inclusive: spending exactly what is available is within.
 */
export function checkBudget(input: BudgetCheckInput): BudgetCheck {
  const { budget, utilisation, amountMinor, currency } = input;
  assertMinor(amountMinor, `The ${DOCUMENT_NOUNS[input.checkPoint]} amount`);
  assertCurrency(currency, 'The document currency');
  if (utilisation.currency !== budget.currency) {
    throw new RangeError(`The utilisation given is not that of budget "${budget.name}" (currency differs).`);
  }
  if (currency !== budget.currency) {
    return {
      outcome: 'currency_mismatch',
      problem: 'currency_mismatch',
      budgetCurrency: budget.currency,
      documentCurrency: currency,
    };
  }

  let covered = 0;
  if (input.checkPoint === 'purchase_order') covered = input.requisitionCommittedMinor ?? 0;
  if (input.checkPoint === 'invoice') covered = input.purchaseOrderCommittedMinor ?? 0;
  assertMinor(covered, 'The amount already committed');
  const newSpendMinor = Math.max(0, amountMinor - covered);

  const proposedStage = input.checkPoint === 'requisition' && input.stage === 'proposed';
  // The document's own amount is in `proposed` only while it is a submitted requisition.
  const ownInProposed = proposedStage && input.documentAlreadyCounted === true;
  const afterProposed = budget.countProposed === true;
  const counted = input.documentAlreadyCounted ? newSpendMinor : 0;
  const headroomMinor = safe(
    afterProposed
      ? utilisation.availableAfterProposed + counted
      : utilisation.available + (ownInProposed ? 0 : counted),
  );
  const figures: BudgetCheckFigures = {
    comparedWith: afterProposed ? 'available_after_proposed' : 'available',
    headroomMinor,
    newSpendMinor,
  };
  // A document adding nothing never overruns, even a budget already over: blocking it would change nothing.
  if (newSpendMinor === 0 || newSpendMinor <= headroomMinor) return { outcome: 'within', ...figures };

  const shortfallMinor = safe(newSpendMinor - headroomMinor);
  const money = (value: number) => formatMinor(value, budget.currency);
  const otherProposed = afterProposed ? utilisation.proposed - (ownInProposed ? amountMinor : 0) : 0;
  const available =
    otherProposed > 0
      ? `${money(headroomMinor)} after proposed spend of ${money(otherProposed)}`
      : money(headroomMinor);
  const source = input.checkPoint === 'purchase_order' ? 'its requisition' : 'its purchase order';
  const alreadyCommitted =
    covered > 0 ? `, of which ${money(Math.min(covered, amountMinor))} already committed by ${source}` : '';
  const message =
    `Budget "${budget.name}" would be exceeded by ${money(shortfallMinor)} ` +
    `(available ${available}, this ${DOCUMENT_NOUNS[input.checkPoint]} ${money(amountMinor)}${alreadyCommitted}).`;

  const messageParts: BudgetOverrunParts = {
    budget: budget.name,
    shortfall: money(shortfallMinor),
    available: money(headroomMinor),
    proposed: otherProposed > 0 ? money(otherProposed) : null,
    document: input.checkPoint,
    amount: money(amountMinor),
    committed: covered > 0 ? money(Math.min(covered, amountMinor)) : null,
    source: input.checkPoint === 'purchase_order' ? 'requisition' : 'purchase_order',
  };
  const overrun: BudgetOverrun = { outcome: 'over', shortfallMinor, message, messageParts, ...figures };
  const action = budget.controls[input.checkPoint];
  switch (action) {
    case 'stop':
      return { ...overrun, action };
    case 'warn':
      // At submission nobody approves anything yet: the exception is asked of whoever gives the final approval.
      return { ...overrun, action, needsExceptionApproval: !proposedStage };
    case 'ignore':
      return { ...overrun, action };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Who may let an overrun through

/**
 * Under `warn`, an over-budget document needs the approval of this budget's owner or of someone holding
 * the exception role (roles of the organisation the document belongs to; the same role the approval
 * workflow's budget-exception step asks for). Holding `budget_owner` for some
 * other budget is not enough. Separation of duties (nobody approves their own document) is the workflow's
 * rule and is checked there, before this.
 */
export function canApproveOverBudget(
  approver: { userId: number; roles: readonly string[] },
  budget: { ownerUserId?: number | null },
  exceptionRole: string = BUDGET_EXCEPTION_ROLE,
): boolean {
  return budget.ownerUserId === approver.userId || approver.roles.includes(exceptionRole);
}
