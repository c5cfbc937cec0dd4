/**
 * The request for quotations' lifecycle (issue 20).
 *
 *   draft → pending_approval → published ──(closing time passes)──► [closed] → opened → award_pending → awarded
 *         ↖ reject ↙            │ addendum (stays published)                        ↖ award rejected ↙
 *   cancelled: from draft, pending_approval, published (before opening) or opened — never once awarded.
 *
 * "Closed" is not stored: a published RFQ is closed when its closing instant has passed (`rfqPhase`), so a
 * quote is refused at the exact closing instant whatever a job did or did not do. Opening needs the
 * committee's quorum and happens only at or after closing. Every stored move is enforced in SQL with
 * `WHERE status = <from>`; zero rows updated is a conflict.
 */

export const RFQ_STATUSES = [
  'draft',
  'pending_approval',
  'published',
  'opened',
  'award_pending',
  'awarded',
  'cancelled',
] as const;
export type RfqStatus = (typeof RFQ_STATUSES)[number];

/** What a caller sees: the stored status, with `closed` for a published RFQ past its closing instant. */
export const RFQ_PHASES = [...RFQ_STATUSES, 'closed'] as const;
export type RfqPhase = (typeof RFQ_PHASES)[number];

export const RFQ_ACTIONS = [
  'edit',
  'publish',
  'approve_publication',
  'reject_publication',
  'addendum',
  'answer_question',
  'quote',
  'confirm_opening',
  'award',
  'approve_award',
  'reject_award',
  'cancel',
] as const;
export type RfqAction = (typeof RFQ_ACTIONS)[number];

export type RfqRefusal = 'not_allowed_in_state' | 'before_closing' | 'after_closing';

export type RfqTransition = { ok: true; from: RfqStatus; to: RfqStatus } | { ok: false; reason: RfqRefusal };

/** The phase shown to people: a published RFQ whose closing instant has come is closed. */
export function rfqPhase(status: RfqStatus, closingAt: Date, now: Date): RfqPhase {
  return status === 'published' && now.getTime() >= closingAt.getTime() ? 'closed' : status;
}

const MOVES: Record<RfqAction, { from: readonly RfqStatus[]; to: RfqStatus | 'same' }> = {
  edit: { from: ['draft'], to: 'same' },
  // Publishing goes straight to published when no workflow rule applies (the service decides which).
  publish: { from: ['draft'], to: 'published' },
  approve_publication: { from: ['pending_approval'], to: 'published' },
  reject_publication: { from: ['pending_approval'], to: 'draft' },
  addendum: { from: ['published'], to: 'same' },
  answer_question: { from: ['published'], to: 'same' },
  quote: { from: ['published'], to: 'same' },
  confirm_opening: { from: ['published'], to: 'same' },
  award: { from: ['opened'], to: 'awarded' },
  approve_award: { from: ['award_pending'], to: 'awarded' },
  reject_award: { from: ['award_pending'], to: 'opened' },
  cancel: { from: ['draft', 'pending_approval', 'published', 'opened'], to: 'cancelled' },
};

/** Actions that only make sense before the closing instant, and those only at or after it. */
const BEFORE_CLOSING: readonly RfqAction[] = ['addendum', 'answer_question', 'quote'];
const AFTER_CLOSING: readonly RfqAction[] = ['confirm_opening'];

/**
 * The move an action makes from a stored status at `now`, or why it is refused: wrong state, a quote or an
 * addendum after closing, an opening confirmation before closing.
 */
export function rfqTransition(input: {
  status: RfqStatus;
  action: RfqAction;
  closingAt: Date;
  now: Date;
}): RfqTransition {
  const move = MOVES[input.action];
  if (!move.from.includes(input.status)) return { ok: false, reason: 'not_allowed_in_state' };
  const closed = input.now.getTime() >= input.closingAt.getTime();
  if (BEFORE_CLOSING.includes(input.action) && closed) return { ok: false, reason: 'after_closing' };
  if (AFTER_CLOSING.includes(input.action) && !closed) return { ok: false, reason: 'before_closing' };
  return { ok: true, from: input.status, to: move.to === 'same' ? input.status : move.to };
}

/**
 * The opening committee named at creation: at least two distinct members (so never the RFQ's creator alone;
 * the creator may sit on it with others), and a quorum between two and the committee's size, so no single
 * person can open. Returns the problem, or null when the committee holds.
 */
export function committeeProblem(input: {
  memberIds: readonly number[];
  quorum: number;
}): 'too_few' | 'duplicate' | 'quorum' | null {
  const distinct = new Set(input.memberIds);
  if (distinct.size !== input.memberIds.length) return 'duplicate';
  if (distinct.size < 2) return 'too_few';
  // A quorum of at least two distinct members always needs more than one person, the creator included.
  if (!Number.isInteger(input.quorum) || input.quorum < 2 || input.quorum > distinct.size) return 'quorum';
  return null;
}

/** An addendum that changes the lines must leave suppliers time: the closing moves at least this far. */
export const ADDENDUM_MIN_EXTENSION_HOURS = 72;

/**
 * The closing instant after an addendum. Changing the lines extends the closing to at least
 * `ADDENDUM_MIN_EXTENSION_HOURS` from now (or later if the buyer chose a later one); an addendum that only
 * clarifies keeps the closing unless the buyer moves it later. A closing can never move earlier.
 */
export function closingAfterAddendum(input: {
  closingAt: Date;
  now: Date;
  changesLines: boolean;
  requestedClosingAt: Date | null;
}): Date {
  const candidates = [input.closingAt.getTime()];
  if (input.requestedClosingAt) candidates.push(input.requestedClosingAt.getTime());
  if (input.changesLines) candidates.push(input.now.getTime() + ADDENDUM_MIN_EXTENSION_HOURS * 3_600_000);
  return new Date(Math.max(...candidates));
}
