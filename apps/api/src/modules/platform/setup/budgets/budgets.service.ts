import { type BudgetForm, type BudgetView, type DocumentBudgetCheck, message } from '@zabuni/contracts';
import {
  budgetPeriodWindow,
  budgetUtilisation,
  checkBudget,
  decimalTextToMinor,
  fiscalYearBounds,
  minorToDecimalText,
  type Budget,
  type BudgetCheck,
  type BudgetCheckStage,
  type BudgetEntry,
  type BudgetUtilisation,
  type PeriodWindow,
} from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Db, Executor } from '../../../../infra/database.ts';
import { AppError, fieldError, isUniqueViolation, notFound } from '../../../../infra/errors.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import type { AuditService } from '../../../shared/audit/index.ts';
import { administeredOrganisation, currentOrganisation } from '../../../../infra/tenancy.ts';
import { budgetsRepository, type BudgetRow, type BudgetValues } from './budgets.repository.ts';

/** The Nairobi calendar day of an instant (EAT, UTC+3 all year), as the UTC midnight budgets count in. */
const nairobiDay = (at: Date) => new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

type BudgetTableRow = Awaited<ReturnType<ReturnType<typeof budgetsRepository>['budgetsOf']>>[number];

const toDomainBudget = (row: BudgetTableRow): Budget => ({
  id: row.id,
  name: row.name,
  amountMinor: row.amountMinor,
  currency: row.currency,
  period: row.period,
  controls: {
    requisition: row.controlRequisition,
    purchase_order: row.controlPurchaseOrder,
    invoice: row.controlInvoice,
  },
  countProposed: row.countProposed,
});

/** One budget a requisition charges, and what the check says about it. */
export interface RequisitionBudgetCheck {
  budget: { id: number; name: string; departmentId: number; countProposed: boolean };
  amountMinor: number;
  check: BudgetCheck;
  /** The budget's figures the check compared with (null when the currencies differ). */
  utilisation: BudgetUtilisation | null;
}

/** The budget panel of a document (its approver sees it before deciding), in the budget's currency. */
export function budgetChecksView(checks: readonly RequisitionBudgetCheck[]): DocumentBudgetCheck[] {
  return checks.map(({ budget, amountMinor, check, utilisation }) => {
    const currency =
      utilisation?.currency ?? (check.outcome === 'currency_mismatch' ? check.budgetCurrency : 'KES');
    const money = (minor: number | null | undefined) =>
      minor === null || minor === undefined ? null : minorToDecimalText(minor, currency);
    return {
      budget: { id: budget.id, name: budget.name },
      currency,
      amount: money(amountMinor)!,
      new_spend: check.outcome === 'currency_mismatch' ? null : money(check.newSpendMinor),
      outcome: check.outcome,
      action: check.outcome === 'over' ? check.action : null,
      counts_proposed: budget.countProposed,
      budget_amount: money(utilisation?.amount),
      proposed: money(utilisation?.proposed),
      committed: money(utilisation?.committed),
      actual: money(utilisation?.actual),
      available: money(utilisation?.available),
      shortfall: check.outcome === 'over' ? money(check.shortfallMinor) : null,
    };
  });
}

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
    count_proposed: budget.countProposed,
    budget_owner:
      row.ownerId === null ? null : { id: row.ownerId, name: `${row.ownerFirstName} ${row.ownerLastName}` },
  };
}

/** Issue 6 budgets of the caller's current organisation; administrators set them, members read them. */
export function createBudgetsService({ db, audit }: { db: Db; audit: AuditService }) {
  const adminOf = (principal: Principal) => administeredOrganisation(principal, message('budget.not_admin'));

  /** Checks the form against the organisation's own data and turns it into stored values. */
  async function valuesOf(tx: Executor, organisationId: number, form: BudgetForm, exceptId?: number) {
    const repository = budgetsRepository(tx);
    const fiscalYear = await repository.fiscalYearOf(organisationId, form.fiscal_year_id);
    if (!fiscalYear) throw fieldError('fiscal_year_id', message('budget.fiscal_year'));
    if (fiscalYear.status === 'closed')
      throw fieldError('fiscal_year_id', message('budget.fiscal_year_closed'));
    if (!(await repository.departmentIsOurs(organisationId, form.department_id))) {
      throw fieldError('department_id', message('budget.department'));
    }
    const categoryId = form.category_id ?? null;
    if (categoryId !== null && !(await repository.categoryExists(categoryId))) {
      throw fieldError('category_id', message('budget.category'));
    }
    const scope = { fiscalYearId: form.fiscal_year_id, departmentId: form.department_id, categoryId };
    if (await repository.scopeTaken(organisationId, scope, exceptId)) {
      throw fieldError('category_id', message('budget.duplicate'));
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
      countProposed: form.count_proposed,
    };
    return values;
  }

  async function write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // Two administrators saved the same scope at once: the unique index decided, the message is the same.
      if (isUniqueViolation(error)) throw fieldError('category_id', message('budget.duplicate'));
      throw error;
    }
  }

  /** The budget's window for a day (its month, or the whole fiscal year) and its utilisation there. */
  async function utilisationOf(
    tx: Executor,
    row: BudgetTableRow,
    fiscalYear: { startsOn: string; endsOn: string },
    day: string,
    siblings: BudgetTableRow[],
    except: { requisitionId?: number | null; purchaseOrderId?: number | null },
  ): Promise<{ window: PeriodWindow | null; result: ReturnType<typeof budgetUtilisation> }> {
    const bounds = fiscalYearBounds(fiscalYear.startsOn, fiscalYear.endsOn);
    const window =
      row.period === 'monthly'
        ? budgetPeriodWindow({ period: 'monthly', date: dayStart(day), ...bounds })
        : { start: bounds.fiscalYearStart, end: bounds.fiscalYearEnd };
    const specific = siblings
      .filter((b) => b.departmentId === row.departmentId && b.categoryId !== null)
      .map((b) => b.categoryId!);
    const repository = budgetsRepository(tx);
    const [charging, orders, invoiced] = [
      await repository.requisitionsCharging(row, specific, except.requisitionId ?? null),
      await repository.purchaseOrdersCharging(row, specific, except.purchaseOrderId ?? null),
      await repository.invoicesCharging(row, specific),
    ];
    const entries: BudgetEntry[] = [
      ...charging.map((r): BudgetEntry => ({
        kind: 'requisition',
        status: r.status,
        amountMinor: r.amountMinor,
        orderedMinor: r.orderedMinor,
        currency: r.currency,
        date: dayStart(nairobiDay(r.submittedAt ?? new Date())),
      })),
      ...orders.map((o): BudgetEntry => ({
        kind: 'purchase_order',
        status: o.status,
        amountMinor: o.amountMinor,
        invoicedMinor: o.invoicedMinor,
        currency: o.currency,
        date: dayStart(nairobiDay(o.at)),
      })),
      ...invoiced.map((i): BudgetEntry => ({
        kind: 'invoice',
        status: i.status,
        amountMinor: i.amountMinor,
        currency: i.currency,
        date: dayStart(i.invoiceDate),
      })),
    ];
    return { window, result: budgetUtilisation(toDomainBudget(row), entries, window ?? undefined) };
  }

  /**
   * Each line charges its department's budget for its category, or the department's all-categories
   * budget; lines without a budget are not limited. `sourceOf` is what the line's source document (the
   * requisition of an order line, the order of an invoice line) still commits: moved, not new, spend.
   */
  async function checkDocument<
    Line extends { departmentId: number; categoryId: number; amountMinor: number },
  >(
    tx: Executor,
    input: {
      organisationId: number;
      currency: string;
      at: Date;
      except: { requisitionId?: number; purchaseOrderId?: number };
      checkPoint:
        | { checkPoint: 'requisition'; stage: BudgetCheckStage }
        | { checkPoint: 'purchase_order' }
        | { checkPoint: 'invoice' };
      lines: ReadonlyArray<Line>;
      sourceOf?: (line: Line) => number;
    },
  ): Promise<RequisitionBudgetCheck[]> {
    const repository = budgetsRepository(tx);
    const day = nairobiDay(input.at);
    const fiscalYear = await repository.fiscalYearOn(input.organisationId, day);
    if (!fiscalYear) return [];
    const all = await repository.budgetsOf(input.organisationId, fiscalYear.id, [
      ...new Set(input.lines.map((line) => line.departmentId)),
    ]);
    const charged = new Map<number, { amountMinor: number; sourceMinor: number }>();
    for (const line of input.lines) {
      const budget =
        all.find((b) => b.departmentId === line.departmentId && b.categoryId === line.categoryId) ??
        all.find((b) => b.departmentId === line.departmentId && b.categoryId === null);
      if (!budget) continue;
      const sum = charged.get(budget.id) ?? { amountMinor: 0, sourceMinor: 0 };
      sum.amountMinor += line.amountMinor;
      sum.sourceMinor += input.sourceOf?.(line) ?? 0;
      charged.set(budget.id, sum);
    }
    const checks: RequisitionBudgetCheck[] = [];
    for (const [budgetId, { amountMinor, sourceMinor }] of charged) {
      const row = all.find((b) => b.id === budgetId)!;
      const { result } = await utilisationOf(tx, row, fiscalYear, day, all, input.except);
      const budget = {
        id: row.id,
        name: row.name,
        departmentId: row.departmentId,
        countProposed: row.countProposed,
      };
      const common = { budget: toDomainBudget(row), amountMinor, currency: input.currency };
      const check: BudgetCheck = !result.ok
        ? {
            outcome: 'currency_mismatch',
            problem: 'currency_mismatch',
            budgetCurrency: row.currency,
            documentCurrency: result.documentCurrency,
          }
        : input.checkPoint.checkPoint === 'requisition'
          ? checkBudget({
              ...common,
              utilisation: result,
              checkPoint: 'requisition',
              stage: input.checkPoint.stage,
            })
          : input.checkPoint.checkPoint === 'purchase_order'
            ? checkBudget({
                ...common,
                utilisation: result,
                checkPoint: 'purchase_order',
                requisitionCommittedMinor: sourceMinor,
              })
            : checkBudget({
                ...common,
                utilisation: result,
                checkPoint: 'invoice',
                purchaseOrderCommittedMinor: sourceMinor,
              });
      checks.push({ budget, amountMinor, check, utilisation: result.ok ? result : null });
    }
    return checks;
  }

  /** The budget's figures today (clamped into its fiscal year), as the API shows them. */
  async function utilisationView(row: BudgetTableRow, at: Date) {
    const repository = budgetsRepository(db);
    const siblings = await repository.budgetsOf(row.organisationId, row.fiscalYearId, [row.departmentId]);
    const fiscalYear = (await repository.fiscalYearRange(row.organisationId, row.fiscalYearId))!;
    const today = nairobiDay(at);
    const day =
      today < fiscalYear.startsOn
        ? fiscalYear.startsOn
        : today > fiscalYear.endsOn
          ? fiscalYear.endsOn
          : today;
    const { window, result } = await utilisationOf(db, row, fiscalYear, day, siblings, {});
    if (!result.ok) return { currencyMismatch: result.documentCurrency };
    const money = (minor: number) => minorToDecimalText(minor, row.currency);
    const figures: BudgetUtilisation = result;
    return {
      budget_id: row.id,
      currency: row.currency,
      period_start: window ? window.start.toISOString().slice(0, 10) : fiscalYear.startsOn,
      period_end: window
        ? new Date(window.end.getTime() - 86_400_000).toISOString().slice(0, 10)
        : fiscalYear.endsOn,
      amount: money(figures.amount),
      proposed: money(figures.proposed),
      committed: money(figures.committed),
      actual: money(figures.actual),
      available: money(figures.available),
      available_after_proposed: money(figures.availableAfterProposed),
    };
  }

  return {
    /**
     * The budget check of a requisition at submission (`proposed`) or final approval (`commit`): each line
     * charges its department's budget for its category, or the department's all-categories budget; lines
     * without a budget are not limited. The requisition itself is left out of the figures it is compared with.
     */
    async checkRequisition(
      tx: Executor,
      input: {
        organisationId: number;
        requisitionId: number;
        currency: string;
        at: Date;
        stage: BudgetCheckStage;
        lines: ReadonlyArray<{ departmentId: number; categoryId: number; amountMinor: number }>;
      },
    ): Promise<RequisitionBudgetCheck[]> {
      return checkDocument(tx, {
        ...input,
        except: { requisitionId: input.requisitionId },
        checkPoint: { checkPoint: 'requisition', stage: input.stage },
      });
    },

    /**
     * The budget check at a purchase order's approval: its net lines, less what their approved requisitions
     * still commit for the quantities ordered (that money moves from the requisition to the order).
     */
    checkPurchaseOrder(
      tx: Executor,
      input: {
        organisationId: number;
        purchaseOrderId: number;
        currency: string;
        at: Date;
        lines: ReadonlyArray<{
          departmentId: number;
          categoryId: number;
          amountMinor: number;
          requisitionCommittedMinor: number;
        }>;
      },
    ): Promise<RequisitionBudgetCheck[]> {
      return checkDocument(tx, {
        ...input,
        except: { purchaseOrderId: input.purchaseOrderId },
        checkPoint: { checkPoint: 'purchase_order' },
        sourceOf: (line) => line.requisitionCommittedMinor,
      });
    },

    /** The budget check at an invoice's approval: its net lines, less what their order still commits. */
    checkInvoice(
      tx: Executor,
      input: {
        organisationId: number;
        currency: string;
        at: Date;
        lines: ReadonlyArray<{
          departmentId: number;
          categoryId: number;
          amountMinor: number;
          orderCommittedMinor: number;
        }>;
      },
    ): Promise<RequisitionBudgetCheck[]> {
      return checkDocument(tx, {
        ...input,
        except: {},
        checkPoint: { checkPoint: 'invoice' },
        sourceOf: (line) => line.orderCommittedMinor,
      });
    },

    /** Amount, proposed, committed, actual and available today (this month for a monthly budget). */
    async utilisation(principal: Principal, id: number, at: Date) {
      const found = await budgetsRepository(db).find(currentOrganisation(principal), id);
      if (!found) throw notFound(message('budget.not_found'));
      const view = await utilisationView(found.budget, at);
      if ('currencyMismatch' in view) {
        throw new AppError(
          'conflict',
          message('budget.currency_mismatch', {
            document_currency: view.currencyMismatch ?? '',
            budget_currency: found.budget.currency,
          }),
        );
      }
      return view;
    },

    async list(
      principal: Principal,
      filter: { fiscalYearId?: number; departmentId?: number; search?: string },
      page: PageRequest,
      at: Date,
    ) {
      const { count, rows } = await budgetsRepository(db).list(
        currentOrganisation(principal),
        filter,
        page.offset,
        page.pageSize,
      );
      const results = [];
      for (const row of rows) {
        const view = await utilisationView(row.budget, at);
        results.push({ ...toBudget(row), utilisation: 'currencyMismatch' in view ? null : view });
      }
      return { count, results };
    },

    async get(principal: Principal, id: number): Promise<BudgetView> {
      const row = await budgetsRepository(db).find(currentOrganisation(principal), id);
      if (!row) throw notFound(message('budget.not_found'));
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
          if (!(await budgetsRepository(tx).find(organisationId, id)))
            throw notFound(message('budget.not_found'));
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
