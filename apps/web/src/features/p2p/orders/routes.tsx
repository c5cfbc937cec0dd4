import type { RouteObject } from 'react-router';

/** Purchase orders, receipts, invoices, payments, suppliers and reports, under /app/p2p (relative paths). */
export const orderRoutes: RouteObject[] = [];
