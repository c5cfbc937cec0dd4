import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { email, phone, required } from './fields.ts';
import { paginated, paginationQuery } from './pagination.ts';

/** SPEC §8 success text of the contact form, verbatim. */
export const INQUIRY_NOTICES = {
  submitted: 'Your inquiry has been submitted successfully. We will get back to you soon.',
} as const;

/** The languages mails are written in; a form sends the page's so the acknowledgement reads the same. */
export const MAIL_LANGUAGE_CODES = ['en', 'sw', 'fr', 'pt', 'am'] as const;
export const mailLanguage = z.enum(MAIL_LANGUAGE_CODES).optional();

/** SPEC §3 Inquiry; §5: all five fields are required. */
export const inquiryForm = z.object({
  contact_name: required(200),
  email,
  message: required(5000),
  company_name: required(200),
  phone_number: phone,
  language: mailLanguage,
});
export type InquiryForm = z.infer<typeof inquiryForm>;

export const inquiryReceipt = z.object({
  id: z.number().int(),
  contact_name: z.string(),
  email: z.string(),
  company_name: z.string(),
  phone_number: z.string(),
  message: z.string(),
  detail: z.string(),
});

export const INQUIRY_STATUSES = ['new', 'answered', 'spam'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
const statusMessage = 'inquiry.status' satisfies MessageKey;

export const inquiriesQuery = paginationQuery.extend({
  status: z.enum(INQUIRY_STATUSES, { error: statusMessage }).optional(),
});

export const inquiry = z.object({
  id: z.number().int(),
  contact_name: z.string(),
  email: z.string(),
  company_name: z.string(),
  phone_number: z.string(),
  message: z.string(),
  language: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  answer: z.string().nullable(),
  answered_at: z.string().meta({ format: 'date-time' }).nullable(),
  answered_by: z.string().nullable(),
  created_at: z.string().meta({ format: 'date-time' }),
});
export type Inquiry = z.infer<typeof inquiry>;
export const inquiriesPage = paginated(inquiry);

/** The operator's answer, mailed to the sender; the inquiry becomes `answered`. */
export const inquiryAnswer = z.object({
  answer: z
    .string({ error: 'inquiry.answer_required' })
    .trim()
    .min(1, { error: 'inquiry.answer_required' })
    .max(10000, { error: 'field.too_long' }),
});

/** Marking by hand: spam, or back to new. */
export const inquiryStatusChange = z.object({
  status: z.enum(['new', 'spam'], { error: statusMessage }),
});
