import { message, messageWith, type MessageKey } from '@zabuni/contracts';
import {
  canDecide,
  completableByDistinctPeople,
  workflowProgress,
  type DecisionRefusal,
  type SegregatedCheck,
  type SegregationContext,
  type SegregationRefusal,
  type RecordedDecision,
  type ResolvedRoute,
  type WorkflowDecisionKind,
} from '@zabuni/domain';
import { AppError } from '../../../infra/errors.ts';

/** A stored decision of any approvable document (requisition, purchase order, …). */
export interface StoredDecision {
  round: number;
  stepIndex: number;
  slotIndex: number;
  userId: number;
  onBehalfOf: number[];
  decision: WorkflowDecisionKind;
  comment: string;
  decidedAt: Date;
}

/** Stored decisions as the domain replays them. */
export const recordedDecisions = (rows: ReadonlyArray<{ decision: StoredDecision }>) =>
  rows.map(({ decision: d }): RecordedDecision => ({
    stepIndex: d.stepIndex,
    slotIndex: d.slotIndex,
    userId: String(d.userId),
    decision: d.decision,
    at: d.decidedAt,
    onBehalfOf: d.onBehalfOf.map(String),
  }));

/** The answer to each way a decision can be refused, in the document's own words. */
export const decisionRefusals = (messages: {
  ownDocument: MessageKey;
  notYourTurn: MessageKey;
  alreadyDecided: MessageKey;
  finished: MessageKey;
}): Record<DecisionRefusal, AppError> => ({
  own_document: new AppError('forbidden', messageWith(messages.ownDocument)),
  not_your_turn: new AppError('forbidden', messageWith(messages.notYourTurn)),
  already_decided: new AppError('conflict', messageWith(messages.alreadyDecided)),
  finished: new AppError('conflict', messageWith(messages.finished)),
});

/**
 * The answer to a segregation-of-duties refusal: 403 with the reason in the document's words. `raised`
 * keeps the document's own-document sentence (already translated on the web).
 */
export function segregationRefusalError(
  reason: SegregationRefusal,
  messages: { ownDocument: MessageKey; raisedSourceRequisition?: MessageKey },
): AppError {
  switch (reason) {
    case 'raised':
      return new AppError('forbidden', messageWith(messages.ownDocument));
    case 'raised_source_requisition':
      return new AppError('forbidden', messageWith(messages.raisedSourceRequisition ?? messages.ownDocument));
    case 'raised_order':
      return new AppError('forbidden', message('segregation.raised_order'));
    case 'entered_invoice':
      return new AppError('forbidden', message('segregation.entered_invoice'));
    case 'earlier_step':
      return new AppError('forbidden', message('segregation.earlier_step'));
  }
}

/** Throws the clear refusal when segregation of duties or the workflow refuses this decision. */
export function assertMayDecide(
  result: SegregatedCheck,
  refusals: Record<DecisionRefusal, AppError>,
  messages: { ownDocument: MessageKey; raisedSourceRequisition?: MessageKey },
): void {
  if (result.ok) return;
  if (result.reason in refusals) throw refusals[result.reason as DecisionRefusal];
  throw segregationRefusalError(result.reason as SegregationRefusal, messages);
}

/**
 * With the one-step switch on, a route whose steps cannot each go to a different person would strand the
 * document after its first steps: refused at submission, with the route in words.
 */
export function assertSeparable(
  route: ResolvedRoute,
  segregation: SegregationContext,
  described: () => string[],
): void {
  if (!segregation.policy.oneStepPerPerson || completableByDistinctPeople(route)) return;
  throw new AppError('validation', message('segregation.not_separable', { route: described().join('; ') }));
}

/** A document's approval as the API shows it: its route in words, where it stands, every decision. */
export function approvalView(input: {
  route: ResolvedRoute;
  round: number;
  decisions: ReadonlyArray<{ decision: StoredDecision; firstName: string; lastName: string }>;
  describedRoute: string[];
  userId: number;
  /** Who raised the document and the organisation's switches: `waiting_for_me` honours them. */
  segregation: SegregationContext;
}) {
  const progress = workflowProgress(
    input.route,
    recordedDecisions(input.decisions.filter((row) => row.decision.round === input.round)),
  );
  return {
    round: input.round,
    route: input.describedRoute,
    state: progress.state,
    current_step: progress.currentStepIndex === null ? null : progress.currentStepIndex + 1,
    waiting_for_me: canDecide(String(input.userId), progress, input.segregation).ok,
    decisions: input.decisions.map(({ decision: d, firstName, lastName }) => ({
      round: d.round,
      step: d.stepIndex + 1,
      user: { id: d.userId, name: `${firstName} ${lastName}` },
      decision: d.decision,
      comment: d.comment,
      decided_at: d.decidedAt.toISOString(),
    })),
  };
}
