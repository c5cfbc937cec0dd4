import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from '@fastify/type-provider-zod';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from './config.ts';
import { createTokenSigner, registerAuthentication } from './infra/auth.ts';
import type { Clock } from './infra/clock.ts';
import { createSecretBox, derivedSecret } from './infra/crypto.ts';
import {
  createRfqsService,
  rfqApprovalAdapter,
  rfqsJobs,
  rfqsRoutes,
} from './modules/platform/sourcing/rfqs/index.ts';
import {
  createTenderingService,
  tenderAwardApprovalAdapter,
  tenderJustificationApprovalAdapter,
  tenderingOcdsSource,
  tenderingRoutes,
} from './modules/platform/sourcing/tendering/index.ts';
import { createOcdsService, ocdsRoutes } from './modules/shared/ocds/index.ts';
import {
  auctionApprovalAdapter,
  auctionsRoutes,
  createAuctionLive,
  createAuctionsService,
} from './modules/platform/sourcing/auctions/index.ts';
import {
  createDisposalsService,
  disposalApprovalAdapter,
  disposalsRoutes,
} from './modules/platform/sourcing/disposals/index.ts';
import type { Database } from './infra/database.ts';
import { createListCache, listenForListChanges } from './infra/list-cache.ts';
import { registerErrorHandling } from './infra/errors.ts';
import { loopbackOnly } from './infra/loopback-only.ts';
import { registerInputHardening } from './infra/input-hardening.ts';
import { registerSecurityHeaders } from './infra/security-headers.ts';
import { registerWebApp } from './infra/web-app.ts';
import type { JobDefinition } from './infra/jobs.ts';
import type { Logger } from './infra/logger.ts';
import { API_ROOT } from './infra/paths.ts';
import { createJobQueue, type BindableJobQueue } from './infra/queue.ts';
import { auditRoutes, createAuditService } from './modules/shared/audit/index.ts';
import {
  authenticationRoutes,
  createAuthenticationService,
} from './modules/identity/authentication/index.ts';
import {
  createMailService,
  devMailRoutes,
  MAIL_SEND_BATCH_JOB,
  MAIL_SEND_JOB,
  mailJobs,
} from './modules/shared/mail/index.ts';
import { createDepartmentsService, departmentsRoutes } from './modules/platform/setup/departments/index.ts';
import { createFiscalYearsService, fiscalYearsRoutes } from './modules/platform/setup/fiscal-years/index.ts';
import { createTaxRatesService, taxRatesRoutes } from './modules/platform/setup/tax-rates/index.ts';
import { budgetsRoutes, createBudgetsService } from './modules/platform/setup/budgets/index.ts';
import {
  approvalWorkflowsRoutes,
  createApprovalWorkflowsService,
  organisationSettingsRoutes,
} from './modules/platform/setup/approval-workflows/index.ts';
import { createNumberingService } from './modules/shared/numbering/index.ts';
import {
  createRequisitionRecordsService,
  createRequisitionsService,
  requisitionApprovalAdapter,
  requisitionsRoutes,
} from './modules/platform/p2p/requisitions/index.ts';
import {
  createGoodsReceiptsService,
  createPurchaseOrdersService,
  purchaseOrderApprovalAdapter,
  purchaseOrdersRoutes,
} from './modules/platform/p2p/purchase-orders/index.ts';
import {
  createInvoicesService,
  invoiceApprovalAdapter,
  invoicesRoutes,
} from './modules/platform/p2p/invoices/index.ts';
import { createCreditNotesService, creditNotesRoutes } from './modules/platform/p2p/credit-notes/index.ts';
import { approvalsRoutes, createApprovalsService } from './modules/shared/approvals/index.ts';
import {
  createRiskService,
  riskAcceptanceApprovalAdapter,
  riskJobs,
  riskRoutes,
} from './modules/platform/risk/index.ts';
import {
  contractApprovalAdapter,
  contractsJobs,
  contractsRoutes,
  createContractsService,
} from './modules/platform/contracts/index.ts';
import { createMatchingSettingsService } from './modules/platform/p2p/matching/index.ts';
import {
  createPortalService,
  createStatementsService,
  portalRoutes,
} from './modules/platform/portal/index.ts';
import { createReportsService, reportsRoutes } from './modules/platform/p2p/reports/index.ts';
import { createSuppliersService, suppliersRoutes } from './modules/platform/p2p/suppliers/index.ts';
import { createDelegationsService, delegationsRoutes } from './modules/platform/setup/delegations/index.ts';
import { createNotificationsService, notificationsRoutes } from './modules/shared/notifications/index.ts';
import {
  createClientListingService,
  createOrganisationsRepository,
  createOrganisationsService,
  organisationsRoutes,
} from './modules/identity/organisations/index.ts';
import {
  createRateLimiter,
  createSystemRepository,
  createSystemService,
  systemJobs,
  systemRoutes,
} from './modules/shared/system/index.ts';
import { coreRoutes, createCoreRepository, createCoreService } from './modules/site/core/index.ts';
import { createInquiriesService, inquiriesRoutes } from './modules/site/inquiries/index.ts';
import {
  createPinChecker,
  createSupplierDataService,
  createSupplierRegistryService,
  pinCheckerSimulator,
  supplierDataRoutes,
  supplierRegistryRoutes,
} from './modules/site/supplier-registry/index.ts';
import {
  createSupplierListingService,
  supplierListingRoutes,
} from './modules/site/supplier-listing/index.ts';
import { createWebinarsService, webinarsJobs, webinarsRoutes } from './modules/site/webinars/index.ts';
import {
  createPrequalificationsService,
  portalPrequalificationsRoutes,
  prequalificationResultApprovalAdapter,
  prequalificationStanding,
  prequalificationsJobs,
  prequalificationsRoutes,
} from './modules/platform/sourcing/prequalifications/index.ts';
import {
  createSupplierDirectoriesService,
  DIRECTORY_PRODUCT,
  directoryTemplateRoutes,
  supplierDirectoriesRoutes,
  supplierDirectoryProduct,
} from './modules/site/supplier-directories/index.ts';
import {
  createPrequalifiedListsService,
  PREQUALIFIED_DOWNLOAD_PURPOSE,
  PREQUALIFIED_PRODUCT,
  prequalifiedListProduct,
  prequalifiedListsRoutes,
} from './modules/site/prequalified-lists/index.ts';
import {
  createMarketingService,
  createSiteContentStore,
  marketingRoutes,
} from './modules/site/marketing/index.ts';
import {
  createTendersService,
  PUBLISHING_PRODUCT,
  tenderPaymentRoutes,
  tenderPublishingProduct,
  tendersRoutes,
} from './modules/site/tenders/index.ts';
import {
  createDarajaClient,
  createDpoClient,
  createPaymentsService,
  createPriceListService,
  darajaSimulator,
  dpoSimulator,
  paymentCallbackRoutes,
  paymentOperatorRoutes,
  paymentsJobs,
} from './modules/shared/payments/index.ts';
import {
  alertSubscriptionProduct,
  createSubscriptionsService,
  SUBSCRIPTION_PRODUCT,
  subscriptionsRoutes,
} from './modules/site/subscriptions/index.ts';
import {
  createTenderAlertsService,
  tenderAlertsJobs,
  tenderAlertsRoutes,
} from './modules/site/tender-alerts/index.ts';
import { createFileStorage, type FileStorage } from './infra/storage.ts';
import { summarise, type PageMeta } from './infra/page-meta.ts';
import { PUBLIC_PAGES, SITEMAP_URL_LIMIT, type SitemapEntry } from './infra/site-index.ts';
import { richTextToPlain } from './infra/rich-text.ts';
import {
  formatEat,
  prequalificationStandingOf,
  supplierRiskBandOf,
  type SupplierRiskBand,
} from '@zabuni/domain';

export const APP_VERSION = (
  JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

const systemClock: Clock = { now: () => new Date() };

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  clock?: Clock;
  /** The background-job queue; work runs inline until it is bound to pg-boss. */
  queue?: BindableJobQueue;
  /** Uploaded files; defaults to what the configuration names (local folder or S3 bucket). */
  files?: FileStorage;
  /** HTTP to payment providers (and the simulators' callbacks); tests route it into the app. */
  fetch?: typeof fetch;
}

/** Wires repositories → services once; the HTTP app and the worker both take their services from here. */
export function createServices({
  config,
  database,
  logger,
  clock = systemClock,
  queue = createJobQueue(),
  files = createFileStorage(config.files),
  fetch: httpFetch = fetch,
}: AppDeps) {
  const { db } = database;
  const signer = createTokenSigner(config.jwtSecret, config.publicUrl);
  // Public list answers (jobs, tenders) shared between visitors for a few seconds; see infra/list-cache.ts.
  const lists = createListCache({ ttlMs: config.listCacheTtlMs });
  const core = createCoreService({ repository: createCoreRepository(db), clock, lists });
  const audit = createAuditService({ db, clock });
  const organisations = createOrganisationsService({
    db,
    repository: createOrganisationsRepository(db),
    audit,
  });
  const departments = createDepartmentsService({ db, audit, isMember: organisations.isMember });
  const fiscalYears = createFiscalYearsService({ db, audit });
  const taxRates = createTaxRatesService({ db, audit });
  const budgets = createBudgetsService({ db, audit });
  const approvalWorkflows = createApprovalWorkflowsService({ db, audit, clock });
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const mail = createMailService({ db, transport, from: config.mailFrom, queue, logger });
  queue.handleInline(MAIL_SEND_JOB, (data) => mail.deliver((data as { id: number }).id));
  queue.handleInline(MAIL_SEND_BATCH_JOB, (data) => mail.deliverBatch((data as { ids: number[] }).ids));
  const notifications = createNotificationsService({ db, mail, publicUrl: config.publicUrl });
  // One approval engine: each document type plugs in with its adapter.
  const approvals = createApprovalsService({ db, workflows: approvalWorkflows, audit, notifications, clock });
  approvals.register(requisitionApprovalAdapter({ budgets, notifications, clock }));
  approvals.register(purchaseOrderApprovalAdapter({ budgets, clock }));
  approvals.register(invoiceApprovalAdapter({ budgets, notifications, clock }));
  approvals.register(riskAcceptanceApprovalAdapter());
  approvals.register(contractApprovalAdapter({ notifications, clock }));
  approvals.register(prequalificationResultApprovalAdapter({ notifications, clock }));
  const requisitions = createRequisitionsService({
    db,
    audit,
    notifications,
    numbering: createNumberingService({ clock }),
    approvals,
    budgets,
    clock,
  });
  const delegations = createDelegationsService({ db, audit, clock, isMember: organisations.isMember });
  const requisitionRecords = createRequisitionRecordsService({ db, audit, files, clock });
  const system = createSystemService({ repository: createSystemRepository(db), clock, version: APP_VERSION });
  const authentication = createAuthenticationService({
    db,
    clock,
    signer,
    secrets: createSecretBox(config.jwtSecret, 'totp-secrets'),
    audit,
    mail,
    organisations,
    publicUrl: config.publicUrl,
  });
  const suppliers = createSuppliersService({ db, audit, mail, accounts: authentication });
  const contracts = createContractsService({
    db,
    audit,
    notifications,
    mail,
    approvals,
    numbering: createNumberingService({ clock }),
    files,
    clock,
    authenticator: authentication,
  });
  const purchaseOrders = createPurchaseOrdersService({
    db,
    audit,
    numbering: createNumberingService({ clock }),
    approvals,
    suppliers,
    notifications,
    clock,
    budgets,
  });
  const invoices = createInvoicesService({ db, audit, budgets, notifications, files, clock, approvals });
  const creditNotes = createCreditNotesService({ db, invoices, audit, notifications, clock });
  const prequalifications = createPrequalificationsService({
    db,
    files,
    clock,
    audit,
    notifications,
    approvals,
  });
  const matchingSettings = createMatchingSettingsService({ db, audit });
  const statements = createStatementsService({ db, clock });
  const portal = createPortalService({ db, orders: purchaseOrders });
  const reports = createReportsService({ db });
  const goodsReceipts = createGoodsReceiptsService({
    db,
    audit,
    numbering: createNumberingService({ clock }),
    orders: purchaseOrders,
    afterReceipt: (tx, organisationId, purchaseOrderId) =>
      invoices.rematchOrder(tx, organisationId, purchaseOrderId),
  });
  // Issue 20: sealed RFQs; their publication and award go through the one approval engine.
  const rfqs = createRfqsService({
    db,
    audit,
    numbering: createNumberingService({ clock }),
    approvals,
    notifications,
    orders: purchaseOrders,
    contracts,
    files,
    clock,
    openingBox: createSecretBox(config.jwtSecret, 'rfq-opening-shares'),
  });
  approvals.register(rfqApprovalAdapter('rfq', rfqs.outcomes));
  approvals.register(rfqApprovalAdapter('rfq_award', rfqs.outcomes));
  // Issue 21: tenders under PPADA (two sealed envelopes, committee openings, award through the engine, the
  // standstill passed to contracts) and their OCDS 1.1 publication.
  const tendering = createTenderingService({
    db,
    audit,
    numbering: createNumberingService({ clock }),
    approvals,
    notifications,
    contracts,
    clock,
    openingBox: createSecretBox(config.jwtSecret, 'tender-opening-shares'),
    ocidPrefix: config.ocdsOcidPrefix,
  });
  approvals.register(tenderAwardApprovalAdapter(tendering.outcomes));
  approvals.register(tenderJustificationApprovalAdapter(tendering.justificationOutcomes));
  const ocds = createOcdsService({
    publicUrl: config.publicUrl,
    clock,
    publisherName: 'Zabuni',
    license: null,
    publicationPolicy: null,
  });
  ocds.register(tenderingOcdsSource(db, config.ocdsOcidPrefix));
  // Issue 21: live eAuctions (bids announced with NOTIFY, watched over SSE); awards through the one engine.
  const auctionLive = createAuctionLive({ db, pool: database.pool, logger });
  const auctions = createAuctionsService({ db, audit, approvals, notifications, clock, live: auctionLive });
  approvals.register(auctionApprovalAdapter(auctions.outcomes));
  const disposals = createDisposalsService({
    db,
    audit,
    files,
    clock,
    auctions,
    tendering,
    openingBox: createSecretBox(config.jwtSecret, 'disposal-opening-shares'),
    approvals,
    notifications,
  });
  // A disposal's method and its award by public tender are approved through the one engine.
  approvals.register(disposalApprovalAdapter('disposal_method', disposals.outcomes));
  approvals.register(disposalApprovalAdapter('disposal_award', disposals.outcomes));
  const limiter = createRateLimiter(db);
  const stkCallbackSecret = derivedSecret(config.jwtSecret, 'stk-callback-path');
  // Signs the time-limited download links of paid prequalified-supplier lists (issue 18).
  const prequalifiedDownloadSecret = derivedSecret(config.jwtSecret, PREQUALIFIED_DOWNLOAD_PURPOSE);
  const payments = createPaymentsService({
    db,
    clock,
    mpesa: createDarajaClient({ ...config.mpesa, fetch: httpFetch }),
    stkCallbackUrl: `${config.publicUrl}/api/payments/stk/${stkCallbackSecret}`,
    products: {
      [PUBLISHING_PRODUCT]: tenderPublishingProduct({ audit, clock }),
      [SUBSCRIPTION_PRODUCT]: alertSubscriptionProduct({ audit, clock }),
      [DIRECTORY_PRODUCT]: supplierDirectoryProduct({ clock, mail, publicUrl: config.publicUrl }),
      [PREQUALIFIED_PRODUCT]: prequalifiedListProduct({
        audit,
        clock,
        mail,
        publicUrl: config.publicUrl,
        downloadSecret: prequalifiedDownloadSecret,
      }),
    },
    pendingExpiryMs: config.paymentPendingExpiryMinutes * 60_000,
    dpo: createDpoClient({ ...config.dpo, fetch: httpFetch }),
    dpoReturnUrl: `${config.publicUrl}/api/payments/card/return`,
    dpoBackUrl: `${config.publicUrl}/api/payments/card/back`,
    mail,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
    logger,
  });
  const tenders = createTendersService({
    db,
    files,
    clock,
    mail,
    audit,
    publicUrl: config.publicUrl,
    paymentFacts: (code) => payments.paymentFactsByCode(code),
    lists,
  });
  const subscriptions = createSubscriptionsService({
    db,
    clock,
    mail,
    payments,
    publicUrl: config.publicUrl,
  });
  const tenderAlerts = createTenderAlertsService({
    db,
    clock,
    mail,
    publicUrl: config.publicUrl,
    linkSecret: derivedSecret(config.jwtSecret, 'tender-alert-links'),
    schedule: config.tenderAlertDigest,
    renewalOrder: (email) => subscriptions.findByEmail(email),
    logger,
    audit,
  });
  const siteMail = {
    db,
    mail,
    audit,
    clock,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
  };
  const inquiries = createInquiriesService(siteMail);
  const supplierRegistry = createSupplierRegistryService({
    db,
    clock,
    audit,
    mail,
    pinChecker: createPinChecker({ ...config.pinChecker, fetch: httpFetch }),
    accounts: authentication,
    organisations,
    publicUrl: config.publicUrl,
    listingChanged: () => lists.invalidate(),
  });
  const supplierData = createSupplierDataService({
    db,
    clock,
    audit,
    accounts: authentication,
    organisations,
    listingChanged: () => lists.invalidate(),
  });
  const supplierListing = createSupplierListingService({ db, cache: lists });
  const supplierDirectories = createSupplierDirectoriesService({
    db,
    clock,
    audit,
    mail,
    payments,
    publicUrl: config.publicUrl,
    cache: lists,
  });
  const prequalifiedLists = createPrequalifiedListsService({
    db,
    clock,
    payments,
    publicUrl: config.publicUrl,
    downloadSecret: prequalifiedDownloadSecret,
  });
  const webinars = createWebinarsService(siteMail);
  const risk = createRiskService({
    db,
    audit,
    notifications,
    approvals,
    clock,
    sources: {
      prequalificationStanding: async (tx, organisationId, supplierId) =>
        prequalificationStandingOf(await prequalificationStanding(tx, organisationId, supplierId)),
      // Contract value: risk reads issue 22's live contracts itself (risk.queries.ts).
    },
  });
  // Workflow rules may ask for a supplier risk band or above: the engine reads the bands from risk's profiles.
  approvals.useSupplierRiskBands(async (tx, organisationId, supplierIds) => {
    // One after the other: the reads share the submitting transaction's connection.
    const bands: SupplierRiskBand[] = [];
    for (const id of supplierIds)
      bands.push(supplierRiskBandOf((await risk.supplierBand(tx, organisationId, id)).score));
    return bands;
  });
  const marketing = createMarketingService({
    db,
    content: createSiteContentStore(config.siteContentDir, logger),
    priceList: createPriceListService({ db, audit }),
    clientListing: createClientListingService({ db, audit }),
  });
  return {
    rfqs,
    tendering,
    ocds,
    auctions,
    auctionLive,
    disposals,
    marketing,
    lists,
    core,
    inquiries,
    supplierRegistry,
    supplierData,
    supplierListing,
    supplierDirectories,
    prequalifiedLists,
    webinars,
    risk,
    organisations,
    departments,
    fiscalYears,
    taxRates,
    budgets,
    approvalWorkflows,
    approvals,
    requisitions,
    notifications,
    requisitionRecords,
    delegations,
    suppliers,
    purchaseOrders,
    contracts,
    goodsReceipts,
    invoices,
    creditNotes,
    prequalifications,
    matchingSettings,
    statements,
    portal,
    reports,
    clock,
    system,
    audit,
    mail,
    authentication,
    limiter,
    signer,
    queue,
    tenders,
    payments,
    subscriptions,
    tenderAlerts,
    stkCallbackSecret,
    httpFetch,
  };
}
export type Services = ReturnType<typeof createServices>;

export function jobDefinitions(services: Services): JobDefinition[] {
  return [
    ...systemJobs(services.system),
    ...mailJobs(services.mail),
    ...paymentsJobs(services.payments),
    ...webinarsJobs(services.webinars),
    ...riskJobs(services.risk),
    ...prequalificationsJobs(services.prequalifications),
    ...rfqsJobs(services.rfqs),
    ...tenderAlertsJobs(services.tenderAlerts),
    ...contractsJobs(services.contracts),
  ];
}

const flagsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')),
  'flags/4x3',
);

async function pageMetaFor(url: string, services: Services, publicUrl: string): Promise<PageMeta | null> {
  const webinarId = /^\/webinars\/(\d{1,9})\/?(?:\?.*)?$/.exec(url)?.[1];
  if (webinarId) {
    const webinar = await services.webinars.get(Number(webinarId)).catch(() => null);
    if (!webinar) return null;
    // The one time zone rule (issue 16 point 6): East Africa Time with its label.
    const when = formatEat(webinar.date, 'en');
    return {
      title: `${webinar.title} · Webinar · Zabuni`,
      description: summarise(
        `${webinar.module} webinar by ${webinar.organizer}, ${when}. ${webinar.description}`,
      ),
      url: `${publicUrl}/webinars/${webinar.id}`,
      type: 'article',
    };
  }
  const directoryId = /^\/supplier-directory\/(\d{1,9})\/?(?:\?.*)?$/.exec(url)?.[1];
  if (directoryId) {
    const directory = await services.supplierDirectories.get(Number(directoryId)).catch(() => null);
    if (!directory) return null;
    return {
      title: `${directory.name} · Supplier Directory · Zabuni`,
      description: summarise(
        `${directory.name}: the approved suppliers of ${directory.country.name}, ${directory.currency.initials} ${directory.amount.toFixed(2)}. ${directory.features.join('. ')}. ${richTextToPlain(directory.description)}`,
      ),
      url: `${publicUrl}/supplier-directory/${directory.id}`,
      type: 'website',
    };
  }
  const supplierId = /^\/suppliers\/show\/(\d{1,9})\/?(?:\?.*)?$/.exec(url)?.[1];
  if (supplierId) {
    const supplier = await services.supplierListing.profile(Number(supplierId)).catch(() => null);
    if (!supplier) return null;
    const categories = supplier.categories.map((category) => category.name).join(', ');
    return {
      title: `${supplier.name} · Supplier in ${supplier.city}, ${supplier.country.name} · Zabuni`,
      description: summarise(
        `${supplier.name}, ${supplier.verified ? 'a verified ' : 'a '}supplier in ${supplier.city}, ${supplier.country.name}.${categories ? ` Categories: ${categories}.` : ''}`,
      ),
      url: `${publicUrl}/suppliers/show/${supplier.id}`,
      type: 'website',
    };
  }
  const tenderId = /^\/tenders\/show\/(\d{1,9})\/?(?:\?.*)?$/.exec(url)?.[1];
  if (!tenderId) return null;
  const tender = await services.tenders.getAvailable(Number(tenderId)).catch(() => null);
  if (!tender) return null;
  // The one time zone rule (issue 16 point 6): East Africa Time with its label.
  const closes = formatEat(tender.closing_date, 'en');
  const facts = [tender.job_type, tender.country.name, tender.category?.name, `closes ${closes}`].filter(
    Boolean,
  );
  return {
    title: `${tender.title} · ${tender.company} · Zabuni`,
    description: summarise(`${tender.company}: ${facts.join(', ')}. ${richTextToPlain(tender.content)}`),
    url: `${publicUrl}/tenders/show/${tender.id}`,
    type: 'article',
  };
}

/** The sitemap's pages: the public site's own, then every public tender and job read in keyset pages, to the cap. */
async function sitemapEntriesFor(services: Services): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = PUBLIC_PAGES.map((page) => ({ path: page }));
  const pageSize = 1000;
  let cursor: string | undefined;
  do {
    const room = SITEMAP_URL_LIMIT - entries.length;
    if (room <= 0) break;
    const size = Math.min(pageSize, room);
    const answer = await services.tenders.listAvailable(
      { page: 1, page_size: size, cursor },
      { page: 1, pageSize: size, offset: 0 },
    );
    for (const tender of answer.results) entries.push({ path: `/tenders/show/${tender.id}` });
    cursor = answer.next_cursor ?? undefined;
  } while (cursor);
  // Then every public job's own page (/jobs/:id, issue 16 point 4), open or closed, to the same cap.
  cursor = undefined;
  do {
    const room = SITEMAP_URL_LIMIT - entries.length;
    if (room <= 0) break;
    const size = Math.min(pageSize, room);
    const answer = await services.core.listAvailableJobs(
      { page: 1, page_size: size, cursor },
      { page: 1, pageSize: size, offset: 0 },
    );
    for (const job of answer.results) entries.push({ path: `/jobs/${job.id}` });
    cursor = answer.next_cursor ?? undefined;
  } while (cursor);
  // Then every approved supplier's public profile (issue 18), to the same cap.
  const room = SITEMAP_URL_LIMIT - entries.length;
  if (room > 0) {
    for (const id of await services.supplierListing.sitemapIds(room))
      entries.push({ path: `/suppliers/show/${id}` });
  }
  // Then every country supplier directory on sale (issue 18): a small table.
  for (const directory of (await services.supplierDirectories.topNav()).results) {
    if (SITEMAP_URL_LIMIT - entries.length <= 0) break;
    entries.push({ path: `/supplier-directory/${directory.id}` });
  }
  // Then every webinar's page (upcoming first, then past ones), in pages of the list's largest size.
  for (let page = 1; SITEMAP_URL_LIMIT - entries.length > 0; page += 1) {
    const size = Math.min(100, SITEMAP_URL_LIMIT - entries.length);
    const answer = await services.webinars.list({}, { page, pageSize: size, offset: (page - 1) * 100 });
    for (const webinar of answer.results) entries.push({ path: `/webinars/${webinar.id}` });
    if (answer.results.length < size) break;
  }
  return entries;
}

export async function buildApp(deps: AppDeps, services = createServices(deps)): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, config);
  registerInputHardening(app);
  await app.register(fastifyCookie);
  // Limits are set per route where files are read (tender documents: 10 × 20 MB).
  await app.register(fastifyMultipart);
  registerAuthentication(app, services.signer, (userId) => services.organisations.callerRecord(userId));
  // Changes committed by other processes (or by hand) empty this process's list cache.
  if (config.listCacheTtlMs > 0) {
    const listChanges = listenForListChanges({
      pool: deps.database.pool,
      cache: services.lists,
      logger: deps.logger,
    });
    app.addHook('onClose', () => listChanges.close());
  }

  // One line per request: method, route pattern, status, time. No query strings, headers or addresses.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/api/health') return;
    request.log.info(
      { method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Zabuni API',
        version: APP_VERSION,
        description:
          'Public tender services and the Zabuni procurement platform. Lists answer `{count, next, previous, results}`; ' +
          'errors answer `{detail, code}` plus field messages for validation errors.',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(systemRoutes({ system: services.system }));
  await app.register(
    coreRoutes({
      core: services.core,
      organisations: services.organisations,
      publicUrl: config.publicUrl,
      site: {
        tenderPortalUrl: config.tenderPortalUrl,
        supportEmail: config.supportEmail,
        supportPhone: config.supportPhone,
      },
    }),
    { prefix: '/api/v1' },
  );
  await app.register(
    inquiriesRoutes({
      inquiries: services.inquiries,
      limiter: services.limiter,
      publicUrl: config.publicUrl,
    }),
    { prefix: '/api/v1' },
  );
  await app.register(
    webinarsRoutes({ webinars: services.webinars, limiter: services.limiter, publicUrl: config.publicUrl }),
    { prefix: '/api/v1' },
  );
  await app.register(marketingRoutes({ marketing: services.marketing }), { prefix: '/api/v1' });
  await app.register(
    authenticationRoutes({
      authentication: services.authentication,
      limiter: services.limiter,
      secureCookies: config.publicUrl.startsWith('https://'),
    }),
    { prefix: '/api/v1' },
  );
  await app.register(
    organisationsRoutes({
      organisations: services.organisations,
      invite: (principal, invitation, ip) =>
        services.authentication.inviteMember(principal, invitation, { ip }),
      publicUrl: config.publicUrl,
    }),
    {
      prefix: '/api/v1',
    },
  );
  await app.register(departmentsRoutes({ departments: services.departments, publicUrl: config.publicUrl }), {
    prefix: '/api/v1',
  });
  await app.register(fiscalYearsRoutes({ fiscalYears: services.fiscalYears, publicUrl: config.publicUrl }), {
    prefix: '/api/v1',
  });
  await app.register(taxRatesRoutes({ taxRates: services.taxRates }), { prefix: '/api/v1' });
  await app.register(
    budgetsRoutes({ budgets: services.budgets, publicUrl: config.publicUrl, clock: services.clock }),
    {
      prefix: '/api/v1',
    },
  );
  await app.register(
    approvalWorkflowsRoutes({ workflows: services.approvalWorkflows, publicUrl: config.publicUrl }),
    { prefix: '/api/v1' },
  );
  await app.register(organisationSettingsRoutes({ workflows: services.approvalWorkflows }), {
    prefix: '/api/v1',
  });
  await app.register(approvalsRoutes({ approvals: services.approvals, publicUrl: config.publicUrl }), {
    prefix: '/api/v1',
  });
  await app.register(
    requisitionsRoutes({
      requisitions: services.requisitions,
      records: services.requisitionRecords,
      publicUrl: config.publicUrl,
    }),
    { prefix: '/api/v1' },
  );
  await app.register(
    purchaseOrdersRoutes({
      orders: services.purchaseOrders,
      receipts: services.goodsReceipts,
      publicUrl: config.publicUrl,
    }),
    { prefix: '/api/v1' },
  );
  await app.register(
    rfqsRoutes({ rfqs: services.rfqs, limiter: services.limiter, publicUrl: config.publicUrl }),
    { prefix: '/api/v1' },
  );
  await app.register(
    tenderingRoutes({
      tendering: services.tendering,
      limiter: services.limiter,
      publicUrl: config.publicUrl,
    }),
    {
      prefix: '/api/v1',
    },
  );
  await app.register(ocdsRoutes({ ocds: services.ocds, publicUrl: config.publicUrl }), {
    prefix: '/api/v1',
  });
  await app.register(auctionsRoutes({ auctions: services.auctions, publicUrl: config.publicUrl }), {
    prefix: '/api/v1',
  });
  app.addHook('onClose', () => services.auctionLive.close());
  await app.register(
    disposalsRoutes({
      disposals: services.disposals,
      limiter: services.limiter,
      publicUrl: config.publicUrl,
    }),
    { prefix: '/api/v1' },
  );
  await app.register(
    portalRoutes({
      portal: services.portal,
      orders: services.purchaseOrders,
      invoices: services.invoices,
      creditNotes: services.creditNotes,
      statements: services.statements,
      publicUrl: config.publicUrl,
    }),
    { prefix: '/api/v1' },
  );
  await app.register(reportsRoutes({ reports: services.reports }), { prefix: '/api/v1' });
  await app.register(riskRoutes({ risk: services.risk, publicUrl: config.publicUrl }), { prefix: '/api/v1' });
  await app.register(
    contractsRoutes({
      contracts: services.contracts,
      publicUrl: config.publicUrl,
      limiter: services.limiter,
    }),
    {
      prefix: '/api/v1',
    },
  );
  await app.register(
    prequalificationsRoutes({ prequalifications: services.prequalifications, publicUrl: config.publicUrl }),
    { prefix: '/api/v1' },
  );
  await app.register(
    portalPrequalificationsRoutes({
      prequalifications: services.prequalifications,
      publicUrl: config.publicUrl,
    }),
    { prefix: '/api/v1' },
  );
  await app.register(creditNotesRoutes({ creditNotes: services.creditNotes }), { prefix: '/api/v1' });
  await app.register(
    invoicesRoutes({
      invoices: services.invoices,
      matching: services.matchingSettings,
      publicUrl: config.publicUrl,
    }),
    { prefix: '/api/v1' },
  );
  await app.register(suppliersRoutes({ suppliers: services.suppliers, publicUrl: config.publicUrl }), {
    prefix: '/api/v1',
  });
  await app.register(delegationsRoutes({ delegations: services.delegations, publicUrl: config.publicUrl }), {
    prefix: '/api/v1',
  });
  await app.register(
    notificationsRoutes({ notifications: services.notifications, publicUrl: config.publicUrl }),
    { prefix: '/api/v1' },
  );
  await app.register(tendersRoutes({ tenders: services.tenders, publicUrl: config.publicUrl }), {
    prefix: '/api/v1',
  });
  await app.register(
    tenderPaymentRoutes({
      payments: services.payments,
      tenders: services.tenders,
      limiter: services.limiter,
    }),
    { prefix: '/api/v1' },
  );
  await app.register(paymentOperatorRoutes({ payments: services.payments }), { prefix: '/api/v1' });
  await app.register(
    subscriptionsRoutes({ subscriptions: services.subscriptions, limiter: services.limiter }),
    { prefix: '/api/v1' },
  );
  await app.register(tenderAlertsRoutes({ alerts: services.tenderAlerts, limiter: services.limiter }), {
    prefix: '/api/v1',
  });
  await app.register(
    paymentCallbackRoutes({
      payments: services.payments,
      callbackSecret: services.stkCallbackSecret,
      publicUrl: config.publicUrl,
    }),
  );
  if (config.mpesa.simulated) {
    // Stands in for Safaricom when no Daraja credentials are configured (development, demo, tests).
    // Development tools answer loopback only unless DEV_TOOLS_REMOTE=true (their callbacks to us are not affected).
    await app.register(
      loopbackOnly(darajaSimulator({ ...config.mpesa, fetch: services.httpFetch }), config.devToolsRemote),
      { prefix: '/sim/mpesa' },
    );
  }
  await app.register(
    supplierRegistryRoutes({
      registry: services.supplierRegistry,
      limiter: services.limiter,
      publicUrl: config.publicUrl,
    }),
    { prefix: '/api/v1' },
  );
  await app.register(
    supplierDataRoutes({ supplierData: services.supplierData, publicUrl: config.publicUrl }),
    { prefix: '/api/v1' },
  );
  await app.register(supplierListingRoutes({ listing: services.supplierListing }), { prefix: '/api/v1' });
  await app.register(
    supplierDirectoriesRoutes({
      directories: services.supplierDirectories,
      limiter: services.limiter,
      publicUrl: config.publicUrl,
    }),
    { prefix: '/api/v1' },
  );
  await app.register(directoryTemplateRoutes());
  await app.register(
    prequalifiedListsRoutes({ lists: services.prequalifiedLists, limiter: services.limiter }),
    { prefix: '/api/v1' },
  );
  if (config.pinChecker.simulated) {
    // Stands in for KRA's PIN checker when KRA_PIN_CHECKER_URL is not set (outside production).
    await app.register(loopbackOnly(pinCheckerSimulator(config.pinChecker), config.devToolsRemote), {
      prefix: '/sim/kra',
    });
  }
  if (config.dpo.simulated) {
    await app.register(
      loopbackOnly(
        dpoSimulator({
          companyToken: config.dpo.companyToken,
          publicBase: `${config.publicUrl}/sim/dpo`,
          pushUrl: `${config.publicUrl}/api/payments/card/push`,
          merchantName: 'Zabuni',
          fetch: services.httpFetch,
        }),
        config.devToolsRemote,
      ),
      { prefix: '/sim/dpo' },
    );
  }
  await app.register(auditRoutes({ audit: services.audit, publicUrl: config.publicUrl }), {
    prefix: '/api/v1',
  });
  if (!config.isProduction)
    await app.register(loopbackOnly(devMailRoutes({ mail: services.mail }), config.devToolsRemote));

  await app.register(fastifyStatic, {
    root: flagsDir,
    prefix: '/flags/',
    decorateReply: false,
    maxAge: '30d',
    immutable: true,
  });

  await registerWebApp(app, {
    webDistDir: config.webDistDir,
    publicUrl: config.publicUrl,
    pageMeta: (url) => pageMetaFor(url, services, config.publicUrl),
    sitemapEntries: () => sitemapEntriesFor(services),
  });

  return app;
}
