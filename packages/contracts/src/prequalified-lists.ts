import { z } from 'zod';
import { PREQUALIFIED_MAX_COUNT, PREQUALIFIED_MAX_ROWS } from '@zabuni/domain';
import { email, MAX_INTEGER, phone, required } from './fields.ts';
import type { MessageKey } from './messages.ts';
import { paginated } from './pagination.ts';
import { orderPaymentFields } from './payments.ts';

/** Issue 18, prequalified-supplier lists: the form's rules (SPEC §5) as catalogue keys. */
export const PREQUALIFIED_MESSAGES = {
  categories: 'prequalified.categories',
  category: 'prequalified.category',
  count: 'prequalified.count',
  countTooLarge: 'prequalified.count_too_large',
  tooManyRows: 'prequalified.too_many_rows',
  duplicateCategory: 'prequalified.duplicate_category',
  nothingOrdered: 'prequalified.nothing_ordered',
  country: 'prequalified.country',
  unknownCategory: 'prequalified.unknown_category',
  notFound: 'prequalified.not_found',
  unavailable: 'prequalified.unavailable',
  notPaid: 'prequalified.not_paid',
  downloadInvalid: 'prequalified.download_invalid',
  downloadExpired: 'prequalified.download_expired',
} as const satisfies Record<string, MessageKey>;

const categoryId = z
  .number({ error: PREQUALIFIED_MESSAGES.category })
  .int({ error: PREQUALIFIED_MESSAGES.category })
  .positive({ error: PREQUALIFIED_MESSAGES.category })
  .max(MAX_INTEGER, { error: PREQUALIFIED_MESSAGES.category });

/** SPEC §5: a numeric supplier count of at least 0 (a whole number; at most 1,000 per row). */
const supplierCount = z
  .number({ error: PREQUALIFIED_MESSAGES.count })
  .int({ error: PREQUALIFIED_MESSAGES.count })
  .min(0, { error: PREQUALIFIED_MESSAGES.count })
  .max(PREQUALIFIED_MAX_COUNT, { error: PREQUALIFIED_MESSAGES.countTooLarge });

export const prequalifiedCategoryRow = z.object({
  category: categoryId,
  supplier_count: supplierCount,
});

/**
 * SPEC §3 "Prequalified order request" with the §5 rules. No amount is taken: the server prices the order
 * from the price list (an `amount` sent along is ignored).
 */
export const prequalifiedOrderRequest = z.object({
  company_name: required(200),
  contact_person: required(200),
  phone_number: phone,
  email,
  country: z
    .number({ error: PREQUALIFIED_MESSAGES.country })
    .int({ error: PREQUALIFIED_MESSAGES.country })
    .positive({ error: PREQUALIFIED_MESSAGES.country })
    .max(MAX_INTEGER, { error: PREQUALIFIED_MESSAGES.country }),
  categories: z
    .array(prequalifiedCategoryRow, { error: PREQUALIFIED_MESSAGES.categories })
    .min(1, { error: PREQUALIFIED_MESSAGES.categories })
    .max(PREQUALIFIED_MAX_ROWS, { error: PREQUALIFIED_MESSAGES.tooManyRows })
    .superRefine((rows, ctx) => {
      const seen = new Set<number>();
      rows.forEach((row, index) => {
        if (seen.has(row.category)) {
          ctx.addIssue({
            code: 'custom',
            message: PREQUALIFIED_MESSAGES.duplicateCategory,
            path: [index, 'category'],
          });
        }
        seen.add(row.category);
      });
      if (rows.length > 0 && rows.every((row) => row.supplier_count === 0)) {
        ctx.addIssue({ code: 'custom', message: PREQUALIFIED_MESSAGES.nothingOrdered });
      }
    }),
});
export type PrequalifiedOrderRequest = z.input<typeof prequalifiedOrderRequest>;
export type PrequalifiedOrderValues = z.output<typeof prequalifiedOrderRequest>;

/** How an order is priced today (the operator's price list), shown on the form. Major units. */
export const prequalifiedPricing = z.object({
  currency: z.string(),
  per_supplier: z.number(),
  category_minimum: z.number(),
});
export type PrequalifiedPricing = z.infer<typeof prequalifiedPricing>;

/** SPEC §7 `GET /prequalified-suppliers/categories/`: results with id and name (searchable, paginated). */
export const prequalifiedCategories = paginated(z.object({ id: z.number().int(), name: z.string() }))
  .extend({ pricing: prequalifiedPricing.nullable() })
  .meta({ id: 'PrequalifiedCategories' });
export type PrequalifiedCategories = z.infer<typeof prequalifiedCategories>;

export const prequalifiedOrderCreated = z
  .object({
    /** The order's unguessable id (its cart is /prequalified-suppliers/cart/{id}). */
    id: z.string(),
    reference: z.string(),
  })
  .meta({ id: 'PrequalifiedOrderCreated' });

const deliveredSupplier = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  city: z.string().nullable(),
  verified: z.boolean(),
  /** The supplier's public profile, through which it is contacted. */
  profile_url: z.string(),
  source: z.enum(['prequalified', 'registered']),
});

/**
 * SPEC §3 "Prequalified order": id, amount, status, reference, categories [{category {name},
 * supplier_count}], directory {currency {initials}, amount}; plus what the cart and checkout need: the
 * payment fields of every order, how many suppliers are available per category now (`available`, the
 * shortfall told before payment), and once paid the delivered list with its download links.
 */
export const prequalifiedOrder = z
  .object({
    id: z.string(),
    /** = id: the checkout's order code. */
    code: z.string(),
    reference: z.string(),
    amount: z.number(),
    currency: z.string(),
    tax: z.number(),
    /** 1 pending, 2 processing, 3 paid (SPEC), 4 failed. */
    status: z.number().int(),
    ...orderPaymentFields,
    company_name: z.string(),
    contact_person: z.string(),
    email: z.string(),
    phone_number: z.string(),
    country: z.object({ id: z.number().int(), name: z.string(), iso2: z.string() }),
    categories: z.array(
      z.object({
        category: z.object({ id: z.number().int(), name: z.string() }),
        supplier_count: z.number().int(),
        /** What this row costs (major units). */
        amount: z.number(),
        /** Suppliers that would be delivered for this row if it were paid now (at most supplier_count). */
        available: z.number().int(),
      }),
    ),
    /** Some row asks for more suppliers than exist: the order says so before payment. */
    shortfall: z.boolean(),
    directory: z.object({ currency: z.object({ initials: z.string() }), amount: z.number() }),
    delivery: z
      .object({
        delivered_at: z.string().meta({ format: 'date-time' }),
        expires_at: z.string().meta({ format: 'date-time' }),
        expired: z.boolean(),
        /** Download links (null once expired). */
        downloads: z.object({ xlsx: z.string(), csv: z.string() }).nullable(),
        /** The list itself (empty once expired). */
        categories: z.array(
          z.object({
            category: z.string(),
            requested: z.number().int(),
            suppliers: z.array(deliveredSupplier),
          }),
        ),
      })
      .nullable(),
  })
  .meta({ id: 'PrequalifiedOrder' });
export type PrequalifiedOrder = z.infer<typeof prequalifiedOrder>;

export const prequalifiedDownloadQuery = z.object({
  format: z.enum(['xlsx', 'csv'], { error: 'field.choice' }).default('xlsx'),
  expires: z.coerce.number({ error: PREQUALIFIED_MESSAGES.downloadInvalid }).int().positive(),
  signature: z
    .string()
    .max(100, { error: PREQUALIFIED_MESSAGES.downloadInvalid })
    .regex(/^[A-Za-z0-9_-]+$/, { error: PREQUALIFIED_MESSAGES.downloadInvalid }),
});
