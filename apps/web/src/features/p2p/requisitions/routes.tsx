import type { RouteObject } from 'react-router';

const placeholder = () => import('../../platform/pages/ScreenPlaceholderPage.tsx');

/** Requisitions and the approvals inbox, under /app/p2p (paths relative to it). */
export const requisitionRoutes: RouteObject[] = ['requisitions', 'approvals'].map((path) => ({
  path,
  lazy: placeholder,
}));
