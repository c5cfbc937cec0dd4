// The front door of platform/setup/budgets: other modules and the app import this module only from here.

export { budgetsRoutes } from './budgets.routes.ts';
export { budgetChecksView, createBudgetsService } from './budgets.service.ts';
export type { BudgetsService, RequisitionBudgetCheck } from './budgets.service.ts';
