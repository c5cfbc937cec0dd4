import { Navigate, type RouteObject } from 'react-router';
import { withNamespaces } from '../../lib/i18n.ts';

/** Each page loads on demand, with its translations. */
const page = <T,>(load: () => Promise<T>) => withNamespaces(['risk', 'errors'], load);

/** Risk management under /app/risk (relative paths). */
export const riskRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="dashboard" replace /> },
  { path: 'dashboard', lazy: page(() => import('./pages/DashboardPage.tsx')) },
  { path: 'register', lazy: page(() => import('./pages/RegisterPage.tsx')) },
  { path: 'register/new', lazy: page(() => import('./pages/RiskEditorPage.tsx')) },
  { path: 'register/:id', lazy: page(() => import('./pages/RiskDetailPage.tsx')) },
  { path: 'register/:id/edit', lazy: page(() => import('./pages/RiskEditorPage.tsx')) },
  { path: 'continuity', lazy: page(() => import('./pages/ContinuityPage.tsx')) },
  { path: 'financial', lazy: page(() => import('./pages/FinancialPage.tsx')) },
  { path: 'outsourcing', lazy: page(() => import('./pages/OutsourcingPage.tsx')) },
  { path: 'outsourcing/:id', lazy: page(() => import('./pages/OutsourcingPage.tsx')) },
  {
    path: 'questionnaires/:id',
    lazy: withNamespaces(['risk', 'portal-risk', 'errors'], () => import('./pages/QuestionnairePage.tsx')),
  },
  { path: 'suppliers/:id', lazy: page(() => import('./pages/SupplierProfilePage.tsx')) },
  { path: 'settings', lazy: page(() => import('./pages/SettingsPage.tsx')) },
];
