import { BUDGET_MESSAGES, type BudgetForm, type BudgetView } from '@zabuni/contracts';
import { decimalTextToMinor, hasRole, minorToDecimalText } from '@zabuni/domain';
import type { Principal } from '../../infra/auth.ts';
import type { Db, Executor } from '../../infra/database.ts';
import { AppError, fieldError, isUniqueViolation, notFound } from '../../infra/errors.ts';
import type { PageRequest } from '../../infra/pagination.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { currentOrganisation } from '../departments/departments.service.ts';
import { budgetsRepository, type BudgetRow, type BudgetValues } from './budgets.repository.ts';

const NOT_FOUND = 'Budget not found.';

function toBudget(row: BudgetRow): BudgetView {
  const { budget } = row;
  return {
    id: budget.id,
    name: budget.name,
    fiscal_year: { id: budget.fiscalYearId, name: row.fiscalYearName },
    department: { id: budget.departmentId, code: row.departmentCode, name: row.departmentName },
    category:
      budget.categoryId === null || row.categoryName === null
        ? null
        : { id: budget.categoryId, name: row.categoryName },
    currency: budget.currency,
    amount: minorToDecimalText(budget.amountMinor, budget.currency),
    period: budget.period,
    controls: {
      requisition: budget.controlRequisition,
      purchase_order: budget.controlPurchaseOrder,
      invoice: budget.controlInvoice,
    },
    budget_owner:
      row.ownerId === null ? null : { id: row.ownerId, name: `${row.ownerFirstName} ${row.ownerLastName}` },
  };
}

/** Issue 6 budgets of the caller's current organisation; administrators set them, members read them. */
export function createBudgetsService({ db, audit }: { db: Db; audit: AuditService }) {
  function adminOf(principal: Principal): number {
    const organisationId = currentOrganisation(principal);
    if (!hasRole(principal.grants, ['org_admin'], organisationId)) {
      throw new AppError('forbidden', BUDGET_MESSAGES.notAdmin);
    }
    return organisationId;
  }

  /** Checks the form against the organisation's own data and turns it into stored values. */
  async function valuesOf(tx: Executor, organisationId: number, form: BudgetForm, exceptId?: number) {
    const repository = budgetsRepository(tx);
    const fiscalYear = await repository.fiscalYearOf(organisationId, form.fiscal_year_id);
    if (!fiscalYear) throw fieldError('fiscal_year_id', BUDGET_MESSAGES.fiscalYear);
    if (fiscalYear.status === 'closed') throw fieldError('fiscal_year_id', BUDGET_MESSAGES.fiscalYearClosed);
    if (!(await repository.departmentIsOurs(organisationId, form.department_id))) {
      throw fieldError('department_id', BUDGET_MESSAGES.department);
    }
    const categoryId = form.category_id ?? null;
    if (categoryId !== null && !(await repository.categoryExists(categoryId))) {
      throw fieldError('category_id', BUDGET_MESSAGES.category);
    }
    const scope = { fiscalYearId: form.fiscal_year_id, departmentId: form.department_id, categoryId };
    if (await repository.scopeTaken(organisationId, scope, exceptId)) {
      throw fieldError('category_id', BUDGET_MESSAGES.duplicate);
    }
    const values: BudgetValues = {
      ...scope,
      name: form.name,
      currency: form.currency,
      // The contract refused amounts this cannot read.
      amountMinor: decimalTextToMinor(form.amount, form.currency)!,
      period: form.period,
      controlRequisition: form.controls.requisition,
      controlPurchaseOrder: form.controls.purchase_order,
      controlInvoice: form.controls.invoice,
    };
    return values;
  }

  async function write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // Two administrators saved the same scope at once: the unique index decided, the message is the same.
      if (isUniqueViolation(error)) throw fieldError('category_id', BUDGET_MESSAGES.duplicate);
      throw error;
    }
  }

  return {
    async list(
      principal: Principal,
      filter: { fiscalYearId?: number; departmentId?: number; search?: string },
      page: PageRequest,
    ) {
      const { count, rows } = await budgetsRepository(db).list(
        currentOrganisation(principal),
        filter,
        page.offset,
        page.pageSize,
      );
      return { count, results: rows.map(toBudget) };
    },

    async get(principal: Principal, id: number): Promise<BudgetView> {
      const row = await budgetsRepository(db).find(currentOrganisation(principal), id);
      if (!row) throw notFound(NOT_FOUND);
      return toBudget(row);
    },

    async create(principal: Principal, form: BudgetForm, ip: string | null): Promise<BudgetView> {
      const organisationId = adminOf(principal);
      const id = await write(() =>
        db.transaction(async (tx) => {
          const values = await valuesOf(tx, organisationId, form);
          const id = await budgetsRepository(tx).insert(organisationId, values);
          await audit.record(tx, {
            action: 'budget.created',
            actorUserId: principal.userId,
            organisationId,
            ip,
            detail: { budget_id: id, amount_minor: values.amountMinor, currency: values.currency },
          });
          return id;
        }),
      );
      return this.get(principal, id);
    },

    async update(principal: Principal, id: number, form: BudgetForm, ip: string | null): Promise<BudgetView> {
      const organisationId = adminOf(principal);
      await write(() =>
        db.transaction(async (tx) => {
          if (!(await budgetsRepository(tx).find(organisationId, id))) throw notFound(NOT_FOUND);
          const values = await valuesOf(tx, organisationId, form, id);
          await budgetsRepository(tx).update(organisationId, id, values);
          await audit.record(tx, {
            action: 'budget.updated',
            actorUserId: principal.userId,
            organisationId,
            ip,
            detail: { budget_id: id, amount_minor: values.amountMinor, currency: values.currency },
          });
        }),
      );
      return this.get(principal, id);
    },
  };
}
export type BudgetsService = ReturnType<typeof createBudgetsService>;
