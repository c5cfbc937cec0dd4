import type { RouteObject } from 'react-router';
import { withNamespaces } from '../../../lib/i18n.ts';

/** Each page loads on demand, with the requisitions translations and the error catalogue its forms show. */
const page = <T,>(load: () => Promise<T>) => withNamespaces(['requisitions', 'errors'], load);

/** Requisitions and the approvals inbox, under /app/p2p (paths relative to it). */
export const requisitionRoutes: RouteObject[] = [
  { path: 'requisitions', lazy: page(() => import('./pages/RequisitionsListPage.tsx')) },
  { path: 'requisitions/new', lazy: page(() => import('./pages/RequisitionNewPage.tsx')) },
  { path: 'requisitions/:id', lazy: page(() => import('./pages/RequisitionDetailPage.tsx')) },
  { path: 'requisitions/:id/edit', lazy: page(() => import('./pages/RequisitionEditPage.tsx')) },
  { path: 'approvals', lazy: page(() => import('./pages/ApprovalsInboxPage.tsx')) },
];
