import { budgetOverrunMessage, message } from '@zabuni/contracts';
import { formatMinor, requisitionParties } from '@zabuni/domain';
import type { Executor, Tx } from '../../../../infra/database.ts';
import { AppError } from '../../../../infra/errors.ts';
import { recordedDecisions } from '../../../shared/approvals/index.ts';
import type { ApprovalAdapter, ApprovalSubject } from '../../../shared/approvals/index.ts';
import type { BudgetsService, RequisitionBudgetCheck } from '../../setup/budgets/index.ts';
import type { Clock } from '../../../../infra/clock.ts';
import type { NotificationsService } from '../../../shared/notifications/index.ts';
import { requisitionsRepository } from './requisitions.repository.ts';

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof requisitionsRepository>['find']>>>;
type Lines = Awaited<ReturnType<ReturnType<typeof requisitionsRepository>['lines']>>;

export const requisitionPath = (id: number) => `/app/p2p/requisitions/${id}`;

/** The requisition as the approval engine reads it (lines: for routing; absent in lists). */
export function requisitionSubject(found: Found, lines: Lines = []): ApprovalSubject {
  const r = found.requisition;
  return {
    id: r.id,
    organisationId: r.organisationId,
    pending: r.status === 'submitted',
    status: r.status,
    round: r.round,
    route: r.route,
    number: r.number,
    title: r.title,
    supplier: null,
    requester: { id: r.requesterUserId, name: `${found.requesterFirstName} ${found.requesterLastName}` },
    amountMinor: r.totalMinor,
    currency: r.currency,
    costCentreIds: [...new Set(lines.map((l) => String(l.line.departmentId)))],
    categoryIds: [...new Set(lines.map((l) => String(l.line.categoryId)))],
    parties: requisitionParties(r.requesterUserId),
    submittedAt: r.submittedAt,
    createdAt: r.createdAt,
  };
}

/**
 * The budget check at submission or final approval: `stop` refuses with the budget and shortfall named;
 * `warn` returns the over-budget budgets, whose consent (an exception step) the route then needs.
 */
export async function requisitionBudgetCheck(
  budgets: BudgetsService,
  tx: Executor,
  input: {
    organisationId: number;
    requisitionId: number;
    currency: string;
    at: Date;
    stage: 'proposed' | 'commit';
    lines: Lines;
  },
): Promise<{ warned: RequisitionBudgetCheck[] }> {
  const checks = await budgets.checkRequisition(tx, { ...input, lines: input.lines.map(({ line }) => line) });
  for (const { check } of checks) {
    if (check.outcome === 'currency_mismatch') {
      throw new AppError(
        'validation',
        message('requisition.currency_mismatch', {
          document_currency: check.documentCurrency,
          budget_currency: check.budgetCurrency,
        }),
      );
    }
    if (check.outcome === 'over' && check.action === 'stop') {
      throw new AppError(
        input.stage === 'proposed' ? 'validation' : 'conflict',
        budgetOverrunMessage(check.messageParts),
      );
    }
  }
  return { warned: checks.filter(({ check }) => check.outcome === 'over' && check.action === 'warn') };
}

/** How requisitions plug into the approval engine. */
export function requisitionApprovalAdapter({
  budgets,
  notifications,
  clock,
}: {
  budgets: BudgetsService;
  notifications: NotificationsService;
  clock: Clock;
}): ApprovalAdapter {
  const load = async (tx: Executor, organisationId: number, id: number) => {
    const repository = requisitionsRepository(tx);
    const found = await repository.find(organisationId, id);
    return found ? requisitionSubject(found, await repository.lines(id)) : null;
  };
  return {
    type: 'requisition',
    words: {
      notFound: 'requisition.not_found',
      ownDocument: 'requisition.own_document',
      notYourTurn: 'requisition.not_your_turn',
      alreadyDecided: 'approval.already_decided',
      finished: 'requisition.finished',
      conflict: 'requisition.conflict',
      unassignable: 'requisition.unassignable',
      overBudgetUnassignable: 'requisition.unassignable',
      commentRequired: 'requisition.comment_required',
    },
    kinds: ['approved', 'rejected', 'returned'],
    askTemplate: 'approval_requested',
    auditAction: (kind) => `requisition.${kind}`,
    path: requisitionPath,
    lock: (tx, organisationId, id) => requisitionsRepository(tx).lockForDecision(organisationId, id),
    load,
    async loadMany(tx, organisationId, ids) {
      return (await requisitionsRepository(tx).findMany(organisationId, ids)).map((found) =>
        requisitionSubject(found),
      );
    },
    async waiting(tx, organisationId) {
      const repository = requisitionsRepository(tx);
      const submitted = await repository.submittedWithRoutes(organisationId);
      const decisions = await repository.currentDecisions(submitted.map((r) => r.id));
      return submitted.flatMap((row) =>
        row.route
          ? [
              {
                id: row.id,
                route: row.route,
                parties: requisitionParties(row.requesterUserId),
                submittedAt: row.submittedAt,
                decisions: recordedDecisions(decisions.filter((d) => d.decision.requisitionId === row.id)),
              },
            ]
          : [],
      );
    },
    decisions: (tx, id, round) => requisitionsRepository(tx).decisions(id, round),
    async insertDecision(tx, subject, { round, recorded, userId, comment }) {
      await requisitionsRepository(tx).insertDecision({
        requisitionId: subject.id,
        round,
        stepIndex: recorded.stepIndex,
        slotIndex: recorded.slotIndex,
        userId,
        onBehalfOf: recorded.onBehalfOf.map(Number),
        decision: recorded.decision,
        comment,
      });
    },
    saveRoute: (tx, subject, route) =>
      requisitionsRepository(tx).updateWhere(subject.organisationId, subject.id, ['submitted'], { route }),
    async overBudgetAtApproval(tx: Tx, subject) {
      const { warned } = await requisitionBudgetCheck(budgets, tx, {
        organisationId: subject.organisationId,
        requisitionId: subject.id,
        currency: subject.currency,
        at: clock.now(),
        stage: 'commit',
        lines: await requisitionsRepository(tx).lines(subject.id),
      });
      return [...new Set(warned.map((w) => String(w.budget.departmentId)))];
    },
    async finish(tx, principal, subject, state, comment) {
      const changed = await requisitionsRepository(tx).updateWhere(
        subject.organisationId,
        subject.id,
        ['submitted'],
        { status: state },
      );
      if (!changed) return { changed, mailIds: [] };
      // The requester hears the outcome: approved, or rejected / returned with the approver's comment.
      const about = { reference: subject.number, title: subject.title };
      const mailIds = await notifications.announce(tx, {
        userIds: [subject.requester.id],
        organisationId: subject.organisationId,
        ...(state === 'approved'
          ? {
              template: 'requisition_approved',
              params: { ...about, amount: formatMinor(subject.amountMinor, subject.currency) },
            }
          : {
              template: `requisition_${state}`,
              params: { ...about, approver: `${principal.firstName} ${principal.lastName}`, reason: comment },
            }),
        path: requisitionPath(subject.id),
      });
      return { changed, mailIds };
    },
  };
}
