import type { RouteObject } from 'react-router';
import { withNamespaces } from '../../lib/i18n.ts';

const page = <T,>(load: () => Promise<T>) => withNamespaces(['sourcing-tendering', 'errors'], load);

/** Tenders under /app/sourcing (issue 21). */
export const tenderingRoutes: RouteObject[] = [
  { path: 'tenders', lazy: page(() => import('./pages/TendersPage.tsx')) },
  { path: 'tenders/new', lazy: page(() => import('./pages/TenderFormPage.tsx')) },
  { path: 'tenders/:id', lazy: page(() => import('./pages/TenderDetailPage.tsx')) },
];
