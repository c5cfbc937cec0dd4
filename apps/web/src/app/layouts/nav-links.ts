/** The public site's menus. Pages that are not built yet render the "coming soon" page (see routes.tsx). */
export const HEADER_LINKS = [
  { to: '/modules', key: 'nav.modules' },
  { to: '/jobs', key: 'nav.jobs' },
  { to: '/tenders', key: 'nav.tenders' },
  { to: '/supplier-directory', key: 'nav.directory' },
  { to: '/advertise', key: 'nav.advertise' },
  { to: '/webinars', key: 'nav.webinars' },
] as const;

/** SPEC §2: the footer's ten links, in its order, and the assets for sale (issue 21). */
export const FOOTER_LINKS = [
  { to: '/about', key: 'footer.aboutUs' },
  { to: '/jobs', key: 'footer.availableJobs' },
  { to: '/supplier-directory', key: 'footer.supplierDirectory' },
  { to: '/prequalified-suppliers', key: 'footer.prequalifiedSuppliers' },
  { to: '/tender-bulletin', key: 'footer.tenderBulletin' },
  { to: '/advertise', key: 'footer.advertiseTender' },
  { to: '/tenders', key: 'footer.viewOpenTenders' },
  // Issue 21: the assets buying organisations sell, beside the tenders.
  { to: '/asset-sales', key: 'footer.assetSales' },
  { to: '/tenders-subscribe', key: 'footer.subscribeAlerts' },
  { to: '/clients', key: 'footer.ourClients' },
  { to: '/demo', key: 'footer.watchDemo' },
] as const;

/** Issue 17: the four module pages (SPEC §1), in the footer beside its ten links. */
export const MODULE_LINKS = [
  { to: '/modules/sourcing', key: 'footer.moduleNames.sourcing' },
  { to: '/modules/contract-management', key: 'footer.moduleNames.contractManagement' },
  { to: '/modules/procure-to-pay', key: 'footer.moduleNames.procureToPay' },
  { to: '/modules/risk-management', key: 'footer.moduleNames.riskManagement' },
] as const;
