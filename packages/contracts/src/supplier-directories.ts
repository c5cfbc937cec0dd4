import { z } from 'zod';
import { email, MAX_INTEGER, required } from './fields.ts';
import { MARKETING_SOURCES, PAGE_SIZE } from './constants.ts';
import { paginated, paginationQuery } from './pagination.ts';
import { orderPaymentFields } from './payments.ts';

/**
 * Issue 18: country supplier directories (SPEC §2, §3, §7). A directory sells the approved suppliers of one
 * country as a spreadsheet; the order is opened by its unguessable code (SPEC's `reference` in the cart and
 * checkout addresses), since it opens without signing in and holds the download once paid.
 */

/** SPEC §4 "A directory add-to-cart succeeds on 201 with a toast": the toast's text. */
export const DIRECTORY_NOTICES = {
  added: 'Directory added to cart, proceed to make payment!',
} as const;

/** SPEC §2: the sample template under media/templates on the API host. */
export const DIRECTORY_TEMPLATE_PATH = '/media/templates/supplier-directory-template.xlsx';
/** How long a paid directory's download links work. */
export const DIRECTORY_DOWNLOAD_DAYS = 7;
export const DIRECTORY_FORMATS = ['xlsx', 'csv'] as const;

/** SPEC §7: page, page_size (16), search, order (asc or desc, by name). */
export const directoriesQuery = paginationQuery.extend({
  order: z.enum(['asc', 'desc'], { error: 'field.choice' }).default('asc'),
});
export type DirectoriesQuery = z.input<typeof directoriesQuery>;

const countryRef = z.object({
  id: z.number().int(),
  name: z.string(),
  /** URL of the flag image (SVG). */
  flag: z.string(),
  iso2: z.string().length(2),
});

/** SPEC §3 Directory. `amount` is in the currency's major unit. */
export const directory = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** Sanitised HTML. */
    description: z.string(),
    features: z.array(z.string()),
    directory_format: z.string(),
    software_requirements: z.string(),
    os_requirements: z.string(),
    updated_at: z.string().meta({ format: 'date-time' }),
    country: countryRef,
    currency: z.object({ initials: z.string().length(3) }),
    amount: z.number(),
    /** Approved suppliers of the country now (what a purchase would hold); on the detail only, null in lists. */
    supplier_count: z.number().int().nullable(),
  })
  .meta({ id: 'Directory' });
export type Directory = z.infer<typeof directory>;
export const directoriesPage = paginated(directory);
export type DirectoriesPage = z.infer<typeof directoriesPage>;

/** The header's mega-menu: one entry per active directory, by country. */
export const topNavDirectories = z
  .object({
    results: z.array(z.object({ id: z.number().int(), name: z.string(), country: countryRef })),
  })
  .meta({ id: 'TopNavDirectories' });
export type TopNavDirectories = z.infer<typeof topNavDirectories>;

/** SPEC §3 Directory cart form; §5: name and email required, marketing optional. */
export const directoryCartForm = z.object({
  directory: z.coerce
    .number({ error: 'directory.not_found' })
    .int({ error: 'directory.not_found' })
    .positive({ error: 'directory.not_found' })
    .max(MAX_INTEGER, { error: 'directory.not_found' }),
  name: required(200),
  email,
  marketing: z
    .enum(MARKETING_SOURCES, { error: 'field.choice' })
    .optional()
    .nullable()
    .transform((value) => value ?? null),
});
export type DirectoryCartForm = z.input<typeof directoryCartForm>;

export const directoryOrderCreated = z
  .object({
    /** The order's unguessable code: the cart and checkout addresses and the API's `{reference}`. */
    reference: z.string(),
    /** The short reference the customer sees on the phone prompt and the receipt. */
    order_reference: z.string(),
    detail: z.string(),
  })
  .meta({ id: 'DirectoryOrderCreated' });
export type DirectoryOrderCreated = z.infer<typeof directoryOrderCreated>;

const download = z.object({ format: z.enum(DIRECTORY_FORMATS), url: z.string() });

/** SPEC §3 Directory order (status 2 processing, 3 paid) with the payment fields and, once paid, the files. */
export const directoryOrder = z
  .object({
    id: z.string(),
    code: z.string(),
    reference: z.string(),
    amount: z.number(),
    currency: z.string().length(3),
    tax: z.number(),
    /** SPEC §3: 1 pending, 2 processing, 3 paid, 4 failed. */
    status: z.number().int(),
    ...orderPaymentFields,
    name: z.string(),
    email: z.string(),
    directory: z.object({
      id: z.number().int(),
      name: z.string(),
      amount: z.number(),
      currency: z.object({ initials: z.string().length(3) }),
      country: countryRef,
    }),
    /** Once paid: the suppliers in the bought file, and its links until they expire. */
    delivery: z
      .object({
        supplier_count: z.number().int(),
        expires_at: z.string().meta({ format: 'date-time' }),
        expired: z.boolean(),
        downloads: z.array(download),
      })
      .nullable(),
  })
  .meta({ id: 'DirectoryOrder' });
export type DirectoryOrder = z.infer<typeof directoryOrder>;

export const directoryCodeParams = z.object({ reference: z.string().min(1).max(64) });
export const directoryDownloadParams = z.object({
  token: z.string().min(1).max(128),
  format: z.enum(DIRECTORY_FORMATS, { error: 'field.choice' }),
});

/** The operator's directory form (moderation area). `amount` in the currency's major unit. */
export const directoryForm = z.object({
  country: z.coerce
    .number({ error: 'field.integer' })
    .int({ error: 'field.integer' })
    .positive({ error: 'field.at_least_one' })
    .max(MAX_INTEGER, { error: 'field.max_integer' }),
  name: required(200),
  description: z.string().trim().max(20_000, { error: 'field.too_long' }).default(''),
  features: z.array(required(200)).max(20, { error: 'field.too_long' }).default([]),
  directory_format: z.string().trim().max(200, { error: 'field.too_long' }).default('XLSX and CSV'),
  software_requirements: z.string().trim().max(200, { error: 'field.too_long' }).default(''),
  os_requirements: z.string().trim().max(200, { error: 'field.too_long' }).default(''),
  currency: z
    .string({ error: 'field.currency' })
    .trim()
    .regex(/^[A-Za-z]{3}$/, { error: 'field.currency' })
    .transform((value) => value.toUpperCase()),
  amount: z.coerce
    .number({ error: 'directory.amount' })
    .min(1, { error: 'directory.amount' })
    .max(10_000_000, { error: 'directory.amount' })
    .refine((value) => Math.round(value * 100) === value * 100, { error: 'directory.amount' }),
  active: z.boolean().default(true),
});
export type DirectoryFormValues = z.input<typeof directoryForm>;

/** The operator's view: every directory, inactive ones included, with its orders. */
export const moderationDirectory = directory
  .extend({ active: z.boolean(), paid_orders: z.number().int() })
  .meta({ id: 'ModerationDirectory' });
export type ModerationDirectory = z.infer<typeof moderationDirectory>;
export const moderationDirectoriesPage = paginated(moderationDirectory);
export const moderationDirectoriesQuery = paginationQuery.extend({
  page_size: paginationQuery.shape.page_size.unwrap().default(PAGE_SIZE.listing),
});

/** SPEC §7 `GET /supplier-directory/orders/`: the directory orders, for operator staff (support resends links). */
export const directoryOrderAdmin = z
  .object({
    code: z.string(),
    reference: z.string(),
    directory: z.object({ id: z.number().int(), name: z.string() }),
    name: z.string(),
    email: z.string(),
    amount: z.number(),
    currency: z.string().length(3),
    payment_state: z.string(),
    created_at: z.string().meta({ format: 'date-time' }),
    paid_at: z.string().meta({ format: 'date-time' }).nullable(),
    supplier_count: z.number().int().nullable(),
    download_expires_at: z.string().meta({ format: 'date-time' }).nullable(),
  })
  .meta({ id: 'DirectoryOrderAdmin' });
export type DirectoryOrderAdmin = z.infer<typeof directoryOrderAdmin>;
export const directoryOrdersAdminPage = paginated(directoryOrderAdmin);
export const directoryOrdersAdminQuery = paginationQuery.extend({
  page_size: paginationQuery.shape.page_size.unwrap().default(PAGE_SIZE.listing),
});
