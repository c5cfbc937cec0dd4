/**
 * The requisition's lifecycle (issue 6): who may move it from which state to which, and what each move
 * asks of the caller. The service enforces the chosen move in SQL with `WHERE status = <from>`; zero rows
 * updated is a conflict, so two approvers acting at once cannot both succeed.
 */

export const REQUISITION_STATUSES = [
  'draft',
  'submitted',
  'approved',
  'rejected',
  'returned',
  'ordered',
  'cancelled',
] as const;
export type RequisitionStatus = (typeof REQUISITION_STATUSES)[number];

export const REQUISITION_ACTIONS = [
  'edit',
  'submit',
  'approve',
  'reject',
  'return',
  'cancel',
  'order',
] as const;
export type RequisitionAction = (typeof REQUISITION_ACTIONS)[number];

/** Who is acting, relative to the requisition. Approver rights come from the workflow, not from here. */
export interface RequisitionActor {
  isRequester: boolean;
  /** The workflow says this user may decide the current step (already checked for separation of duties). */
  isCurrentApprover: boolean;
  /** Buyers turn approved requisitions into purchase orders (issue 7). */
  canOrder: boolean;
}

export type RequisitionRefusal =
  | { reason: 'not_allowed_in_state'; status: RequisitionStatus; action: RequisitionAction }
  | { reason: 'not_the_requester' }
  | { reason: 'not_an_approver' }
  | { reason: 'own_document' }
  | { reason: 'comment_required' };

export type RequisitionTransition =
  | {
      ok: true;
      from: RequisitionStatus;
      /** Where the requisition goes; `approve` stays `submitted` until the workflow's last step approves. */
      to: RequisitionStatus;
      /** Budget check to run before committing the move (submission: proposed; final approval: commit). */
      budgetCheck: 'proposed' | 'commit' | null;
    }
  | ({ ok: false } & RequisitionRefusal);

/** Which states each action starts from, and where it leads. */
const MOVES: Record<RequisitionAction, { from: readonly RequisitionStatus[]; to: RequisitionStatus | null }> =
  {
    // Returned documents are edited and resubmitted by their requester; nothing else is editable.
    edit: { from: ['draft', 'returned'], to: null },
    submit: { from: ['draft', 'returned'], to: 'submitted' },
    approve: { from: ['submitted'], to: 'approved' },
    reject: { from: ['submitted'], to: 'rejected' },
    return: { from: ['submitted'], to: 'returned' },
    // A requester withdraws what nobody has decided on yet, or an approved requisition not yet ordered.
    cancel: { from: ['draft', 'submitted', 'returned', 'approved'], to: 'cancelled' },
    order: { from: ['approved'], to: 'ordered' },
  };

const REQUIRES_COMMENT: ReadonlySet<RequisitionAction> = new Set(['reject', 'return']);

/**
 * Decides one move. `finalApproval` says whether this approval completes the workflow (the workflow's
 * progress decides that); an approval that does not leaves the requisition `submitted`.
 */
export function requisitionTransition(input: {
  status: RequisitionStatus;
  action: RequisitionAction;
  actor: RequisitionActor;
  comment?: string | null;
  finalApproval?: boolean;
}): RequisitionTransition {
  const { status, action, actor } = input;
  const move = MOVES[action];
  if (!move.from.includes(status)) return { ok: false, reason: 'not_allowed_in_state', status, action };

  switch (action) {
    case 'edit':
    case 'submit':
    case 'cancel':
      if (!actor.isRequester) return { ok: false, reason: 'not_the_requester' };
      break;
    case 'approve':
    case 'reject':
    case 'return':
      // Separation of duties: even an approver of the step may not decide on their own requisition.
      if (actor.isRequester) return { ok: false, reason: 'own_document' };
      if (!actor.isCurrentApprover) return { ok: false, reason: 'not_an_approver' };
      break;
    case 'order':
      if (!actor.canOrder) return { ok: false, reason: 'not_an_approver' };
      break;
  }
  if (REQUIRES_COMMENT.has(action) && !input.comment?.trim()) {
    return { ok: false, reason: 'comment_required' };
  }

  if (action === 'edit') return { ok: true, from: status, to: status, budgetCheck: null };
  if (action === 'approve') {
    const final = input.finalApproval ?? false;
    return {
      ok: true,
      from: status,
      to: final ? 'approved' : 'submitted',
      budgetCheck: final ? 'commit' : null,
    };
  }
  return {
    ok: true,
    from: status,
    to: move.to!,
    budgetCheck: action === 'submit' ? 'proposed' : null,
  };
}

/** The actions a screen may offer this actor (the server decides again when one is chosen). */
export function availableRequisitionActions(
  status: RequisitionStatus,
  actor: RequisitionActor,
): RequisitionAction[] {
  return REQUISITION_ACTIONS.filter(
    (action) => requisitionTransition({ status, action, actor, comment: 'x', finalApproval: true }).ok,
  );
}

/** States a requisition never leaves. */
export const REQUISITION_TERMINAL: ReadonlySet<RequisitionStatus> = new Set([
  'rejected',
  'ordered',
  'cancelled',
]);

/**
 * Document numbers such as `REQ-2026-00042`: a prefix per document type, the year the number was issued
 * in, and a sequence per organisation, type and year, zero-padded to five digits (longer when it outgrows
 * them). The sequence itself is taken in the database, gap-free (a counter row updated in the document's
 * own transaction, so a rolled-back document gives its number back).
 */
export const DOCUMENT_PREFIXES = {
  requisition: 'REQ',
  purchase_order: 'PO',
  goods_receipt: 'GRN',
  invoice: 'INV',
  rfq: 'RFQ',
  contract: 'CTR',
  tender: 'TND',
} as const;
export type NumberedDocument = keyof typeof DOCUMENT_PREFIXES;

export function formatDocumentNumber(type: NumberedDocument, year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`A document sequence starts at 1 (got ${sequence}).`);
  }
  if (!Number.isInteger(year) || year < 1000 || year > 9999) {
    throw new RangeError(`A document year has four digits (got ${year}).`);
  }
  return `${DOCUMENT_PREFIXES[type]}-${year}-${String(sequence).padStart(5, '0')}`;
}

export function parseDocumentNumber(
  text: string,
): { type: NumberedDocument; year: number; sequence: number } | null {
  const match = /^([A-Z]+)-(\d{4})-(\d{5,})$/.exec(text.trim());
  if (!match) return null;
  const type = (Object.keys(DOCUMENT_PREFIXES) as NumberedDocument[]).find(
    (key) => DOCUMENT_PREFIXES[key] === match[1],
  );
  const sequence = Number(match[3]);
  if (!type || !Number.isSafeInteger(sequence) || sequence < 1) return null;
  return { type, year: Number(match[2]), sequence };
}
