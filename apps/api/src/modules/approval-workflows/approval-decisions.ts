import {
  BUDGET_EXCEPTION_ROLE,
  canAct,
  workflowProgress,
  type DecisionRefusal,
  type RecordedDecision,
  type ResolvedRoute,
  type StepDefinition,
  type WorkflowDecisionKind,
} from '@zabuni/domain';
import { AppError } from '../../infra/errors.ts';

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
  ownDocument: string;
  notYourTurn: string;
  alreadyDecided: string;
  finished: string;
}): Record<DecisionRefusal, AppError> => ({
  own_document: new AppError('forbidden', messages.ownDocument),
  not_your_turn: new AppError('forbidden', messages.notYourTurn),
  already_decided: new AppError('conflict', messages.alreadyDecided),
  finished: new AppError('conflict', messages.finished),
});

/** A document's approval as the API shows it: its route in words, where it stands, every decision. */
export function approvalView(input: {
  route: ResolvedRoute;
  round: number;
  decisions: ReadonlyArray<{ decision: StoredDecision; firstName: string; lastName: string }>;
  describedRoute: string[];
  userId: number;
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
    waiting_for_me: canAct(String(input.userId), progress).ok,
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

/**
 * The step an over-budget document needs under `warn` (requisitions, purchase orders): any holder of the
 * budget exception role, or the owner of one of the over-budget cost centres, consents.
 */
export const overBudgetConsentStep = (
  warned: ReadonlyArray<{ budget: { departmentId: number } }>,
): StepDefinition => ({
  mode: 'any',
  purpose: 'budget_exception',
  approvers: [
    { kind: 'role', role: BUDGET_EXCEPTION_ROLE },
    { kind: 'budget_owner', costCentreIds: [...new Set(warned.map((w) => String(w.budget.departmentId)))] },
  ],
});
