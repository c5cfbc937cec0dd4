import { z } from 'zod';
import { deadlineFilterSchema, jobTypeSchema } from './options.ts';
import { listCursor, paginated, paginationQuery, publicListPage, queryId } from './pagination.ts';

export const country = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** URL of the flag image (SVG), usable in an <img>. */
    flag: z.string(),
    iso2: z.string().length(2),
    flag_emoji: z.string(),
    dial_code: z.string(),
    currency: z.string().length(3),
  })
  .meta({ id: 'Country' });
export type Country = z.infer<typeof country>;

export const buyer = z.object({ id: z.number().int(), company_name: z.string() }).meta({ id: 'Buyer' });
export type Buyer = z.infer<typeof buyer>;

export const category = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** The category group's symbol (SPEC names the field "flag"). */
    flag: z.string(),
    group: z.string(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof category>;

export const availableJob = z
  .object({
    id: z.number().int(),
    title: z.string(),
    closing_date: z.string().meta({ format: 'date-time' }),
    job_type: jobTypeSchema,
    instructions: z.string().nullable(),
    advert: z.string().nullable(),
    company: z.object({
      company_name: z.string(),
      company_website: z.string().nullable(),
      public_company_logo_url: z.string().nullable(),
    }),
    country: z.object({ name: z.string(), flag: z.string(), iso2: z.string().length(2) }),
  })
  .meta({ id: 'AvailableJob' });
export type AvailableJob = z.infer<typeof availableJob>;

export const availableJobDetail = availableJob
  .extend({ categories: z.array(z.object({ id: z.number().int(), name: z.string() })) })
  .meta({ id: 'AvailableJobDetail' });
export type AvailableJobDetail = z.infer<typeof availableJobDetail>;

export const countriesQuery = paginationQuery;
export const buyersQuery = paginationQuery;
export const categoriesQuery = paginationQuery;

export const availableJobsQuery = paginationQuery.extend({
  client: queryId.optional(),
  country: queryId.optional(),
  deadline: z.enum(deadlineFilterSchema.options, { error: 'tender.deadline_filter' }).optional(),
  cursor: listCursor.optional(),
});
export type AvailableJobsQuery = z.infer<typeof availableJobsQuery>;

export const idParams = z.object({ id: queryId });

export const countriesPage = paginated(country);
export const buyersPage = paginated(buyer);
export const categoriesPage = paginated(category);
export const availableJobsPage = publicListPage(availableJob);

/** Public settings the website needs at run time (links and contacts that differ per deployment). */
export const siteSettings = z
  .object({
    tender_portal_url: z.string(),
    support_email: z.string(),
    support_phone: z.string(),
  })
  .meta({ id: 'SiteSettings' });
export type SiteSettings = z.infer<typeof siteSettings>;
