import type { RouteObject } from 'react-router';
import { withNamespaces } from '../../../lib/i18n.ts';

const page = <T,>(load: () => Promise<T>) => withNamespaces(['p2p-setup', 'errors'], load);

/** Budgets, approval workflows and organisation set-up, under /app/p2p (paths relative to it). */
export const setupRoutes: RouteObject[] = [
  { path: 'budgets', lazy: page(() => import('./pages/BudgetsPage.tsx')) },
  {
    path: 'approval-workflows',
    children: [
      { index: true, lazy: page(() => import('./pages/ApprovalWorkflowsPage.tsx')) },
      { path: 'new', lazy: page(() => import('./pages/WorkflowEditorPage.tsx')) },
      { path: ':id', lazy: page(() => import('./pages/WorkflowEditorPage.tsx')) },
    ],
  },
  {
    path: 'organisation-setup',
    lazy: page(() => import('./pages/OrganisationSetupPage.tsx')),
    children: [
      { index: true, lazy: page(() => import('./pages/DepartmentsTab.tsx')) },
      { path: 'departments', lazy: page(() => import('./pages/DepartmentsTab.tsx')) },
      { path: 'members', lazy: page(() => import('./pages/MembersTab.tsx')) },
      { path: 'fiscal-years', lazy: page(() => import('./pages/FiscalYearsTab.tsx')) },
      { path: 'tax-rates', lazy: page(() => import('./pages/TaxRatesTab.tsx')) },
      { path: 'delegations', lazy: page(() => import('./pages/DelegationsTab.tsx')) },
    ],
  },
];
