import { z } from 'zod';
import { JOB_TYPES, SECTORS } from './constants.ts';
import { mailLanguage } from './inquiries.ts';

/** Issue 19: tender-alert mails — the subscriber's manage and unsubscribe pages, and the operator's view. */

/** The unguessable link token of every alert mail (no sign-in): `<subscriber id>.<MAC>`. */
export const tenderAlertTokenParams = z.object({
  token: z
    .string()
    .min(10)
    .max(120)
    .regex(/^\d{1,10}\.[A-Za-z0-9_-]{16,100}$/),
});

export const tenderAlertManage = z.object({
  email: z.string(),
  first_name: z.string(),
  country: z.object({ id: z.number().int(), name: z.string() }),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  payment_plan: z.string(),
  period: z.object({ starts_at: z.string(), ends_at: z.string() }).nullable(),
  active: z.boolean(),
  language: z.string(),
  keywords: z.array(z.string()),
  sectors: z.array(z.string()),
  job_types: z.array(z.string()),
  counties: z.array(z.string()),
  unsubscribed_at: z.string().nullable(),
  schedule: z.object({ weekday: z.number().int(), hour: z.number().int() }),
});
export type TenderAlertManage = z.infer<typeof tenderAlertManage>;

export const tenderAlertProfileUpdate = z
  .object({
    categories: z.array(z.number().int().positive()).min(1).max(50).optional(),
    language: mailLanguage.optional(),
    keywords: z.array(z.string().trim().max(60)).max(20).optional(),
    sectors: z.array(z.enum(SECTORS)).max(SECTORS.length).optional(),
    job_types: z.array(z.enum(JOB_TYPES)).max(JOB_TYPES.length).optional(),
    counties: z.array(z.string().trim().min(2).max(40)).max(47).optional(),
    /** false: unsubscribe; true: subscribe again. */
    subscribed: z.boolean().optional(),
  })
  .strict();
export type TenderAlertProfileUpdate = z.infer<typeof tenderAlertProfileUpdate>;

export const tenderAlertUnsubscribed = z.object({
  email: z.string(),
  unsubscribed_at: z.string(),
});

export const tenderAlertRenewal = z.object({ code: z.string() });

export const tenderAlertRun = z.object({
  slot: z.string(),
  digests: z.number().int(),
  reminders: z.number().int(),
  written: z.number().int(),
});
export type TenderAlertRun = z.infer<typeof tenderAlertRun>;

export const tenderAlertOverview = z.object({
  schedule: z.object({ weekday: z.number().int(), hour: z.number().int(), slot: z.string() }),
  weeks: z.array(
    z.object({
      period_start: z.string(),
      digests: z.number().int(),
      empty: z.number().int(),
      reminders: z.number().int(),
      delivered: z.number().int(),
      failed: z.number().int(),
      waiting: z.number().int(),
    }),
  ),
  unsubscribes_7d: z.number().int(),
  categories_without_notices: z.array(
    z.object({ id: z.number().int(), name: z.string(), subscribers: z.number().int() }),
  ),
  failures: z.array(
    z.object({
      digest_id: z.number().int(),
      kind: z.string(),
      period_start: z.string(),
      email: z.string(),
      status: z.string(),
      attempts: z.number().int(),
      error: z.string().nullable(),
    }),
  ),
});
export type TenderAlertOverview = z.infer<typeof tenderAlertOverview>;

/** Saved searches (issue 19): any of the public tender list's filters under a name, alerted instantly or daily. */
export const savedSearchFilters = z
  .object({
    country: z.number().int().positive().optional(),
    category: z.number().int().positive().optional(),
    sector: z.enum(SECTORS).optional(),
    job_type: z.enum(JOB_TYPES).optional(),
    search: z.string().trim().max(200).optional(),
  })
  .strict();

export const savedSearchForm = z
  .object({
    name: z.string().trim().min(1).max(100),
    frequency: z.enum(['instant', 'daily']),
    filters: savedSearchFilters,
  })
  .strict();
export type SavedSearchForm = z.infer<typeof savedSearchForm>;

export const savedSearch = z.object({
  id: z.number().int(),
  name: z.string(),
  frequency: z.enum(['instant', 'daily']),
  filters: savedSearchFilters,
  unsubscribed: z.boolean(),
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearch>;
export const savedSearchList = z.object({ results: z.array(savedSearch) });
