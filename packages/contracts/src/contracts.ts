import {
  CONTRACT_KINDS,
  CONTRACT_STATUSES,
  CURRENCY_EXPONENTS,
  isIsoDate,
  MERGE_FIELDS,
  RENEWAL_RULES,
  SIGNATURE_METHODS,
  SIGNING_SIDES,
} from '@zabuni/domain';
import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { recordId, required } from './fields.ts';
import { paginationQuery, queryId } from './pagination.ts';
import { requisitionApproval } from './requisitions.ts';

/** Contract management (issue 22): templates, clauses, contracts, versions, signatures, alerts, reports. */

export const CONTRACT_MESSAGES = {
  date: 'contract.date',
  endBeforeStart: 'contract.end_before_start',
  renewalTerm: 'contract.renewal_term',
  noticeDays: 'contract.notice_days',
  value: 'contract.value',
  currency: 'contract.currency',
  currencySupported: 'contract.currency_supported',
  code: 'contract.code',
} as const satisfies Record<string, MessageKey>;

export const CONTRACT_LANGUAGES = ['en', 'fr', 'sw', 'pt', 'am'] as const;
const language = z.enum(CONTRACT_LANGUAGES).default('en');
const isoDate = z.string().trim().refine(isIsoDate, { error: CONTRACT_MESSAGES.date });
/** The ISO 4217 currencies the platform formats (packages/domain's list), so "ZZZ" is refused. */
const supportedCurrency = (code: string) => Object.hasOwn(CURRENCY_EXPONENTS, code);
const richText = z.string().max(500_000, { error: 'field.too_long' });
const ref = z.object({ id: z.number().int(), name: z.string() });
const alertDays = z.array(z.number().int().min(0).max(1095)).max(10);

export const contractTemplateForm = z.object({
  name: required(200),
  language,
  body_html: richText.min(1, { error: 'field.required' }),
  active: z.boolean().default(true),
});
export type ContractTemplateForm = z.output<typeof contractTemplateForm>;

export const contractTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  language: z.string(),
  body_html: z.string(),
  /** The merge fields it uses, and names it uses that are not merge fields (left as written). */
  fields: z.array(z.enum(MERGE_FIELDS)),
  unknown_fields: z.array(z.string()),
  active: z.boolean(),
  created_at: z.string(),
});

export const contractClauseForm = z.object({
  title: required(200),
  language,
  body_html: richText.min(1, { error: 'field.required' }),
  /** The standard clause this is an approved alternative of. */
  alternative_of: recordId().nullable().default(null),
  approved: z.boolean().default(true),
});
export type ContractClauseForm = z.output<typeof contractClauseForm>;

export const contractClause = z.object({
  id: z.number().int(),
  title: z.string(),
  language: z.string(),
  body_html: z.string(),
  alternative_of: z.number().int().nullable(),
  approved: z.boolean(),
  created_at: z.string(),
});

export const contractClausesQuery = z.object({ language: z.enum(CONTRACT_LANGUAGES).optional() });

/** Parties and terms, as written and as changed while the contract is a draft. */
const terms = z.object({
  title: required(300),
  supplier_id: recordId('supplier.choose'),
  language,
  /** Integer minor units (cents) of `currency`. */
  value_minor: z
    .number({ error: CONTRACT_MESSAGES.value })
    .int({ error: CONTRACT_MESSAGES.value })
    .min(0, { error: CONTRACT_MESSAGES.value })
    .max(Number.MAX_SAFE_INTEGER, { error: CONTRACT_MESSAGES.value }),
  currency: z
    .string({ error: CONTRACT_MESSAGES.currency })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: CONTRACT_MESSAGES.currency })
    .refine(supportedCurrency, { error: CONTRACT_MESSAGES.currencySupported })
    .default('KES'),
  start_date: isoDate,
  end_date: isoDate,
  renewal: z.enum(RENEWAL_RULES).default('none'),
  renewal_term_months: z.number().int().min(1).max(120).nullable().default(null),
  notice_days: z.number().int().min(0).max(1095).nullable().default(null),
  payment_terms: z.string().trim().max(2000).default(''),
  /** The contract manager in charge; the author when absent. */
  owner_user_id: recordId().optional(),
  department_id: recordId().nullable().default(null),
  category_id: recordId().nullable().default(null),
  /** Days before the end to alert (30, 60, 90 or any); null: the organisation's default. */
  alert_days: alertDays.nullable().default(null),
  /** Staff who hear the alerts beside the owner. */
  alert_user_ids: z.array(recordId()).max(20).default([]),
  purchase_order_ids: z.array(recordId()).max(200).default([]),
});

type Terms = z.output<typeof terms>;
/** The rules between fields, shared by the create and update forms (refinements with their field). */
function checkTerms(value: Partial<Terms>, ctx: z.RefinementCtx) {
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: CONTRACT_MESSAGES.endBeforeStart });
  }
  if (value.renewal && value.renewal !== 'none' && !value.renewal_term_months) {
    ctx.addIssue({ code: 'custom', path: ['renewal_term_months'], message: CONTRACT_MESSAGES.renewalTerm });
  }
  if (value.renewal === 'by_notice' && (value.notice_days === null || value.notice_days === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['notice_days'], message: CONTRACT_MESSAGES.noticeDays });
  }
}

/** A contract written from a template (its merge fields filled, the chosen clauses placed) or from a text. */
export const contractForm = terms
  .extend({
    template_id: recordId().nullable().default(null),
    /** Approved clauses of the library, in the order they go into the text. */
    clause_ids: z.array(recordId()).max(100).default([]),
    /** The text, when written without a template (sanitised by the API). */
    body_html: richText.default(''),
  })
  .superRefine(checkTerms);
export type ContractForm = z.output<typeof contractForm>;

/** Changes to a draft: any terms, and a new text (kept as a new version with its note). */
export const contractUpdate = z
  .object({
    title: required(300),
    supplier_id: recordId('supplier.choose'),
    language: z.enum(CONTRACT_LANGUAGES),
    value_minor: terms.shape.value_minor,
    currency: z
      .string({ error: CONTRACT_MESSAGES.currency })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: CONTRACT_MESSAGES.currency })
      .refine(supportedCurrency, { error: CONTRACT_MESSAGES.currencySupported }),
    start_date: isoDate,
    end_date: isoDate,
    renewal: z.enum(RENEWAL_RULES),
    renewal_term_months: z.number().int().min(1).max(120).nullable(),
    notice_days: z.number().int().min(0).max(1095).nullable(),
    payment_terms: z.string().trim().max(2000),
    owner_user_id: recordId(),
    department_id: recordId().nullable(),
    category_id: recordId().nullable(),
    alert_days: alertDays.nullable(),
    alert_user_ids: z.array(recordId()).max(20),
    purchase_order_ids: z.array(recordId()).max(200),
  })
  .partial()
  .extend({ body_html: richText.optional(), version_note: z.string().trim().max(500).default('') })
  .superRefine(checkTerms);
export type ContractUpdate = z.output<typeof contractUpdate>;

/** An amendment or a termination of an active contract: a document of its own, approved and signed. */
export const contractChangeForm = z.object({
  kind: z.enum(['amendment', 'termination']),
  title: required(300),
  body_html: richText.min(1, { error: 'field.required' }),
  /** An amendment's new end date and value, applied when it is signed. */
  end_date: isoDate.nullable().default(null),
  value_minor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().default(null),
});
export type ContractChangeForm = z.output<typeof contractChangeForm>;

export const contractSignature = z.object({
  side: z.enum(SIGNING_SIDES),
  signer: z.string(),
  party: z.string(),
  method: z.enum(SIGNATURE_METHODS),
  ip: z.string().nullable(),
  signed_at: z.string(),
});

export const contractSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(CONTRACT_KINDS),
  parent_id: z.number().int().nullable(),
  title: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  supplier: ref,
  buyer: ref,
  value_minor: z.number().int(),
  currency: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  renewal: z.enum(RENEWAL_RULES),
  owner: ref,
  department: ref.nullable(),
  category: ref.nullable(),
  signed_at: z.string().nullable(),
  created_at: z.string(),
});
export type ContractSummary = z.output<typeof contractSummary>;

export const contract = contractSummary.extend({
  language: z.string(),
  template_id: z.number().int().nullable(),
  body_html: z.string(),
  version_no: z.number().int(),
  renewal_term_months: z.number().int().nullable(),
  notice_days: z.number().int().nullable(),
  /** By notice: the last day to give notice of non-renewal. */
  notice_deadline: z.string().nullable(),
  non_renewal_recorded_on: z.string().nullable(),
  payment_terms: z.string(),
  alert_days: z.array(z.number().int()).nullable(),
  /** The thresholds that apply (the contract's, or the organisation's default). */
  effective_alert_days: z.array(z.number().int()),
  alert_user_ids: z.array(z.number().int()),
  standstill_until: z.string().nullable(),
  source: z.object({ type: z.string(), id: z.number().int() }).nullable(),
  purchase_orders: z.array(z.object({ id: z.number().int(), number: z.string() })),
  /** Spend under the contract: its linked orders (approved or later) and their approved invoices. */
  spend: z.object({ ordered_minor: z.number().int(), invoiced_minor: z.number().int() }),
  signatures: z.array(contractSignature),
  content_sha256: z.string().nullable(),
  pdf_sha256: z.string().nullable(),
  /** Amendments and terminations of this contract. */
  changes: z.array(
    z.object({ id: z.number().int(), number: z.string(), kind: z.enum(CONTRACT_KINDS), status: z.string() }),
  ),
  approval: requisitionApproval.nullable(),
  /** What the caller may do now (the server checks again). */
  actions: z.array(
    z.enum([
      'edit',
      'submit',
      'approve',
      'reject',
      'send_for_signature',
      'sign',
      'give_notice',
      'amend',
      'terminate',
    ]),
  ),
  submitted_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  updated_at: z.string(),
});
export type Contract = z.output<typeof contract>;

/** The supplier portal's contract: the buyer's internal fields (owner, department, alerts, source) left out. */
export const portalContractSummary = contractSummary.omit({ owner: true, department: true });
export type PortalContractSummary = z.output<typeof portalContractSummary>;
export const portalContract = contract.omit({
  owner: true,
  department: true,
  alert_days: true,
  effective_alert_days: true,
  alert_user_ids: true,
  source: true,
});
export type PortalContract = z.output<typeof portalContract>;

export const contractsQuery = paginationQuery.extend({
  status: z.enum(CONTRACT_STATUSES).optional(),
  kind: z.enum(CONTRACT_KINDS).optional(),
  supplier: queryId.optional(),
  department: queryId.optional(),
  /** Full text over number, title and text. */
  search: z.string().trim().max(200).optional(),
  /** Ending between these dates (inclusive). */
  ends_from: isoDate.optional(),
  ends_to: isoDate.optional(),
  value_min: z.coerce.number().int().min(0).optional(),
  value_max: z.coerce.number().int().min(0).optional(),
  /** Active and ending within this many days. */
  expiring_within: z.coerce.number().int().min(0).max(1095).optional(),
});
export type ContractsQuery = z.output<typeof contractsQuery>;

export const contractVersion = z.object({
  version_no: z.number().int(),
  note: z.string(),
  created_by: ref,
  created_at: z.string(),
  body_html: z.string(),
});

export const contractCompareQuery = z.object({
  from: queryId,
  to: queryId,
});

const diffPart = z.object({ op: z.enum(['same', 'added', 'removed']), text: z.string() });
export const contractComparison = z.object({
  from: z.number().int(),
  to: z.number().int(),
  paragraphs: z.array(
    z.object({ op: z.enum(['same', 'added', 'removed', 'changed']), parts: z.array(diffPart) }),
  ),
});

export const contractDecisionBody = z.object({
  comment: z.string().trim().max(2000).optional(),
  step: z.number().int().min(1).optional(),
});

export const signatureCodeResult = z.object({
  /** How the signer confirms: the code just mailed to them, or their authenticator app. */
  method: z.enum(SIGNATURE_METHODS),
});

export const signBody = z.object({
  code: z
    .string({ error: CONTRACT_MESSAGES.code })
    .trim()
    .regex(/^\d{6}$/, { error: CONTRACT_MESSAGES.code }),
});

export const contractVerification = z.object({
  valid: z.boolean(),
  sha256: z.string(),
  /** What the stored hash belongs to (no personal data beyond the parties' names). */
  contract: z
    .object({
      number: z.string(),
      title: z.string(),
      buyer: z.string(),
      supplier: z.string(),
      signed_at: z.string().nullable(),
      signers: z.array(z.object({ side: z.enum(SIGNING_SIDES), party: z.string(), signed_at: z.string() })),
    })
    .nullable(),
});

export const contractDocument = z.object({
  id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});

export const OBLIGATION_KINDS = ['delivery', 'payment', 'report', 'insurance', 'guarantee', 'other'] as const;
export const obligationForm = z.object({
  kind: z.enum(OBLIGATION_KINDS),
  title: required(300),
  due_date: isoDate,
  owner_user_id: recordId().optional(),
  remind_days: z.number().int().min(0).max(365).default(7),
});
export type ObligationForm = z.output<typeof obligationForm>;

export const obligation = z.object({
  id: z.number().int(),
  kind: z.enum(OBLIGATION_KINDS),
  title: z.string(),
  due_date: z.string(),
  owner: ref,
  remind_days: z.number().int(),
  done_at: z.string().nullable(),
});

export const contractSettings = z.object({ alert_days: alertDays.min(1) });

export const contractAlertsRun = z.object({
  sent: z.number().int(),
  expired: z.number().int(),
  renewed: z.number().int(),
});

const bucket = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  value_minor: z.number().int(),
});
export const contractsReport = z.object({
  currency: z.string(),
  by_status: z.array(bucket),
  by_supplier: z.array(bucket),
  by_category: z.array(bucket),
  by_department: z.array(bucket),
  expiring: z.object({
    within_30: z.number().int(),
    within_60: z.number().int(),
    within_90: z.number().int(),
  }),
  spend_vs_value: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      title: z.string(),
      value_minor: z.number().int(),
      ordered_minor: z.number().int(),
      invoiced_minor: z.number().int(),
    }),
  ),
  /** Days from creation to the last signature, over signed contracts. */
  cycle_time_days: z.object({
    count: z.number().int(),
    average: z.number().nullable(),
    median: z.number().nullable(),
  }),
});
