import {
  type BudgetCheckRequest,
  message,
  type RequisitionForm,
  type RequisitionOrdering,
  type RequisitionView,
} from '@zabuni/contracts';
import {
  availableRequisitionActions,
  decimalTextToMinor,
  hasRole,
  lineAmountMinor,
  minorToDecimalText,
  quantityToThousandths,
  requisitionTransition,
  thousandthsToQuantity,
  type WorkflowDecisionKind,
  type RequisitionAction,
  type RequisitionStatus,
} from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Db, Executor } from '../../../../infra/database.ts';
import { AppError, fieldError, lineError, notFound } from '../../../../infra/errors.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import type { ApprovalsService } from '../../../shared/approvals/index.ts';
import type { AuditService } from '../../../shared/audit/index.ts';
import type { BudgetsService, RequisitionBudgetCheck } from '../../setup/budgets/index.ts';
import type { Clock } from '../../../../infra/clock.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import type { NumberingService } from '../../../shared/numbering/index.ts';
import type { NotificationsService } from '../../../shared/notifications/index.ts';
import { PROCUREMENT_ROLES } from '../purchase-orders/index.ts';
import { requisitionBudgetCheck, requisitionSubject } from './requisitions.approval.ts';
import { requisitionsRepository, type LineValues } from './requisitions.repository.ts';

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
  approvals,
  budgets,
  clock,
  notifications,
}: {
  db: Db;
  audit: AuditService;
  notifications: NotificationsService;
  numbering: NumberingService;
  /** The approval engine: routes, decisions, the inbox (requisitions plug in with requisitions.approval.ts). */
  approvals: ApprovalsService;
  budgets: BudgetsService;
  clock: Clock;
}) {
  /** The lines as stored: amounts computed here, once, with the platform's one rounding rule. */
  async function linesOf(tx: Executor, organisationId: number, form: RequisitionForm): Promise<LineValues[]> {
    const repository = requisitionsRepository(tx);
    const departmentIds = [...new Set(form.lines.map((line) => line.department_id))];
    const known = await repository.departmentsAmong(organisationId, departmentIds);
    const categoryIds = [...new Set(form.lines.map((line) => line.category_id))];
    const categories = await repository.existingCategories(categoryIds);
    return form.lines.map((line, index) => {
      const department = known.find((d) => d.id === line.department_id);
      if (!department) throw lineError('lines', index, message('requisition.department'));
      if (!department.active) throw lineError('lines', index, message('requisition.inactive_department'));
      if (!categories.includes(line.category_id)) {
        throw lineError('lines', index, message('requisition.category'));
      }
      const unitPriceMinor = decimalTextToMinor(line.unit_price, form.currency);
      if (unitPriceMinor === null) throw lineError('lines', index, message('requisition.price'));
      const quantityThousandths = quantityToThousandths(line.quantity)!;
      let amountMinor: number;
      try {
        amountMinor = lineAmountMinor(quantityThousandths, unitPriceMinor);
      } catch {
        throw lineError('lines', index, message('requisition.price'));
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
    if (!Number.isSafeInteger(total)) throw fieldError('lines', message('requisition.price'));
    return total;
  };

  /** Loads the requisition and lets the domain decide whether this caller may take this action now. */
  async function checkMove(tx: Executor, principal: Principal, id: number, action: RequisitionAction) {
    const organisationId = currentOrganisation(principal);
    const found = await requisitionsRepository(tx).find(organisationId, id);
    if (!found) throw notFound(message('requisition.not_found'));
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
        throw new AppError('conflict', message('requisition.not_allowed', { action: DONE[action], status }));
      }
      throw new AppError(
        'forbidden',
        message(action === 'edit' ? 'requisition.not_editable' : 'requisition.not_yours'),
      );
    }
    return { organisationId, found, decision };
  }

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
      if (!found) throw notFound(message('requisition.not_found'));
      const lines = await repository.lines(id);
      const currency = found.requisition.currency;
      const approval = await approvals.view(db, principal, 'requisition', requisitionSubject(found, lines));
      const toOrder = lines.some((l) => l.line.quantityThousandths > l.orderedThousandths);
      const actions = availableRequisitionActions(found.requisition.status, {
        isRequester: found.requisition.requesterUserId === principal.userId,
        isCurrentApprover: approval?.waiting_for_me ?? false,
        canOrder: hasRole(principal.grants, PROCUREMENT_ROLES, found.requisition.organisationId),
      }).filter((action) => action !== 'order' || toOrder);
      return {
        ...summaryOf(found),
        approval,
        actions,
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
        if (!changed) throw new AppError('conflict', message('requisition.conflict'));
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
        const { warned } = await requisitionBudgetCheck(budgets, tx, {
          organisationId,
          requisitionId: id,
          currency: found.requisition.currency,
          at: clock.now(),
          stage: 'proposed',
          lines,
        });
        const subject = requisitionSubject(found, lines);
        const { rule, route, segregation } = (await approvals.resolveRoute(tx, 'requisition', subject, {
          extraSteps:
            warned.length > 0
              ? [approvals.consentStep(warned.map((w) => String(w.budget.departmentId)))]
              : [],
        }))!;
        const changed = await repository.updateWhere(organisationId, id, [decision.from], {
          status: 'submitted',
          submittedAt: clock.now(),
          round: found.requisition.round + 1,
          route,
          workflowRuleId: rule?.id ?? null,
        });
        if (!changed) throw new AppError('conflict', message('requisition.conflict'));
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
        return approvals.announceStart(tx, 'requisition', subject, route, segregation);
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /** An approver's decision on the current step, taken by the approval engine. */
    async decide(
      principal: Principal,
      id: number,
      kind: WorkflowDecisionKind,
      body: { comment?: string; step?: number },
      ip: string | null,
    ) {
      await approvals.decide(principal, 'requisition', id, kind, body, ip);
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

    async cancel(principal: Principal, id: number, comment: string | undefined, ip: string | null) {
      await db.transaction(async (tx) => {
        const { organisationId, decision } = await checkMove(tx, principal, id, 'cancel');
        const changed = await requisitionsRepository(tx).updateWhere(organisationId, id, [decision.from], {
          status: decision.to,
        });
        if (!changed) throw new AppError('conflict', message('requisition.conflict'));
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
