/**
 * The purchase order's lifecycle (issue 7) and the rules of a goods receipt note (GRN) line.
 *
 *   draft → pending_approval → approved → sent → acknowledged | declined
 *         ↖ reject ↙                         ↘ (goods arrive) partially_received → received → closed
 *   cancelled: from draft, pending_approval, approved, sent, acknowledged or declined — never once anything
 *   has been received (received goods have to be paid for or sent back; the order then closes).
 *
 * Like the requisition, the service enforces the chosen move in SQL with `WHERE status = <from>`; zero rows
 * updated is a conflict. Quantities are integer thousandths (see money.ts).
 */

export const PO_STATUSES = [
  'draft',
  'pending_approval',
  'approved',
  'sent',
  'acknowledged',
  'declined',
  'partially_received',
  'received',
  'closed',
  'cancelled',
] as const;
export type PurchaseOrderStatus = (typeof PO_STATUSES)[number];

export const PO_ACTIONS = [
  'edit',
  'submit',
  'approve',
  'reject',
  'send',
  'acknowledge',
  'decline',
  'receive',
  'close',
  'cancel',
] as const;
export type PurchaseOrderAction = (typeof PO_ACTIONS)[number];

/** Who is acting, relative to the purchase order. */
export interface PurchaseOrderActor {
  /** A member of the buying organisation who may work on its purchase orders. */
  isBuyerStaff: boolean;
  /** A user of the supplier organisation the order is addressed to. */
  isSupplier: boolean;
  /** The approval workflow says this user may decide the order's current step. */
  canApprove: boolean;
}

export type PurchaseOrderRefusal = 'not_allowed_in_state' | 'not_permitted';

export type PurchaseOrderTransition =
  | { ok: true; from: PurchaseOrderStatus; to: PurchaseOrderStatus }
  | { ok: false; reason: PurchaseOrderRefusal };

/** How much of an order has been accepted on receipt, all lines together (see `receiptStatus`). */
export type ReceiptStatus = 'none' | 'partial' | 'full';

/** Which states each action starts from. Where it leads is decided in `purchaseOrderTransition`. */
const FROM: Record<PurchaseOrderAction, readonly PurchaseOrderStatus[]> = {
  edit: ['draft'],
  submit: ['draft'],
  approve: ['pending_approval'],
  // The approver returns the order to the buyer for changes; it is edited and submitted again.
  reject: ['pending_approval'],
  send: ['approved'],
  acknowledge: ['sent'],
  decline: ['sent'],
  // Goods may arrive before the supplier acknowledges in the portal: the delivery is acknowledgement enough.
  receive: ['sent', 'acknowledged', 'partially_received'],
  // Closing a partly received order short-closes it: the rest will not come, and its commitment is released.
  close: ['partially_received', 'received'],
  cancel: ['draft', 'pending_approval', 'approved', 'sent', 'acknowledged', 'declined'],
};

const SUPPLIER_ACTIONS: ReadonlySet<PurchaseOrderAction> = new Set(['acknowledge', 'decline']);
const APPROVER_ACTIONS: ReadonlySet<PurchaseOrderAction> = new Set(['approve', 'reject']);

/**
 * Decides one move. `acknowledge` and `decline` belong to the supplier; every other action to buyer staff,
 * and `approve`/`reject` (the approver's decision, final step of the workflow) also need `canApprove`.
 * `receive` needs `receipt`: the order's `receiptStatus` once the new goods receipt is counted — `full`
 * leads to `received`, `partial` to `partially_received`, and `none` (everything on the receipt was
 * rejected) leaves the order where it was.
 */
export function purchaseOrderTransition(input: {
  status: PurchaseOrderStatus;
  action: PurchaseOrderAction;
  actor: PurchaseOrderActor;
  receipt?: ReceiptStatus;
}): PurchaseOrderTransition {
  const { status, action, actor } = input;
  if (!FROM[action].includes(status)) return { ok: false, reason: 'not_allowed_in_state' };

  const permitted = SUPPLIER_ACTIONS.has(action)
    ? actor.isSupplier
    : actor.isBuyerStaff && (!APPROVER_ACTIONS.has(action) || actor.canApprove);
  if (!permitted) return { ok: false, reason: 'not_permitted' };

  return { ok: true, from: status, to: destination(status, action, input.receipt) };
}

function destination(
  status: PurchaseOrderStatus,
  action: PurchaseOrderAction,
  receipt: ReceiptStatus | undefined,
): PurchaseOrderStatus {
  switch (action) {
    case 'edit':
      return status;
    case 'submit':
      return 'pending_approval';
    case 'approve':
      return 'approved';
    case 'reject':
      return 'draft';
    case 'send':
      return 'sent';
    case 'acknowledge':
      return 'acknowledged';
    case 'decline':
      return 'declined';
    case 'close':
      return 'closed';
    case 'cancel':
      return 'cancelled';
    case 'receive':
      if (receipt === undefined) throw new RangeError('Receiving needs the order’s receipt status.');
      return receipt === 'full' ? 'received' : receipt === 'partial' ? 'partially_received' : status;
  }
}

/** The actions a screen may offer this actor (the server decides again when one is chosen). */
export function availablePurchaseOrderActions(
  status: PurchaseOrderStatus,
  actor: PurchaseOrderActor,
): PurchaseOrderAction[] {
  return PO_ACTIONS.filter(
    (action) => purchaseOrderTransition({ status, action, actor, receipt: 'partial' }).ok,
  );
}

/** States a purchase order never leaves. */
export const PO_TERMINAL: ReadonlySet<PurchaseOrderStatus> = new Set(['closed', 'cancelled']);

/**
 * How much of the order has been accepted, over all its lines and all its receipts: `none` when nothing
 * was accepted, `full` when every line has accepted at least its ordered quantity (over-delivery inside the
 * receipt tolerance counts as full), `partial` otherwise. Rejected quantities are not accepted. An order
 * without lines has received nothing.
 */
export function receiptStatus(
  lines: readonly { orderedThousandths: number; acceptedThousandths: number }[],
): ReceiptStatus {
  let anything = false;
  let everything = lines.length > 0;
  for (const line of lines) {
    if (line.acceptedThousandths > 0) anything = true;
    if (line.acceptedThousandths < line.orderedThousandths) everything = false;
  }
  if (!anything) return 'none';
  return everything ? 'full' : 'partial';
}

// ---------------------------------------------------------------------------------------------------------
// Goods receipt lines

/** One line of a goods receipt note, against one order line. Every figure is in thousandths. */
export interface ReceiptLineInput {
  /** Ordered on the purchase-order line. */
  ordered: number;
  /** Accepted on this order line by earlier receipts. */
  alreadyAccepted: number;
  /** Delivered with this receipt: accepted + rejected. */
  received: number;
  accepted: number;
  /** Sent back (with a reason, kept by the service); never counts as accepted. */
  rejected: number;
  /** Over-delivery the buyer accepts, in basis points of the ordered quantity (500 = 5 %); 0 = none. */
  tolerancePercentBasisPoints: number;
}

export type ReceiptLineProblem =
  | {
      problem: 'invalid_quantity';
      /** The first figure that is not a whole, non-negative number of thousandths. */
      field: keyof ReceiptLineInput;
    }
  | { problem: 'nothing_received' }
  | { problem: 'received_mismatch' }
  | {
      problem: 'over_tolerance';
      /** The most this receipt may still accept on the line (never negative). */
      maxAcceptable: number;
      /** The most the line may accept in total: ordered × (1 + tolerance), rounded down. */
      limit: number;
    };

export type ReceiptLineCheck = { ok: true; acceptedTotal: number } | ({ ok: false } & ReceiptLineProblem);

const RECEIPT_FIELDS = [
  'ordered',
  'alreadyAccepted',
  'received',
  'accepted',
  'rejected',
  'tolerancePercentBasisPoints',
] as const satisfies readonly (keyof ReceiptLineInput)[];

/**
 * Checks one GRN line. Received must be more than zero and equal accepted + rejected. What the line has
 * accepted in total (earlier receipts plus this one) may not exceed ordered × (1 + tolerance); the bound
 * is INCLUSIVE — accepting exactly the limit is allowed. The limit is rounded down to a whole thousandth,
 * so a tolerance never lets through more than it says. On success, `acceptedTotal` is the line's new total.
 */
export function checkReceiptLine(input: ReceiptLineInput): ReceiptLineCheck {
  for (const field of RECEIPT_FIELDS) {
    const value = input[field];
    if (!Number.isSafeInteger(value) || value < 0) return { ok: false, problem: 'invalid_quantity', field };
  }
  if (input.received === 0) return { ok: false, problem: 'nothing_received' };
  if (input.received !== input.accepted + input.rejected) return { ok: false, problem: 'received_mismatch' };

  const limit = withPercent(input.ordered, input.tolerancePercentBasisPoints);
  const acceptedTotal = input.alreadyAccepted + input.accepted;
  if (acceptedTotal > limit) {
    return {
      ok: false,
      problem: 'over_tolerance',
      maxAcceptable: Math.max(0, limit - input.alreadyAccepted),
      limit,
    };
  }
  return { ok: true, acceptedTotal };
}

/** quantity × (10000 + basisPoints) / 10000, rounded down, exact for any safe integers. */
function withPercent(quantity: number, basisPoints: number): number {
  const product = quantity * (10_000 + basisPoints);
  if (Number.isSafeInteger(product)) return (product - (product % 10_000)) / 10_000;
  return Number((BigInt(quantity) * BigInt(10_000 + basisPoints)) / 10_000n);
}
