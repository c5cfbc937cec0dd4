/**
 * Segregation of duties (issue 13, point 2): the rules a bank's internal auditor checks on every approval,
 * whatever the document (requisition, purchase order, invoice, and next contracts, awards, risk
 * acceptances). Pure: the service says who took part in raising the document and which decisions were
 * taken in the current round; these functions say whether a person may decide it.
 *
 * 1. Nobody decides a document they took part in raising: its requester, and for an order or invoice the
 *    people who raised the requisitions it was made from, the buyer who raised the order, the finance
 *    person who entered the invoice.
 * 2. One person decides at most one step of a document in the same approval round, unless the
 *    organisation switches this off.
 * 3. A delegate stands in only with a role that may decide the step; someone who only requests is never
 *    a delegate.
 */

/** How someone took part in raising a document; each bars them from deciding it. */
export const DOCUMENT_PARTS = [
  'raised',
  'raised_source_requisition',
  'raised_order',
  'entered_invoice',
] as const;
export type DocumentPart = (typeof DOCUMENT_PARTS)[number];

export interface DocumentParty {
  userId: string;
  part: DocumentPart;
}

export type SegregationRefusal = DocumentPart | 'earlier_step';

/** The organisation's switches. */
export interface SegregationPolicy {
  /** One person decides at most one step of the same document in the same round. */
  oneStepPerPerson: boolean;
}

export const DEFAULT_SEGREGATION_POLICY: SegregationPolicy = { oneStepPerPerson: true };

const parties = (part: DocumentPart, ids: readonly (string | number | null | undefined)[]) =>
  ids.flatMap((id): DocumentParty[] =>
    id === null || id === undefined ? [] : [{ userId: String(id), part }],
  );

/** A requisition: its requester. */
export function requisitionParties(requesterId: string | number): DocumentParty[] {
  return parties('raised', [requesterId]);
}

/** A purchase order: the buyer who raised it, and the requesters of the requisitions it orders. */
export function purchaseOrderParties(order: {
  raisedBy: string | number;
  sourceRequesterIds: readonly (string | number)[];
}): DocumentParty[] {
  return [
    ...parties('raised', [order.raisedBy]),
    ...parties('raised_source_requisition', order.sourceRequesterIds),
  ];
}

/**
 * An invoice: the requesters of the requisitions its order was made from, the buyer who raised the order,
 * and whoever entered it on the buyer's side (`enteredBy` null when the supplier sent it from the portal).
 */
export function invoiceParties(invoice: {
  orderRaisedBy: string | number;
  sourceRequesterIds: readonly (string | number)[];
  enteredBy: string | number | null;
}): DocumentParty[] {
  return [
    ...parties('entered_invoice', [invoice.enteredBy]),
    ...parties('raised_order', [invoice.orderRaisedBy]),
    ...parties('raised_source_requisition', invoice.sourceRequesterIds),
  ];
}

/** How this person took part in raising the document (the first, in DOCUMENT_PARTS order), or null. */
export function conflictOfInterest(userId: string, of: readonly DocumentParty[]): DocumentPart | null {
  const mine = new Set(of.filter((party) => party.userId === userId).map((party) => party.part));
  return DOCUMENT_PARTS.find((part) => mine.has(part)) ?? null;
}

/** Everyone barred from deciding the document, once each. */
export function barredFromDeciding(of: readonly DocumentParty[]): string[] {
  return [...new Set(of.map((party) => party.userId))];
}

/** A decision of the current round, as far as these rules need it. */
export interface StepDecision {
  stepIndex: number;
  userId: string;
}

/** Has this person already decided a step of this round other than `stepIndex`? */
export function decidedAnotherStep(
  userId: string,
  decisions: readonly StepDecision[],
  stepIndex: number,
): boolean {
  return decisions.some((decision) => decision.userId === userId && decision.stepIndex !== stepIndex);
}

/**
 * Why this person may not decide step `stepIndex` of the document, or null when segregation of duties
 * allows it (the workflow still decides whether it is their turn).
 */
export function segregationRefusal(
  userId: string,
  context: {
    parties: readonly DocumentParty[];
    decisions: readonly StepDecision[];
    stepIndex: number;
    policy: SegregationPolicy;
  },
): SegregationRefusal | null {
  const conflict = conflictOfInterest(userId, context.parties);
  if (conflict) return conflict;
  if (context.policy.oneStepPerPerson && decidedAnotherStep(userId, context.decisions, context.stepIndex)) {
    return 'earlier_step';
  }
  return null;
}

/** Roles whose holders decide documents; a delegate must hold one that may decide the step. */
export const DECIDING_ROLES = ['approver', 'budget_owner', 'budget_exception_approver', 'finance'] as const;

/** A step's slot as these rules read it (the approval workflow's ApproverDefinition). */
export type SlotAuthority = { kind: 'role'; role: string } | { kind: 'user' } | { kind: 'budget_owner' };

/**
 * The roles that may decide a slot: the slot's role itself, or for a named person or a budget owner any
 * deciding role (they approve in their own name, a delegate needs approval authority of their own).
 */
export function rolesThatMayDecide(slot: SlotAuthority): readonly string[] {
  return slot.kind === 'role' ? [slot.role] : DECIDING_ROLES;
}

/** May a delegate holding these roles stand in for an absent holder of this slot? */
export function mayStandIn(slot: SlotAuthority, delegateRoles: readonly string[]): boolean {
  const allowed = rolesThatMayDecide(slot);
  return delegateRoles.some((role) => allowed.includes(role));
}

/** May someone holding these roles be chosen as a delegate at all (i.e. they do more than request)? */
export function mayBeDelegate(roles: readonly string[]): boolean {
  return roles.some((role) => (DECIDING_ROLES as readonly string[]).includes(role));
}
