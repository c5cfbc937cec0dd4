import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { sql } from 'drizzle-orm';
import { bearer, claimsOf } from '../test/identity.ts';
import { multipart, sampleFiles } from '../test/multipart.ts';
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
const contractManagers = write('org_admin', 'contract_manager');
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

/** Risk management's writers: its officers and the administrators (issue 23). */
const riskManagers = write('org_admin', 'risk_officer');
/** An outsourcing arrangement with S1 that reaches the handler. */
const arrangementBody = (world: MatrixWorld) => ({
  service: 'Matrix hosting',
  supplier_id: world.ids.supplierS1,
  materiality: {
    critical_function: false,
    customer_data: true,
    data_offshore: false,
    disruption_impact: 3,
    substitutability: 'moderate',
    above_value_threshold: false,
  },
  data_location: 'Nairobi',
});

const MATRIX: Record<string, Entry> = {
  // Contracts (issue 22): staff read what they may see (the service narrows it by department); contract
  // managers and administrators write and sign for the buyer; the approver whose turn it is decides; S1
  // signs in the portal; anyone may check a signed PDF's hash.
  'GET /api/v1/contracts/templates/': { may: read },
  'POST /api/v1/contracts/templates/': { may: contractManagers },
  'PUT /api/v1/contracts/templates/{id}/': { may: contractManagers },
  'GET /api/v1/contracts/clauses/': { may: read },
  'POST /api/v1/contracts/clauses/': { may: contractManagers },
  'PUT /api/v1/contracts/clauses/{id}/': { may: contractManagers },
  'GET /api/v1/contracts/settings/': { may: read },
  'PUT /api/v1/contracts/settings/': { may: contractManagers, body: () => ({ alert_days: [90, 60, 30] }) },
  'POST /api/v1/contract-alerts/run/': { may: OPERATOR },
  'GET /api/v1/contracts/report/': { may: read },
  'GET /api/v1/contracts/export/': { may: read },
  'POST /api/v1/contracts/verify/': { may: ALL },
  'GET /api/v1/contracts/': { may: read },
  'POST /api/v1/contracts/': { may: contractManagers },
  'GET /api/v1/contracts/{id}/': { may: read },
  'PATCH /api/v1/contracts/{id}/': { may: contractManagers },
  'GET /api/v1/contracts/{id}/versions/': { may: read },
  'GET /api/v1/contracts/{id}/versions/compare/': { may: read, query: () => 'from=1&to=1' },
  'POST /api/v1/contracts/{id}/submit/': { may: contractManagers },
  'POST /api/v1/contracts/{id}/approve/': { may: writers },
  'POST /api/v1/contracts/{id}/reject/': { may: writers },
  'POST /api/v1/contracts/{id}/send-for-signature/': { may: contractManagers },
  'POST /api/v1/contracts/{id}/signature-code/': { may: contractManagers },
  'POST /api/v1/contracts/{id}/sign/': { may: contractManagers },
  'GET /api/v1/contracts/{id}/pdf/': { may: read },
  'POST /api/v1/contracts/{id}/notice/': { may: contractManagers },
  'POST /api/v1/contracts/{id}/changes/': { may: contractManagers },
  'GET /api/v1/contracts/{id}/documents/': { may: read },
  'POST /api/v1/contracts/{id}/documents/': { may: contractManagers },
  'GET /api/v1/contracts/{id}/documents/{document_id}/': { may: read },
  'GET /api/v1/contracts/{id}/obligations/': { may: read },
  'POST /api/v1/contracts/{id}/obligations/': { may: contractManagers },
  'POST /api/v1/contracts/{id}/obligations/{obligation_id}/done/': { may: contractManagers },
  'GET /api/v1/portal/contracts/': { may: portal },
  'GET /api/v1/portal/contracts/{id}/': { may: portal },
  'POST /api/v1/portal/contracts/{id}/signature-code/': { may: portal },
  'POST /api/v1/portal/contracts/{id}/sign/': { may: portal },
  'GET /api/v1/portal/contracts/{id}/pdf/': { may: portal },
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
  'GET /api/v1/sourcing/prequalifications/results/{result_id}/': { may: read },
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

  // Risk management (issue 23): every buyer role reads; risk officers and administrators record, rate, treat,
  // send questionnaires and keep the registers; administrators set the matrix; the workflow's deciders decide
  // an acceptance (none waits here: no risk acceptance workflow in this world); S1 answers its questionnaire.
  'GET /api/v1/risk/settings/': { may: read },
  'PUT /api/v1/risk/settings/': {
    may: admin,
    body: () => ({
      matrix: {
        likelihood_levels: 5,
        impact_levels: 5,
        bands: [
          { key: 'low', min_score: 1, colour: '#2f9e44' },
          { key: 'medium', min_score: 5, colour: '#fcc419' },
          { key: 'high', min_score: 10, colour: '#f76707' },
          { key: 'extreme', min_score: 17, colour: '#c92a2a' },
        ],
        appetite: 9,
      },
      thresholds: { min_financial_score: 50, max_spend_share: '0.3', max_exposure: '50000000' },
      currency: 'KES',
    }),
  },
  'GET /api/v1/risk/heat-map/': { may: read },
  'GET /api/v1/risk/risks/': { may: read },
  'POST /api/v1/risk/risks/': {
    may: riskManagers,
    body: () => ({ title: 'Matrix risk', category: 'operational', inherent: { likelihood: 2, impact: 3 } }),
  },
  'GET /api/v1/risk/risks/export/': { may: read },
  'GET /api/v1/risk/risks/{id}/': { may: read },
  'PATCH /api/v1/risk/risks/{id}/': { may: riskManagers, body: () => ({ cause: 'Matrix cause' }) },
  'POST /api/v1/risk/risks/{id}/treatments/': {
    may: riskManagers,
    body: () => ({ action: 'Matrix treatment', due_on: '2030-01-01' }),
  },
  'PATCH /api/v1/risk/risks/{id}/treatments/{treatment_id}/': {
    may: riskManagers,
    body: () => ({ status: 'in_progress' }),
  },
  'POST /api/v1/risk/risks/{id}/acceptance/': { may: riskManagers, body: () => ({ reason: 'Matrix' }) },
  'POST /api/v1/risk/risks/{id}/acceptance/approve/': { may: NOBODY },
  'POST /api/v1/risk/risks/{id}/acceptance/reject/': { may: NOBODY, body: () => ({ comment: 'Matrix' }) },
  'GET /api/v1/risk/continuity/services/': { may: read },
  'POST /api/v1/risk/continuity/services/': {
    may: riskManagers,
    body: () => ({ name: 'Matrix service', mtd_hours: 8, rto_hours: 4, rpo_hours: 1 }),
  },
  'GET /api/v1/risk/continuity/services/{id}/': { may: read },
  'PUT /api/v1/risk/continuity/services/{id}/': {
    may: riskManagers,
    body: () => ({ name: 'Matrix service', mtd_hours: 8, rto_hours: 4, rpo_hours: 1 }),
  },
  'POST /api/v1/risk/continuity/plans/': {
    may: riskManagers,
    body: () => ({ service_id: riskIds.service, exit_plan: 'Matrix' }),
  },
  'PUT /api/v1/risk/continuity/plans/{id}/': {
    may: riskManagers,
    body: () => ({ service_id: riskIds.service, exit_plan: 'Matrix' }),
  },
  'GET /api/v1/risk/continuity/single-source/': { may: read },
  'GET /api/v1/risk/financial/': { may: read },
  'POST /api/v1/risk/financial/evaluate/': { may: riskManagers },
  'GET /api/v1/risk/questionnaires/': { may: read },
  'POST /api/v1/risk/questionnaires/': {
    may: riskManagers,
    body: (world) => ({ supplier_id: world.ids.supplierS1, kind: 'due_diligence' }),
  },
  'GET /api/v1/risk/questionnaires/{id}/': { may: read },
  'GET /api/v1/risk/outsourcing/': { may: read },
  'POST /api/v1/risk/outsourcing/': { may: riskManagers, body: (world) => arrangementBody(world) },
  'GET /api/v1/risk/outsourcing/export/': { may: read },
  'GET /api/v1/risk/outsourcing/{id}/': { may: read },
  'PUT /api/v1/risk/outsourcing/{id}/': { may: riskManagers, body: (world) => arrangementBody(world) },
  'POST /api/v1/risk/outsourcing/{id}/reviews/': {
    may: riskManagers,
    body: () => ({ reviewed_on: '2026-11-01' }),
  },
  'GET /api/v1/risk/suppliers/': { may: read },
  'GET /api/v1/risk/suppliers/{id}/profile/': { may: read },
  'GET /api/v1/risk/dashboard/': { may: read },
  'GET /api/v1/portal/risk/questionnaires/': { may: portal },
  'GET /api/v1/portal/risk/questionnaires/{id}/': { may: portal },
  'POST /api/v1/portal/risk/questionnaires/{id}/answer/': {
    may: portal,
    body: () => ({
      due_diligence: {
        answers: {
          licences: 'yes',
          information_security_policy: 'yes',
          business_continuity_plan: 'yes',
          data_protection_registration: 'yes',
          audited_accounts: 'yes',
          insurance: 'yes',
          subcontractor_control: 'yes',
        },
      },
    }),
  },

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

  // Sourcing, requests for quotations (issue 20): A's staff read, procurement writes; committee members
  // confirm the opening (nobody here has a passphrase, so nobody succeeds); any staff sets their own
  // opening passphrase; the invited supplier S1 reads and quotes in the portal.
  'GET /api/v1/sourcing/rfqs/': { may: read },
  'POST /api/v1/sourcing/rfqs/': { may: procurement },
  'GET /api/v1/sourcing/rfqs/invitable-suppliers/': { may: read },
  'GET /api/v1/sourcing/rfqs/{id}/': { may: read },
  'PUT /api/v1/sourcing/rfqs/{id}/': { may: procurement },
  'POST /api/v1/sourcing/rfqs/{id}/publish/': { may: procurement },
  'POST /api/v1/sourcing/rfqs/{id}/approve/': { may: NOBODY },
  'POST /api/v1/sourcing/rfqs/{id}/reject/': { may: NOBODY },
  'POST /api/v1/sourcing/rfqs/{id}/cancel/': { may: procurement },
  'POST /api/v1/sourcing/rfqs/{id}/addenda/': { may: procurement },
  'POST /api/v1/sourcing/rfqs/{id}/questions/{question_id}/answer/': {
    may: procurement,
    body: () => ({ answer: 'Matrix answer' }),
  },
  'POST /api/v1/sourcing/rfqs/{id}/documents/': { may: procurement },
  'GET /api/v1/sourcing/rfqs/{id}/documents/{document_id}/': { may: read },
  'POST /api/v1/sourcing/rfqs/{id}/opening/confirm/': {
    may: NOBODY,
    body: () => ({ passphrase: 'not anyone' }),
  },
  'GET /api/v1/sourcing/rfqs/{id}/opening-record/': { may: read },
  'GET /api/v1/sourcing/rfqs/{id}/comparison/': { may: NOBODY },
  'GET /api/v1/sourcing/rfqs/{id}/quotes/{supplier_id}/documents/{index}/': { may: NOBODY },
  'POST /api/v1/sourcing/rfqs/{id}/award/': { may: procurement },
  // On the awarded RFQ (its own, awarded to S1 in the set-up): the first contract writer drafts S1's contract.
  'POST /api/v1/sourcing/rfqs/{id}/contracts/': {
    may: contractManagers,
    body: (world) => ({ supplier_id: world.ids.supplierS1, template_id: world.ids.contractTemplate }),
  },
  'GET /api/v1/sourcing/reports/savings/': { may: read },
  'GET /api/v1/sourcing/reports/savings/export/': { may: read },
  'GET /api/v1/sourcing/opening-key/': { may: read },
  'PUT /api/v1/sourcing/opening-key/': { may: writers },
  'GET /api/v1/portal/rfqs/': { may: portal },
  'GET /api/v1/portal/rfqs/{id}/': { may: portal },
  'POST /api/v1/portal/rfqs/{id}/questions/': { may: portal, body: () => ({ question: 'Matrix question?' }) },
  'POST /api/v1/portal/rfqs/{id}/quote/': { may: portal },
  'GET /api/v1/portal/rfqs/{id}/documents/{document_id}/': { may: portal },
  'POST /api/v1/portal/rfqs/receipts/verify/': { may: NOBODY },

  // Sourcing, live eAuctions (issue 21): A's staff read and watch, procurement sets up, publishes, cancels and
  // awards; the invited suppliers S1 and S2 watch and bid (an auction needs two bidders). The seeded auction has not ended, so its results are
  // nobody's yet. The live views are asked for a snapshot (state, then closed) so the call returns.
  'GET /api/v1/sourcing/auctions/': { may: read },
  'POST /api/v1/sourcing/auctions/': { may: procurement },
  'GET /api/v1/sourcing/auctions/{id}/': { may: read },
  'POST /api/v1/sourcing/auctions/{id}/publish/': { may: procurement },
  'POST /api/v1/sourcing/auctions/{id}/cancel/': { may: procurement },
  'GET /api/v1/sourcing/auctions/{id}/results/': { may: NOBODY },
  'POST /api/v1/sourcing/auctions/{id}/award/': { may: procurement },
  'GET /api/v1/sourcing/auctions/{id}/live/': { may: read, query: () => 'snapshot=true' },
  'GET /api/v1/portal/auctions/': { may: portal },
  'GET /api/v1/portal/auctions/{id}/': { may: invited },
  'POST /api/v1/portal/auctions/{id}/bids/': { may: invited, body: () => ({ amount: '900.00' }) },
  'GET /api/v1/portal/auctions/{id}/live/': { may: invited, query: () => 'snapshot=true' },

  // Asset disposal (issue 21): A's staff read; procurement registers, asks for a method, lists, sells and
  // disposes; the method is approved by an administrator or approver (the seeded asset is already listed, so
  // most writes answer 409); anyone reads the public listing.
  'GET /api/v1/sourcing/disposals/': { may: read },
  'POST /api/v1/sourcing/disposals/': { may: procurement },
  'GET /api/v1/sourcing/disposals/{id}/': { may: read },
  'POST /api/v1/sourcing/disposals/{id}/photos/': { may: procurement },
  'GET /api/v1/sourcing/disposals/{id}/photos/{index}/': { may: read },
  'POST /api/v1/sourcing/disposals/{id}/method/': { may: procurement },
  'POST /api/v1/sourcing/disposals/{id}/method/approve/': { may: write('org_admin', 'approver') },
  'POST /api/v1/sourcing/disposals/{id}/method/reject/': { may: write('org_admin', 'approver') },
  // The proposed award: a workflow rule's approver decides it, else an administrator or approver.
  'POST /api/v1/sourcing/disposals/{id}/award/approve/': { may: write('org_admin', 'approver') },
  'POST /api/v1/sourcing/disposals/{id}/award/reject/': { may: write('org_admin', 'approver') },
  'POST /api/v1/sourcing/disposals/{id}/listing/': { may: procurement },
  'POST /api/v1/sourcing/disposals/{id}/sale/': { may: procurement },
  'POST /api/v1/sourcing/disposals/{id}/dispose/': { may: procurement },
  'POST /api/v1/sourcing/disposals/{id}/withdraw/': { may: procurement },
  'GET /api/v1/asset-sales/': { may: ALL },
  'GET /api/v1/asset-sales/{code}/': { may: ALL },
  'GET /api/v1/asset-sales/{code}/photos/{index}/': { may: ALL },
  // Sale by public tender, on A's second asset (listed by public tender with a committee of three, open for
  // offers): any supplier reads and seals an offer in the portal; the opening is a committee member's (409
  // before closing), the award procurement's (409 before the opening).
  'GET /api/v1/portal/asset-sales/': { may: portal },
  'GET /api/v1/portal/asset-sales/{id}/': { may: invited },
  'POST /api/v1/portal/asset-sales/{id}/offer/': { may: invited, body: () => ({ amount: '100.00' }) },
  'POST /api/v1/sourcing/disposals/{id}/opening/': {
    may: ofA(['approver', 'finance', 'requester']),
    body: () => ({ passphrase: 'matrix passphrase' }),
  },
  'POST /api/v1/sourcing/disposals/{id}/award/': { may: procurement },

  // Sourcing, tenders (issue 21): A's staff read, procurement writes, the administrator sets the thresholds;
  // the seeded tender is published and still open, so openings, evaluation, award and decisions are nobody's
  // yet; only its committee (approver, finance, requester) reads its own evaluation. Any supplier reads the
  // published tender, asks and bids; the opening register goes only to suppliers that bid (none here).
  'GET /api/v1/sourcing/tenders/': { may: read },
  'POST /api/v1/sourcing/tenders/': { may: procurement },
  'GET /api/v1/sourcing/tenders/settings/': { may: read },
  'PUT /api/v1/sourcing/tenders/settings/': { may: admin },
  'GET /api/v1/sourcing/tenders/agpo/': { may: read },
  'GET /api/v1/sourcing/tenders/{id}/': { may: read },
  'PUT /api/v1/sourcing/tenders/{id}/': { may: procurement },
  'POST /api/v1/sourcing/tenders/{id}/publish/': { may: procurement },
  // The method's justification (approved through the engine before publication), on A's justified direct
  // procurements: procurement asks on a draft; the workflow's approver (A's approver) decides a waiting one.
  'POST /api/v1/sourcing/tenders/{id}/justification/ask/': { may: procurement },
  'POST /api/v1/sourcing/tenders/{id}/justification/approve/': { may: ofA(['approver']) },
  'POST /api/v1/sourcing/tenders/{id}/justification/reject/': {
    may: ofA(['approver']),
    body: () => ({ comment: 'Matrix rejection' }),
  },
  'GET /api/v1/sourcing/tenders/{id}/notice/': { may: read },
  'POST /api/v1/sourcing/tenders/{id}/clarifications/{question_id}/answer/': {
    may: procurement,
    body: () => ({ answer: 'Matrix answer' }),
  },
  'POST /api/v1/sourcing/tenders/{id}/addenda/': { may: procurement },
  'POST /api/v1/sourcing/tenders/{id}/openings/{stage}/': {
    may: NOBODY,
    body: () => ({ passphrase: 'not anyone' }),
  },
  'GET /api/v1/sourcing/tenders/{id}/openings/{stage}/register/': { may: read },
  'GET /api/v1/sourcing/tenders/{id}/evaluation/': { may: ofA(['approver', 'finance', 'requester']) },
  'PUT /api/v1/sourcing/tenders/{id}/evaluation/': { may: NOBODY },
  'POST /api/v1/sourcing/tenders/{id}/evaluation/submit/': { may: NOBODY },
  'PUT /api/v1/sourcing/tenders/{id}/report/': { may: procurement },
  'POST /api/v1/sourcing/tenders/{id}/award/': { may: procurement },
  'POST /api/v1/sourcing/tenders/{id}/approve/': { may: NOBODY },
  'POST /api/v1/sourcing/tenders/{id}/reject/': { may: NOBODY },
  'POST /api/v1/sourcing/tenders/{id}/contract/': { may: procurement },
  'POST /api/v1/sourcing/tenders/{id}/cancel/': { may: procurement },
  'GET /api/v1/portal/tenders/': { may: invited },
  'GET /api/v1/portal/tenders/{id}/': { may: invited },
  // Any supplier registers its interest in the published tender (then mailed its clarifications and addenda).
  'POST /api/v1/portal/tenders/{id}/interest/': { may: invited },
  'POST /api/v1/portal/tenders/{id}/clarifications/': {
    may: invited,
    body: () => ({ question: 'Matrix question?' }),
  },
  'PUT /api/v1/portal/tenders/{id}/bid/': { may: invited },
  'GET /api/v1/portal/tenders/{id}/opening-register/': { may: NOBODY },
  // OCDS publication: public.
  'GET /api/v1/ocds/releases/': { may: ALL },
  'GET /api/v1/ocds/records/{ocid}/': { may: ALL },

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
      [/\/risk\/risks\//, riskIds.risk],
      [/\/risk\/continuity\/services\//, riskIds.service],
      [/\/risk\/continuity\/plans\//, riskIds.plan],
      [/\/risk\/outsourcing\//, riskIds.arrangement],
      [/\/risk\/questionnaires\//, riskIds.questionnaire],
      [/\/rfqs\/\{id\}\/contracts\//, rfq.awarded],
      [/\/rfqs\//, rfq.id],
      [/\/auctions\//, auction.id],
      [/\/portal\/asset-sales\/|\/disposals\/\{id\}\/(opening|award)\//, disposal.tendered],
      [/\/(disposals|asset-sales)\//, disposal.id],
      [/\/justification\/ask\//, tender.justifiedDraft],
      [/\/justification\/approve\//, tender.justifiedToApprove],
      [/\/justification\/reject\//, tender.justifiedToReject],
      [/\/(sourcing|portal)\/tenders\//, tender.id],
      [/\/supplier-directory\/(moderation\/)?directories\//, directory.id],
      [/\/contracts\/templates\//, ids.contractTemplate],
      [/\/contracts\/clauses\//, ids.contractClause],
      [/\/contracts\//, ids.contract],
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
    if (name === 'code' && path.includes('/asset-sales/')) return disposal.code;
    if (name === 'reference') return encodeURIComponent(directory.code);
    if (name === 'token' && path.includes('/tender-alerts/')) return alertToken;
    if (name === 'id' && path.includes('/saved-searches/')) return '1';
    if (name === 'token') return directory.token;
    if (name === 'format') return 'csv';
    if (name === 'question_id' && path.includes('/tenders/')) return String(tender.question);
    if (name === 'stage') return 'technical';
    if (name === 'ocid') return `ocds-zabuni-tender-${tender.id}`;
    if (name === 'question_id') return String(rfq.question);
    if (name === 'document_id') return String(rfq.document);
    if (name === 'supplier_id') return String(ids.supplierS1);
    if (name === 'index') return '0';
    if (name === 'id') return String(idOf());
    if (name === 'result_id') return String(prequalification.resultId);
    if (name === 'document_id') return String(prequalification.documentId);
    if (name === 'treatment_id') return String(riskIds.treatment);
    if (name === 'attachment_id') return String(ids.requisitionAttachment);
    if (name === 'obligation_id') return String(ids.contractObligation);
    if (name === 'document_id') return String(ids.contractDocument);
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

/** A published RFQ of A inviting S1, with a document and a question (issue 20); another awarded to S1. */
const rfq = { id: 0, document: 0, question: 0, awarded: 0 };

async function seedRfq(context: TestContext, seeded: MatrixWorld) {
  const as = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    context.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(seeded.tokens[caller]!), payload });
  const committee: Caller[] = ['a:approver', 'a:finance'];
  for (const member of committee) {
    const set = await as(member, 'PUT', 'sourcing/opening-key/', { passphrase: `${member} passphrase` });
    expect(set.statusCode, set.body).toBe(200);
  }
  const created = await as('a:buyer', 'POST', 'sourcing/rfqs/', {
    title: 'Matrix RFQ',
    closing_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    department_id: seeded.ids.department,
    committee: committee.map((member) => Number(claimsOf(seeded.tokens[member]!).user_id)),
    quorum: 2,
    suppliers: [seeded.ids.supplierS1],
    lines: [
      { description: 'Toner', category_id: seeded.ids.category, quantity: '1', estimated_unit_price: '100' },
    ],
  });
  expect(created.statusCode, created.body).toBe(201);
  rfq.id = (created.json() as { id: number }).id;
  const upload = multipart({}, [
    { field: 'file', name: 'specification.pdf', bytes: sampleFiles.pdf('Spec') },
  ]);
  const document = await context.app.inject({
    method: 'POST',
    url: `/api/v1/sourcing/rfqs/${rfq.id}/documents/`,
    headers: { ...bearer(seeded.tokens['a:buyer']!), ...upload.headers },
    payload: upload.payload,
  });
  expect(document.statusCode, document.body).toBe(200);
  rfq.document = (document.json() as { documents: Array<{ id: number }> }).documents[0]!.id;
  expect((await as('a:buyer', 'POST', `sourcing/rfqs/${rfq.id}/publish/`)).statusCode).toBe(200);
  const asked = await as('s1:supplier_admin', 'POST', `portal/rfqs/${rfq.id}/questions/`, {
    question: 'When?',
  });
  expect(asked.statusCode, asked.body).toBe(200);
  rfq.question = (asked.json() as { questions: Array<{ id: number }> }).questions[0]!.id;

  // A second RFQ quoted by S1, closed (its closing moved into the past: the clock is real), opened by the
  // committee and awarded to S1: the RFQ-to-contract route's record.
  const second = await as('a:buyer', 'POST', 'sourcing/rfqs/', {
    title: 'Matrix awarded RFQ',
    closing_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    department_id: seeded.ids.department,
    committee: committee.map((member) => Number(claimsOf(seeded.tokens[member]!).user_id)),
    quorum: 2,
    suppliers: [seeded.ids.supplierS1],
    lines: [
      { description: 'Paper', category_id: seeded.ids.category, quantity: '1', estimated_unit_price: '100' },
    ],
  });
  expect(second.statusCode, second.body).toBe(201);
  rfq.awarded = (second.json() as { id: number }).id;
  const steps: Array<[Caller, string, object | undefined]> = [
    ['a:buyer', 'publish/', undefined],
    [
      's1:supplier_admin',
      'quote/',
      { lines: [{ line_no: 1, unit_price: '90.00' }], delivery_days: 7, validity_days: 30 },
    ],
  ];
  for (const [caller, step, payload] of steps) {
    const url = `${caller.startsWith('s1:') ? 'portal' : 'sourcing'}/rfqs/${rfq.awarded}/${step}`;
    const done = await as(caller, 'POST', url, payload);
    expect(done.statusCode, done.body).toBeLessThan(300);
  }
  await context.database.db.execute(
    sql`UPDATE rfqs SET closing_at = now() - interval '1 minute' WHERE id = ${rfq.awarded}`,
  );
  for (const member of committee) {
    const confirmed = await as(member, 'POST', `sourcing/rfqs/${rfq.awarded}/opening/confirm/`, {
      passphrase: `${member} passphrase`,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  const awarded = await as('a:buyer', 'POST', `sourcing/rfqs/${rfq.awarded}/award/`, {
    allocations: [{ line_no: 1, supplier_id: seeded.ids.supplierS1, quantity: '1' }],
  });
  expect(awarded.statusCode, awarded.body).toBe(200);
}

/** A published, running open reverse auction of A inviting S1 and S2 (issue 21). */
const auction = { id: 0 };

async function seedAuction(context: TestContext, seeded: MatrixWorld) {
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/v1/sourcing/auctions/',
    headers: bearer(seeded.tokens['a:buyer']!),
    payload: {
      title: 'Matrix auction',
      starts_at: new Date(Date.now() + 60_000).toISOString(),
      ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      anti_sniping: { window_seconds: 60, extension_seconds: 60, max_extensions: 1 },
      step_kind: 'amount',
      step: '1.00',
      suppliers: [seeded.ids.supplierS1, seeded.ids.supplierS2],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  auction.id = (created.json() as { id: number }).id;
  const published = await context.app.inject({
    method: 'POST',
    url: `/api/v1/sourcing/auctions/${auction.id}/publish/`,
    headers: bearer(seeded.tokens['a:buyer']!),
  });
  expect(published.statusCode, published.body).toBe(200);
}

/**
 * A published, open tender of A with a committee of three and S1's question (issue 21); three justified
 * direct procurements (drafts): one whose justification is not asked for yet, two waiting for A's approver.
 */
const tender = { id: 0, question: 0, justifiedDraft: 0, justifiedToApprove: 0, justifiedToReject: 0 };

async function seedTender(context: TestContext, seeded: MatrixWorld) {
  const as = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    context.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(seeded.tokens[caller]!), payload });
  // Approver and finance set their opening passphrase for the RFQ; the requester sets one now.
  const set = await as('a:requester', 'PUT', 'sourcing/opening-key/', {
    passphrase: 'a:requester passphrase',
  });
  expect(set.statusCode, set.body).toBe(200);
  const committee: Caller[] = ['a:approver', 'a:finance', 'a:requester'];
  const created = await as('a:buyer', 'POST', 'sourcing/tenders/', {
    title: 'Matrix tender',
    method: 'open_tender',
    category: 'goods',
    estimate: '1000000.00',
    bid_security: '0',
    pass_mark: 70,
    closing_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    committee: committee.map((member) => Number(claimsOf(seeded.tokens[member]!).user_id)),
    quorum: 3,
  });
  expect(created.statusCode, created.body).toBe(201);
  tender.id = (created.json() as { id: number }).id;
  expect((await as('a:buyer', 'POST', `sourcing/tenders/${tender.id}/publish/`)).statusCode).toBe(200);
  const asked = await as('s1:supplier_admin', 'POST', `portal/tenders/${tender.id}/clarifications/`, {
    question: 'When?',
  });
  expect(asked.statusCode, asked.body).toBe(200);
  const view = await as('a:buyer', 'GET', `sourcing/tenders/${tender.id}/`);
  tender.question = (view.json() as { clarifications: Array<{ id: number }> }).clarifications[0]!.id;

  const rule = await as('a:org_admin', 'POST', 'p2p/approval-workflows/', {
    name: 'Matrix tender justifications',
    document_type: 'tender_justification',
    steps: [
      {
        mode: 'any',
        approvers: [{ kind: 'user', user_id: Number(claimsOf(seeded.tokens['a:approver']!).user_id) }],
      },
    ],
  });
  expect(rule.statusCode, rule.body).toBe(201);
  const justified = async (ask: boolean) => {
    const draft = await as('a:buyer', 'POST', 'sourcing/tenders/', {
      title: 'Matrix strongroom door',
      method: 'direct_procurement',
      category: 'services',
      estimate: '900000.00',
      bid_security: '0',
      pass_mark: 70,
      closing_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      committee: committee.map((member) => Number(claimsOf(seeded.tokens[member]!).user_id)),
      quorum: 3,
      justification: 'Only the manufacturer may service the strongroom door under its warranty.',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = (draft.json() as { id: number }).id;
    if (ask) {
      const asked = await as('a:buyer', 'POST', `sourcing/tenders/${id}/justification/ask/`);
      expect(asked.json(), asked.body).toMatchObject({ justification_status: 'pending' });
    }
    return id;
  };
  tender.justifiedDraft = await justified(false);
  tender.justifiedToApprove = await justified(true);
  tender.justifiedToReject = await justified(true);
}

/**
 * A listed asset of A (a forward auction inviting S1 and S2) with a photo, and another listed by public tender
 * with a committee of three (approver, finance, requester), open for sealed offers (issue 21).
 */
const disposal = { id: 0, code: '', tendered: 0 };

async function seedDisposal(context: TestContext, seeded: MatrixWorld) {
  const as = async (caller: Caller, url: string, payload?: object) => {
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: bearer(seeded.tokens[caller]!),
      payload: payload ?? {},
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json() as { id: number; public_code: string };
  };
  const made = await as('a:buyer', 'sourcing/disposals/', {
    title: 'Matrix pick-up',
    description: 'Unserviceable',
    condition: 'poor',
    grounds: 'unserviceable',
    location: 'Yard',
    book_value: '100.00',
    reserve_price: '50.00',
  });
  disposal.id = made.id;
  disposal.code = made.public_code;
  const upload = multipart({}, [{ field: 'file', name: 'truck.png', bytes: sampleFiles.png() }]);
  const photo = await context.app.inject({
    method: 'POST',
    url: `/api/v1/sourcing/disposals/${disposal.id}/photos/`,
    headers: { ...bearer(seeded.tokens['a:buyer']!), ...upload.headers },
    payload: upload.payload,
  });
  expect(photo.statusCode, photo.body).toBe(200);
  await as('a:buyer', `sourcing/disposals/${disposal.id}/method/`, {
    method: 'public_auction',
    justification: 'Matrix',
  });
  await as('a:org_admin', `sourcing/disposals/${disposal.id}/method/approve/`);
  await as('a:buyer', `sourcing/disposals/${disposal.id}/listing/`, {
    starts_at: new Date(Date.now() + 60_000).toISOString(),
    ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    suppliers: [seeded.ids.supplierS1, seeded.ids.supplierS2],
  });
  disposal.tendered = (
    await as('a:buyer', 'sourcing/disposals/', {
      title: 'Matrix generator',
      description: 'Surplus',
      condition: 'poor',
      grounds: 'surplus',
      location: 'Depot',
      book_value: '400.00',
      reserve_price: '300.00',
    })
  ).id;
  await as('a:buyer', `sourcing/disposals/${disposal.tendered}/method/`, {
    method: 'public_tender',
    justification: 'Matrix',
  });
  await as('a:org_admin', `sourcing/disposals/${disposal.tendered}/method/approve/`);
  await as('a:buyer', `sourcing/disposals/${disposal.tendered}/listing/`, {
    closing_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    committee: (['a:approver', 'a:finance', 'a:requester'] as const).map((member) =>
      Number(claimsOf(seeded.tokens[member]!).user_id),
    ),
    quorum: 3,
  });
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
/** A's risk, its treatment, a critical service and its plan, an arrangement and S1's questionnaire (issue 23). */
const riskIds = { risk: 0, treatment: 0, service: 0, plan: 0, arrangement: 0, questionnaire: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  world = await matrixWorld(ctx);
  await seedRfq(ctx, world);
  await seedAuction(ctx, world);
  await seedTender(ctx, world); // sets the requester's opening key, which the tendered asset's committee needs
  await seedDisposal(ctx, world);
  prequalification = await matrixPrequalification(ctx, world);
  const [subscriber] = (
    await ctx.database.db.execute<{ id: number }>(sql`
      SELECT so.subscription_id AS id FROM subscription_orders so JOIN orders o ON o.id = so.order_id
      WHERE o.code = ${world.codes.subscription}`)
  ).rows;
  alertToken = ctx.services.tenderAlerts.tokenFor(subscriber!.id);
  const kenya = (await ctx.database.db.execute(sql`SELECT id FROM countries WHERE iso2 = 'KE'`)).rows[0]!;
  directory.id = (
    await ctx.services.supplierDirectories.create(
      { userId: null, ip: null }, // set-up data, not an operator's request: the entry names no user
      {
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
      },
    )
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
  // Issue 23: risk management's rows, made by A's administrator.
  const asAdmin = async (url: string, payload: object) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: bearer(world.tokens['a:org_admin']!),
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; treatments?: Array<{ id: number }> };
  };
  const risk = await asAdmin('risk/risks/', {
    title: 'Matrix supplier risk',
    category: 'supply_chain',
    supplier_id: world.ids.supplierS1,
    inherent: { likelihood: 4, impact: 4 },
  });
  riskIds.risk = risk.id;
  riskIds.treatment = (
    await asAdmin(`risk/risks/${risk.id}/treatments/`, { action: 'Second source', due_on: '2030-01-01' })
  ).treatments![0]!.id;
  riskIds.service = (
    await asAdmin('risk/continuity/services/', {
      name: 'Matrix payments',
      mtd_hours: 8,
      rto_hours: 4,
      rpo_hours: 1,
      suppliers: [{ supplier_id: world.ids.supplierS1 }],
    })
  ).id;
  riskIds.plan = (await asAdmin('risk/continuity/plans/', { service_id: riskIds.service })).id;
  riskIds.arrangement = (await asAdmin('risk/outsourcing/', arrangementBody(world))).id;
  riskIds.questionnaire = (
    await asAdmin('risk/questionnaires/', { supplier_id: world.ids.supplierS1, kind: 'due_diligence' })
  ).id;
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
