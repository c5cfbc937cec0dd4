import type { RouteObject } from 'react-router';
import { withNamespaces } from '../../lib/i18n.ts';

/** Each page loads on demand, with its translations. */
const page = <T,>(load: () => Promise<T>) => withNamespaces(['sourcing-prequalifications', 'errors'], load);

/** Prequalification under /app/sourcing (relative paths). */
export const prequalificationRoutes: RouteObject[] = [
  { path: 'prequalifications', lazy: page(() => import('./pages/PrequalificationsPage.tsx')) },
  { path: 'prequalifications/new', lazy: page(() => import('./pages/PrequalificationEditPage.tsx')) },
  { path: 'prequalifications/prequalified', lazy: page(() => import('./pages/PrequalifiedPage.tsx')) },
  // The approvals inbox links a result here: its exercise's page lists it with its decision buttons.
  { path: 'prequalifications/results/:resultId', lazy: page(() => import('./pages/ResultPage.tsx')) },
  { path: 'prequalifications/:id', lazy: page(() => import('./pages/PrequalificationDetailPage.tsx')) },
  { path: 'prequalifications/:id/edit', lazy: page(() => import('./pages/PrequalificationEditPage.tsx')) },
  { path: 'prequalifications/:id/evaluation', lazy: page(() => import('./pages/EvaluationPage.tsx')) },
];
