import { describe, expect, it } from 'vitest';
import {
  availablePurchaseOrderActions,
  checkReceiptLine,
  PO_ACTIONS,
  PO_STATUSES,
  PO_TERMINAL,
  purchaseOrderTransition,
  receiptStatus,
  type PurchaseOrderActor,
  type ReceiptLineInput,
} from './purchase-orders.ts';

const buyer: PurchaseOrderActor = { isBuyerStaff: true, isSupplier: false, canApprove: false };
const approver: PurchaseOrderActor = { isBuyerStaff: true, isSupplier: false, canApprove: true };
const supplier: PurchaseOrderActor = { isBuyerStaff: false, isSupplier: true, canApprove: false };
const nobody: PurchaseOrderActor = { isBuyerStaff: false, isSupplier: false, canApprove: false };
const everyone: PurchaseOrderActor = { isBuyerStaff: true, isSupplier: true, canApprove: true };

describe('purchase order lifecycle', () => {
  it.each([
    ['draft', 'edit', buyer, 'draft'],
    ['draft', 'submit', buyer, 'pending_approval'],
    ['pending_approval', 'approve', approver, 'approved'],
    ['pending_approval', 'reject', approver, 'draft'],
    ['approved', 'send', buyer, 'sent'],
    ['sent', 'acknowledge', supplier, 'acknowledged'],
    ['sent', 'decline', supplier, 'declined'],
    ['partially_received', 'close', buyer, 'closed'],
    ['received', 'close', buyer, 'closed'],
    ['draft', 'cancel', buyer, 'cancelled'],
    ['pending_approval', 'cancel', buyer, 'cancelled'],
    ['approved', 'cancel', buyer, 'cancelled'],
    ['sent', 'cancel', buyer, 'cancelled'],
    ['acknowledged', 'cancel', buyer, 'cancelled'],
    ['declined', 'cancel', buyer, 'cancelled'],
  ] as const)('%s --%s--> %s', (status, action, actor, to) => {
    expect(purchaseOrderTransition({ status, action, actor })).toEqual({ ok: true, from: status, to });
  });

  it.each([
    ['sent', 'partial', 'partially_received'],
    ['sent', 'full', 'received'],
    ['acknowledged', 'partial', 'partially_received'],
    ['acknowledged', 'full', 'received'],
    ['partially_received', 'partial', 'partially_received'],
    ['partially_received', 'full', 'received'],
    // Everything on the receipt was rejected: the order stays where it was.
    ['acknowledged', 'none', 'acknowledged'],
  ] as const)('receiving on a %s order, %s receipt → %s', (status, receipt, to) => {
    expect(purchaseOrderTransition({ status, action: 'receive', actor: buyer, receipt })).toEqual({
      ok: true,
      from: status,
      to,
    });
  });

  it('needs the receipt status to receive', () => {
    expect(() => purchaseOrderTransition({ status: 'sent', action: 'receive', actor: buyer })).toThrow(
      RangeError,
    );
  });

  it.each([
    ['partially_received', 'cancel'],
    ['received', 'cancel'],
    ['closed', 'cancel'],
    ['cancelled', 'cancel'],
    ['pending_approval', 'edit'],
    ['approved', 'edit'],
    ['draft', 'approve'],
    ['approved', 'approve'],
    ['draft', 'send'],
    ['acknowledged', 'acknowledge'],
    ['declined', 'acknowledge'],
    ['approved', 'acknowledge'],
    ['draft', 'receive'],
    ['approved', 'receive'],
    ['declined', 'receive'],
    ['received', 'receive'],
    ['acknowledged', 'close'],
    ['closed', 'close'],
    ['sent', 'reject'],
  ] as const)('refuses %s → %s whoever asks', (status, action) => {
    expect(purchaseOrderTransition({ status, action, actor: everyone, receipt: 'full' })).toEqual({
      ok: false,
      reason: 'not_allowed_in_state',
    });
  });

  it.each([
    ['sent', 'acknowledge', buyer],
    ['sent', 'decline', approver],
    ['draft', 'submit', supplier],
    ['approved', 'send', supplier],
    ['sent', 'cancel', supplier],
    ['acknowledged', 'receive', supplier],
    ['pending_approval', 'approve', buyer],
    ['pending_approval', 'reject', buyer],
    ['pending_approval', 'approve', supplier],
    ['draft', 'edit', nobody],
    // Approver rights alone are not buyer staff.
    ['pending_approval', 'approve', { isBuyerStaff: false, isSupplier: false, canApprove: true }],
  ] as const)('refuses %s → %s to the wrong actor', (status, action, actor) => {
    expect(purchaseOrderTransition({ status, action, actor, receipt: 'full' })).toEqual({
      ok: false,
      reason: 'not_permitted',
    });
  });

  it.each([
    ['draft', buyer, ['edit', 'submit', 'cancel']],
    ['pending_approval', buyer, ['cancel']],
    ['pending_approval', approver, ['approve', 'reject', 'cancel']],
    ['approved', buyer, ['send', 'cancel']],
    ['sent', supplier, ['acknowledge', 'decline']],
    ['sent', buyer, ['receive', 'cancel']],
    ['acknowledged', buyer, ['receive', 'cancel']],
    ['declined', buyer, ['cancel']],
    ['partially_received', buyer, ['receive', 'close']],
    ['received', buyer, ['close']],
    ['closed', buyer, []],
    ['cancelled', approver, []],
    ['acknowledged', supplier, []],
  ] as const)('offers on a %s order to %o: %o', (status, actor, actions) => {
    expect(availablePurchaseOrderActions(status, actor)).toEqual(actions);
  });

  it('leaves only closed and cancelled orders without a move', () => {
    for (const status of PO_STATUSES) {
      const moves = PO_ACTIONS.filter(
        (action) => purchaseOrderTransition({ status, action, actor: everyone, receipt: 'partial' }).ok,
      );
      expect(moves.length === 0, status).toBe(PO_TERMINAL.has(status));
    }
  });
});

describe('receipt status', () => {
  it.each([
    [[], 'none'],
    [[{ orderedThousandths: 10_000, acceptedThousandths: 0 }], 'none'],
    [[{ orderedThousandths: 10_000, acceptedThousandths: 4_000 }], 'partial'],
    [[{ orderedThousandths: 10_000, acceptedThousandths: 10_000 }], 'full'],
    // Over-delivery inside the receipt tolerance is full, too.
    [[{ orderedThousandths: 10_000, acceptedThousandths: 10_500 }], 'full'],
    [
      [
        { orderedThousandths: 10_000, acceptedThousandths: 10_000 },
        { orderedThousandths: 2_000, acceptedThousandths: 0 },
      ],
      'partial',
    ],
    [
      [
        { orderedThousandths: 10_000, acceptedThousandths: 10_000 },
        { orderedThousandths: 500, acceptedThousandths: 500 },
      ],
      'full',
    ],
  ] as const)('%o → %s', (lines, status) => {
    expect(receiptStatus(lines)).toBe(status);
  });
});

describe('goods receipt line', () => {
  const line = (overrides: Partial<ReceiptLineInput>): ReceiptLineInput => ({
    ordered: 10_000,
    alreadyAccepted: 0,
    received: 10_000,
    accepted: 10_000,
    rejected: 0,
    tolerancePercentBasisPoints: 0,
    ...overrides,
  });

  it.each([
    ['all of it', {}, 10_000],
    ['part of it', { received: 4_000, accepted: 4_000 }, 4_000],
    [
      'the rest after an earlier receipt',
      { alreadyAccepted: 6_000, received: 4_000, accepted: 4_000 },
      10_000,
    ],
    ['with some rejected', { received: 10_000, accepted: 7_000, rejected: 3_000 }, 7_000],
    ['all rejected', { received: 10_000, accepted: 0, rejected: 10_000 }, 0],
    // Rejected goods do not count against the ordered quantity.
    [
      'rejects beyond the order',
      { alreadyAccepted: 10_000, received: 5_000, accepted: 0, rejected: 5_000 },
      10_000,
    ],
    // 5 % of 10 units is half a unit: accepting exactly 10.5 units is inside (the bound is inclusive).
    [
      'exactly at the tolerance',
      { received: 10_500, accepted: 10_500, tolerancePercentBasisPoints: 500 },
      10_500,
    ],
    [
      'inside the tolerance',
      { received: 10_499, accepted: 10_499, tolerancePercentBasisPoints: 500 },
      10_499,
    ],
  ])('accepts %s', (_, overrides, acceptedTotal) => {
    expect(checkReceiptLine(line(overrides))).toEqual({ ok: true, acceptedTotal });
  });

  it.each([
    ['one thousandth over with no tolerance', { received: 10_001, accepted: 10_001 }, 10_000, 10_000],
    [
      'one thousandth beyond the tolerance',
      { received: 10_501, accepted: 10_501, tolerancePercentBasisPoints: 500 },
      10_500,
      10_500,
    ],
    [
      'over after earlier receipts',
      { alreadyAccepted: 8_000, received: 3_000, accepted: 3_000, tolerancePercentBasisPoints: 500 },
      2_500,
      10_500,
    ],
    ['anything once the line is full', { alreadyAccepted: 10_000, received: 1, accepted: 1 }, 0, 10_000],
    // Never negative, even when earlier receipts somehow went past the limit.
    ['after an over-acceptance', { alreadyAccepted: 11_000, received: 1, accepted: 1 }, 0, 10_000],
    // 3.333 % of 1 unit is 33.33 thousandths, rounded down.
    [
      'with the limit rounded down',
      { ordered: 1_000, received: 1_034, accepted: 1_034, tolerancePercentBasisPoints: 333 },
      1_033,
      1_033,
    ],
  ])('refuses accepting %s', (_, overrides, maxAcceptable, limit) => {
    expect(checkReceiptLine(line(overrides))).toEqual({
      ok: false,
      problem: 'over_tolerance',
      maxAcceptable,
      limit,
    });
  });

  it.each([
    ['nothing received', { received: 0, accepted: 0 }, { problem: 'nothing_received' }],
    [
      'received ≠ accepted + rejected',
      { received: 10_000, accepted: 6_000, rejected: 3_000 },
      { problem: 'received_mismatch' },
    ],
    [
      'a negative rejection',
      { received: 10_000, accepted: 11_000, rejected: -1_000 },
      { problem: 'invalid_quantity', field: 'rejected' },
    ],
    [
      'a fraction of a thousandth',
      { received: 1.5, accepted: 1.5 },
      { problem: 'invalid_quantity', field: 'received' },
    ],
    [
      'a negative tolerance',
      { tolerancePercentBasisPoints: -1 },
      { problem: 'invalid_quantity', field: 'tolerancePercentBasisPoints' },
    ],
  ])('refuses %s', (_, overrides, problem) => {
    expect(checkReceiptLine(line(overrides))).toEqual({ ok: false, ...problem });
  });

  it('is exact for quantities past 2^53 / 10000', () => {
    const ordered = 900_000_000_000_000; // 9 × 10^14 thousandths
    expect(
      checkReceiptLine(
        line({ ordered, received: ordered + 1, accepted: ordered + 1, tolerancePercentBasisPoints: 0 }),
      ),
    ).toMatchObject({ ok: false, maxAcceptable: ordered });
    expect(
      checkReceiptLine(
        line({ ordered, received: ordered, accepted: ordered, tolerancePercentBasisPoints: 100 }),
      ),
    ).toEqual({ ok: true, acceptedTotal: ordered });
  });
});
