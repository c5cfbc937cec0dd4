import { Navigate, Outlet, type RouteObject } from 'react-router';
import { withNamespaces } from '../lib/i18n.ts';
import { RequireAuth } from './RequireAuth.tsx';
import { riskRoutes } from '../features/risk/routes.tsx';
import { requisitionRoutes } from '../features/p2p/requisitions/routes.tsx';
import { setupRoutes } from '../features/p2p/setup/routes.tsx';
import { orderRoutes } from '../features/p2p/orders/routes.tsx';
import { contractRoutes } from '../features/contracts/routes.tsx';
import { prequalificationRoutes } from '../features/sourcing-prequalifications/routes.tsx';
import { rfqRoutes } from '../features/sourcing-rfqs/routes.tsx';
import { tenderingRoutes } from '../features/sourcing-tendering/routes.tsx';
import { auctionRoutes } from '../features/sourcing-auctions/routes.tsx';

/**
 * The platform for buying organisations' staff, under `/app`, in a shell of its own. Everything here loads
 * on demand, translations included: the public site's first load carries only these few lines. The paths
 * are those of `features/platform/modules.ts` (a test holds them together).
 */
export const platformRoutes: RouteObject = {
  path: 'app',
  element: (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  ),
  HydrateFallback: () => null,
  children: [
    {
      lazy: withNamespaces(['platform'], () => import('./layouts/PlatformLayout.tsx')),
      children: [
        { index: true, lazy: () => import('../features/platform/pages/PlatformHomePage.tsx') },
        { path: 'risk', children: riskRoutes },
        { path: 'contracts', children: contractRoutes },
        {
          path: 'sourcing',
          children: [
            { index: true, element: <Navigate to="prequalifications" replace /> },
            ...prequalificationRoutes,
            ...rfqRoutes,
            ...tenderingRoutes,
            ...auctionRoutes,
          ],
        },
        {
          path: 'p2p',
          children: [
            { index: true, element: <Navigate to="requisitions" replace /> },
            ...requisitionRoutes,
            ...setupRoutes,
            ...orderRoutes,
          ],
        },
        { path: '*', lazy: () => import('../components/NotFoundPage.tsx') },
      ],
    },
  ],
};
