import { z } from 'zod';
import { MAX_INTEGER, MAX_INTEGER_MESSAGE } from './fields.ts';
import { listCursor, queryId } from './pagination.ts';

/**
 * Issue 18: the public A–Z listing of approved suppliers (`/suppliers`) and their public profiles
 * (`/suppliers/show/{id}`). No personal data: no emails, phones or people.
 */

/** The listing's letters: A–Z, and `#` for names that start with anything else (digits, Ge'ez script…). */
export const SUPPLIER_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'] as const;
export type SupplierLetter = (typeof SUPPLIER_LETTERS)[number];
export const SUPPLIER_LISTING_PAGE = { default: 50, max: 100 } as const;

const filters = {
  /** ISO-2 code of the supplier's country. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'field.choice' })
    .transform((code) => code.toUpperCase())
    .optional(),
  category: queryId.optional(),
};

export const supplierLettersQuery = z.object(filters);
export const supplierLetters = z
  .object({ letters: z.array(z.enum(SUPPLIER_LETTERS)) })
  .meta({ id: 'SupplierLetters' });
export type SupplierLetters = z.infer<typeof supplierLetters>;

export const supplierListingQuery = z.object({
  ...filters,
  letter: z.enum(SUPPLIER_LETTERS, { error: 'field.choice' }),
  cursor: listCursor.optional(),
  page_size: z.coerce
    .number({ error: 'field.integer' })
    .int({ error: 'field.integer' })
    .positive({ error: 'field.at_least_one' })
    .max(MAX_INTEGER, { error: MAX_INTEGER_MESSAGE })
    .transform((size) => Math.min(size, SUPPLIER_LISTING_PAGE.max))
    .default(SUPPLIER_LISTING_PAGE.default),
});
export type SupplierListingQuery = z.input<typeof supplierListingQuery>;

const countryRef = z.object({ name: z.string(), iso2: z.string().length(2) });

export const supplierListingEntry = z
  .object({ id: z.number().int(), name: z.string(), country: countryRef })
  .meta({ id: 'SupplierListingEntry' });
export type SupplierListingEntry = z.infer<typeof supplierListingEntry>;

/** One letter's page, in (name, id) order; `next_cursor` asks for the next one (keyset). */
export const supplierListingPage = z
  .object({
    letter: z.enum(SUPPLIER_LETTERS),
    results: z.array(supplierListingEntry),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'SupplierListingPage' });
export type SupplierListingPage = z.infer<typeof supplierListingPage>;

export const supplierProfile = z
  .object({
    id: z.number().int(),
    name: z.string(),
    country: countryRef,
    city: z.string(),
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    /** The tax PIN was verified with the tax authority at registration. */
    verified: z.boolean(),
    member_since: z.string(),
  })
  .meta({ id: 'SupplierProfile' });
export type SupplierProfile = z.infer<typeof supplierProfile>;
