import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RequireAuth } from '../../app/RequireAuth.tsx';
import { withNamespaces } from '../../lib/i18n.ts';

const page = <T,>(load: () => Promise<T>) => withNamespaces(['portal', 'errors'], load);
const pq = <T,>(load: () => Promise<T>) =>
  withNamespaces(['portal', 'portal-prequalifications', 'errors'], load);

/**
 * The free supplier portal under `/portal`, in a shell of its own: purchase orders to acknowledge or
 * decline, invoices to send and follow, and the statement with the selected buyer. Signed-out visitors are
 * sent to sign in and brought back; the shell tells anyone who is not a supplier's user it is not theirs.
 * The paths are those the API's notifications and mails link to (`/portal/purchase-orders/:id`,
 * `/portal/invoices/:id`).
 */
export const portalRoutes: RouteObject[] = [
  {
    path: 'portal',
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    HydrateFallback: () => null,
    children: [
      {
        // The shell reuses the platform's user menu and notifications bell, which speak its namespace.
        lazy: withNamespaces(['portal', 'platform'], () => import('./layout/PortalLayout.tsx')),
        children: [
          { index: true, element: <Navigate to="purchase-orders" replace /> },
          { path: 'purchase-orders', lazy: page(() => import('./pages/OrdersPage.tsx')) },
          { path: 'purchase-orders/:id', lazy: page(() => import('./pages/OrderPage.tsx')) },
          { path: 'invoices', lazy: page(() => import('./pages/InvoicesPage.tsx')) },
          { path: 'invoices/new', lazy: page(() => import('./pages/InvoiceNewPage.tsx')) },
          { path: 'invoices/:id', lazy: page(() => import('./pages/InvoicePage.tsx')) },
          { path: 'statement', lazy: page(() => import('./pages/StatementPage.tsx')) },
          // Issue 21: published tenders of every buyer, the two-envelope bid and its receipt.
          {
            path: 'tenders',
            lazy: withNamespaces(
              ['portal', 'portal-tendering', 'errors'],
              () => import('./pages/TendersPage.tsx'),
            ),
          },
          {
            path: 'tenders/:id',
            lazy: withNamespaces(
              ['portal', 'portal-tendering', 'errors'],
              () => import('./pages/TenderPage.tsx'),
            ),
          },
          // Issue 22: contracts sent to the supplier to sign, and the signed ones.
          {
            path: 'contracts',
            lazy: withNamespaces(
              ['portal', 'portal-contracts', 'errors'],
              () => import('./pages/ContractsPage.tsx'),
            ),
          },
          {
            path: 'contracts/:id',
            lazy: withNamespaces(
              ['portal', 'portal-contracts', 'errors'],
              () => import('./pages/ContractPage.tsx'),
            ),
          },
          // Issue 20: prequalifications the supplier is invited to, from any buyer.
          { path: 'prequalifications', lazy: pq(() => import('./pages/PrequalificationsPage.tsx')) },
          { path: 'prequalifications/:id', lazy: pq(() => import('./pages/PrequalificationPage.tsx')) },
          // Issue 23: risk questionnaires from the selected buyer (financial statements, due diligence).
          {
            path: 'risk/questionnaires',
            lazy: withNamespaces(
              ['portal', 'portal-risk', 'errors'],
              () => import('./pages/RiskQuestionnairesPage.tsx'),
            ),
          },
          {
            path: 'risk/questionnaires/:id',
            lazy: withNamespaces(
              ['portal', 'portal-risk', 'errors'],
              () => import('./pages/RiskQuestionnairePage.tsx'),
            ),
          },
          // Issue 20: requests for quotations the selected buyer invited the supplier to; sealed quotes.
          {
            path: 'rfqs',
            lazy: withNamespaces(
              ['portal', 'portal-rfqs', 'errors'],
              () => import('./pages/RfqInvitationsPage.tsx'),
            ),
          },
          {
            path: 'rfqs/:id',
            lazy: withNamespaces(
              ['portal', 'portal-rfqs', 'errors'],
              () => import('./pages/RfqInvitationPage.tsx'),
            ),
          },
          // Issue 21: live eAuctions the selected buyer invited the supplier to, and the live bidding screen.
          {
            path: 'auctions',
            lazy: withNamespaces(
              ['portal', 'portal-auctions', 'errors'],
              () => import('./pages/AuctionsPage.tsx'),
            ),
          },
          {
            path: 'auctions/:id',
            lazy: withNamespaces(
              ['portal', 'portal-auctions', 'errors'],
              () => import('./pages/AuctionLivePage.tsx'),
            ),
          },
          // Issue 21: assets any buyer sells by sealed public tender, and the sealed offer with its receipt.
          {
            path: 'asset-sales',
            lazy: withNamespaces(
              ['portal', 'portal-auctions', 'errors'],
              () => import('./pages/AssetSalesPage.tsx'),
            ),
          },
          {
            path: 'asset-sales/:id',
            lazy: withNamespaces(
              ['portal', 'portal-auctions', 'errors'],
              () => import('./pages/AssetSalePage.tsx'),
            ),
          },
          // Issue 18, data protection: the supplier's own data (no buyer needed).
          { path: 'my-data', lazy: page(() => import('./pages/MyDataPage.tsx')) },
          { path: '*', lazy: () => import('../../components/NotFoundPage.tsx') },
        ],
      },
    ],
  },
];
