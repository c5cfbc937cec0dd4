import { BUDGET_CONTROL_ACTIONS, BUDGET_PERIODS, decimalTextToMinor } from '@zabuni/domain';
import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { recordId, required } from './fields.ts';
import { paginationQuery, queryId } from './pagination.ts';

/** Issue 6 budgets: per fiscal year × department (cost centre) × category (or all categories). */
export const BUDGET_MESSAGES = {
  amount: 'budget.amount',
  currency: 'field.currency',
  department: 'budget.department',
  fiscalYear: 'budget.fiscal_year',
  fiscalYearClosed: 'budget.fiscal_year_closed',
  category: 'budget.category',
  duplicate: 'budget.duplicate',
  notAdmin: 'budget.not_admin',
} as const satisfies Record<string, MessageKey>;

const action = z.enum(BUDGET_CONTROL_ACTIONS);
const controls = z.object({ requisition: action, purchase_order: action, invoice: action });

export const budgetForm = z
  .object({
    name: required(120),
    fiscal_year_id: recordId(BUDGET_MESSAGES.fiscalYear),
    department_id: recordId(BUDGET_MESSAGES.department),
    /** Null: every category of the department. */
    category_id: recordId().nullable().optional(),
    currency: z
      .string({ error: BUDGET_MESSAGES.currency })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: BUDGET_MESSAGES.currency })
      .default('KES'),
    /** Major units as text ("1500000.00"): money never travels as a float. */
    amount: z.union([z.string(), z.number()], { error: BUDGET_MESSAGES.amount }).transform(String),
    period: z.enum(BUDGET_PERIODS).default('annual'),
    /** What happens when a document would exceed it, at each check point (SPEC §1). */
    controls: controls.default({ requisition: 'warn', purchase_order: 'stop', invoice: 'warn' }),
    /**
     * Whether others' submitted, not yet approved requisitions (proposed spend) also count against the
     * budget. Default false: they are shown as proposed spend and do not block anyone.
     */
    count_proposed: z.boolean({ error: 'field.choice' }).default(false),
  })
  .superRefine((form, context) => {
    const minor = decimalTextToMinor(form.amount, form.currency);
    if (minor === null || minor <= 0) {
      context.addIssue({ code: 'custom', path: ['amount'], message: BUDGET_MESSAGES.amount });
    }
  });
export type BudgetForm = z.output<typeof budgetForm>;

export const budget = z
  .object({
    id: z.number().int(),
    name: z.string(),
    fiscal_year: z.object({ id: z.number().int(), name: z.string() }),
    department: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
    category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    currency: z.string(),
    amount: z.string(),
    period: z.enum(BUDGET_PERIODS),
    controls,
    count_proposed: z.boolean(),
    budget_owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  })
  .meta({ id: 'Budget' });

/**
 * The budget panel an approver sees on the document before deciding (issue 16): for each budget the
 * document charges, its figures and what approving it would do. `outcome` `over` with `action` `stop`:
 * approval will be refused; with `warn`: the budget owner or an exception approver must consent.
 */
export const documentBudgetCheck = z
  .object({
    budget: z.object({ id: z.number().int(), name: z.string() }),
    currency: z.string(),
    /** What this document charges to the budget (net of tax). */
    amount: z.string(),
    /** What it takes that is not yet committed by its source document. */
    new_spend: z.string().nullable(),
    outcome: z.enum(['within', 'over', 'currency_mismatch']),
    action: z.enum(BUDGET_CONTROL_ACTIONS).nullable(),
    /** Whether others' pending requisitions count against it (the budget's setting). */
    counts_proposed: z.boolean(),
    budget_amount: z.string().nullable(),
    proposed: z.string().nullable(),
    committed: z.string().nullable(),
    actual: z.string().nullable(),
    available: z.string().nullable(),
    /** By how much approving would exceed it; null when within. */
    shortfall: z.string().nullable(),
  })
  .meta({ id: 'DocumentBudgetCheck' });
export type DocumentBudgetCheck = z.infer<typeof documentBudgetCheck>;
export type BudgetView = z.infer<typeof budget>;

export const budgetsQuery = paginationQuery.extend({
  fiscal_year: queryId.optional(),
  department: queryId.optional(),
});

/** Derived, never stored: the budget against what the organisation's documents propose, commit and spend. */
export const budgetUtilisation = z
  .object({
    budget_id: z.number().int(),
    currency: z.string(),
    /** The period compared: the fiscal year, or today's month of it for a monthly budget (inclusive days). */
    period_start: z.string(),
    period_end: z.string(),
    amount: z.string(),
    /** Submitted requisitions not yet approved. */
    proposed: z.string(),
    /** Approved requisitions not yet ordered, and open purchase orders. */
    committed: z.string(),
    /** Approved invoices. */
    actual: z.string(),
    /** amount − committed − actual; negative when overspent. */
    available: z.string(),
    available_after_proposed: z.string(),
  })
  .meta({ id: 'BudgetUtilisation' });

/** A budget in the list, with today's figures (null when a document in another currency charges it). */
export const budgetListItem = budget
  .extend({ utilisation: budgetUtilisation.nullable() })
  .meta({ id: 'BudgetListItem' });
