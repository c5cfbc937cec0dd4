import { budgetOverrunMessage, message } from '@zabuni/contracts';
import { lineAmountMinor, purchaseOrderParties } from '@zabuni/domain';
import type { Clock } from '../../../../infra/clock.ts';
import type { Executor, Tx } from '../../../../infra/database.ts';
import { AppError } from '../../../../infra/errors.ts';
import { recordedDecisions } from '../../../shared/approvals/index.ts';
import type { ApprovalAdapter, ApprovalSubject } from '../../../shared/approvals/index.ts';
import type { BudgetsService } from '../../setup/budgets/index.ts';
import { purchaseOrdersRepository } from './purchase-orders.repository.ts';

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof purchaseOrdersRepository>['find']>>>;
type Lines = Awaited<ReturnType<ReturnType<typeof purchaseOrdersRepository>['lines']>>;

export const PURCHASE_ORDER_DECISION_MESSAGES = {
  notFound: 'purchase_order.not_found',
  ownDocument: 'purchase_order.own_document',
  raisedSourceRequisition: 'segregation.order_raised_source_requisition',
  notYourTurn: 'purchase_order.not_your_turn',
  alreadyDecided: 'approval.already_decided',
  finished: 'purchase_order.finished',
  conflict: 'purchase_order.conflict',
  unassignable: 'purchase_order.unassignable',
  overBudgetUnassignable: 'purchase_order.over_budget_unassignable',
  commentRequired: 'purchase_order.reason_required',
  notTaken: 'purchase_order.not_taken',
} satisfies ApprovalAdapter['words'];

export const purchaseOrderPath = (id: number) => `/app/p2p/purchase-orders/${id}`;

const sourceRequesters = (lines: Lines) =>
  lines.flatMap((l) => (l.requisitionRequesterId ? [l.requisitionRequesterId] : []));

/** The order as the approval engine reads it (lines: for routing and segregation; absent in lists). */
export function purchaseOrderSubject(found: Found, lines: Lines | null): ApprovalSubject {
  const o = found.order;
  return {
    id: o.id,
    organisationId: o.organisationId,
    pending: o.status === 'pending_approval',
    status: o.status,
    round: o.round,
    route: o.route,
    number: o.number,
    title: found.supplierName,
    supplier: { id: o.supplierId, name: found.supplierName },
    requester: { id: o.createdByUserId, name: `${found.creatorFirstName} ${found.creatorLastName}` },
    amountMinor: o.totalMinor,
    currency: o.currency,
    costCentreIds: [...new Set((lines ?? []).map(({ line }) => String(line.departmentId)))],
    categoryIds: [...new Set((lines ?? []).map(({ line }) => String(line.categoryId)))],
    parties: purchaseOrderParties({
      raisedBy: o.createdByUserId,
      sourceRequesterIds: sourceRequesters(lines ?? []),
    }),
    submittedAt: o.submittedAt,
    createdAt: o.createdAt,
  };
}

/** What the lines' approved requisitions still commit for the quantities this order takes over. */
async function requisitionCommitted(tx: Executor, organisationId: number, id: number, lines: Lines) {
  const sources = await purchaseOrdersRepository(tx).requisitionLinesAmong(
    organisationId,
    lines.flatMap(({ line }) => (line.requisitionLineId ? [line.requisitionLineId] : [])),
    id,
  );
  return lines.map(({ line }) => {
    const source = sources.find((s) => s.line.id === line.requisitionLineId);
    if (!source || source.requisitionStatus !== 'approved') return 0;
    return Math.min(
      source.line.amountMinor,
      lineAmountMinor(line.quantityThousandths, source.line.unitPriceMinor),
    );
  });
}

/**
 * The budget check at an order's approval: its net lines, less what their approved requisitions still
 * commit. Read by the approval (which refuses a `stop` overrun) and by the order's detail, so the approver
 * sees the same figures before deciding.
 */
export async function purchaseOrderBudgetChecks(
  budgets: BudgetsService,
  tx: Executor,
  subject: { id: number; organisationId: number; currency: string },
  at: Date,
) {
  const lines = await purchaseOrdersRepository(tx).lines(subject.id);
  const committed = await requisitionCommitted(tx, subject.organisationId, subject.id, lines);
  return budgets.checkPurchaseOrder(tx, {
    organisationId: subject.organisationId,
    purchaseOrderId: subject.id,
    currency: subject.currency,
    at,
    lines: lines.map(({ line }, index) => ({
      departmentId: line.departmentId,
      categoryId: line.categoryId,
      amountMinor: line.netMinor,
      requisitionCommittedMinor: committed[index]!,
    })),
  });
}

/**
 * How purchase orders plug into the approval engine. The final approval runs the budget check at the
 * purchase-order check point, then marks the requisitions the order fully takes as ordered; a rejection
 * sends the order back to its buyer as a draft.
 */
export function purchaseOrderApprovalAdapter({
  budgets,
  clock,
}: {
  budgets: BudgetsService;
  clock: Clock;
}): ApprovalAdapter {
  return {
    type: 'purchase_order',
    words: PURCHASE_ORDER_DECISION_MESSAGES,
    kinds: ['approved', 'rejected'],
    askTemplate: 'purchase_order_approval_requested',
    auditAction: (kind) => (kind === 'approved' ? 'purchase_order.approved' : 'purchase_order.rejected'),
    path: purchaseOrderPath,
    lock: (tx, organisationId, id) => purchaseOrdersRepository(tx).lock(organisationId, id),
    async load(tx, organisationId, id) {
      const repository = purchaseOrdersRepository(tx);
      const found = await repository.find(organisationId, id);
      return found ? purchaseOrderSubject(found, await repository.lines(id)) : null;
    },
    async loadMany(tx, organisationId, ids) {
      return (await purchaseOrdersRepository(tx).findMany(organisationId, ids)).map((found) =>
        purchaseOrderSubject(found, null),
      );
    },
    async waiting(tx, organisationId) {
      const repository = purchaseOrdersRepository(tx);
      const pending = await repository.pendingWithRoutes(organisationId);
      const decisions = await repository.currentDecisions(pending.map((o) => o.id));
      return pending.flatMap((row) =>
        row.route
          ? [
              {
                id: row.id,
                route: row.route,
                parties: purchaseOrderParties({
                  raisedBy: row.createdByUserId,
                  sourceRequesterIds: row.sourceRequesterIds ?? [],
                }),
                submittedAt: row.submittedAt,
                decisions: recordedDecisions(decisions.filter((d) => d.decision.purchaseOrderId === row.id)),
              },
            ]
          : [],
      );
    },
    decisions: (tx, id, round) => purchaseOrdersRepository(tx).decisions(id, round),
    async insertDecision(tx, subject, { round, recorded, userId, comment }) {
      await purchaseOrdersRepository(tx).insertDecision({
        purchaseOrderId: subject.id,
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
      purchaseOrdersRepository(tx).updateWhere(subject.organisationId, subject.id, ['pending_approval'], {
        route,
      }),
    async overBudgetAtApproval(tx: Tx, subject) {
      const checks = await purchaseOrderBudgetChecks(budgets, tx, subject, clock.now());
      for (const { check } of checks) {
        if (check.outcome === 'currency_mismatch') {
          throw new AppError(
            'conflict',
            message('purchase_order.currency_mismatch', {
              document_currency: check.documentCurrency,
              budget_currency: check.budgetCurrency,
            }),
          );
        }
        if (check.outcome === 'over' && check.action === 'stop')
          throw new AppError('conflict', budgetOverrunMessage(check.messageParts));
      }
      return [
        ...new Set(
          checks
            .filter(({ check }) => check.outcome === 'over' && check.action === 'warn')
            .map(({ budget }) => String(budget.departmentId)),
        ),
      ];
    },
    async finish(tx, _principal, subject, state) {
      const repository = purchaseOrdersRepository(tx);
      if (state !== 'approved') {
        // Rejected: back to its buyer as a draft, to change and submit again.
        const changed = await repository.updateWhere(
          subject.organisationId,
          subject.id,
          ['pending_approval'],
          {
            status: 'draft',
          },
        );
        return { changed, mailIds: [] };
      }
      const changed = await repository.updateWhere(subject.organisationId, subject.id, ['pending_approval'], {
        status: 'approved',
        approvedAt: clock.now(),
      });
      if (!changed) return { changed, mailIds: [] };
      const lines = await repository.lines(subject.id);
      const requisitionIds = [...new Set(lines.flatMap((l) => (l.requisitionId ? [l.requisitionId] : [])))];
      await repository.markRequisitionsOrdered(await repository.fullyOrderedRequisitions(requisitionIds));
      return { changed, mailIds: [] };
    },
  };
}
