import {
  BULK_APPROVAL_LIMIT,
  type BudgetCheckRequest,
  REQUISITION_DECISION_MESSAGES,
  SEGREGATION_MESSAGES,
  REQUISITION_MESSAGES,
  type RequisitionForm,
  type RequisitionOrdering,
  type RequisitionView,
} from '@zabuni/contracts';
import {
  canDecide,
  decide,
  decimalTextToMinor,
  formatMinor,
  lineAmountMinor,
  minorToDecimalText,
  quantityToThousandths,
  requisitionParties,
  requisitionTransition,
  thousandthsToQuantity,
  waitingDeciders,
  workflowProgress,
  type ResolvedRoute,
  type SegregationContext,
  type WorkflowProgress,
  type WorkflowDecisionKind,
  type RequisitionAction,
  type RequisitionStatus,
} from '@zabuni/domain';
import type { Principal } from '../../infra/auth.ts';
import type { Db, Executor } from '../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../infra/errors.ts';
import type { PageRequest } from '../../infra/pagination.ts';
import type { ApprovalWorkflowsService } from '../approval-workflows/approval-workflows.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import {
  approvalView,
  assertMayDecide,
  assertSeparable,
  decisionRefusals,
  overBudgetConsentStep,
  recordedDecisions,
} from '../approval-workflows/approval-decisions.ts';
import type { BudgetsService, RequisitionBudgetCheck } from '../budgets/budgets.service.ts';
import type { Clock } from '../../infra/clock.ts';
import { currentOrganisation } from '../../infra/tenancy.ts';
import type { NumberingService } from '../numbering/numbering.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { requisitionsRepository, type LineValues } from './requisitions.repository.ts';

const NOT_FOUND = 'Requisition not found.';
type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof requisitionsRepository>['find']>>>;

const DONE: Record<RequisitionAction, string> = {
  edit: 'changed',
  submit: 'submitted',
  approve: 'approved',
  reject: 'rejected',
  return: 'returned',
  cancel: 'cancelled',
  order: 'ordered',
};

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function summaryOf({ requisition: r, requesterFirstName, requesterLastName }: Found) {
  return {
    id: r.id,
    number: r.number,
    title: r.title,
    status: r.status,
    requester: { id: r.requesterUserId, name: `${requesterFirstName} ${requesterLastName}` },
    currency: r.currency,
    total: minorToDecimalText(r.totalMinor, r.currency),
    submitted_at: iso(r.submittedAt),
    created_at: r.createdAt.toISOString(),
  };
}

type Lines = Awaited<ReturnType<ReturnType<typeof requisitionsRepository>['lines']>>;

/** The requisition as approval routing reads it. */
const documentOf = (found: Found, lines: Lines, requesterId: number) => ({
  documentType: 'requisition' as const,
  amountMinor: found.requisition.totalMinor,
  currency: found.requisition.currency,
  requesterId: String(requesterId),
  costCentreIds: [...new Set(lines.map((l) => String(l.line.departmentId)))],
  categoryIds: [...new Set(lines.map((l) => String(l.line.categoryId)))],
});

/** Small enough to approve with others in one go (the inbox's bulk approval). */
const bulkApprovable = (r: { currency: string; totalMinor: number }) =>
  r.currency === BULK_APPROVAL_LIMIT.currency &&
  r.totalMinor <= decimalTextToMinor(BULK_APPROVAL_LIMIT.amount, BULK_APPROVAL_LIMIT.currency)!;

const shortfallOf = ({ check }: RequisitionBudgetCheck) =>
  check.outcome === 'over' ? check.shortfallMinor : 0;

/**
 * Issue 6 requisitions, first part: drafts with lines, changed by their requester while draft or returned,
 * and cancelled. Submission, approval and budget checks build on the workflow and budget rules.
 */
export function createRequisitionsService({
  db,
  audit,
  numbering,
  workflows,
  budgets,
  clock,
  notifications,
}: {
  db: Db;
  audit: AuditService;
  notifications: NotificationsService;
  numbering: NumberingService;
  workflows: ApprovalWorkflowsService;
  budgets: BudgetsService;
  clock: Clock;
}) {
  /**
   * The budget check at submission or final approval: `stop` refuses with the budget and shortfall named;
   * `warn` returns the over-budget departments, whose consent (an exception step) the route then needs.
   */
  async function budgetCheck(
    tx: Executor,
    organisationId: number,
    requisitionId: number,
    currency: string,
    stage: 'proposed' | 'commit',
    lines: Lines,
  ): Promise<{ warned: RequisitionBudgetCheck[] }> {
    const checks = await budgets.checkRequisition(tx, {
      organisationId,
      requisitionId,
      currency,
      at: clock.now(),
      stage,
      lines: lines.map(({ line }) => line),
    });
    for (const { check } of checks) {
      if (check.outcome === 'currency_mismatch') {
        throw new AppError(
          'validation',
          `This requisition is in ${check.documentCurrency}; its budget is kept in ${check.budgetCurrency}.`,
        );
      }
      if (check.outcome === 'over' && check.action === 'stop') {
        throw new AppError(stage === 'proposed' ? 'validation' : 'conflict', check.message);
      }
    }
    return { warned: checks.filter(({ check }) => check.outcome === 'over' && check.action === 'warn') };
  }

  /** Budget owners of the over-budget departments, or a budget exception approver, consent to overspend. */

  const REFUSAL = decisionRefusals(REQUISITION_DECISION_MESSAGES);
  const recorded = recordedDecisions;

  /** The lines as stored: amounts computed here, once, with the platform's one rounding rule. */
  async function linesOf(tx: Executor, organisationId: number, form: RequisitionForm): Promise<LineValues[]> {
    const repository = requisitionsRepository(tx);
    const departmentIds = [...new Set(form.lines.map((line) => line.department_id))];
    const known = await repository.departmentsAmong(organisationId, departmentIds);
    const categoryIds = [...new Set(form.lines.map((line) => line.category_id))];
    const categories = await repository.existingCategories(categoryIds);
    return form.lines.map((line, index) => {
      const department = known.find((d) => d.id === line.department_id);
      if (!department) throw fieldError('lines', `Line ${index + 1}: ${REQUISITION_MESSAGES.department}`);
      if (!department.active)
        throw fieldError('lines', `Line ${index + 1}: ${REQUISITION_MESSAGES.inactiveDepartment}`);
      if (!categories.includes(line.category_id)) {
        throw fieldError('lines', `Line ${index + 1}: ${REQUISITION_MESSAGES.category}`);
      }
      const unitPriceMinor = decimalTextToMinor(line.unit_price, form.currency);
      if (unitPriceMinor === null)
        throw fieldError('lines', `Line ${index + 1}: ${REQUISITION_MESSAGES.price}`);
      const quantityThousandths = quantityToThousandths(line.quantity)!;
      let amountMinor: number;
      try {
        amountMinor = lineAmountMinor(quantityThousandths, unitPriceMinor);
      } catch {
        throw fieldError('lines', `Line ${index + 1}: ${REQUISITION_MESSAGES.price}`);
      }
      return {
        lineNo: index + 1,
        description: line.description,
        categoryId: line.category_id,
        departmentId: line.department_id,
        quantityThousandths,
        unit: line.unit,
        unitPriceMinor,
        amountMinor,
        neededBy: line.needed_by ?? null,
      };
    });
  }

  const totalOf = (lines: LineValues[]) => {
    const total = lines.reduce((sum, line) => sum + line.amountMinor, 0);
    if (!Number.isSafeInteger(total)) throw fieldError('lines', REQUISITION_MESSAGES.price);
    return total;
  };

  /** Loads the requisition and lets the domain decide whether this caller may take this action now. */
  async function checkMove(tx: Executor, principal: Principal, id: number, action: RequisitionAction) {
    const organisationId = currentOrganisation(principal);
    const found = await requisitionsRepository(tx).find(organisationId, id);
    if (!found) throw notFound(NOT_FOUND);
    const status: RequisitionStatus = found.requisition.status;
    const decision = requisitionTransition({
      status,
      action,
      actor: {
        isRequester: found.requisition.requesterUserId === principal.userId,
        isCurrentApprover: false,
        canOrder: false,
      },
    });
    if (!decision.ok) {
      if (decision.reason === 'not_allowed_in_state') {
        throw new AppError(
          'conflict',
          REQUISITION_MESSAGES.notAllowed.replace('{action}', DONE[action]).replace('{status}', status),
        );
      }
      throw new AppError(
        'forbidden',
        action === 'edit' ? REQUISITION_MESSAGES.notEditable : REQUISITION_MESSAGES.notYours,
      );
    }
    return { organisationId, found, decision };
  }

  const pathOf = (id: number) => `/app/p2p/requisitions/${id}`;

  /** Segregation of duties for a requisition: its requester, and the organisation's switches. */
  const segregationOf = async (tx: Executor, found: Found): Promise<SegregationContext> => ({
    parties: requisitionParties(found.requisition.requesterUserId),
    policy: await workflows.policy(tx, found.requisition.organisationId),
  });

  /** Whoever can decide the step now waiting: asked by mail and in the app. */
  const askApprovers = (
    tx: Executor,
    found: Found,
    progress: WorkflowProgress,
    requesterName: string,
    segregation: SegregationContext,
  ) => {
    const r = found.requisition;
    return notifications.announce(tx, {
      userIds: waitingDeciders(progress, segregation).map(Number),
      organisationId: r.organisationId,
      template: 'approval_requested',
      params: {
        item: requesterName,
        reference: r.number,
        title: r.title,
        amount: formatMinor(r.totalMinor, r.currency),
      },
      path: pathOf(r.id),
    });
  };

  /** The requester hears the outcome: approved, or rejected / returned with the approver's comment. */
  const tellRequester = (
    tx: Executor,
    found: Found,
    outcome: 'approved' | 'rejected' | 'returned',
    by: string,
    comment: string,
  ) => {
    const r = found.requisition;
    return notifications.announce(tx, {
      userIds: [r.requesterUserId],
      organisationId: r.organisationId,
      template: `requisition_${outcome}`,
      params: {
        item: by,
        reference: r.number,
        title: r.title,
        amount: formatMinor(r.totalMinor, r.currency),
        reason: comment,
      },
      path: pathOf(r.id),
    });
  };

  return {
    async list(
      principal: Principal,
      filter: {
        status?: RequisitionStatus;
        mine?: boolean;
        search?: string;
        departmentId?: number;
        ordering?: RequisitionOrdering;
      },
      page: PageRequest,
    ) {
      const { count, rows } = await requisitionsRepository(db).list(
        currentOrganisation(principal),
        {
          status: filter.status,
          search: filter.search,
          departmentId: filter.departmentId,
          ordering: filter.ordering,
          requesterId: filter.mine ? principal.userId : undefined,
        },
        page.offset,
        page.pageSize,
      );
      return { count, results: rows.map(summaryOf) };
    },

    async get(principal: Principal, id: number): Promise<RequisitionView> {
      const repository = requisitionsRepository(db);
      const found = await repository.find(currentOrganisation(principal), id);
      if (!found) throw notFound(NOT_FOUND);
      const lines = await repository.lines(id);
      const currency = found.requisition.currency;
      const { route, round } = found.requisition;
      let approval: RequisitionView['approval'] = null;
      if (route) {
        const directory = await workflows.directory(db, found.requisition.organisationId);
        const live =
          found.requisition.status === 'submitted'
            ? (await workflows.delegationsNow(db, found.requisition.organisationId, clock.now()))(route)
            : route;
        approval = approvalView({
          route: live,
          round,
          decisions: await repository.decisions(id),
          describedRoute: workflows.describe(live, directory),
          userId: principal.userId,
          segregation: await segregationOf(db, found),
        });
      }
      return {
        ...summaryOf(found),
        approval,
        justification: found.requisition.justification,
        updated_at: found.requisition.updatedAt.toISOString(),
        lines: lines.map(({ line, orderedThousandths, categoryName, departmentCode, departmentName }) => ({
          id: line.id,
          line_no: line.lineNo,
          description: line.description,
          category: { id: line.categoryId, name: categoryName },
          department: { id: line.departmentId, code: departmentCode, name: departmentName },
          quantity: thousandthsToQuantity(line.quantityThousandths),
          unit: line.unit,
          unit_price: minorToDecimalText(line.unitPriceMinor, currency),
          amount: minorToDecimalText(line.amountMinor, currency),
          needed_by: line.neededBy,
          ordered_quantity: thousandthsToQuantity(orderedThousandths),
          remaining_quantity: thousandthsToQuantity(
            Math.max(0, line.quantityThousandths - orderedThousandths),
          ),
        })),
      };
    },

    /** A new draft, numbered at once (the number is what people quote while it is being prepared). */
    async create(principal: Principal, form: RequisitionForm, ip: string | null): Promise<RequisitionView> {
      const organisationId = currentOrganisation(principal);
      const id = await db.transaction(async (tx) => {
        const lines = await linesOf(tx, organisationId, form);
        const number = await numbering.next(tx, organisationId, 'requisition');
        const repository = requisitionsRepository(tx);
        const id = await repository.insert({
          organisationId,
          number,
          title: form.title,
          justification: form.justification,
          requesterUserId: principal.userId,
          currency: form.currency,
          totalMinor: totalOf(lines),
        });
        await repository.replaceLines(id, lines);
        await audit.record(tx, {
          action: 'requisition.created',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { requisition_id: id, number, total_minor: totalOf(lines), currency: form.currency },
        });
        return id;
      });
      return this.get(principal, id);
    },

    async update(principal: Principal, id: number, form: RequisitionForm, ip: string | null) {
      await db.transaction(async (tx) => {
        const { organisationId, decision } = await checkMove(tx, principal, id, 'edit');
        const lines = await linesOf(tx, organisationId, form);
        const repository = requisitionsRepository(tx);
        const changed = await repository.updateWhere(organisationId, id, [decision.from], {
          title: form.title,
          justification: form.justification,
          currency: form.currency,
          totalMinor: totalOf(lines),
        });
        if (!changed) throw new AppError('conflict', REQUISITION_MESSAGES.conflict);
        await repository.replaceLines(id, lines);
        await audit.record(tx, {
          action: 'requisition.updated',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { requisition_id: id, total_minor: totalOf(lines) },
        });
      });
      return this.get(principal, id);
    },

    /**
     * Sends a draft or returned requisition for approval: the route is resolved now (the first matching
     * rule, or the departments' budget owners) and refused when nobody but the requester could complete it.
     */
    async submit(principal: Principal, id: number, ip: string | null) {
      const mailIds = await db.transaction(async (tx) => {
        const { organisationId, found, decision } = await checkMove(tx, principal, id, 'submit');
        const repository = requisitionsRepository(tx);
        const lines = await repository.lines(id);
        const { warned } = await budgetCheck(
          tx,
          organisationId,
          id,
          found.requisition.currency,
          'proposed',
          lines,
        );
        const { rule, route, directory } = await workflows.routeFor(
          tx,
          organisationId,
          documentOf(found, lines, principal.userId),
          clock.now(),
          warned.length > 0 ? [overBudgetConsentStep(warned)] : [],
        );
        if (!route.assignable) {
          throw new AppError(
            'validation',
            REQUISITION_DECISION_MESSAGES.unassignable.replace(
              '{route}',
              workflows.describe(route, directory).join('; '),
            ),
          );
        }
        const segregation = await segregationOf(tx, found);
        assertSeparable(route, segregation, () => workflows.describe(route, directory));
        const changed = await repository.updateWhere(organisationId, id, [decision.from], {
          status: 'submitted',
          submittedAt: clock.now(),
          round: found.requisition.round + 1,
          route,
          workflowRuleId: rule?.id ?? null,
        });
        if (!changed) throw new AppError('conflict', REQUISITION_MESSAGES.conflict);
        await audit.record(tx, {
          action: 'requisition.submitted',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: {
            requisition_id: id,
            round: found.requisition.round + 1,
            rule_id: rule?.id ?? null,
            over_budget: warned.map((w) => ({ budget_id: w.budget.id, shortfall_minor: shortfallOf(w) })),
          },
        });
        return askApprovers(
          tx,
          found,
          workflowProgress(route, []),
          `${found.requesterFirstName} ${found.requesterLastName}`,
          segregation,
        );
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /**
     * An approver's decision on the current step. The requisition row is locked first, so two approvers
     * acting at the same moment are decided one after the other: the second sees the first's decision.
     */
    async decide(
      principal: Principal,
      id: number,
      kind: WorkflowDecisionKind,
      body: { comment?: string; step?: number },
      ip: string | null,
    ) {
      const organisationId = currentOrganisation(principal);
      const mailIds = await db.transaction(async (tx) => {
        const repository = requisitionsRepository(tx);
        if (!(await repository.lockForDecision(organisationId, id))) throw notFound(NOT_FOUND);
        const found = (await repository.find(organisationId, id))!;
        const { route: stored, round } = found.requisition;
        if (found.requisition.status !== 'submitted' || !stored) throw REFUSAL.finished;
        if (kind !== 'approved' && !body.comment?.trim()) {
          throw fieldError('comment', REQUISITION_DECISION_MESSAGES.commentRequired);
        }
        // Delegations that started after submission cover this waiting requisition too.
        const route = (await workflows.delegationsNow(tx, organisationId, clock.now()))(stored);
        const progress = workflowProgress(route, recorded(await repository.decisions(id, round)));
        const userId = String(principal.userId);
        const stepIndex = body.step === undefined ? (progress.currentStepIndex ?? -1) : body.step - 1;
        const segregation = await segregationOf(tx, found);
        assertMayDecide(canDecide(userId, progress, segregation, stepIndex), REFUSAL, {
          ownDocument: REQUISITION_DECISION_MESSAGES.ownDocument,
        });
        const result = decide(progress, { stepIndex, userId, decision: kind, at: clock.now() });
        if (!result.ok) throw REFUSAL[result.reason];
        // The route the decision was taken on is kept, so its replay always finds the decider.
        if (
          route !== stored &&
          !(await repository.updateWhere(organisationId, id, ['submitted'], { route }))
        ) {
          throw new AppError('conflict', REQUISITION_MESSAGES.conflict);
        }
        await repository.insertDecision({
          requisitionId: id,
          round,
          stepIndex: result.recorded.stepIndex,
          slotIndex: result.recorded.slotIndex,
          userId: principal.userId,
          onBehalfOf: result.recorded.onBehalfOf.map(Number),
          decision: kind,
          comment: body.comment?.trim() ?? '',
        });
        let state = result.progress.state;
        let next: { route: ResolvedRoute; progress: WorkflowProgress } = {
          route,
          progress: result.progress,
        };
        if (state === 'approved') {
          // The final approval commits the money: checked again against what others committed meanwhile.
          const lines = await repository.lines(id);
          const { warned } = await budgetCheck(
            tx,
            organisationId,
            id,
            found.requisition.currency,
            'commit',
            lines,
          );
          const consented = route.steps.some((step) => step.purpose === 'budget_exception');
          if (warned.length > 0 && !consented) {
            // Over budget only now: the budget's owner or an exception approver must consent before it is.
            const { route: extended, directory } = await workflows.routeFor(
              tx,
              organisationId,
              documentOf(found, lines, found.requisition.requesterUserId),
              clock.now(),
              [overBudgetConsentStep(warned)],
            );
            const added = extended.steps.at(-1)!;
            if (added.unassignable) {
              throw new AppError(
                'conflict',
                REQUISITION_DECISION_MESSAGES.unassignable.replace(
                  '{route}',
                  workflows.describe({ ...extended, steps: [added] }, directory).join('; '),
                ),
              );
            }
            const longer = { ...route, steps: [...route.steps, added] };
            await repository.updateWhere(organisationId, id, ['submitted'], { route: longer });
            state = 'in_progress';
            next = {
              route: longer,
              progress: workflowProgress(longer, recorded(await repository.decisions(id, round))),
            };
            // Segregation of duties: someone who has not decided another step must be able to consent.
            if (waitingDeciders(next.progress, segregation).length === 0) {
              throw new AppError('conflict', SEGREGATION_MESSAGES.noConsenter);
            }
          }
        }
        if (state !== 'in_progress') {
          const to = state === 'approved' ? 'approved' : state;
          if (!(await repository.updateWhere(organisationId, id, ['submitted'], { status: to }))) {
            throw new AppError('conflict', REQUISITION_MESSAGES.conflict);
          }
        }
        await audit.record(tx, {
          action: `requisition.${kind}` as const,
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: {
            requisition_id: id,
            round,
            step: result.recorded.stepIndex + 1,
            final: state !== 'in_progress',
            on_behalf_of: result.recorded.onBehalfOf,
            comment: body.comment?.trim() || null,
          },
        });
        const by = `${principal.firstName} ${principal.lastName}`;
        if (state !== 'in_progress') {
          return tellRequester(tx, found, state, by, body.comment?.trim() ?? '');
        }
        // A new step (or the budget exception just added) now waits: ask its approvers.
        const moved = next.progress.currentStepIndex !== progress.currentStepIndex || next.route !== route;
        return moved
          ? askApprovers(
              tx,
              found,
              next.progress,
              `${found.requesterFirstName} ${found.requesterLastName}`,
              segregation,
            )
          : [];
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /**
     * The live budget indicator: what these lines would charge, against each budget's figures today, as
     * the check at submission would see it. Nothing is stored.
     */
    async budgetPreview(principal: Principal, form: BudgetCheckRequest) {
      const organisationId = currentOrganisation(principal);
      return db.transaction(async (tx) => {
        const lines = await linesOf(tx, organisationId, { ...form, title: form.title || '-' });
        const departments = await requisitionsRepository(tx).departmentsAmong(organisationId, [
          ...new Set(lines.map((line) => line.departmentId)),
        ]);
        const departmentOf = (id: number) => {
          const d = departments.find((row) => row.id === id)!;
          return { id: d.id, code: d.code, name: d.name };
        };
        const checks = await budgets.checkRequisition(tx, {
          organisationId,
          requisitionId: form.requisition_id ?? 0,
          currency: form.currency,
          at: clock.now(),
          stage: 'proposed',
          lines,
        });
        const money = (minor: number) => minorToDecimalText(minor, form.currency);
        const charged = checks.map(({ budget, amountMinor, check, utilisation }) => {
          const figure = (value: number | undefined) =>
            utilisation && value !== undefined ? minorToDecimalText(value, utilisation.currency) : null;
          const over = check.outcome === 'over';
          return {
            budget_id: budget.id,
            label: budget.name,
            department: departmentOf(budget.departmentId),
            currency: utilisation?.currency ?? form.currency,
            amount: figure(utilisation?.amount),
            proposed: figure(utilisation?.proposed),
            committed: figure(utilisation?.committed),
            actual: figure(utilisation?.actual),
            available: figure(utilisation?.available),
            requested: money(amountMinor),
            shortfall: over ? money(check.shortfallMinor) : null,
            action: over ? check.action : null,
            outcome: over ? (`over_${check.action}` as const) : ('within' as const),
            message:
              check.outcome === 'currency_mismatch'
                ? `This requisition is in ${check.documentCurrency}; its budget is kept in ${check.budgetCurrency}.`
                : over
                  ? check.message
                  : null,
          };
        });
        const covered = new Set(checks.map((c) => c.budget.departmentId));
        const unbudgeted = new Map<number, number>();
        for (const line of lines) {
          const inBudget = checks.length > 0 && covered.has(line.departmentId);
          if (!inBudget)
            unbudgeted.set(line.departmentId, (unbudgeted.get(line.departmentId) ?? 0) + line.amountMinor);
        }
        const uncharged = [...unbudgeted].map(([departmentId, amountMinor]) => ({
          budget_id: null,
          label: departmentOf(departmentId).name,
          department: departmentOf(departmentId),
          currency: form.currency,
          amount: null,
          proposed: null,
          committed: null,
          actual: null,
          available: null,
          requested: money(amountMinor),
          shortfall: null,
          action: null,
          outcome: 'no_budget' as const,
          message: null,
        }));
        return { checks: [...charged, ...uncharged] };
      });
    },

    /**
     * Approves several small items at once, each in its own transaction with the usual checks: one that
     * fails (moved on, over budget, not small) does not stop the others.
     */
    async bulkApprove(
      principal: Principal,
      items: ReadonlyArray<{ id: number; step: number }>,
      ip: string | null,
    ) {
      const results = [];
      for (const item of items) {
        try {
          const found = await requisitionsRepository(db).find(currentOrganisation(principal), item.id);
          if (!found) throw notFound(NOT_FOUND);
          if (!bulkApprovable(found.requisition)) {
            throw new AppError('validation', REQUISITION_DECISION_MESSAGES.notSmall);
          }
          await this.decide(principal, item.id, 'approved', { step: item.step }, ip);
          results.push({ id: item.id, ok: true, detail: `${found.requisition.number} approved.` });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ id: item.id, ok: false, detail: error.message });
        }
      }
      return { results };
    },

    /** Everything waiting for the caller's decision, oldest submission first. */
    async inbox(principal: Principal, page: PageRequest) {
      const organisationId = currentOrganisation(principal);
      const repository = requisitionsRepository(db);
      const submitted = await repository.submittedWithRoutes(organisationId);
      const decisions = await repository.currentDecisions(submitted.map((r) => r.id));
      const userId = String(principal.userId);
      const live = await workflows.delegationsNow(db, organisationId, clock.now());
      const policy = await workflows.policy(db, organisationId);
      const waiting = submitted.flatMap((row) => {
        if (!row.route) return [];
        const mine = recorded(
          decisions
            .filter((d) => d.decision.requisitionId === row.id)
            .map((d) => ({ ...d, firstName: '', lastName: '' })),
        );
        const progress = workflowProgress(live(row.route), mine);
        // Only what the caller may decide: never their own, never a second step of the same round.
        const check = canDecide(userId, progress, {
          parties: requisitionParties(row.requesterUserId),
          policy,
        });
        return check.ok ? [{ id: row.id, step: check.stepIndex + 1 }] : [];
      });
      const pageOfIds = waiting.slice(page.offset, page.offset + page.pageSize);
      // One query for the page's summaries and one directory to name their routes: no query per row.
      const rows = await repository.findMany(
        organisationId,
        pageOfIds.map((item) => item.id),
      );
      const directory = pageOfIds.length > 0 ? await workflows.directory(db, organisationId) : null;
      const results = pageOfIds.flatMap((item) => {
        const found = rows.find((row) => row.requisition.id === item.id);
        if (!found || !directory) return [];
        return [
          {
            ...summaryOf(found),
            document_type: 'requisition' as const,
            step: item.step,
            route: found.requisition.route ? workflows.describe(found.requisition.route, directory) : [],
            bulk_approvable: bulkApprovable(found.requisition),
          },
        ];
      });
      return { count: waiting.length, results };
    },

    async cancel(principal: Principal, id: number, comment: string | undefined, ip: string | null) {
      await db.transaction(async (tx) => {
        const { organisationId, decision } = await checkMove(tx, principal, id, 'cancel');
        const changed = await requisitionsRepository(tx).updateWhere(organisationId, id, [decision.from], {
          status: decision.to,
        });
        if (!changed) throw new AppError('conflict', REQUISITION_MESSAGES.conflict);
        await audit.record(tx, {
          action: 'requisition.cancelled',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { requisition_id: id, from: decision.from, comment: comment ?? null },
        });
      });
      return this.get(principal, id);
    },
  };
}
export type RequisitionsService = ReturnType<typeof createRequisitionsService>;
