import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { ComingSoonPage } from '../features/site/pages/ComingSoonPage.tsx';
import { withNamespaces, type LazyNamespace } from '../lib/i18n.ts';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { routeTable } from './route-elements.tsx';
import { RequireAuth } from './RequireAuth.tsx';

const AccountPage = lazy(
  withNamespaces(['auth'], () =>
    import('../features/auth/pages/AccountPage.tsx').then((m) => ({ default: m.Component })),
  ),
);

/** The sign-in, password and invitation pages: the `auth` texts load with them, not in every first load. */
const authPage = <T,>(load: () => Promise<T>) => withNamespaces(['auth'], load);

/** Linked from the menus and footer; each gets its real page in a later release. */
const COMING_SOON: ReadonlyArray<readonly [path: string, titleKey: string]> = [];

/**
 * Pages rendered in the browser only, even under the public layout: pages for signed-in users, and forms
 * with a password (sign-in, registration, reset), which must not be typed into before the page is live
 * (a form submitted without its script would put the password in the address). A function decides by the
 * query string.
 */
export const CLIENT_ONLY = { clientOnly: true } as const;
const WITH_FORM_TAB = { clientOnly: (search: URLSearchParams) => search.has('tab') } as const;
/** A payment result page opened for an order shows its owner's payment record: drawn in the browser. */
const WITH_ORDER = { clientOnly: (search: URLSearchParams) => search.has('order') } as const;
/** The public site's layout route: its pages are rendered on the server (entry-server.tsx). */
export const PUBLIC_ROUTE_ID = 'public';

/** An address that moved: the server answers it with a 302 (entry-server.tsx), the browser's router follows. */
const redirectTo = (to: string) => ({ element: <Navigate to={to} replace />, handle: { redirect: to } });

/**
 * A page rendered on the server, loaded lazily in the browser. `handle.preload` names what the browser needs
 * before it can hydrate the page, as keys of the web build's manifest (the page's module, relative to
 * apps/web, and the English of the namespaces it waits for): the server lists their files in the page's
 * <head> (modulepreload), so they download with the entry instead of after it has run (issue 15).
 * routes.test.ts checks that each module named is the one imported.
 */
function page<T>(
  module: `src/${string}.tsx`,
  load: () => Promise<T>,
  namespaces: readonly LazyNamespace[] = [],
  handle: Record<string, unknown> = {},
) {
  return {
    lazy: namespaces.length > 0 ? withNamespaces(namespaces, load) : load,
    handle: { ...handle, preload: [module, ...namespaces.map((ns) => `src/locales/en/${ns}.json`)] },
  };
}

export const routes: RouteObject[] = [
  // The platform and the portal, with route tables of their own loaded with their first page.
  {
    path: 'app/*',
    lazy: routeTable(() => import('./platform-routes.tsx').then((m) => [m.platformRoutes])),
  },
  {
    path: 'portal/*',
    lazy: routeTable(() => import('../features/portal/routes.tsx').then((m) => m.portalRoutes)),
  },
  {
    id: PUBLIC_ROUTE_ID,
    element: <PublicLayout />,
    // Public pages arrive rendered by the server; a page for signed-in users has nothing to show while its
    // lazy module loads.
    HydrateFallback: () => null,
    children: [
      {
        index: true,
        ...page('src/features/site/pages/HomePage.tsx', () => import('../features/site/pages/HomePage.tsx')),
      },
      {
        path: 'jobs',
        ...page(
          'src/features/jobs/pages/AvailableJobsPage.tsx',
          () => import('../features/jobs/pages/AvailableJobsPage.tsx'),
          ['jobs'],
        ),
      },
      {
        path: 'jobs/:id',
        ...page(
          'src/features/jobs/pages/JobDetailPage.tsx',
          () => import('../features/jobs/pages/JobDetailPage.tsx'),
          ['jobs'],
        ),
      },
      {
        path: 'login',
        handle: CLIENT_ONLY,
        lazy: authPage(() => import('../features/auth/pages/SignInPage.tsx')),
      },
      { path: 'register', ...redirectTo('/advertise?tab=register') },
      {
        path: 'forgot-password',
        handle: CLIENT_ONLY,
        lazy: authPage(() => import('../features/auth/pages/ForgotPasswordPage.tsx')),
      },
      {
        path: 'reset-password',
        handle: CLIENT_ONLY,
        lazy: authPage(() => import('../features/auth/pages/ResetPasswordPage.tsx')),
      },
      {
        path: 'activate',
        handle: CLIENT_ONLY,
        lazy: authPage(() => import('../features/auth/pages/ActivationPage.tsx')),
      },
      {
        // Issue 13: an existing account accepts an invitation signed in with the invited email.
        path: 'accept-invitation',
        handle: CLIENT_ONLY,
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          { index: true, lazy: authPage(() => import('../features/auth/pages/AcceptInvitationPage.tsx')) },
        ],
      },
      {
        // Issue 18: supplier self-registration with the live KRA PIN lookup.
        path: 'supplier/register',
        ...page(
          'src/features/registry/pages/SupplierRegisterPage.tsx',
          () => import('../features/registry/pages/SupplierRegisterPage.tsx'),
          ['registry', 'errors'],
        ),
      },
      {
        // Issue 18: the A–Z listing of approved suppliers and their public profiles.
        path: 'suppliers',
        ...page(
          'src/features/supplier-listing/pages/SupplierListingPage.tsx',
          () => import('../features/supplier-listing/pages/SupplierListingPage.tsx'),
          ['registry'],
        ),
      },
      {
        // Issue 18: country supplier directories (SPEC §2): list, detail, cart and checkout.
        path: 'supplier-directory',
        ...page(
          'src/features/supplier-directories/pages/DirectoriesPage.tsx',
          () => import('../features/supplier-directories/pages/DirectoriesPage.tsx'),
          ['directories'],
        ),
      },
      {
        path: 'supplier-directory/:id',
        ...page(
          'src/features/supplier-directories/pages/DirectoryDetailPage.tsx',
          () => import('../features/supplier-directories/pages/DirectoryDetailPage.tsx'),
          ['directories', 'errors'],
        ),
      },
      {
        path: 'supplier-directory/cart/:code',
        ...page(
          'src/features/supplier-directories/pages/DirectoryCartPage.tsx',
          () => import('../features/supplier-directories/pages/DirectoryCartPage.tsx'),
          ['directories', 'checkout'],
        ),
      },
      {
        path: 'supplier-directory/checkout/:code',
        ...page(
          'src/features/supplier-directories/pages/DirectoryCheckoutPage.tsx',
          () => import('../features/supplier-directories/pages/DirectoryCheckoutPage.tsx'),
          ['phone', 'checkout', 'directories'],
        ),
      },
      {
        path: 'suppliers/show/:id',
        ...page(
          'src/features/supplier-listing/pages/SupplierProfilePage.tsx',
          () => import('../features/supplier-listing/pages/SupplierProfilePage.tsx'),
          ['registry'],
        ),
      },
      {
        path: 'advertise',
        ...page(
          'src/features/auth/pages/AdvertisePage.tsx',
          () => import('../features/auth/pages/AdvertisePage.tsx'),
          ['auth'],
          WITH_FORM_TAB,
        ),
      },
      {
        path: 'tenders',
        ...page(
          'src/features/tenders/pages/AvailableTendersPage.tsx',
          () => import('../features/tenders/pages/AvailableTendersPage.tsx'),
          // The search field's message (too long) is a catalogue text: the filters load it with their code.
          ['tenders'],
        ),
      },
      // The footer's "Tender Bulletin" is the public tender list.
      { path: 'tender-bulletin', ...redirectTo('/tenders') },
      // Issue 21: assets buying organisations sell (public tender, public auction).
      {
        path: 'asset-sales',
        ...page(
          'src/features/asset-sales/pages/AssetSalesPage.tsx',
          () => import('../features/asset-sales/pages/AssetSalesPage.tsx'),
          ['asset-sales'],
        ),
      },
      {
        path: 'asset-sales/:code',
        ...page(
          'src/features/asset-sales/pages/AssetSalePage.tsx',
          () => import('../features/asset-sales/pages/AssetSalePage.tsx'),
          ['asset-sales'],
        ),
      },
      {
        path: 'tenders/show/:id',
        ...page(
          'src/features/tenders/pages/TenderDetailPage.tsx',
          () => import('../features/tenders/pages/TenderDetailPage.tsx'),
          ['tenders'],
        ),
      },
      {
        handle: CLIENT_ONLY,
        element: (
          <RequireAuth role="advertiser">
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            path: 'publish-tender',
            lazy: withNamespaces(
              ['tender-publishing'],
              () => import('../features/tenders/pages/PublishTenderPage.tsx'),
            ),
          },
          {
            path: 'my-published-tenders',
            lazy: withNamespaces(
              ['tender-publishing'],
              () => import('../features/tenders/pages/MyPublishedTendersPage.tsx'),
            ),
          },
        ],
      },
      // SPEC §2 tender-alert subscriptions: public; the order opens by its unguessable code.
      {
        path: 'tenders-subscribe',
        ...page(
          'src/features/subscriptions/pages/SubscribePage.tsx',
          () => import('../features/subscriptions/pages/SubscribePage.tsx'),
          ['phone', 'subscriptions'],
        ),
      },
      {
        path: 'tenders-checkout/:code',
        ...page(
          'src/features/subscriptions/pages/SubscriptionCheckoutPage.tsx',
          () => import('../features/subscriptions/pages/SubscriptionCheckoutPage.tsx'),
          ['phone', 'checkout', 'subscriptions'],
        ),
      },
      // Issue 18, SPEC §2 prequalified suppliers: the request form, and the cart (the checkout's four views)
      // opened by the order's unguessable id.
      {
        path: 'prequalified-suppliers',
        ...page(
          'src/features/prequalified/pages/PrequalifiedOrderPage.tsx',
          () => import('../features/prequalified/pages/PrequalifiedOrderPage.tsx'),
          // The form's catalogue messages load with the first one shown (not 8 KB more before it is live).
          ['phone', 'prequalified'],
        ),
      },
      {
        path: 'prequalified-suppliers/cart/:id',
        ...page(
          'src/features/prequalified/pages/PrequalifiedCartPage.tsx',
          () => import('../features/prequalified/pages/PrequalifiedCartPage.tsx'),
          ['phone', 'checkout', 'prequalified'],
        ),
      },
      // SPEC §2 marketing payment results.
      {
        path: 'payment/success',
        ...page(
          'src/features/checkout/pages/PaymentSuccessPage.tsx',
          () => import('../features/checkout/pages/PaymentSuccessPage.tsx'),
          ['checkout'],
          WITH_ORDER,
        ),
      },
      {
        path: 'payment/failed',
        ...page(
          'src/features/checkout/pages/PaymentFailedPage.tsx',
          () => import('../features/checkout/pages/PaymentFailedPage.tsx'),
          ['checkout'],
          WITH_ORDER,
        ),
      },
      {
        // The order page opens for any signed-in user; the API answers 404 unless the order is theirs.
        path: 'publish-tender-checkout/:code',
        handle: CLIENT_ONLY,
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            index: true,
            lazy: withNamespaces(
              ['phone', 'checkout', 'tender-publishing'],
              () => import('../features/tenders/pages/PublishTenderCheckoutPage.tsx'),
            ),
          },
        ],
      },
      // Issue 17: the marketing pages; their texts are the operator's content (GET /core/site-content/).
      {
        path: 'about',
        ...page(
          'src/features/site/pages/AboutPage.tsx',
          () => import('../features/site/pages/AboutPage.tsx'),
        ),
      },
      {
        path: 'clients',
        ...page(
          'src/features/site/pages/ClientsPage.tsx',
          () => import('../features/site/pages/ClientsPage.tsx'),
          ['tenders'],
        ),
      },
      {
        path: 'pricing',
        ...page(
          'src/features/site/pages/PricingPage.tsx',
          () => import('../features/site/pages/PricingPage.tsx'),
        ),
      },
      // Issue 17: one page per module and sub-module, and the demo tour, from the product's own screens.
      {
        path: 'modules',
        ...page(
          'src/features/site/pages/ModulePage.tsx',
          () => import('../features/site/pages/ModulePage.tsx'),
        ),
      },
      {
        path: 'modules/:module',
        ...page(
          'src/features/site/pages/ModulePage.tsx',
          () => import('../features/site/pages/ModulePage.tsx'),
        ),
      },
      {
        path: 'modules/:module/:sub',
        ...page(
          'src/features/site/pages/ModulePage.tsx',
          () => import('../features/site/pages/ModulePage.tsx'),
        ),
      },
      {
        path: 'demo',
        ...page('src/features/site/pages/DemoPage.tsx', () => import('../features/site/pages/DemoPage.tsx')),
      },
      // Issue 17: contact us and webinars, with the operator's inquiries and webinars.
      {
        path: 'contact',
        ...page(
          'src/features/contact/pages/ContactPage.tsx',
          () => import('../features/contact/pages/ContactPage.tsx'),
          // The fields' messages are catalogue texts.
          ['contact', 'errors'],
        ),
      },
      {
        path: 'webinars',
        ...page(
          'src/features/webinars/pages/WebinarsPage.tsx',
          () => import('../features/webinars/pages/WebinarsPage.tsx'),
          ['webinars'],
        ),
      },
      {
        path: 'webinars/:id',
        ...page(
          'src/features/webinars/pages/WebinarDetailPage.tsx',
          () => import('../features/webinars/pages/WebinarDetailPage.tsx'),
          ['webinars', 'errors'],
        ),
      },
      // Issue 19: the links of every tender-alert mail (no sign-in, an unguessable token).
      {
        path: 'tender-alerts/unsubscribe/:token',
        ...page(
          'src/features/tender-alerts/pages/UnsubscribePage.tsx',
          () => import('../features/tender-alerts/pages/UnsubscribePage.tsx'),
          ['tender-alerts', 'errors'],
          CLIENT_ONLY,
        ),
      },
      {
        path: 'tender-alerts/saved/unsubscribe/:token',
        ...page(
          'src/features/tender-alerts/pages/SavedUnsubscribePage.tsx',
          () => import('../features/tender-alerts/pages/SavedUnsubscribePage.tsx'),
          ['tender-alerts', 'errors'],
          CLIENT_ONLY,
        ),
      },
      {
        // Issue 19: a signed-in user's saved searches (instant or daily alerts).
        path: 'saved-searches',
        handle: CLIENT_ONLY,
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            index: true,
            lazy: withNamespaces(
              ['tender-alerts', 'errors'],
              () => import('../features/tender-alerts/pages/SavedSearchesPage.tsx'),
            ),
          },
        ],
      },
      {
        path: 'tender-alerts/manage/:token',
        ...page(
          'src/features/tender-alerts/pages/ManagePage.tsx',
          () => import('../features/tender-alerts/pages/ManagePage.tsx'),
          ['tender-alerts', 'errors'],
          CLIENT_ONLY,
        ),
      },
      {
        path: 'moderation',
        handle: CLIENT_ONLY,
        element: (
          <RequireAuth role="moderator">
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            path: 'inquiries',
            lazy: withNamespaces(
              ['contact', 'errors'],
              () => import('../features/contact/pages/InquiriesAdminPage.tsx'),
            ),
          },
          {
            // The link in support's mail about a new inquiry.
            path: 'inquiries/:id',
            lazy: withNamespaces(
              ['contact', 'errors'],
              () => import('../features/contact/pages/InquiriesAdminPage.tsx'),
            ),
          },
          {
            path: 'webinars',
            lazy: withNamespaces(
              ['webinars'],
              () => import('../features/webinars/pages/WebinarsAdminPage.tsx'),
            ),
          },
          {
            // Issue 18: the review queue of supplier self-registrations.
            path: 'suppliers',
            lazy: withNamespaces(
              ['registry'],
              () => import('../features/registry/pages/RegistrationsAdminPage.tsx'),
            ),
          },
          {
            // Issue 18, data protection: suppliers' erasure requests, carried out by the operator.
            path: 'supplier-erasures',
            lazy: withNamespaces(
              ['registry', 'errors'],
              () => import('../features/registry/pages/ErasureRequestsAdminPage.tsx'),
            ),
          },
          {
            // Issue 18: the country supplier directories on sale (price, texts, on sale or not).
            path: 'directories',
            lazy: withNamespaces(
              ['directories', 'errors'],
              () => import('../features/supplier-directories/pages/DirectoriesAdminPage.tsx'),
            ),
          },
          {
            // Issue 19: tender-alert digests sent per week, failures, and "send this week's digests now".
            path: 'tender-alerts',
            lazy: withNamespaces(
              ['tender-alerts', 'errors'],
              () => import('../features/tender-alerts/pages/AlertsAdminPage.tsx'),
            ),
          },
          {
            // Issue 17: the price list and the clients shown on the site.
            path: 'site',
            lazy: withNamespaces(['site'], () => import('../features/site/pages/SiteAdminPage.tsx')),
          },
        ],
      },
      {
        path: 'moderation/tenders',
        handle: CLIENT_ONLY,
        element: (
          <RequireAuth role="moderator">
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            index: true,
            lazy: withNamespaces(
              ['tender-publishing'],
              () => import('../features/tenders/pages/ModerationQueuePage.tsx'),
            ),
          },
          {
            path: 'new',
            lazy: withNamespaces(
              ['tender-publishing'],
              () => import('../features/tenders/pages/ModerationEditorPage.tsx'),
            ),
          },
          {
            path: ':id/edit',
            lazy: withNamespaces(
              ['tender-publishing'],
              () => import('../features/tenders/pages/ModerationEditorPage.tsx'),
            ),
          },
        ],
      },
      {
        path: 'account',
        handle: CLIENT_ONLY,
        element: (
          <RequireAuth>
            <Suspense>
              <AccountPage />
            </Suspense>
          </RequireAuth>
        ),
      },
      // The terms and the privacy policy the registration form links to (issue 16 point 7).
      {
        path: 'terms',
        ...page(
          'src/features/site/pages/TermsPage.tsx',
          () => import('../features/site/pages/TermsPage.tsx'),
          ['legal'],
        ),
      },
      {
        path: 'privacy',
        ...page(
          'src/features/site/pages/PrivacyPage.tsx',
          () => import('../features/site/pages/PrivacyPage.tsx'),
          ['legal'],
        ),
      },
      ...COMING_SOON.map(([path, titleKey]) => ({ path, element: <ComingSoonPage titleKey={titleKey} /> })),
      {
        path: '*',
        ...page('src/components/NotFoundPage.tsx', () => import('../components/NotFoundPage.tsx')),
      },
    ],
  },
];
