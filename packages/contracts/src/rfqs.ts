import { CURRENCY_EXPONENTS, isIsoDate, quantityToThousandths, RFQ_PHASES } from '@zabuni/domain';
import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { recordId, required } from './fields.ts';
import { paginationQuery } from './pagination.ts';
import { REQUISITION_MESSAGES } from './requisitions.ts';

/**
 * Requests for quotations (issue 20): the buyer's form, the sealed quote a supplier submits, its receipt,
 * the opening, the comparison, the split award and the savings report. Amounts are decimal text in major
 * units, quantities decimal text (up to three decimals), instants ISO 8601 with an offset.
 */

const money = z
  .union([z.string(), z.number()], { error: 'rfq.price' satisfies MessageKey })
  .transform(String);
const quantity = z
  .union([z.string(), z.number()], { error: REQUISITION_MESSAGES.quantity })
  .transform(String)
  .refine((text) => (quantityToThousandths(text) ?? 0) > 0, { error: REQUISITION_MESSAGES.quantity });
const instant = z.iso.datetime({ offset: true, error: 'field.datetime' });

export const rfqLineForm = z.object({
  /** The approved requisition line it sources; absent for a line raised directly. */
  requisition_line_id: recordId().nullable().optional(),
  description: required(500),
  category_id: recordId(REQUISITION_MESSAGES.category),
  quantity,
  unit: required(20).default('each'),
  /** Unit price before tax the buyer expects (major units): the savings are measured against it. */
  estimated_unit_price: money,
  /** One of the organisation's tax rates; its default when absent. */
  tax_rate_id: recordId().nullable().optional(),
});

export const rfqForm = z.object({
  title: required(200),
  currency: z
    .string({ error: REQUISITION_MESSAGES.currency })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: REQUISITION_MESSAGES.currency })
    // Only the currencies whose minor unit the platform knows (packages/domain CURRENCY_EXPONENTS).
    .refine((code) => Object.hasOwn(CURRENCY_EXPONENTS, code), { error: 'rfq.currency' satisfies MessageKey })
    .default('KES'),
  closing_at: instant,
  department_id: recordId(REQUISITION_MESSAGES.department),
  terms: z.string().trim().max(5000).default(''),
  /** Staff who open the quotes together; at least two, named now. */
  committee: z.array(recordId()).max(20),
  /** How many of the committee must confirm to open (at least two). */
  quorum: z.number().int().min(2).max(20),
  suppliers: z.array(recordId()).max(100),
  lines: z
    .array(rfqLineForm)
    .min(1, { error: 'field.no_lines' satisfies MessageKey })
    .max(100),
});
export type RfqForm = z.output<typeof rfqForm>;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const rfqLine = z.object({
  line_no: z.number().int(),
  requisition_line_id: z.number().int().nullable(),
  description: z.string(),
  category: ref,
  quantity: z.string(),
  unit: z.string(),
  estimated_unit_price: z.string(),
  tax_rate: z.string(),
});

export const rfqSummary = z
  .object({
    id: z.number().int(),
    number: z.string(),
    title: z.string(),
    status: z.enum(RFQ_PHASES),
    currency: z.string(),
    closing_at: z.string(),
    department: ref,
    /** The estimate of all lines, net of tax. */
    estimate: z.string(),
    invited: z.number().int(),
    /** How many suppliers have a sealed quote in: a count, never content. */
    submitted: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'RfqSummary' });

export const rfqQuestion = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string().nullable(),
  asked_at: z.string(),
  answered_at: z.string().nullable(),
});

export const rfqAddendum = z.object({
  id: z.number().int(),
  note: z.string(),
  changes_lines: z.boolean(),
  closing_before: z.string(),
  closing_after: z.string(),
  created_at: z.string(),
});

export const rfqDocument = z.object({ id: z.number().int(), file_name: z.string(), size: z.number().int() });

/** A quote as the opening revealed it. */
export const openedQuote = z.object({
  supplier: ref,
  sha256: z.string(),
  submitted_at: z.string(),
  declined: z.boolean(),
  delivery_days: z.number().int().nullable(),
  validity_days: z.number().int().nullable(),
  notes: z.string(),
  lines: z.array(z.object({ line_no: z.number().int(), unit_price: z.string().nullable() })),
  documents: z.array(z.object({ index: z.number().int(), file_name: z.string(), size: z.number().int() })),
});

export const rfqAwardLine = z.object({
  line_no: z.number().int(),
  supplier: ref,
  quantity: z.string(),
  unit_price: z.string(),
  net: z.string(),
  tax: z.string(),
  purchase_order: z.object({ id: z.number().int(), number: z.string() }).nullable(),
});

export const rfqView = rfqSummary
  .extend({
    terms: z.string(),
    quorum: z.number().int(),
    created_by: ref,
    published_at: z.string().nullable(),
    opened_at: z.string().nullable(),
    awarded_at: z.string().nullable(),
    lines: z.array(rfqLine),
    /** Who was invited, and whether and when each submitted: before the opening that is all anyone sees. */
    suppliers: z.array(
      ref.extend({ submitted_at: z.string().nullable(), version: z.number().int().nullable() }),
    ),
    committee: z.array(ref.extend({ has_opening_key: z.boolean(), confirmed_at: z.string().nullable() })),
    questions: z.array(rfqQuestion),
    addenda: z.array(rfqAddendum),
    documents: z.array(rfqDocument),
    /** Null until the opening. */
    quotes: z.array(openedQuote).nullable(),
    award: z.array(rfqAwardLine),
    /** The award waiting for approval (allocations as proposed). */
    proposed_award: z
      .array(z.object({ line_no: z.number().int(), supplier_id: z.number().int(), quantity: z.string() }))
      .nullable(),
    /** The contracts drafted from this award (issue 22), one per awarded supplier at most. */
    contracts: z.array(
      z.object({
        id: z.number().int(),
        number: z.string(),
        status: z.string(),
        supplier_id: z.number().int(),
      }),
    ),
    approval: z.unknown().nullable(),
    actions: z.array(z.string()),
  })
  .meta({ id: 'Rfq' });
export type RfqView = z.infer<typeof rfqView>;

export const rfqsQuery = paginationQuery.extend({
  status: z.enum(RFQ_PHASES).optional(),
});

export const rfqAnswerBody = z.object({ answer: required(5000) });
export const rfqQuestionBody = z.object({ question: required(2000) });

export const rfqAddendumForm = z.object({
  note: required(5000),
  /** The new lines, when the addendum changes them (the closing then moves at least 72 h from now). */
  lines: z.array(rfqLineForm).min(1).max(100).optional(),
  /** A later closing time, if the buyer wants one. */
  closing_at: instant.optional(),
});

export const rfqCancelBody = z.object({ reason: required(2000) });

export const openingConfirmBody = z.object({ passphrase: z.string().min(1).max(200) });

export const openingKeyStatus = z.object({ has_key: z.boolean(), created_at: z.string().nullable() });
export const openingKeyForm = z.object({
  passphrase: z
    .string({ error: 'opening_key.passphrase' satisfies MessageKey })
    .min(12, { error: 'opening_key.passphrase' satisfies MessageKey })
    .max(200),
  /** Required to change an existing passphrase (the key stays the same, re-wrapped). */
  current_passphrase: z.string().max(200).optional(),
});

/** A document sent inside the sealed quote (sealed with it). */
const quoteDocument = z.object({
  file_name: required(200),
  content_base64: z.string().max(2_800_000, { error: 'rfq.document' satisfies MessageKey }),
});

export const quoteForm = z.object({
  /** Decline the whole request (no prices). */
  decline: z.boolean().default(false),
  /** Per line: a unit price before tax, or null to decline the line. */
  lines: z
    .array(z.object({ line_no: z.number().int().positive(), unit_price: money.nullable() }))
    .max(100)
    .default([]),
  delivery_days: z.number().int().min(0).max(3650).nullable().default(null),
  validity_days: z.number().int().min(0).max(3650).nullable().default(null),
  notes: z.string().trim().max(5000).default(''),
  documents: z
    .array(quoteDocument)
    .max(3, { error: 'rfq.document' satisfies MessageKey })
    .default([]),
});
export type QuoteForm = z.output<typeof quoteForm>;

export const quoteReceipt = z
  .object({
    code: z.string(),
    rfq: z.object({ id: z.number().int(), number: z.string() }),
    supplier: ref,
    version: z.number().int(),
    /** SHA-256 (hex) of the sealed envelope as stored. */
    sha256: z.string(),
    sealed_at: z.string(),
  })
  .meta({ id: 'QuoteReceipt' });

export const receiptCheckBody = z.object({
  code: required(100),
  sha256: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/i),
});
export const receiptCheck = z.object({
  valid: z.literal(true),
  rfq: z.object({ id: z.number().int(), number: z.string() }),
  version: z.number().int(),
  sealed_at: z.string(),
  /** Whether this is the supplier's latest submission (a later revision supersedes it). */
  current: z.boolean(),
  /** After the opening: the opened quote's envelope still hashes to this receipt's SHA-256. */
  opened_matches: z.boolean().nullable(),
});

export const portalRfq = z
  .object({
    id: z.number().int(),
    number: z.string(),
    title: z.string(),
    buyer: ref,
    status: z.enum(RFQ_PHASES),
    currency: z.string(),
    closing_at: z.string(),
    terms: z.string(),
    lines: z.array(rfqLine.omit({ estimated_unit_price: true, requisition_line_id: true })),
    /** Questions of every supplier, with the buyer's answers: nobody is named. */
    questions: z.array(rfqQuestion),
    addenda: z.array(rfqAddendum),
    documents: z.array(rfqDocument),
    my_submission: z
      .object({ version: z.number().int(), sha256: z.string(), submitted_at: z.string() })
      .nullable(),
    /** After the award: this supplier's outcome. */
    outcome: z.enum(['awarded', 'not_awarded']).nullable(),
  })
  .meta({ id: 'PortalRfq' });

export const portalRfqSummary = portalRfq.pick({
  id: true,
  number: true,
  title: true,
  buyer: true,
  status: true,
  currency: true,
  closing_at: true,
  my_submission: true,
  outcome: true,
});

export const openingRecord = z
  .object({
    rfq: z.object({ id: z.number().int(), number: z.string(), title: z.string() }),
    closing_at: z.string(),
    opened_at: z.string().nullable(),
    quorum: z.number().int(),
    committee: z.array(ref.extend({ confirmed_at: z.string().nullable() })),
    quotes: z.array(
      z.object({ supplier: ref, sha256: z.string(), version: z.number().int(), submitted_at: z.string() }),
    ),
  })
  .meta({ id: 'RfqOpeningRecord' });

const savingsFigures = {
  estimate: z.string(),
  awarded: z.string(),
  savings: z.string(),
  /** Percent of the estimate, two decimals ("12.34"); null on a zero estimate. */
  savings_percent: z.string().nullable(),
  quotes: z.number().int(),
};

export const rfqComparison = z
  .object({
    rfq: z.object({ id: z.number().int(), number: z.string(), currency: z.string() }),
    lines: z.array(
      z.object({
        line_no: z.number().int(),
        description: z.string(),
        quantity: z.string(),
        unit: z.string(),
        estimate: z.string(),
        quotes: z.array(
          z.object({
            supplier: ref,
            unit_price: z.string(),
            net: z.string(),
            tax: z.string(),
            rank: z.number().int(),
            lowest: z.boolean(),
          }),
        ),
        declined_by: z.array(ref),
        average: z.string().nullable(),
        highest: z.string().nullable(),
      }),
    ),
    suppliers: z.array(
      z.object({
        supplier: ref,
        declined: z.boolean(),
        complete: z.boolean(),
        lines_quoted: z.number().int(),
        net: z.string(),
        tax: z.string(),
        total: z.string(),
        rank: z.number().int().nullable(),
        delivery_days: z.number().int().nullable(),
        validity_days: z.number().int().nullable(),
      }),
    ),
    overall_lowest: ref.nullable(),
    estimate: z.object({ net: z.string(), tax: z.string(), total: z.string() }),
    best_net: z.string(),
    savings_vs_estimate: z.object({ amount: z.string(), percent: z.string().nullable() }),
    savings_vs_average: z.object({ amount: z.string(), percent: z.string().nullable() }),
    savings_vs_highest: z.object({ amount: z.string(), percent: z.string().nullable() }),
  })
  .meta({ id: 'RfqComparison' });

export const awardForm = z.object({
  allocations: z
    .array(z.object({ line_no: z.number().int().positive(), supplier_id: recordId(), quantity }))
    .max(500),
});
export type AwardForm = z.output<typeof awardForm>;

/** A month YYYY-MM: 01 to 12 of a year 2000 to 2099 (anything else would make an invalid date). */
const month = z
  .string()
  .trim()
  .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, { error: 'rfq.month' satisfies MessageKey });
export const savingsQuery = z.object({ from: month.optional(), to: month.optional() });

export const savingsReport = z
  .object({
    currency_note: z.string(),
    by_rfq: z.array(
      z.object({
        rfq: z.object({ id: z.number().int(), number: z.string(), title: z.string() }),
        currency: z.string(),
        ...savingsFigures,
      }),
    ),
    by_category: z.array(z.object({ category: ref, currency: z.string(), ...savingsFigures })),
    by_month: z.array(z.object({ month: z.string(), currency: z.string(), ...savingsFigures })),
    by_department: z.array(z.object({ department: ref, currency: z.string(), ...savingsFigures })),
  })
  .meta({ id: 'SavingsReport' });
export type SavingsReport = z.infer<typeof savingsReport>;

/** Whom an RFQ may invite: the buyer's active suppliers, those prequalified in the lines' categories marked. */
export const invitableSuppliersQuery = z.object({
  /** Category ids, comma-separated (the RFQ's lines). */
  categories: z
    .string()
    .trim()
    // At most 50 ids of at most 9 digits: nothing beyond PostgreSQL's integer reaches the database.
    .regex(/^(\d{1,9}(,\d{1,9}){0,49})?$/, { error: 'field.integer' satisfies MessageKey })
    .default(''),
});
export const invitableSuppliers = z
  .object({
    results: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        prequalified: z.boolean(),
        categories: z.array(z.object({ id: z.number().int(), name: z.string(), valid_until: z.string() })),
      }),
    ),
  })
  .meta({ id: 'RfqInvitableSuppliers' });

/**
 * A contract drafted from the award to one supplier (issue 22): a template of the organisation, its merge
 * fields filled from the award; the term's dates when known (else from today for a year).
 */
const termDate = z
  // A real calendar date the database holds, as the contract form's (z.iso.date lets year 0000 through).
  .union([z.literal(''), z.string().refine(isIsoDate, { error: 'contract.date' satisfies MessageKey })])
  .optional()
  .transform((value) => value || undefined);
export const rfqContractForm = z
  .object({
    supplier_id: recordId('rfq.contract_supplier'),
    template_id: recordId('contract.template'),
    /** Empty or absent: today (Nairobi). */
    start_date: termDate,
    /** Empty or absent: a year after the start. */
    end_date: termDate,
  })
  .refine((f) => !f.start_date || !f.end_date || f.end_date >= f.start_date, {
    error: 'contract.end_before_start',
    path: ['end_date'],
  });
export type RfqContractForm = z.output<typeof rfqContractForm>;
