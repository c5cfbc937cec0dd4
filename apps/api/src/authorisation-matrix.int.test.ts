import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { sql } from 'drizzle-orm';
import { bearer } from '../test/identity.ts';
import { derivedSecret } from './infra/crypto.ts';
import {
  PREQUALIFIED_DOWNLOAD_PURPOSE,
  prequalifiedListProduct,
} from './modules/site/prequalified-lists/index.ts';
import { orders } from './schema/payments.tables.ts';
import {
  BUYER_ROLES,
  CALLERS,
  matrixWorld,
  type BuyerRole,
  type Caller,
  type MatrixWorld,
} from '../test/matrix.ts';
import { matrixPrequalification } from '../test/prequalifications.ts';

/**
 * The authorisation matrix (issue 13, point 6): every /api/v1 operation of the OpenAPI document, called as
 * every kind of caller with ids that exist. The table below says, per operation, which callers MAY get a 2xx;
 * it is written from the access policy (README "Accounts and security"), not from the routes' declarations,
 * so a route declared wrongly fails here. A new route fails here until it is entered in the table.
 *
 * Bodies are empty (`{}`) unless the table gives one, so allowed callers often get a 400: only a 2xx from a
 * caller outside the set, or a 5xx from anyone, is a finding.
 */

type Rule = readonly Caller[] | ((key: string) => readonly Caller[]);
interface Entry {
  may: Rule;
  /** Query string (without `?`) that the handler needs to get past validation. */
  query?: (world: MatrixWorld) => string;
  /** A valid body, where reaching the handler matters more than the empty one. */
  body?: (world: MatrixWorld) => object;
}

const ALL: readonly Caller[] = CALLERS;
const SIGNED_IN = CALLERS.filter((caller) => caller !== 'anonymous');
const NOBODY: readonly Caller[] = [];
const OPERATOR: readonly Caller[] = ['moderator', 'super_admin'];
const ADVERTISER: readonly Caller[] = ['advertiser'];
const ORGANISATION_ADMINS: readonly Caller[] = [
  'a:org_admin',
  'b:org_admin',
  's1:supplier_admin',
  's2:supplier_admin',
  'super_admin',
];
const WRITERS = BUYER_ROLES.filter((role) => role !== 'auditor');

const hasId = (key: string) => key.includes('{');
const ofA = (roles: readonly BuyerRole[]) => roles.map((role) => `a:${role}` as const);
/** Platform reads: every buyer role of A; B's administrator only on collections (its own rows). */
const read: Rule = (key) => [...ofA(BUYER_ROLES), ...(hasId(key) ? [] : (['b:org_admin'] as const))];
/** Platform writes by these roles of A; B's administrator on collections when org_admin is among them. */
const write =
  (...roles: BuyerRole[]): Rule =>
  (key) => [...ofA(roles), ...(!hasId(key) && roles.includes('org_admin') ? (['b:org_admin'] as const) : [])];
const writers = write(...WRITERS);
const admin = write('org_admin');
const procurement = write('org_admin', 'buyer');
const finance = write('finance');
/** Supplier portal: S1's users; S2 only on collections (its own, empty, lists). */
const portal: Rule = (key) => [
  's1:supplier_admin',
  's1:supplier_user',
  ...(hasId(key) ? [] : (['s2:supplier_admin'] as const)),
];
/** A prequalification's invited suppliers: S1 and S2 (both on A's list) see and answer it. */
const invited: readonly Caller[] = ['s1:supplier_admin', 's1:supplier_user', 's2:supplier_admin'];

const requisitionBody = (world: MatrixWorld) => ({
  title: 'Matrix requisition',
  lines: [
    {
      description: 'Toner',
      category_id: world.ids.category,
      department_id: world.ids.department,
      quantity: '1',
      unit_price: '5000',
    },
  ],
});

/** A credit note that reaches the handler: one unit of the invoice's first line. */
const creditNoteBody = {
  number: 'MATRIX-CN-1',
  credit_note_date: new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10),
  reason: 'Matrix credit note',
  lines: [{ invoice_line_no: 1, quantity: '1' }],
};

const MATRIX: Record<string, Entry> = {
  // Reference data and the public site.
  'GET /api/v1/core/countries/': { may: ALL },
  'GET /api/v1/core/countries/available-jobs/': { may: ALL },
  'GET /api/v1/core/buyers/': { may: ALL },
  'GET /api/v1/core/category-types/': { may: ALL },
  'GET /api/v1/core/available-jobs/': { may: ALL },
  'GET /api/v1/core/available-jobs/{id}/': { may: ALL },
  'GET /api/v1/core/options/': { may: ALL },
  'GET /api/v1/core/site/': { may: ALL },
  // Contact us and webinars (issue 17): anyone sends and registers; the operator's desk reads and answers.
  'POST /api/v1/core/contact-us/': {
    may: ALL,
    body: () => ({
      contact_name: 'Matrix Caller',
      email: 'caller@matrix.example',
      message: 'Hello',
      company_name: 'Matrix Ltd',
      phone_number: '+254712345678',
    }),
  },
  'GET /api/v1/core/webinars/': { may: ALL },
  'GET /api/v1/core/webinars/{id}/': { may: ALL },
  'POST /api/v1/core/webinar-registrations/': {
    may: ALL,
    body: (world) => ({ webinar: world.ids.webinar, name: 'Matrix Caller', email: 'caller@matrix.example' }),
  },
  'GET /api/v1/core/moderation/inquiries/': { may: OPERATOR },
  'GET /api/v1/core/moderation/inquiries/{id}/': { may: OPERATOR },
  'POST /api/v1/core/moderation/inquiries/{id}/answer/': {
    may: OPERATOR,
    body: () => ({ answer: 'Thanks.' }),
  },
  'POST /api/v1/core/moderation/inquiries/{id}/status/': { may: OPERATOR, body: () => ({ status: 'new' }) },
  'GET /api/v1/core/moderation/webinars/': { may: OPERATOR },
  'POST /api/v1/core/moderation/webinars/': { may: OPERATOR },
  'GET /api/v1/core/moderation/webinars/{id}/': { may: OPERATOR },
  'PUT /api/v1/core/moderation/webinars/{id}/': { may: OPERATOR },
  'POST /api/v1/core/moderation/webinars/{id}/cancel/': { may: OPERATOR },
  'GET /api/v1/core/moderation/webinars/{id}/registrations/': { may: OPERATOR },
  // Issue 17: the marketing pages' content, clients and prices; the operator's prices and shown clients.
  'GET /api/v1/core/site-content/{page}/': { may: ALL },
  'GET /api/v1/core/clients/': { may: ALL },
  'GET /api/v1/core/prices/': { may: ALL },
  'GET /api/v1/core/moderation/prices/': { may: OPERATOR },
  'PUT /api/v1/core/moderation/prices/{product}/': { may: OPERATOR, body: () => ({ amount_minor: 250_000 }) },
  'GET /api/v1/core/moderation/buyers/': { may: OPERATOR },
  'PATCH /api/v1/core/moderation/buyers/{id}/': { may: OPERATOR, body: () => ({ shown_as_client: true }) },
  // The payment record of the advertiser's publishing order: its owner only.
  'GET /api/v1/payments/orders/{code}/record/': { may: ADVERTISER },

  // Accounts.
  'POST /api/v1/authentication/token/': { may: ALL },
  'POST /api/v1/authentication/token/refresh/': { may: ALL },
  // Ending no session is harmless: logout clears the cookies it finds (cookie POSTs need X-Requested-With).
  'POST /api/v1/authentication/logout/': { may: ALL },
  // Only the two-factor pending token: with a full token nobody completes it.
  'POST /api/v1/authentication/tfa/verify/': { may: NOBODY },
  'POST /api/v1/authentication/register/': { may: ALL },
  'GET /api/v1/authentication/verify_email': { may: ALL, query: () => 'token=not-a-real-token' },
  'GET /api/v1/authentication/me/': { may: SIGNED_IN },
  'PATCH /api/v1/authentication/me/': { may: SIGNED_IN },
  'POST /api/v1/authentication/change-password/': { may: SIGNED_IN },
  'POST /api/v1/authentication/reset_password_request/': { may: ALL },
  'POST /api/v1/authentication/confirm/': { may: ALL },
  'POST /api/v1/authentication/tfa/setup/': { may: SIGNED_IN },
  'POST /api/v1/authentication/tfa/enable/': { may: SIGNED_IN },
  'POST /api/v1/authentication/tfa/disable/': { may: SIGNED_IN },
  'POST /api/v1/authentication/switch-buyer/': { may: SIGNED_IN },

  // Organisations: each administrator in its own organisation; the operator's super administrator.
  'POST /api/v1/organisations/members/invite/': { may: ORGANISATION_ADMINS },
  // Colleagues of one's own organisations (names and roles): the delegations screen picks a delegate here.
  'GET /api/v1/organisations/members/': { may: SIGNED_IN },
  // {user_id} is a member of A: only A's administrator and the super administrator.
  'POST /api/v1/organisations/members/{user_id}/roles/': { may: ['a:org_admin', 'super_admin'] },
  'DELETE /api/v1/organisations/members/{user_id}/roles/': { may: ['a:org_admin', 'super_admin'] },
  // The invited person accepts, signed in (the token in the body decides whose invitation it is).
  'POST /api/v1/organisations/invitations/accept/': { may: SIGNED_IN },

  // Platform, buyer side: staff of the current buyer only.
  'GET /api/v1/p2p/departments/': { may: read },
  'POST /api/v1/p2p/departments/': { may: admin },
  'GET /api/v1/p2p/departments/{id}/': { may: read },
  'PATCH /api/v1/p2p/departments/{id}/': { may: admin },
  'GET /api/v1/p2p/fiscal-years/': { may: read },
  'POST /api/v1/p2p/fiscal-years/': { may: admin },
  'PATCH /api/v1/p2p/fiscal-years/{id}/': { may: admin },
  'GET /api/v1/p2p/tax-rates/': { may: read },
  'POST /api/v1/p2p/tax-rates/': { may: admin },
  'PATCH /api/v1/p2p/tax-rates/{id}/': { may: admin },
  'GET /api/v1/p2p/budgets/{id}/utilisation/': { may: read },
  'GET /api/v1/p2p/budgets/': { may: read },
  'POST /api/v1/p2p/budgets/': { may: admin },
  'GET /api/v1/p2p/budgets/{id}/': { may: read },
  'PUT /api/v1/p2p/budgets/{id}/': { may: admin },
  'GET /api/v1/p2p/approval-workflows/': { may: read },
  'POST /api/v1/p2p/approval-workflows/': { may: admin },
  'POST /api/v1/p2p/approval-workflows/preview/': { may: read, body: () => ({ amount: '750000' }) },
  'GET /api/v1/p2p/approval-workflows/{id}/': { may: read },
  'PUT /api/v1/p2p/approval-workflows/{id}/': { may: admin },
  'GET /api/v1/p2p/organisation-settings/': { may: read },
  // Sets the switch to its default, so the calls leave the organisation as they found it.
  'PATCH /api/v1/p2p/organisation-settings/': {
    may: admin,
    body: () => ({ sod_one_step_per_person: true }),
  },
  'POST /api/v1/p2p/requisitions/budget-check/': { may: read, body: requisitionBody },
  'GET /api/v1/p2p/requisitions/{id}/timeline/': { may: read },
  'GET /api/v1/p2p/requisitions/{id}/attachments/': { may: read },
  'POST /api/v1/p2p/requisitions/{id}/attachments/': { may: writers },
  'DELETE /api/v1/p2p/requisitions/{id}/attachments/{attachment_id}/': { may: writers },
  'GET /api/v1/p2p/requisitions/{id}/attachments/{attachment_id}/download/': { may: read },
  'POST /api/v1/p2p/approvals/bulk-approve/': { may: writers },
  'GET /api/v1/p2p/requisitions/': { may: read },
  'POST /api/v1/p2p/requisitions/': { may: writers, body: requisitionBody },
  'GET /api/v1/p2p/requisitions/{id}/': { may: read },
  'PUT /api/v1/p2p/requisitions/{id}/': { may: writers },
  'POST /api/v1/p2p/requisitions/{id}/cancel/': { may: writers },
  'POST /api/v1/p2p/requisitions/{id}/submit/': { may: writers },
  'POST /api/v1/p2p/requisitions/{id}/approve/': { may: writers },
  'POST /api/v1/p2p/requisitions/{id}/reject/': { may: writers },
  'POST /api/v1/p2p/requisitions/{id}/return/': { may: writers },
  'GET /api/v1/p2p/approvals/inbox/': { may: read },
  // The one approvals inbox and bulk approval (issue 14): the same handlers as the /p2p/approvals/ paths.
  'GET /api/v1/approvals/inbox/': { may: read },
  'POST /api/v1/approvals/bulk-approve/': { may: writers },
  'GET /api/v1/p2p/purchase-orders/': { may: read },
  'POST /api/v1/p2p/purchase-orders/': { may: procurement },
  'GET /api/v1/p2p/purchase-orders/{id}/': { may: read },
  'PUT /api/v1/p2p/purchase-orders/{id}/': { may: procurement },
  'POST /api/v1/p2p/purchase-orders/{id}/submit/': { may: procurement },
  'POST /api/v1/p2p/purchase-orders/{id}/send/': { may: procurement },
  'POST /api/v1/p2p/purchase-orders/{id}/close/': { may: procurement },
  // Whose turn it is, the service decides.
  'POST /api/v1/p2p/purchase-orders/{id}/approve/': { may: writers },
  'POST /api/v1/p2p/purchase-orders/{id}/reject/': { may: writers },
  'POST /api/v1/p2p/purchase-orders/{id}/cancel/': { may: procurement },
  'GET /api/v1/p2p/purchase-orders/{id}/pdf/': { may: read },
  'GET /api/v1/p2p/goods-receipts/': { may: read },
  'POST /api/v1/p2p/goods-receipts/': { may: write('org_admin', 'buyer', 'requester') },
  'GET /api/v1/p2p/reports/spend/': { may: read },
  'GET /api/v1/p2p/reports/cycle-times/': { may: read },
  'GET /api/v1/p2p/reports/exceptions/': { may: read },
  'GET /api/v1/p2p/invoices/': { may: read },
  'POST /api/v1/p2p/invoices/': { may: finance },
  'GET /api/v1/p2p/invoices/{id}/': { may: read },
  'GET /api/v1/p2p/invoices/{id}/match/': { may: read },
  'GET /api/v1/p2p/invoices/{id}/file/': { may: read },
  'POST /api/v1/p2p/invoices/{id}/approve/': { may: finance },
  'POST /api/v1/p2p/invoices/{id}/reject/': { may: finance },
  'POST /api/v1/p2p/invoices/{id}/resolve-exception/': { may: finance },
  'GET /api/v1/p2p/invoices/{id}/credit-notes/': { may: read },
  'POST /api/v1/p2p/invoices/{id}/credit-notes/': { may: finance, body: () => creditNoteBody },
  'GET /api/v1/p2p/payments/': { may: read },
  'POST /api/v1/p2p/payments/': { may: finance },
  'GET /api/v1/p2p/matching-settings/': { may: admin },
  'PUT /api/v1/p2p/matching-settings/': { may: admin },
  'GET /api/v1/p2p/suppliers/': { may: read },
  'POST /api/v1/p2p/suppliers/': { may: procurement },
  'GET /api/v1/p2p/suppliers/{id}/': { may: read },
  'PATCH /api/v1/p2p/suppliers/{id}/': { may: procurement },
  'GET /api/v1/p2p/delegations/': { may: read },
  'POST /api/v1/p2p/delegations/': { may: writers },
  'DELETE /api/v1/p2p/delegations/{id}/': { may: writers },
  // Sourcing, prequalification (issue 20): procurement runs it, any staff reads it, the committee (A's
  // evaluator) scores it, results are decided by whoever the workflow names (a buyer without one).
  'GET /api/v1/sourcing/prequalifications/': { may: read },
  'POST /api/v1/sourcing/prequalifications/': { may: procurement },
  'GET /api/v1/sourcing/prequalifications/prequalified/': { may: read },
  'GET /api/v1/sourcing/prequalifications/documents/{document_id}/': { may: read },
  'POST /api/v1/sourcing/prequalifications/results/{result_id}/approve/': { may: writers },
  'POST /api/v1/sourcing/prequalifications/results/{result_id}/reject/': { may: writers },
  'GET /api/v1/sourcing/prequalifications/{id}/': { may: read },
  'PUT /api/v1/sourcing/prequalifications/{id}/': { may: procurement },
  'POST /api/v1/sourcing/prequalifications/{id}/publish/': { may: procurement },
  'GET /api/v1/sourcing/prequalifications/{id}/responses/': { may: read },
  'GET /api/v1/sourcing/prequalifications/{id}/evaluation/': { may: ofA(['evaluator']) },
  'PUT /api/v1/sourcing/prequalifications/{id}/evaluation/': { may: ofA(['evaluator']) },
  'POST /api/v1/sourcing/prequalifications/{id}/evaluation/submit/': { may: ofA(['evaluator']) },
  'GET /api/v1/sourcing/prequalifications/{id}/results/': { may: read },
  'POST /api/v1/sourcing/prequalifications/{id}/results/': { may: procurement },

  // Supplier portal.
  'GET /api/v1/portal/buyers/': { may: portal },
  'GET /api/v1/portal/invoices/': { may: portal },
  'POST /api/v1/portal/invoices/': { may: portal },
  'GET /api/v1/portal/invoices/{id}/': { may: portal },
  'POST /api/v1/portal/invoices/{id}/file/': { may: portal },
  'GET /api/v1/portal/invoices/{id}/file/': { may: portal },
  'GET /api/v1/portal/invoices/{id}/credit-notes/': { may: portal },
  'POST /api/v1/portal/invoices/{id}/credit-notes/': { may: portal, body: () => creditNoteBody },
  'GET /api/v1/portal/statement/': { may: portal },
  'GET /api/v1/portal/purchase-orders/': { may: portal },
  'GET /api/v1/portal/purchase-orders/{id}/': { may: portal },
  'GET /api/v1/portal/purchase-orders/{id}/pdf/': { may: portal },
  'POST /api/v1/portal/purchase-orders/{id}/acknowledge/': { may: portal },
  'POST /api/v1/portal/purchase-orders/{id}/decline/': { may: portal },
  'GET /api/v1/portal/prequalifications/': { may: portal },
  'GET /api/v1/portal/prequalifications/{id}/': { may: invited },
  'PUT /api/v1/portal/prequalifications/{id}/response/': { may: invited },
  'POST /api/v1/portal/prequalifications/{id}/response/submit/': { may: invited },
  'POST /api/v1/portal/prequalifications/{id}/response/withdraw/': { may: invited },
  'POST /api/v1/portal/prequalifications/{id}/documents/': { may: invited },
  // S1's own document only.
  'GET /api/v1/portal/prequalifications/{id}/documents/{document_id}/': {
    may: ['s1:supplier_admin', 's1:supplier_user'],
  },

  // Everyone's own bell.
  'GET /api/v1/notifications/': { may: SIGNED_IN },
  'POST /api/v1/notifications/{id}/read/': { may: SIGNED_IN },
  'POST /api/v1/notifications/read-all/': { may: SIGNED_IN },

  // Tender alerts: the public bulletin, advertisers' own orders, the operator's moderation.
  'GET /api/v1/tender-alerts/available-tenders/': { may: ALL },
  'POST /api/v1/tender-alerts/available-tenders/publish-tender/': { may: ADVERTISER },
  'GET /api/v1/tender-alerts/available-tenders/my-published-tenders/': { may: ADVERTISER },
  'GET /api/v1/tender-alerts/available-tenders/my-published-tender/': {
    may: ADVERTISER,
    query: (world) => `code=${encodeURIComponent(world.codes.tenderOrder)}`,
  },
  'POST /api/v1/tender-alerts/available-tenders/my-published-tenders/{id}/closing-date/': {
    may: ADVERTISER,
  },
  'POST /api/v1/tender-alerts/available-tenders/my-published-tenders/{id}/withdraw/': { may: ADVERTISER },
  'GET /api/v1/tender-alerts/available-tenders/{id}/': { may: ALL },
  'GET /api/v1/tender-alerts/available-tenders/{id}/attachments/{attachmentId}/': { may: ALL },
  'GET /api/v1/tender-alerts/moderation/tenders/': { may: OPERATOR },
  'POST /api/v1/tender-alerts/moderation/tenders/': { may: OPERATOR },
  'GET /api/v1/tender-alerts/moderation/tenders/{id}/': { may: OPERATOR },
  'PUT /api/v1/tender-alerts/moderation/tenders/{id}/': { may: OPERATOR },
  'POST /api/v1/tender-alerts/moderation/tenders/{id}/approve/': { may: OPERATOR },
  'POST /api/v1/tender-alerts/moderation/tenders/{id}/reject/': { may: OPERATOR },
  'POST /api/v1/tender-alerts/moderation/tenders/{id}/cancel/': { may: OPERATOR },
  'POST /api/v1/tender-alerts/available-tenders/payment/{code}/': { may: ADVERTISER },
  // Tender-alert mails (issue 19): the links in every mail open without signing in (the token of the seeded
  // subscription's alert mails); the digest view and run are the operator's.
  'POST /api/v1/tender-alerts/unsubscribe/{token}/': { may: ALL },
  'GET /api/v1/tender-alerts/manage/{token}/': { may: ALL },
  'PATCH /api/v1/tender-alerts/manage/{token}/': { may: ALL, body: () => ({ language: 'sw' }) },
  'POST /api/v1/tender-alerts/manage/{token}/renew/': { may: ALL },
  'GET /api/v1/tender-alerts/digests/': { may: OPERATOR },
  'POST /api/v1/tender-alerts/digests/run/': { may: OPERATOR },
  // Saved searches: any signed-in user keeps their own (a stranger's id answers 404).
  'GET /api/v1/tender-alerts/saved-searches/': { may: SIGNED_IN },
  'POST /api/v1/tender-alerts/saved-searches/': {
    may: SIGNED_IN,
    body: () => ({ name: 'Matrix', frequency: 'daily', filters: {} }),
  },
  'DELETE /api/v1/tender-alerts/saved-searches/{id}/': { may: SIGNED_IN },
  'POST /api/v1/tender-alerts/saved-searches/unsubscribe/{token}/': { may: ALL },
  'GET /api/v1/tender-alerts/subscription/plans/': { may: ALL },
  'POST /api/v1/tender-alerts/subscription/subscribe/': { may: ALL },
  'GET /api/v1/tender-alerts/subscription/search_subscription/': {
    may: ALL,
    query: () => 'email=jane%40builders.example',
  },
  'GET /api/v1/tender-alerts/subscription/search_subscription_code/': {
    may: ALL,
    query: (world) => `code=${encodeURIComponent(world.codes.subscription)}`,
  },
  'GET /api/v1/tender-alerts/subscription/retrieve/{code}/': { may: ALL },
  'POST /api/v1/tender-alerts/subscription/payment/{code}/': { may: ALL },

  // Prequalified-supplier lists (issue 18): anyone orders one, opens an order by its id, pays and downloads.
  'GET /api/v1/prequalified-suppliers/categories/': { may: ALL },
  'POST /api/v1/prequalified-suppliers/orders/': { may: ALL },
  'GET /api/v1/prequalified-suppliers/orders/{id}/': { may: ALL },
  'GET /api/v1/prequalified-suppliers/orders/{id}/download/': {
    may: ALL,
    query: () => prequalified.download,
  },
  'POST /api/v1/prequalified-suppliers/orders/payment/{orderId}/': { may: ALL },

  // Country supplier directories (issue 18): anyone browses, orders, pays and downloads a paid order's file
  // (by its unguessable code and token); the operator manages the directories.
  'GET /api/v1/supplier-directory/directories/': { may: ALL },
  'GET /api/v1/supplier-directory/directories/top-nav-directories/': { may: ALL },
  'GET /api/v1/supplier-directory/directories/{id}/': { may: ALL },
  'POST /api/v1/supplier-directory/orders/': {
    may: ALL,
    body: () => ({ directory: directory.id, name: 'Matrix Caller', email: 'caller@matrix.example' }),
  },
  'GET /api/v1/supplier-directory/orders/retrieve/{reference}/': { may: ALL },
  'POST /api/v1/supplier-directory/orders/payment/{reference}/': { may: ALL },
  'GET /api/v1/supplier-directory/orders/download/{token}/{format}/': { may: ALL },
  'GET /api/v1/supplier-directory/orders/': { may: OPERATOR },
  'POST /api/v1/supplier-directory/moderation/orders/{reference}/resend/': { may: OPERATOR },
  'GET /api/v1/supplier-directory/moderation/directories/': { may: OPERATOR },
  'POST /api/v1/supplier-directory/moderation/directories/': { may: OPERATOR },
  'GET /api/v1/supplier-directory/moderation/directories/{id}/': { may: OPERATOR },
  'PUT /api/v1/supplier-directory/moderation/directories/{id}/': { may: OPERATOR },

  // Supplier self-registration (issue 18): anyone looks up a PIN and registers; the operator reviews.
  'GET /api/v1/supplier-directory/directories/pin-search/': { may: ALL, query: () => 'pin=P051234567X' },
  'POST /api/v1/supplier-directory/country-directory-supplier/': {
    may: ALL,
    body: (world) => ({
      company_name: 'Matrix Supplies',
      kra_tax_pin: 'P051234567M',
      primary_email: 'registrant@matrix.example',
      primary_phone: '+254712345678',
      first_name: 'Matrix',
      last_name: 'Registrant',
      country: 1,
      city: 'Nairobi',
      username: 'matrix-registrant',
      password: 'matrix password 1',
      categories: [world.ids.category],
      terms: true,
    }),
  },
  // The A–Z listing of approved suppliers and their public profiles (issue 18): anyone.
  'GET /api/v1/supplier-directory/suppliers/letters/': { may: ALL },
  'GET /api/v1/supplier-directory/suppliers/': { may: ALL, query: () => 'letter=L' },
  'GET /api/v1/supplier-directory/suppliers/{id}/': { may: ALL },
  'GET /api/v1/supplier-directory/moderation/registrations/': { may: OPERATOR },
  'GET /api/v1/supplier-directory/moderation/registrations/{id}/': { may: OPERATOR },
  'POST /api/v1/supplier-directory/moderation/registrations/{id}/approve/': { may: OPERATOR },
  'POST /api/v1/supplier-directory/moderation/registrations/{id}/reject/': {
    may: OPERATOR,
    body: () => ({ reason: 'Matrix' }),
  },

  // Data protection (issue 18): a registered supplier's own data (any of its users reads and exports; its
  // administrator corrects and asks for erasure; S1 and S2 did not register themselves, so they get 404),
  // and the operator's erasure queue.
  'GET /api/v1/portal/my-data/': { may: ['s1:supplier_admin', 's1:supplier_user', 's2:supplier_admin'] },
  'PATCH /api/v1/portal/my-data/': {
    may: ['s1:supplier_admin', 's2:supplier_admin'],
    body: () => ({ city: 'Matrix' }),
  },
  'GET /api/v1/portal/my-data/export/': {
    may: ['s1:supplier_admin', 's1:supplier_user', 's2:supplier_admin'],
  },
  'POST /api/v1/portal/my-data/erasure/': { may: ['s1:supplier_admin', 's2:supplier_admin'] },
  'GET /api/v1/supplier-directory/moderation/erasure-requests/': { may: OPERATOR },
  'POST /api/v1/supplier-directory/moderation/erasure-requests/{id}/carry-out/': { may: OPERATOR },

  // The operator's audit trail, and payments received but not applied (support refunds them).
  'GET /api/v1/audit/events/': { may: OPERATOR },
  'GET /api/v1/payments/flagged/': { may: OPERATOR },
};

/** The row behind each path parameter: A's documents (S1's, on the portal), the real order codes. */
/** The link token of the seeded subscriber's alert mails (issue 19), set once the world is seeded. */
let alertToken = '';

function fillPath(path: string, world: MatrixWorld): string {
  const { ids, codes } = world;
  const idOf = (): number => {
    const table: Array<[RegExp, number]> = [
      [/\/supplier-directory\/(moderation\/)?directories\//, directory.id],
      [/^\/api\/v1\/core\/available-jobs\//, ids.sourcingEvent],
      [/\/prequalifications\//, prequalification.id],
      [/\/departments\//, ids.department],
      [/\/fiscal-years\//, ids.fiscalYear],
      [/\/tax-rates\//, ids.taxRate],
      [/\/budgets\//, ids.budget],
      [/\/approval-workflows\//, ids.workflow],
      [/\/requisitions\//, ids.requisition],
      [/\/purchase-orders\//, ids.purchaseOrder],
      [/\/invoices\//, ids.invoice],
      [/\/supplier-directory\/suppliers\//, ids.listedSupplier],
      [/\/suppliers\//, ids.supplierS1],
      [/\/delegations\//, ids.delegation],
      [/^\/api\/v1\/notifications\//, ids.notification],
      [/\/available-tenders\//, ids.tender],
      [/\/moderation\/tenders\//, ids.tender],
      [/\/webinars\//, ids.webinar],
      [/\/inquiries\//, ids.inquiry],
      [/\/moderation\/registrations\//, ids.inquiry],
      [/\/moderation\/erasure-requests\//, ids.inquiry],
      [/\/moderation\/buyers\//, ids.buyerA],
    ];
    const found = table.find(([pattern]) => pattern.test(path));
    if (!found) throw new Error(`No seeded id for ${path}: add one to fillPath`);
    return found[1];
  };
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    // Prequalified-list orders open by their unguessable id.
    if (path.includes('/prequalified-suppliers/')) return encodeURIComponent(prequalified.code);
    if (name === 'reference') return encodeURIComponent(directory.code);
    if (name === 'token' && path.includes('/tender-alerts/')) return alertToken;
    if (name === 'id' && path.includes('/saved-searches/')) return '1';
    if (name === 'token') return directory.token;
    if (name === 'format') return 'csv';
    if (name === 'id') return String(idOf());
    if (name === 'result_id') return String(prequalification.resultId);
    if (name === 'document_id') return String(prequalification.documentId);
    if (name === 'attachment_id') return String(ids.requisitionAttachment);
    if (name === 'attachmentId') return String(ids.tenderAttachment);
    if (name === 'user_id') return String(ids.member);
    if (name === 'page') return 'home';
    if (name === 'product') return 'tender_publishing';
    if (name === 'code')
      return encodeURIComponent(path.includes('/subscription/') ? codes.subscription : codes.tenderOrder);
    throw new Error(`No seeded value for {${name}} in ${path}: add one to fillPath`);
  });
}

const SESSION_ENDING = [
  'POST /api/v1/authentication/change-password/',
  'POST /api/v1/authentication/tfa/setup/',
  'POST /api/v1/authentication/tfa/enable/',
  'POST /api/v1/authentication/tfa/disable/',
  'POST /api/v1/authentication/tfa/verify/',
  'POST /api/v1/authentication/switch-buyer/',
];

/**
 * Calls run in phases so an allowed caller's write does not spoil a later call: reads, then writes, then
 * those that end a document (cancel, reject, delete), then the order's own end, then the session's.
 */
function phaseOf(key: string): number {
  const [method, path] = key.split(' ') as [string, string];
  if (key === 'POST /api/v1/authentication/logout/') return 6;
  if (SESSION_ENDING.includes(key)) return 5;
  if (/\/purchase-orders\/\{id\}\/(cancel|close)\/$/.test(path) || path.includes('/moderation/')) return 4;
  if (method === 'DELETE' || /\/(cancel|reject|decline|return)\/$/.test(path)) return 3;
  if (method === 'GET' || MATRIX[key]?.may === read) return 1;
  return 2;
}

let ctx: TestContext;
let world: MatrixWorld;
let operations: string[];
/** A directory, and a paid order of it with its download token (issue 18). */
const directory = { id: 0, code: '', token: 'matrix-directory-download-token' };
/** A's published prequalification, S1's document and a result waiting for a decision (issue 20). */
let prequalification = { id: 0, resultId: 0, documentId: 0 };
/** A paid and delivered prequalified-list order, and its signed download link's query (issue 18). */
const prequalified = { code: '', download: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  world = await matrixWorld(ctx);
  prequalification = await matrixPrequalification(ctx, world);
  const [subscriber] = (
    await ctx.database.db.execute<{ id: number }>(sql`
      SELECT so.subscription_id AS id FROM subscription_orders so JOIN orders o ON o.id = so.order_id
      WHERE o.code = ${world.codes.subscription}`)
  ).rows;
  alertToken = ctx.services.tenderAlerts.tokenFor(subscriber!.id);
  const kenya = (await ctx.database.db.execute(sql`SELECT id FROM countries WHERE iso2 = 'KE'`)).rows[0]!;
  directory.id = (
    await ctx.services.supplierDirectories.create({
      country: Number(kenya.id),
      name: 'Matrix Directory',
      description: '',
      features: [],
      directory_format: 'XLSX and CSV',
      software_requirements: '',
      os_requirements: '',
      currency: 'KES',
      amount: 100,
      active: true,
    })
  ).id;
  directory.code = (
    await ctx.services.supplierDirectories.createOrder({
      directory: directory.id,
      name: 'Matrix Buyer',
      email: 'buyer@matrix.example',
      marketing: null,
    })
  ).reference;
  // Paid and delivered, as its fulfilment leaves it (its download opens for anyone holding the token).
  await ctx.database.db.execute(
    sql`UPDATE orders SET payment_state = 'paid', paid_at = now(), fulfilled_at = now() WHERE code = ${directory.code}`,
  );
  await ctx.database.db.execute(
    sql`UPDATE supplier_directory_orders SET download_token = ${directory.token},
          download_expires_at = now() + interval '1 day', snapshot_at = now(), supplier_count = 0
         WHERE order_id = (SELECT id FROM orders WHERE code = ${directory.code})`,
  );
  const [category] = (await ctx.database.db.execute(sql`SELECT id FROM categories ORDER BY id LIMIT 1`)).rows;
  prequalified.code = (
    await ctx.services.prequalifiedLists.createOrder({
      company_name: 'Matrix Buyer',
      contact_person: 'Matrix Caller',
      phone_number: '+254712345678',
      email: 'prequalified@matrix.example',
      country: Number(kenya.id),
      categories: [{ category: Number(category!.id), supplier_count: 1 }],
    })
  ).id;
  // Paid and delivered as its fulfilment leaves it; the download link is the one the customer receives.
  const fulfil = prequalifiedListProduct({
    audit: ctx.services.audit,
    clock: ctx.services.clock,
    mail: ctx.services.mail,
    publicUrl: ctx.config.publicUrl,
    downloadSecret: derivedSecret(ctx.config.jwtSecret, PREQUALIFIED_DOWNLOAD_PURPOSE),
  });
  await ctx.database.db.transaction(async (tx) => {
    const [paid] = await tx
      .update(orders)
      .set({ paymentState: 'paid', paidAt: new Date(), fulfilledAt: new Date() })
      .where(sql`${orders.code} = ${prequalified.code}`)
      .returning();
    await fulfil.fulfil(tx, paid!, { method: 'Card (DPO Pay)', receipt: 'MATRIX' });
  });
  const delivered = await ctx.services.prequalifiedLists.getOrder(prequalified.code);
  prequalified.download = new URL(delivered.delivery!.downloads!.csv).search.slice(1);
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('the authorisation matrix', () => {
  it('has an entry for every operation of the OpenAPI document, and none for operations that are gone', () => {
    const missing = operations.filter((key) => !(key in MATRIX));
    const gone = Object.keys(MATRIX).filter((key) => !operations.includes(key));
    expect(missing, 'operations without an entry in MATRIX (say who may call them)').toEqual([]);
    expect(gone, 'MATRIX entries whose operation no longer exists').toEqual([]);
  });

  it('gives no caller a 2xx outside its entry, and nobody a 5xx', async () => {
    const keys = operations
      .filter((key) => key in MATRIX)
      .map((key, index) => ({ key, index }))
      .sort((a, b) => phaseOf(a.key) - phaseOf(b.key) || a.index - b.index)
      .map(({ key }) => key);
    const unexpected: string[] = [];
    const failures: string[] = [];
    const succeeded = new Set<string>();
    let calls = 0;
    for (const key of keys) {
      const entry = MATRIX[key]!;
      const may = new Set(typeof entry.may === 'function' ? entry.may(key) : entry.may);
      const [method, path] = key.split(' ') as [string, string];
      const query = entry.query?.(world);
      const url = `${fillPath(path, world)}${query ? `?${query}` : ''}`;
      // Callers outside the set first, so an allowed caller's write cannot hide another's hole.
      const callers = [...CALLERS].sort((a, b) => Number(may.has(a)) - Number(may.has(b)));
      for (const caller of callers) {
        const token = world.tokens[caller];
        const response = await ctx.app.inject({
          method: method as 'GET',
          url,
          headers: token ? bearer(token) : {},
          remoteAddress: world.addresses[caller],
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: entry.body?.(world) ?? {} }),
        });
        calls += 1;
        const status = response.statusCode;
        const line = `${key} ${caller} ${status}`;
        if (status >= 200 && status < 300) {
          if (may.has(caller)) succeeded.add(key);
          else unexpected.push(line);
        }
        if (status >= 500) failures.push(`${line} ${response.body.slice(0, 160)}`);
      }
    }
    // The ids exist: every read of one row succeeds for someone allowed (else the matrix proves nothing).
    const unread = keys.filter(
      (key) => key.startsWith('GET ') && hasId(key) && !succeeded.has(key) && MATRIX[key]!.may !== NOBODY,
    );
    console.log(
      [
        `authorisation matrix: ${keys.length} operations × ${CALLERS.length} callers = ${calls} calls tried, ` +
          `${unexpected.length} unexpected 2xx, ${failures.length} 5xx`,
        ...unexpected.map((line) => `  unexpected 2xx: ${line}`),
        ...failures.map((line) => `  5xx: ${line}`),
        ...unread.map((key) => `  no allowed caller could read: ${key}`),
      ].join('\n'),
    );
    expect.soft(unexpected, 'callers that got a 2xx outside their entry').toEqual([]);
    expect.soft(failures, 'calls answered with a 5xx').toEqual([]);
    expect.soft(unread, 'reads of a seeded row that no allowed caller could do').toEqual([]);
  }, 180_000);
});
