import { describe, expect, it } from 'vitest';
import {
  availableInvoiceActions,
  checkPayment,
  EXCEPTION_RESOLUTIONS,
  INVOICE_ACTIONS,
  INVOICE_STATUSES,
  INVOICE_TERMINAL,
  invoiceStatusForPayment,
  invoiceTransition,
  paymentStatus,
  RESOLUTION_ACTION,
  type InvoiceActor,
} from './invoices.ts';

const finance: InvoiceActor = { isFinance: true, canApprove: false };
const approver: InvoiceActor = { isFinance: false, canApprove: true };
const bystander: InvoiceActor = { isFinance: false, canApprove: false };
const everyone: InvoiceActor = { isFinance: true, canApprove: true };

describe('invoice lifecycle', () => {
  it.each([
    ['submitted', 'match', bystander, { withinTolerance: true }, 'matched'],
    ['submitted', 'match', bystander, { withinTolerance: false }, 'exception'],
    // A later receipt brings it inside tolerance; a credit note ends the wait for one.
    ['exception', 'match', finance, { withinTolerance: true }, 'matched'],
    ['awaiting_credit_note', 'match', finance, { withinTolerance: true }, 'matched'],
    ['awaiting_credit_note', 'match', finance, { withinTolerance: false }, 'exception'],
    ['matched', 'approve', approver, {}, 'approved'],
    ['matched', 'reject', approver, {}, 'rejected'],
    ['exception', 'accept', finance, { reason: 'Price rise agreed by phone' }, 'matched'],
    ['awaiting_credit_note', 'accept', finance, { reason: 'Supplier will not credit' }, 'matched'],
    ['exception', 'request_credit_note', finance, {}, 'awaiting_credit_note'],
    ['exception', 'reject', finance, {}, 'rejected'],
    ['awaiting_credit_note', 'reject', finance, {}, 'rejected'],
    ['approved', 'record_payment', finance, { payment: 'partially_paid' }, 'partially_paid'],
    ['approved', 'record_payment', finance, { payment: 'paid' }, 'paid'],
    ['partially_paid', 'record_payment', finance, { payment: 'paid' }, 'paid'],
  ] as const)('%s --%s (%o)--> %s', (status, action, actor, extra, to) => {
    expect(invoiceTransition({ status, action, actor, ...extra })).toEqual({ ok: true, from: status, to });
  });

  it.each([
    ['submitted', 'approve'],
    ['exception', 'approve'],
    ['awaiting_credit_note', 'approve'],
    ['approved', 'approve'],
    ['matched', 'accept'],
    ['submitted', 'accept'],
    ['matched', 'request_credit_note'],
    ['awaiting_credit_note', 'request_credit_note'],
    ['submitted', 'reject'],
    ['approved', 'reject'],
    ['matched', 'match'],
    ['approved', 'match'],
    ['rejected', 'match'],
    ['matched', 'record_payment'],
    ['paid', 'record_payment'],
  ] as const)('refuses %s → %s whoever asks', (status, action) => {
    expect(
      invoiceTransition({
        status,
        action,
        actor: everyone,
        withinTolerance: true,
        reason: 'x',
        payment: 'paid',
      }),
    ).toEqual({ ok: false, reason: 'not_allowed_in_state' });
  });

  it.each([
    ['matched', 'approve', finance],
    ['matched', 'reject', finance],
    ['exception', 'reject', approver],
    ['exception', 'accept', approver],
    ['exception', 'request_credit_note', approver],
    ['approved', 'record_payment', approver],
    ['matched', 'approve', bystander],
  ] as const)('refuses %s → %s to the wrong actor', (status, action, actor) => {
    expect(invoiceTransition({ status, action, actor, reason: 'x', payment: 'paid' })).toEqual({
      ok: false,
      reason: 'not_permitted',
    });
  });

  it.each([undefined, null, '', '   '])('accepting an exception needs a reason (not %o)', (reason) => {
    expect(invoiceTransition({ status: 'exception', action: 'accept', actor: finance, reason })).toEqual({
      ok: false,
      reason: 'reason_required',
    });
  });

  it('needs the matching outcome and the payment status', () => {
    expect(() => invoiceTransition({ status: 'submitted', action: 'match', actor: finance })).toThrow(
      RangeError,
    );
    expect(() => invoiceTransition({ status: 'approved', action: 'record_payment', actor: finance })).toThrow(
      RangeError,
    );
  });

  it.each([
    ['submitted', finance, ['match']],
    ['matched', approver, ['approve', 'reject']],
    ['matched', finance, []],
    ['exception', finance, ['match', 'reject', 'accept', 'request_credit_note']],
    ['exception', approver, ['match']],
    ['awaiting_credit_note', finance, ['match', 'reject', 'accept']],
    ['approved', finance, ['record_payment']],
    ['partially_paid', finance, ['record_payment']],
    ['rejected', everyone, []],
    ['paid', everyone, []],
  ] as const)('offers on a %s invoice to %o: %o', (status, actor, actions) => {
    expect(availableInvoiceActions(status, actor)).toEqual(actions);
  });

  it('leaves only rejected and paid invoices without a move', () => {
    for (const status of INVOICE_STATUSES) {
      const moves = INVOICE_ACTIONS.filter(
        (action) =>
          invoiceTransition({
            status,
            action,
            actor: everyone,
            withinTolerance: false,
            reason: 'x',
            payment: 'partially_paid',
          }).ok,
      );
      expect(moves.length === 0, status).toBe(INVOICE_TERMINAL.has(status));
    }
  });

  it.each(EXCEPTION_RESOLUTIONS)(
    'resolution %s is an action finance may take on an exception',
    (resolution) => {
      expect(
        invoiceTransition({
          status: 'exception',
          action: RESOLUTION_ACTION[resolution],
          actor: finance,
          reason: 'ok',
        }).ok,
      ).toBe(true);
    },
  );
});

describe('payments', () => {
  it.each([
    [100_000, 0, 'unpaid'],
    [100_000, 1, 'partially_paid'],
    [100_000, 99_999, 'partially_paid'],
    [100_000, 100_000, 'paid'],
    [0, 0, 'paid'],
  ] as const)('an invoice of %i with %i paid is %s', (total, paid, status) => {
    expect(paymentStatus(total, paid)).toBe(status);
  });

  it.each([
    ['unpaid', 'approved'],
    ['partially_paid', 'partially_paid'],
    ['paid', 'paid'],
  ] as const)('an approved invoice %s shows as %s', (payment, status) => {
    expect(invoiceStatusForPayment(payment)).toBe(status);
  });

  it.each([
    [
      { totalMinor: 100_000, alreadyPaidMinor: 0, amountMinor: 40_000 },
      { ok: true, paidMinor: 40_000, status: 'partially_paid' },
    ],
    [
      { totalMinor: 100_000, alreadyPaidMinor: 40_000, amountMinor: 60_000 },
      { ok: true, paidMinor: 100_000, status: 'paid' },
    ],
    [
      { totalMinor: 100_000, alreadyPaidMinor: 40_000, amountMinor: 60_001 },
      { ok: false, problem: 'over_outstanding', outstandingMinor: 60_000 },
    ],
    [
      { totalMinor: 100_000, alreadyPaidMinor: 0, amountMinor: 0 },
      { ok: false, problem: 'not_positive' },
    ],
    [
      { totalMinor: 100_000, alreadyPaidMinor: 0, amountMinor: -5 },
      { ok: false, problem: 'not_positive' },
    ],
  ])('checks payment %o', (input, result) => {
    expect(checkPayment(input)).toEqual(result);
  });

  it('refuses amounts that are not minor units', () => {
    expect(() => paymentStatus(100.5, 0)).toThrow(RangeError);
    expect(() => paymentStatus(100, -1)).toThrow(RangeError);
    expect(() => checkPayment({ totalMinor: 100, alreadyPaidMinor: 0, amountMinor: 0.5 })).toThrow(
      RangeError,
    );
  });
});
