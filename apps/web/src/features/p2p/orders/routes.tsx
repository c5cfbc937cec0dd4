import type { RouteObject } from 'react-router';
import { withNamespaces } from '../../../lib/i18n.ts';

/** Each page loads on demand, with the order screens' translations. */
const page = <T,>(load: () => Promise<T>) => withNamespaces(['p2p-orders', 'errors'], load);

/** Purchase orders, receipts, invoices, payments, suppliers and reports, under /app/p2p (relative paths). */
export const orderRoutes: RouteObject[] = [
  { path: 'purchase-orders', lazy: page(() => import('./pages/PurchaseOrdersPage.tsx')) },
  { path: 'purchase-orders/new', lazy: page(() => import('./pages/PurchaseOrderNewPage.tsx')) },
  { path: 'purchase-orders/:id', lazy: page(() => import('./pages/PurchaseOrderDetailPage.tsx')) },
  { path: 'purchase-orders/:id/edit', lazy: page(() => import('./pages/PurchaseOrderEditPage.tsx')) },
  { path: 'invoices', lazy: page(() => import('./pages/InvoicesPage.tsx')) },
  { path: 'invoices/new', lazy: page(() => import('./pages/InvoiceNewPage.tsx')) },
  { path: 'invoices/:id', lazy: page(() => import('./pages/InvoiceDetailPage.tsx')) },
  { path: 'payments', lazy: page(() => import('./pages/PaymentsPage.tsx')) },
  { path: 'suppliers', lazy: page(() => import('./pages/SuppliersPage.tsx')) },
  { path: 'reports', lazy: page(() => import('./pages/ReportsPage.tsx')) },
  { path: 'matching-settings', lazy: page(() => import('./pages/MatchingSettingsPage.tsx')) },
];
