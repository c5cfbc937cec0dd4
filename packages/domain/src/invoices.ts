/**
 * The supplier invoice's lifecycle (issue 7). The original invoice is never edited: matching results and
 * exception resolutions are recorded beside it, and only its status moves.
 *
 *   submitted ─match→ matched: inside tolerance (or accepted by finance), awaiting approval
 *             ─match→ exception: in finance's queue
 *   matched ─approve→ approved | ─reject→ rejected
 *   exception ─accept (with a reason)→ matched
 *             ─request_credit_note→ awaiting_credit_note ─match (once the credit note is in)→ matched | exception
 *             ─reject→ rejected: back to the supplier, who may submit a corrected invoice
 *   (awaiting_credit_note may also be accepted or rejected; exceptions are matched again when a receipt arrives)
 *   approved ─record_payment→ partially_paid | paid, derived from the payments recorded (`paymentStatus`)
 *
 * Money is in integer minor units.
 */

export const INVOICE_STATUSES = [
  'submitted',
  'matched',
  'exception',
  'awaiting_credit_note',
  'approved',
  'rejected',
  'partially_paid',
  'paid',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_ACTIONS = [
  'match',
  'approve',
  'reject',
  'accept',
  'request_credit_note',
  'record_payment',
] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

/** The three ways finance resolves an invoice in the exception queue, as the API names them. */
export const EXCEPTION_RESOLUTIONS = ['accept', 'credit_note_requested', 'reject'] as const;
export type ExceptionResolution = (typeof EXCEPTION_RESOLUTIONS)[number];

/** The invoice action a resolution takes. */
export const RESOLUTION_ACTION: Readonly<Record<ExceptionResolution, InvoiceAction>> = {
  accept: 'accept',
  credit_note_requested: 'request_credit_note',
  reject: 'reject',
};

/** Who is acting, relative to the invoice. */
export interface InvoiceActor {
  /** Has the buying organisation's `finance` role: resolves exceptions and records payments. */
  isFinance: boolean;
  /** The approval workflow says this user may decide the invoice's current step. */
  canApprove: boolean;
}

export type InvoiceRefusal = 'not_allowed_in_state' | 'not_permitted' | 'reason_required';

export type InvoiceTransition =
  { ok: true; from: InvoiceStatus; to: InvoiceStatus } | { ok: false; reason: InvoiceRefusal };

export type PaymentStatus = 'unpaid' | 'partially_paid' | 'paid';

const FROM: Record<InvoiceAction, readonly InvoiceStatus[]> = {
  // Matching runs on submission and again whenever its inputs change: a later receipt can bring an
  // exception inside tolerance, and a credit note ends the wait for one.
  match: ['submitted', 'exception', 'awaiting_credit_note'],
  approve: ['matched'],
  reject: ['matched', 'exception', 'awaiting_credit_note'],
  accept: ['exception', 'awaiting_credit_note'],
  request_credit_note: ['exception'],
  record_payment: ['approved', 'partially_paid'],
};

const EXCEPTION_STATES: ReadonlySet<InvoiceStatus> = new Set(['exception', 'awaiting_credit_note']);

/**
 * Decides one move.
 * - `match` needs `withinTolerance` (from `matchInvoice`); anyone who may see the invoice may trigger it,
 *   since its outcome depends only on the documents.
 * - `approve`, and `reject` of a matched invoice, are the approver's (`canApprove`).
 * - `accept`, `request_credit_note`, and `reject` of an invoice in the exception queue are finance's;
 *   `accept` needs a non-blank `reason`.
 * - `record_payment` is finance's and needs `payment`: the `paymentStatus` once the payment is counted.
 */
export function invoiceTransition(input: {
  status: InvoiceStatus;
  action: InvoiceAction;
  actor: InvoiceActor;
  withinTolerance?: boolean;
  reason?: string | null;
  payment?: PaymentStatus;
}): InvoiceTransition {
  const { status, action, actor } = input;
  if (!FROM[action].includes(status)) return { ok: false, reason: 'not_allowed_in_state' };

  let permitted: boolean;
  switch (action) {
    case 'match':
      permitted = true;
      break;
    case 'approve':
      permitted = actor.canApprove;
      break;
    case 'reject':
      permitted = EXCEPTION_STATES.has(status) ? actor.isFinance : actor.canApprove;
      break;
    case 'accept':
    case 'request_credit_note':
    case 'record_payment':
      permitted = actor.isFinance;
      break;
  }
  if (!permitted) return { ok: false, reason: 'not_permitted' };
  if (action === 'accept' && !input.reason?.trim()) return { ok: false, reason: 'reason_required' };

  return { ok: true, from: status, to: destination(action, input) };
}

function destination(
  action: InvoiceAction,
  input: { withinTolerance?: boolean; payment?: PaymentStatus },
): InvoiceStatus {
  switch (action) {
    case 'match':
      if (input.withinTolerance === undefined) throw new RangeError('Matching needs its outcome.');
      return input.withinTolerance ? 'matched' : 'exception';
    case 'approve':
      return 'approved';
    case 'reject':
      return 'rejected';
    case 'accept':
      return 'matched';
    case 'request_credit_note':
      return 'awaiting_credit_note';
    case 'record_payment':
      if (input.payment === undefined) throw new RangeError('Recording a payment needs the payment status.');
      return invoiceStatusForPayment(input.payment);
  }
}

/** The actions a screen may offer this actor (the server decides again when one is chosen). */
export function availableInvoiceActions(status: InvoiceStatus, actor: InvoiceActor): InvoiceAction[] {
  return INVOICE_ACTIONS.filter(
    (action) =>
      invoiceTransition({
        status,
        action,
        actor,
        withinTolerance: true,
        reason: 'x',
        payment: 'partially_paid',
      }).ok,
  );
}

/** States an invoice never leaves. */
export const INVOICE_TERMINAL: ReadonlySet<InvoiceStatus> = new Set(['rejected', 'paid']);

/** Invoices waiting in finance's exception queue. */
export const INVOICE_EXCEPTION_STATUSES = ['exception', 'awaiting_credit_note'] as const;

/**
 * How much of an invoice is paid: `paid` once the payments reach its total (so an invoice of zero, e.g.
 * fully credited, is paid), `unpaid` while nothing is, `partially_paid` in between.
 */
export function paymentStatus(totalMinor: number, paidMinor: number): PaymentStatus {
  assertMinor(totalMinor, 'An invoice total');
  assertMinor(paidMinor, 'A paid amount');
  if (paidMinor >= totalMinor) return 'paid';
  return paidMinor === 0 ? 'unpaid' : 'partially_paid';
}

/** The status an approved invoice shows for its payment status. */
export function invoiceStatusForPayment(payment: PaymentStatus): 'approved' | 'partially_paid' | 'paid' {
  return payment === 'unpaid' ? 'approved' : payment;
}

export type PaymentCheck =
  | { ok: true; paidMinor: number; status: PaymentStatus }
  | { ok: false; problem: 'not_positive' }
  | { ok: false; problem: 'over_outstanding'; outstandingMinor: number };

/**
 * Checks a payment to record against an approved invoice: more than zero and no more than what is still
 * outstanding (paying exactly the outstanding amount is allowed). On success, the new paid total and status.
 */
export function checkPayment(input: {
  totalMinor: number;
  alreadyPaidMinor: number;
  amountMinor: number;
}): PaymentCheck {
  assertMinor(input.totalMinor, 'An invoice total');
  assertMinor(input.alreadyPaidMinor, 'A paid amount');
  if (!Number.isSafeInteger(input.amountMinor)) {
    throw new RangeError(`A payment must be a whole number of minor units (got ${input.amountMinor}).`);
  }
  if (input.amountMinor <= 0) return { ok: false, problem: 'not_positive' };
  const outstandingMinor = Math.max(0, input.totalMinor - input.alreadyPaidMinor);
  if (input.amountMinor > outstandingMinor)
    return { ok: false, problem: 'over_outstanding', outstandingMinor };
  const paidMinor = input.alreadyPaidMinor + input.amountMinor;
  return { ok: true, paidMinor, status: paymentStatus(input.totalMinor, paidMinor) };
}

function assertMinor(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of minor units (got ${value}).`);
  }
}
