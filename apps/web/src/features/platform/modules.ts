/**
 * The platform's modules (SPEC §1) and the screens each has so far: what the navigation lists, the home page
 * tiles and the pages that stand in for screens still being built. Paths are absolute under `/app`.
 */
export const PLATFORM_HOME = '/app';

export type ModuleKey = 'sourcing' | 'contracts' | 'p2p' | 'risk';
export type ScreenKey =
  | 'riskDashboard'
  | 'riskRegister'
  | 'riskContinuity'
  | 'riskFinancial'
  | 'riskOutsourcing'
  | 'requisitions'
  | 'approvals'
  | 'purchaseOrders'
  | 'invoices'
  | 'payments'
  | 'suppliers'
  | 'reports'
  | 'budgets'
  | 'approvalWorkflows'
  | 'organisationSetup'
  | 'matchingSettings'
  | 'contractsDashboard'
  | 'contractsArchive'
  | 'prequalifications'
  | 'rfqs'
  | 'tenders'
  | 'savings'
  | 'auctions'
  | 'disposals';

export interface PlatformScreen {
  key: ScreenKey;
  path: string;
}

export interface PlatformModule {
  key: ModuleKey;
  path: string;
  /** Modules of a later release show a "coming soon" page; this release builds procure-to-pay. */
  release: 'current' | 'later';
  screens: readonly PlatformScreen[];
}

export const PLATFORM_MODULES: readonly PlatformModule[] = [
  {
    key: 'sourcing',
    path: '/app/sourcing',
    release: 'current',
    screens: [
      { key: 'prequalifications', path: '/app/sourcing/prequalifications' },
      { key: 'rfqs', path: '/app/sourcing/rfqs' },
      { key: 'tenders', path: '/app/sourcing/tenders' },
      { key: 'savings', path: '/app/sourcing/savings' },
      { key: 'auctions', path: '/app/sourcing/auctions' },
      { key: 'disposals', path: '/app/sourcing/disposals' },
    ],
  },
  {
    key: 'contracts',
    path: '/app/contracts',
    release: 'current',
    screens: [
      { key: 'contractsDashboard', path: '/app/contracts/dashboard' },
      { key: 'contractsArchive', path: '/app/contracts/archive' },
    ],
  },
  {
    key: 'p2p',
    path: '/app/p2p',
    release: 'current',
    screens: [
      { key: 'requisitions', path: '/app/p2p/requisitions' },
      { key: 'approvals', path: '/app/p2p/approvals' },
      { key: 'purchaseOrders', path: '/app/p2p/purchase-orders' },
      { key: 'invoices', path: '/app/p2p/invoices' },
      { key: 'payments', path: '/app/p2p/payments' },
      { key: 'suppliers', path: '/app/p2p/suppliers' },
      { key: 'reports', path: '/app/p2p/reports' },
      { key: 'budgets', path: '/app/p2p/budgets' },
      { key: 'approvalWorkflows', path: '/app/p2p/approval-workflows' },
      { key: 'organisationSetup', path: '/app/p2p/organisation-setup' },
      { key: 'matchingSettings', path: '/app/p2p/matching-settings' },
    ],
  },
  {
    key: 'risk',
    path: '/app/risk',
    release: 'current',
    screens: [
      { key: 'riskDashboard', path: '/app/risk/dashboard' },
      { key: 'riskRegister', path: '/app/risk/register' },
      { key: 'riskContinuity', path: '/app/risk/continuity' },
      { key: 'riskFinancial', path: '/app/risk/financial' },
      { key: 'riskOutsourcing', path: '/app/risk/outsourcing' },
    ],
  },
];

/** Where a module's tile and link go: its first screen, or its own (coming soon) page. */
export const moduleEntry = (module: PlatformModule): string => module.screens[0]?.path ?? module.path;

const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The module and screen a path belongs to (a screen's own sub-pages included); null on the home page. */
export function locate(pathname: string): { module: PlatformModule; screen: PlatformScreen | null } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const module = PLATFORM_MODULES.find((m) => within(path, m.path));
  if (!module) return null;
  return { module, screen: module.screens.find((s) => within(path, s.path)) ?? null };
}
