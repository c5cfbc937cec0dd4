import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PLATFORM_HOME, PLATFORM_MODULES } from '../features/platform/modules.ts';
import { platformRoutes } from './platform-routes.tsx';

/** The platform's own table (loaded with its first page under `app/*`, routes.tsx). */
const routes = [platformRoutes];

/** The last matched route's path: '*' means the path fell through to "page not found". */
const leaf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;

describe('platform routes', () => {
  it('give every link of the platform navigation a page of its own, inside the platform', () => {
    const paths = [
      PLATFORM_HOME,
      ...PLATFORM_MODULES.flatMap((m) => [m.path, ...m.screens.map((s) => s.path)]),
    ];
    for (const path of paths) {
      const matches = matchRoutes(routes, path)!;
      expect(matches[0]!.route.path, path).toBe('app');
      expect(leaf(path)!.path, path).not.toBe('*');
    }
  });

  it('answer an unknown platform path with "page not found", not with a module page', () => {
    expect(leaf('/app/p2p/purchase-requests')!.path).toBe('*');
    expect(leaf('/app/p2p/purchase-orders/7/receipts')!.path).toBe('*');
    expect(leaf('/app/nowhere')!.path).toBe('*');
  });

  it('give purchase orders and invoices their new, detail and edit pages', () => {
    expect(leaf('/app/p2p/purchase-orders')!.path).toBe('purchase-orders');
    expect(leaf('/app/p2p/purchase-orders/new')!.path).toBe('purchase-orders/new');
    expect(leaf('/app/p2p/purchase-orders/42')!.path).toBe('purchase-orders/:id');
    expect(leaf('/app/p2p/purchase-orders/42/edit')!.path).toBe('purchase-orders/:id/edit');
    expect(leaf('/app/p2p/invoices/new')!.path).toBe('invoices/new');
    expect(leaf('/app/p2p/invoices/9')!.path).toBe('invoices/:id');
  });
});
