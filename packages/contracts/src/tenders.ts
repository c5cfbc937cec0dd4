import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { isIsoDate } from '@zabuni/domain';
import { email, phone, required } from './fields.ts';
import { orderPaymentFields } from './payments.ts';
import { deadlineFilterSchema, jobTypeSchema, sectorSchema } from './options.ts';
import { listCursor, paginated, paginationQuery, publicListPage, queryId } from './pagination.ts';

/** SPEC §8 and issue texts for the tender bulletin, verbatim where SPEC gives them. */
export const TENDER_MESSAGES = {
  notFound: 'tender.not_published',
  orderNotFound: 'tender.order_not_found',
  closingInPast: 'tender.closing_in_past',
  closingMismatch: 'tender.closing_mismatch',
  invalidDate: 'tender.invalid_date',
  reasonRequired: 'tender.reason_required',
  notUnderReview: 'tender.not_under_review',
} as const satisfies Record<string, MessageKey>;

/** Success texts (answers, not errors); `submitted` is SPEC §8's, verbatim. */
export const TENDER_NOTICES = {
  submitted: 'Tender details submitted successfully and are under review!',
  approved: 'The tender is approved.',
  rejected: 'The tender is rejected and the advertiser has been told why.',
  cancelled: 'The tender is cancelled.',
} as const;

export const TENDER_STATUS_VALUES = ['open', 'closed', 'cancelled'] as const;
export const REVIEW_FILTERS = ['under_review', 'published', 'rejected'] as const;

const categoryRef = z.object({ id: z.number().int(), name: z.string() });
const countryRef = z.object({ id: z.number().int(), name: z.string(), flag: z.string(), iso2: z.string() });

/** SPEC §3 Tender (list item). `category` and `country` are objects so a card needs no second lookup. */
export const tender = z
  .object({
    id: z.number().int(),
    title: z.string(),
    sector: z.string().nullable(),
    category: categoryRef.nullable(),
    status: z.enum(TENDER_STATUS_VALUES),
    /** The advertiser user who paid to publish it; null for tenders the operator's editors post. */
    published_by: z.number().int().nullable(),
    company: z.string(),
    closing_date: z.string().meta({ format: 'date-time' }),
    job_type: jobTypeSchema,
    country: countryRef,
  })
  .meta({ id: 'Tender' });
export type Tender = z.infer<typeof tender>;

export const tenderAttachment = z
  .object({
    id: z.number().int(),
    name: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    /** Download address (answers with Content-Disposition: attachment). */
    url: z.string(),
  })
  .meta({ id: 'TenderAttachment' });
export type TenderAttachment = z.infer<typeof tenderAttachment>;

/** SPEC §3 Tender detail: the list item plus the About content (sanitised HTML) and the attachments. */
export const tenderDetail = tender
  .extend({
    content: z.string(),
    attachments: z.array(tenderAttachment),
    published_at: z.string().nullable(),
  })
  .meta({ id: 'TenderDetail' });
export type TenderDetail = z.infer<typeof tenderDetail>;

export const availableTendersQuery = paginationQuery.extend({
  country: queryId.optional(),
  category: queryId.optional(),
  sector: z.enum(sectorSchema.options, { error: 'tender.sector' }).optional(),
  job_type: z.enum(jobTypeSchema.options, { error: 'tender.job_type' }).optional(),
  deadline: z.enum(deadlineFilterSchema.options, { error: 'tender.deadline_filter' }).optional(),
  cursor: listCursor.optional(),
});
export type AvailableTendersQuery = z.infer<typeof availableTendersQuery>;
export const tendersPage = publicListPage(tender);

const publishedFlagSchema = z.union([z.boolean(), z.enum(['rejected', 'awaiting_payment', 'withdrawn'])]);

/** SPEC §3 Published-tender list item (the advertiser's own tenders). */
export const publishedTender = z
  .object({
    id: z.number().int(),
    title: z.string(),
    sector: z.string().nullable(),
    category: categoryRef.nullable(),
    status: z.enum(TENDER_STATUS_VALUES),
    /** 1 paid, 2 pending, 3 processing, 4 failed (SPEC §4). */
    payment_status: z.number().int(),
    code: z.string(),
    /**
     * What the public sees: true only while the tender is public (approved, paid, not withdrawn); false under
     * review; "awaiting_payment" approved but unpaid; "rejected" refused by a moderator; "withdrawn".
     */
    published: publishedFlagSchema,
    rejection_reason: z.string().nullable(),
    company: z.string(),
    closing_date: z.string().meta({ format: 'date-time' }),
    job_type: jobTypeSchema,
    /** Whether "Make Payment" is offered: unpaid, not processing, and the tender still open (issue 16). */
    can_pay: z.boolean(),
  })
  .meta({ id: 'PublishedTender' });
export type PublishedTender = z.infer<typeof publishedTender>;

export const myPublishedTendersQuery = paginationQuery.extend({
  sector: z.enum(sectorSchema.options, { error: 'tender.sector' }).optional(),
  job_type: z.enum(jobTypeSchema.options, { error: 'tender.job_type' }).optional(),
});
export const publishedTendersPage = paginated(publishedTender);

/** SPEC §3 Published-tender order. Amounts are in the currency's major unit (KES 2500 = 2500). */
export const publishedTenderOrder = z
  .object({
    tender_alert: z.object({
      code: z.string(),
      currency: z.string(),
      amount: z.number(),
      /** SPEC §9: taxes on publish-tender orders are shown as 0. */
      tax: z.number(),
      reference: z.string(),
      payment_status: z.number().int(),
      ...orderPaymentFields,
      contact_name: z.string(),
      email: z.string(),
      phone_number: z.string().nullable(),
    }),
    tender_alert_job: z.object({
      id: z.number().int(),
      title: z.string(),
      closing_date: z.string().meta({ format: 'date-time' }),
      published: publishedFlagSchema,
    }),
  })
  .meta({ id: 'PublishedTenderOrder' });
export type PublishedTenderOrder = z.infer<typeof publishedTenderOrder>;

/** Issue 16 point 2: a new closing date (a day and a time on Nairobi's clock, EAT) for an unpaid tender. */
export const changeClosingDateRequest = z.object({
  tender_closing_date: z.string({ error: 'tender.invalid_date' }).regex(/^\d{4}-\d{2}-\d{2}$/, {
    error: 'tender.invalid_date',
  }),
  closing_time: z
    .string({ error: 'tender.invalid_time' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'tender.invalid_time' })
    .optional(),
});
export type ChangeClosingDateRequest = z.infer<typeof changeClosingDateRequest>;

export const orderCodeQuery = z.object({
  code: z.string({ error: 'field.required' }).trim().min(1, { error: 'field.required' }).max(64),
});

const isoDate = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, { error: 'field.required' })
  .refine(isIsoDate, { error: TENDER_MESSAGES.invalidDate });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'field.too_long' })
    .optional()
    .transform((value) => (value ? value : undefined));

const optionalId = z
  .union([z.literal(''), queryId])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/**
 * SPEC §3 publish-tender form (multipart text fields; the files arrive as `tender_documents`).
 * `closing_date` is the full closing instant (ISO 8601 with offset) when the form offers a time;
 * without it the tender closes at the end of `tender_closing_date` in Nairobi.
 */
export const publishTenderForm = z.object({
  tender_title: required(300),
  tender_closing_date: isoDate,
  raw_closing_date: optionalText(40),
  closing_date: z
    .union([z.literal(''), z.iso.datetime({ offset: true, error: 'field.datetime' })])
    .optional()
    .transform((value) => (value ? value : undefined)),
  sector: z
    .union([z.literal(''), z.enum(sectorSchema.options, { error: 'tender.sector' })])
    .optional()
    .transform((value) => (value ? value : undefined)),
  job_type: z
    .union([z.literal(''), z.enum(jobTypeSchema.options, { error: 'tender.job_type' })])
    .optional()
    .transform((value) => (value ? value : undefined)),
  first_name: required(100),
  last_name: required(100),
  email,
  phone_number: z
    .union([z.literal(''), phone])
    .optional()
    .transform((value) => (value ? value : undefined)),
  tender_details: z.string().max(200_000, { error: 'tender.details_too_long' }).optional(),
  category: optionalId,
  country: optionalId,
});
export type PublishTenderForm = z.infer<typeof publishTenderForm>;

/**
 * The editors' form: the same fields plus the advertised company, for tenders posted by the operator.
 * There is no order behind an editor's tender, so no contact person either.
 */
export const editorTenderForm = publishTenderForm.extend({
  company: required(200),
  first_name: optionalText(100),
  last_name: optionalText(100),
  email: optionalText(254),
  phone_number: optionalText(40),
  /** Attachments to drop when editing, as a comma-separated list of ids. */
  remove_attachments: optionalText(2000),
});
export type EditorTenderForm = z.infer<typeof editorTenderForm>;

export const publishTenderResponse = publishedTenderOrder.meta({ id: 'PublishTenderResponse' });

export const moderationQuery = paginationQuery.extend({
  review: z.enum(REVIEW_FILTERS, { error: 'tender.review_filter' }).default('under_review'),
});

/** A tender as the moderator sees it: everything, including who posted it and its order. */
export const moderationTender = tenderDetail
  .extend({
    review: z.enum(REVIEW_FILTERS),
    rejection_reason: z.string().nullable(),
    payment_status: z.number().int().nullable(),
    code: z.string().nullable(),
    advertiser: z.string().nullable(),
    contact_name: z.string().nullable(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    submitted_at: z.string(),
  })
  .meta({ id: 'ModerationTender' });
export type ModerationTender = z.infer<typeof moderationTender>;
export const moderationPage = paginated(moderationTender);

export const rejectTenderRequest = z.object({
  reason: z
    .string({ error: TENDER_MESSAGES.reasonRequired })
    .trim()
    .min(3, { error: TENDER_MESSAGES.reasonRequired })
    .max(2000, { error: 'field.too_long' }),
});

export const attachmentParams = z.object({ id: queryId, attachmentId: queryId });
