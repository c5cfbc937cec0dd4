import type { RouteObject } from 'react-router';

const placeholder = () => import('../../platform/pages/ScreenPlaceholderPage.tsx');

/** Budgets, approval workflows and organisation set-up, under /app/p2p (paths relative to it). */
export const setupRoutes: RouteObject[] = ['budgets', 'approval-workflows', 'organisation-setup'].map(
  (path) => ({ path, lazy: placeholder }),
);
