import { Navigate, type RouteObject } from 'react-router';
import { withNamespaces } from '../../lib/i18n.ts';

/** Each page loads on demand, with its translations. */
const page = <T,>(load: () => Promise<T>) => withNamespaces(['contracts', 'errors'], load);

/** Contract management under /app/contracts (relative paths); `/app/contracts/:id` is where mails link. */
export const contractRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="dashboard" replace /> },
  { path: 'dashboard', lazy: page(() => import('./pages/ContractsDashboardPage.tsx')) },
  { path: 'archive', lazy: page(() => import('./pages/ContractsPage.tsx')) },
  { path: 'templates', lazy: page(() => import('./pages/ContractTemplatesPage.tsx')) },
  { path: 'new', lazy: page(() => import('./pages/ContractNewPage.tsx')) },
  { path: ':id', lazy: page(() => import('./pages/ContractPage.tsx')) },
];
