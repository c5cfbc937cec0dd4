import { ROLES_BY_KIND, type Role } from '@zabuni/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addStaffMember, type StaffRole } from '../src/modules/identity/authentication/staff.ts';
import { categories, countries } from '../src/schema/core.tables.ts';
import { sourcingEvents } from '../src/schema/sourcing.tables.ts';
import { supplierRegistrations } from '../src/schema/supplier-registry.tables.ts';
import { notifications } from '../src/schema/notifications.tables.ts';
import { tenders } from '../src/schema/tenders.tables.ts';
import type { TestContext } from './harness.ts';
import { bearer, createMember, linkToken, mailsTo, nextClientAddress, tokenFor } from './identity.ts';
import { multipart, sampleFiles } from './multipart.ts';
import { procurementSetUp, sentOrder } from './p2p.ts';

/**
 * Set-up of the authorisation matrix (apps/api/src/authorisation-matrix.int.test.ts): one of every kind of
 * caller, and one existing row behind every path parameter the API has.
 *
 * Buyer A (Umoja) has a member for each buyer role, a department, a fiscal year, a tax rate, a budget, an
 * approval rule, a requisition with an attachment, a purchase order sent to supplier S1 (Acme) with a goods
 * receipt, an invoice from S1 with its file and a payment, a delegation and a notification. S2 (Baobab) is on
 * A's list too but has no documents. Buyer B (Mavuno) has only its administrator. An advertiser's tender is
 * published (approved and paid, with a document), a subscription is ordered, and the editors' bulletin holds a
 * tender. The operator's staff are a moderator and a super administrator.
 */

export const BUYER_ROLES = ROLES_BY_KIND.buyer;
export type BuyerRole = (typeof BUYER_ROLES)[number];

export const CALLERS = [
  'anonymous',
  ...BUYER_ROLES.map((role) => `a:${role}` as const),
  'b:org_admin',
  's1:supplier_admin',
  's1:supplier_user',
  's2:supplier_admin',
  'advertiser',
  'moderator',
  'super_admin',
] as const;
export type Caller = (typeof CALLERS)[number];

export interface MatrixWorld {
  /** Bearer token per caller (none for anonymous) and the address each caller calls from. */
  tokens: Partial<Record<Caller, string>>;
  addresses: Record<Caller, string>;
  ids: {
    department: number;
    fiscalYear: number;
    taxRate: number;
    budget: number;
    workflow: number;
    requisition: number;
    requisitionAttachment: number;
    purchaseOrder: number;
    purchaseOrderLine: number;
    invoice: number;
    supplierS1: number;
    supplierS2: number;
    delegation: number;
    notification: number;
    member: number;
    tender: number;
    tenderAttachment: number;
    bulletinTender: number;
    sourcingEvent: number;
    category: number;
    buyerA: number;
    webinar: number;
    inquiry: number;
    /** A self-registered, approved supplier: public in the A–Z listing (issue 18). */
    listedSupplier: number;
    /** Issue 22: A's contract with S1, signed by both; its template, clause and obligation. */
    contract: number;
    contractTemplate: number;
    contractClause: number;
    contractObligation: number;
    contractDocument: number;
  };
  codes: { tenderOrder: string; subscription: string };
}

const TODAY = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const PASSWORD = 'correct horse battery';

export async function matrixWorld(ctx: TestContext): Promise<MatrixWorld> {
  const setUp = await procurementSetUp(ctx, {
    budget: { amount: '10000000', purchaseOrder: 'warn', invoice: 'warn' },
  });
  const { act, created, ids: people } = setUp;
  const buyerA = setUp.organisationId;
  const tokens: Partial<Record<Caller, string>> = {
    'a:org_admin': setUp.tokens.admin!,
    'a:requester': setUp.tokens.wanjiru!,
    'a:buyer': setUp.tokens.otieno!,
    'a:budget_owner': setUp.tokens.kamau!,
    'a:finance': setUp.tokens.akinyi!,
    'b:org_admin': setUp.tokens.outsider!,
    's1:supplier_admin': setUp.tokens.acme!,
  };

  // The buyer roles procurementSetUp has no member for.
  const memberIds: Partial<Record<BuyerRole, number>> = {};
  for (const role of BUYER_ROLES) {
    const caller = `a:${role}` as const;
    if (tokens[caller]) continue;
    const email = `${role.replace(/_/g, '-')}@umoja.example`;
    const member = await createMember(ctx, {
      kind: 'buyer',
      role: role as Role,
      email,
      organisationId: buyerA,
    });
    memberIds[role] = member.userId;
    tokens[caller] = await tokenFor(ctx, email, PASSWORD);
  }

  // A's reference data.
  const list = async (url: string) =>
    ((await act('admin', 'GET', url)).json() as { results: Array<{ id: number }> }).results;
  const fiscalYear = (await list('p2p/fiscal-years/'))[0]!.id;
  const budget = (await list('p2p/budgets/'))[0]!.id;
  const taxRate = await created('admin', 'p2p/tax-rates/', { name: 'Zero rated', rate: '0' });
  const workflow = await created('admin', 'p2p/approval-workflows/', {
    name: 'Budget owner',
    document_type: 'requisition',
    steps: [{ mode: 'any', approvers: [{ kind: 'budget_owner' }] }],
  });

  // A requisition (a draft of the requester's) with a document attached.
  const requisition = await created('wanjiru', 'p2p/requisitions/', {
    title: 'Laptops for the ICT desk',
    lines: [
      {
        description: 'Laptop',
        category_id: setUp.categoryId,
        department_id: setUp.ictId,
        quantity: '2',
        unit_price: '90000',
      },
    ],
  });
  const upload = multipart({}, [{ field: 'file', name: 'quote.pdf', bytes: sampleFiles.pdf('quote') }]);
  const attached = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/p2p/requisitions/${requisition.id}/attachments/`,
    headers: { ...bearer(setUp.tokens.wanjiru!), ...upload.headers },
    payload: upload.payload,
  });
  expect(attached.statusCode, attached.body).toBe(201);
  const requisitionAttachment = (attached.json() as { id: number }).id;

  // An order sent to S1, received in part, invoiced by S1 (with its PDF), approved and part-paid.
  const order = await sentOrder(setUp, [['10', '1000']]);
  const received = await act('otieno', 'POST', 'p2p/goods-receipts/', {
    purchase_order_id: order.id,
    received_on: TODAY(),
    lines: [{ purchase_order_line_id: order.lines[0]!.id, received: '6', accepted: '6' }],
  });
  expect(received.statusCode, received.body).toBe(201);
  const invoiced = await act('acme', 'POST', 'portal/invoices/', {
    purchase_order_id: order.id,
    invoice_number: 'ACME-100',
    invoice_date: TODAY(),
    lines: [
      {
        purchase_order_line_id: order.lines[0]!.id,
        description: 'Item 1',
        quantity: '6',
        unit_price: '1000',
      },
    ],
  });
  expect(invoiced.statusCode, invoiced.body).toBe(201);
  const invoice = (invoiced.json() as { id: number }).id;
  const pdf = multipart({}, [{ field: 'file', name: 'ACME-100.pdf', bytes: sampleFiles.pdf('invoice') }]);
  const filed = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/portal/invoices/${invoice}/file/`,
    headers: { ...bearer(setUp.tokens.acme!), ...pdf.headers },
    payload: pdf.payload,
  });
  expect(filed.statusCode, filed.body).toBe(200);
  const approved = await act('akinyi', 'POST', `p2p/invoices/${invoice}/approve/`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  const paid = await act('akinyi', 'POST', 'p2p/payments/', {
    invoice_id: invoice,
    reference: 'TRX-100',
    paid_on: TODAY(),
    amount: '1000',
    method: 'bank_transfer',
  });
  expect(paid.statusCode, paid.body).toBe(201);

  // The budget owner is away for three days; an approver decides for them.
  const delegation = await created('kamau', 'p2p/delegations/', {
    delegate_id: memberIds.approver,
    starts_on: TODAY(),
    ends_on: new Date(Date.now() + 3 * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10),
    reason: 'Annual leave',
  });

  // A notification of A's (the approval steps write some; one is added if none was).
  const [notice] = await ctx.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.organisationId, buyerA))
    .limit(1);
  const notification =
    notice?.id ??
    (
      await ctx.database.db
        .insert(notifications)
        .values({ userId: people.kamau!, organisationId: buyerA, kind: 'test', title: 'Matrix notice' })
        .returning({ id: notifications.id })
    )[0]!.id;

  // Issue 18: a supplier that registered itself and was approved (the A–Z listing's public profiles).
  const listed = await createMember(ctx, {
    kind: 'supplier',
    role: 'supplier_admin',
    email: 'admin@listed.example',
    organisationName: 'Listed Supplies Ltd',
  });
  const [listedCountry] = await ctx.database.db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso2, 'KE'));
  await ctx.database.db.insert(supplierRegistrations).values({
    status: 'approved',
    companyName: 'Listed Supplies Ltd',
    taxPin: 'P051111111L',
    pinCheck: 'verified',
    email: 'admin@listed.example',
    phone: '+254712345678',
    firstName: 'Listed',
    lastName: 'Admin',
    countryId: listedCountry!.id,
    city: 'Nairobi',
    userId: listed.userId,
    termsVersion: 'matrix',
    consentedAt: new Date(),
    supplierId: listed.organisationId,
  });

  // S1's second user, and S2 (on A's list, without documents). Both work with A selected.
  const s1User = await createMember(ctx, {
    kind: 'supplier',
    role: 'supplier_user',
    email: 'clerk@acme.example',
    organisationId: setUp.supplierId,
  });
  const s2 = await created('otieno', 'p2p/suppliers/', {
    name: 'Baobab Stationers Ltd',
    email: 'sales@baobab.example',
    first_name: 'Baraka',
    last_name: 'Mwangi',
  });
  await setPassword(ctx, 'sales@baobab.example', 'Baobab-Stationers-2026');
  const selectA = async (username: string, password: string) => {
    const token = await tokenFor(ctx, username, password);
    const switched = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/switch-buyer/',
      headers: bearer(token),
      payload: { buyer_company_id: buyerA },
      remoteAddress: nextClientAddress(),
    });
    expect(switched.statusCode, switched.body).toBe(200);
    return (switched.json() as { access: string }).access;
  };
  tokens['s1:supplier_user'] = await selectA(s1User.email, s1User.password);
  tokens['s2:supplier_admin'] = await selectA('sales@baobab.example', 'Baobab-Stationers-2026');

  // The operator's staff, made as `staff:add` makes them (a reset link to choose a password).
  for (const role of ['moderator', 'super_admin'] as const satisfies readonly StaffRole[]) {
    const email = `${role.replace(/_/g, '-')}@zabuni.example`;
    await addStaffMember(ctx.database.db, ctx.services, {
      email,
      role,
      firstName: 'Staff',
      lastName: role,
    });
    await setPassword(ctx, email, 'Zabuni-Staff-2026');
    tokens[role] = await tokenFor(ctx, email, 'Zabuni-Staff-2026');
  }

  // An advertiser's tender with a document: approved by the moderator and paid, so it is public.
  const advertiser = await createMember(ctx, {
    kind: 'advertiser',
    role: 'advertiser',
    email: 'ads@pumps.example',
  });
  tokens.advertiser = await tokenFor(ctx, advertiser.email, advertiser.password);
  const form = multipart(
    {
      tender_title: 'Supply and delivery of solar water pumps',
      tender_closing_date: inDays(20).toISOString().slice(0, 10),
      raw_closing_date: '',
      sector: 'NGO',
      job_type: 'Tender',
      first_name: 'Amina',
      last_name: 'Otieno',
      email: 'amina@pumps.example',
      phone_number: '+254 712 345 678',
      tender_details: '<p>Borehole pumps for Turkana county.</p>',
    },
    [{ name: 'Bid document.pdf', bytes: sampleFiles.pdf('bid') }],
  );
  const published = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tender-alerts/available-tenders/publish-tender/',
    headers: { ...bearer(tokens.advertiser), ...form.headers },
    payload: form.payload,
  });
  expect(published.statusCode, published.body).toBe(201);
  const publishOrder = published.json() as {
    tender_alert: { code: string };
    tender_alert_job: { id: number };
  };
  const tender = publishOrder.tender_alert_job.id;
  const moderated = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/tender-alerts/moderation/tenders/${tender}/approve/`,
    headers: bearer(tokens.moderator!),
  });
  expect(moderated.statusCode, moderated.body).toBe(200);
  await ctx.services.tenders.setPaymentState(publishOrder.tender_alert.code, 'paid');
  const detail = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/tender-alerts/available-tenders/${tender}/`,
  });
  expect(detail.statusCode, detail.body).toBe(200);
  const tenderAttachment = (detail.json() as { attachments: Array<{ id: number }> }).attachments[0]!.id;

  // The editors' bulletin: a tender written straight to the table, as the editors' import does.
  const db = ctx.database.db;
  const [kenya] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'KE'));
  const [bulletin] = await db
    .insert(tenders)
    .values({
      title: 'Rehabilitation of Kisumu feeder roads',
      company: 'Kenya Rural Roads Authority',
      content: '',
      countryId: kenya!.id,
      categoryId: setUp.categoryId,
      sector: 'Public',
      jobType: 'Tender',
      closingAt: inDays(10),
      review: 'published',
      publishedAt: new Date(),
    })
    .returning({ id: tenders.id });
  // A's public sourcing event (core available-jobs).
  const [job] = await db
    .insert(sourcingEvents)
    .values({
      buyerId: buyerA,
      title: 'Prequalification of ICT suppliers',
      jobType: 'Supplier Prequalification',
      countryId: kenya!.id,
      closingAt: inDays(15),
      advert: 'Umoja prequalifies ICT suppliers for 2027.',
    })
    .returning({ id: sourcingEvents.id });

  // A subscription order (unpaid), by its code.
  const categoryIds = (await db.select({ id: categories.id }).from(categories).limit(2)).map((c) => c.id);
  const subscribed = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tender-alerts/subscription/subscribe/',
    payload: {
      company_name: 'Wanjiru Builders Ltd',
      email: 'jane@builders.example',
      kra_pin_number: 'P051234567X',
      phone_number: '+254 712 345 678',
      first_name: 'Jane',
      last_name: 'Wanjiru',
      country: kenya!.id,
      city: 'Nakuru',
      payment_plan: 'Annual',
      categories: categoryIds,
      marketing: 'Referral',
    },
    remoteAddress: nextClientAddress(),
  });
  expect(subscribed.statusCode, subscribed.body).toBe(201);

  // A webinar next week and an inquiry, for the public site's and the operator's webinar and inquiry routes.
  const webinar = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/core/moderation/webinars/',
    headers: bearer(tokens.moderator!),
    payload: {
      title: 'Matrix webinar',
      organizer: 'Zabuni Academy',
      module: 'Procure to Pay',
      date: inDays(7).toISOString(),
      link: 'https://meet.zabuni.example/matrix',
    },
  });
  expect(webinar.statusCode, webinar.body).toBe(201);
  const inquiry = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/core/contact-us/',
    payload: {
      contact_name: 'Jane Wanjiru',
      email: 'jane@builders.example',
      message: 'Matrix inquiry',
      company_name: 'Wanjiru Builders Ltd',
      phone_number: '+254712345678',
    },
    remoteAddress: nextClientAddress(),
  });
  expect(inquiry.statusCode, inquiry.body).toBe(201);

  // Issue 22: a contract of A with S1, approved and signed by both sides (its PDF exists), with a template,
  // a clause and an obligation.
  const manage = (method: 'POST' | 'GET', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: bearer(tokens['a:contract_manager']!),
      ...(payload ? { payload } : {}),
    });
  const contractTemplate = await manage('POST', 'contracts/templates/', {
    name: 'Matrix template',
    body_html: '<p>Between {{buyer_name}} and {{supplier_name}}.</p>',
  });
  expect(contractTemplate.statusCode, contractTemplate.body).toBe(201);
  const contractClause = await manage('POST', 'contracts/clauses/', {
    title: 'Governing law',
    body_html: '<p>Laws of Kenya.</p>',
  });
  expect(contractClause.statusCode, contractClause.body).toBe(201);
  const written = await manage('POST', 'contracts/', {
    title: 'Matrix contract',
    supplier_id: setUp.supplierId,
    template_id: (contractTemplate.json() as { id: number }).id,
    value_minor: 1_000_000,
    start_date: TODAY(),
    end_date: inDays(200).toISOString().slice(0, 10),
    department_id: setUp.ictId,
  });
  expect(written.statusCode, written.body).toBe(201);
  const contract = (written.json() as { id: number }).id;
  for (const [who, path] of [
    ['manager', 'submit'],
    ['kamau', 'approve'],
    ['manager', 'send-for-signature'],
  ] as const) {
    const moved =
      who === 'manager'
        ? await manage('POST', `contracts/${contract}/${path}/`, {})
        : await act('kamau', 'POST', `contracts/${contract}/${path}/`, {});
    expect(moved.statusCode, moved.body).toBe(200);
  }
  const codeOf = async (email: string) => /(\d{6})/.exec((await mailsTo(ctx, email))[0]!.subject)![1]!;
  await manage('POST', `contracts/${contract}/signature-code/`, {});
  const buyerSigned = await manage('POST', `contracts/${contract}/sign/`, {
    code: await codeOf('contract-manager@umoja.example'),
  });
  expect(buyerSigned.statusCode, buyerSigned.body).toBe(200);
  await act('acme', 'POST', `portal/contracts/${contract}/signature-code/`, {});
  const supplierSigned = await act('acme', 'POST', `portal/contracts/${contract}/sign/`, {
    code: await codeOf('sales@acme.example'),
  });
  expect(supplierSigned.statusCode, supplierSigned.body).toBe(200);
  const contractUpload = multipart({}, [
    { field: 'file', name: 'Guarantee.pdf', bytes: sampleFiles.pdf('guarantee') },
  ]);
  const contractDocument = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/contracts/${contract}/documents/`,
    headers: { ...bearer(tokens['a:contract_manager']!), ...contractUpload.headers },
    payload: contractUpload.payload,
  });
  expect(contractDocument.statusCode, contractDocument.body).toBe(201);
  const obligations = await manage('POST', `contracts/${contract}/obligations/`, {
    kind: 'report',
    title: 'Quarterly report',
    due_date: inDays(90).toISOString().slice(0, 10),
  });
  expect(obligations.statusCode, obligations.body).toBe(201);

  const addresses = Object.fromEntries(CALLERS.map((caller) => [caller, nextClientAddress()])) as Record<
    Caller,
    string
  >;
  return {
    tokens,
    addresses,
    ids: {
      department: setUp.ictId,
      fiscalYear,
      taxRate: taxRate.id,
      budget,
      workflow: workflow.id,
      requisition: requisition.id,
      requisitionAttachment,
      purchaseOrder: order.id,
      purchaseOrderLine: order.lines[0]!.id,
      invoice,
      supplierS1: setUp.supplierId,
      supplierS2: s2.id,
      delegation: delegation.id,
      notification,
      member: people.wanjiru!,
      tender,
      tenderAttachment,
      bulletinTender: bulletin!.id,
      sourcingEvent: job!.id,
      category: setUp.categoryId,
      buyerA,
      webinar: (webinar.json() as { id: number }).id,
      inquiry: (inquiry.json() as { id: number }).id,
      listedSupplier: listed.organisationId,
      contract,
      contractTemplate: (contractTemplate.json() as { id: number }).id,
      contractClause: (contractClause.json() as { id: number }).id,
      contractObligation: (obligations.json() as Array<{ id: number }>)[0]!.id,
      contractDocument: (contractDocument.json() as Array<{ id: number }>)[0]!.id,
    },
    codes: {
      tenderOrder: publishOrder.tender_alert.code,
      subscription: (subscribed.json() as { code: string }).code,
    },
  };
}

/** Chooses a password through the newest reset link mailed to the address (new suppliers, new staff). */
async function setPassword(ctx: TestContext, email: string, password: string) {
  const token = linkToken((await mailsTo(ctx, email))[0]!.text, '/reset-password');
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/confirm/',
    payload: { token, password, password2: password },
    remoteAddress: nextClientAddress(),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}
