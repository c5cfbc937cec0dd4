import { describe, expect, it } from 'vitest';
import {
  availableRequisitionActions,
  formatDocumentNumber,
  parseDocumentNumber,
  REQUISITION_ACTIONS,
  REQUISITION_STATUSES,
  REQUISITION_TERMINAL,
  requisitionTransition,
  type RequisitionActor,
} from './requisitions.ts';

const requester: RequisitionActor = { isRequester: true, isCurrentApprover: false, canOrder: false };
const approver: RequisitionActor = { isRequester: false, isCurrentApprover: true, canOrder: false };
const bystander: RequisitionActor = { isRequester: false, isCurrentApprover: false, canOrder: false };
const buyer: RequisitionActor = { isRequester: false, isCurrentApprover: false, canOrder: true };
// An approver of the current step who is also the requester (e.g. a budget owner's own requisition).
const selfApprover: RequisitionActor = { isRequester: true, isCurrentApprover: true, canOrder: false };

describe('requisition lifecycle', () => {
  it.each([
    ['draft', 'submit', requester, 'submitted', 'proposed'],
    ['returned', 'submit', requester, 'submitted', 'proposed'],
    ['submitted', 'reject', approver, 'rejected', null],
    ['submitted', 'return', approver, 'returned', null],
    ['draft', 'cancel', requester, 'cancelled', null],
    ['submitted', 'cancel', requester, 'cancelled', null],
    ['approved', 'cancel', requester, 'cancelled', null],
    ['approved', 'order', buyer, 'ordered', null],
    ['draft', 'edit', requester, 'draft', null],
    ['returned', 'edit', requester, 'returned', null],
  ] as const)('%s --%s--> %s', (status, action, actor, to, budgetCheck) => {
    expect(requisitionTransition({ status, action, actor, comment: 'Over the quote' })).toEqual({
      ok: true,
      from: status,
      to,
      budgetCheck,
    });
  });

  it('stays submitted on an intermediate approval and commits the budget on the final one', () => {
    expect(requisitionTransition({ status: 'submitted', action: 'approve', actor: approver })).toEqual({
      ok: true,
      from: 'submitted',
      to: 'submitted',
      budgetCheck: null,
    });
    expect(
      requisitionTransition({ status: 'submitted', action: 'approve', actor: approver, finalApproval: true }),
    ).toEqual({ ok: true, from: 'submitted', to: 'approved', budgetCheck: 'commit' });
  });

  it.each([
    ['submitted', 'submit'],
    ['approved', 'approve'],
    ['rejected', 'approve'],
    ['ordered', 'cancel'],
    ['rejected', 'cancel'],
    ['cancelled', 'submit'],
    ['submitted', 'edit'],
    ['draft', 'approve'],
    ['submitted', 'order'],
  ] as const)('refuses %s → %s', (status, action) => {
    const actor = { isRequester: true, isCurrentApprover: true, canOrder: true };
    expect(requisitionTransition({ status, action, actor, comment: 'x' })).toEqual({
      ok: false,
      reason: 'not_allowed_in_state',
      status,
      action,
    });
  });

  it.each(['approve', 'reject', 'return'] as const)(
    'never lets the requester %s their own requisition, even as the step’s approver',
    (action) => {
      expect(
        requisitionTransition({ status: 'submitted', action, actor: selfApprover, comment: 'ok' }),
      ).toEqual({ ok: false, reason: 'own_document' });
    },
  );

  it.each([
    ['submitted', 'approve', bystander, 'not_an_approver'],
    ['draft', 'submit', approver, 'not_the_requester'],
    ['returned', 'edit', approver, 'not_the_requester'],
    ['submitted', 'cancel', approver, 'not_the_requester'],
    ['approved', 'order', requester, 'not_an_approver'],
  ] as const)('refuses %s --%s--> by the wrong person (%s)', (status, action, actor, reason) => {
    expect(requisitionTransition({ status, action, actor, comment: 'x' })).toMatchObject({
      ok: false,
      reason,
    });
  });

  it.each([
    ['reject', undefined],
    ['return', ''],
    ['reject', '   '],
    ['return', null],
  ] as const)('needs a comment to %s (given %j)', (action, comment) => {
    expect(requisitionTransition({ status: 'submitted', action, actor: approver, comment })).toEqual({
      ok: false,
      reason: 'comment_required',
    });
  });

  it('offers each actor only the moves they may make', () => {
    expect(availableRequisitionActions('draft', requester)).toEqual(['edit', 'submit', 'cancel']);
    expect(availableRequisitionActions('submitted', approver)).toEqual(['approve', 'reject', 'return']);
    expect(availableRequisitionActions('submitted', requester)).toEqual(['cancel']);
    expect(availableRequisitionActions('approved', buyer)).toEqual(['order']);
    expect(availableRequisitionActions('submitted', bystander)).toEqual([]);
  });

  it('lets nothing leave a terminal state', () => {
    const anyone = { isRequester: true, isCurrentApprover: true, canOrder: true };
    for (const status of REQUISITION_STATUSES.filter((s) => REQUISITION_TERMINAL.has(s))) {
      for (const action of REQUISITION_ACTIONS) {
        expect(requisitionTransition({ status, action, actor: anyone, comment: 'x' }).ok).toBe(false);
      }
    }
  });
});

describe('document numbers', () => {
  it.each([
    ['requisition', 2026, 42, 'REQ-2026-00042'],
    ['purchase_order', 2027, 1, 'PO-2027-00001'],
    ['invoice', 2026, 99_999, 'INV-2026-99999'],
    ['goods_receipt', 2026, 123_456, 'GRN-2026-123456'],
  ] as const)('%s %i #%i → %s, and back', (type, year, sequence, text) => {
    expect(formatDocumentNumber(type, year, sequence)).toBe(text);
    expect(parseDocumentNumber(text)).toEqual({ type, year, sequence });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses sequence %d', (sequence) => {
    expect(() => formatDocumentNumber('requisition', 2026, sequence)).toThrow(RangeError);
  });

  it.each(['REQ-26-00042', 'XYZ-2026-00042', 'REQ-2026-42', 'REQ-2026-00000', 'req-2026-00042', ''])(
    'does not read %j',
    (text) => expect(parseDocumentNumber(text)).toBeNull(),
  );
});
