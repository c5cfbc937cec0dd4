import type { RouteObject } from 'react-router';
import { withNamespaces } from '../../lib/i18n.ts';

const page = <T,>(load: () => Promise<T>) => withNamespaces(['sourcing-rfqs', 'errors'], load);

/** Requests for quotations, the savings report and the opening passphrase, under /app/sourcing. */
export const rfqRoutes: RouteObject[] = [
  { path: 'rfqs', lazy: page(() => import('./pages/RfqsPage.tsx')) },
  { path: 'rfqs/new', lazy: page(() => import('./pages/RfqFormPage.tsx')) },
  { path: 'rfqs/:id', lazy: page(() => import('./pages/RfqDetailPage.tsx')) },
  { path: 'rfqs/:id/edit', lazy: page(() => import('./pages/RfqFormPage.tsx')) },
  { path: 'rfqs/:id/comparison', lazy: page(() => import('./pages/ComparisonPage.tsx')) },
  { path: 'rfqs/:id/opening-record', lazy: page(() => import('./pages/OpeningRecordPage.tsx')) },
  { path: 'savings', lazy: page(() => import('./pages/SavingsPage.tsx')) },
  { path: 'opening-passphrase', lazy: page(() => import('./pages/OpeningPassphrasePage.tsx')) },
];
