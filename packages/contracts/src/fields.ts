import { z } from 'zod';

/** Field rules shared by the forms of several modules. */
export const REQUIRED_MESSAGE = 'This field is required.';

/** The largest value of PostgreSQL's `integer` (ids, counts): anything larger is refused before the database. */
export const MAX_INTEGER = 2_147_483_647;
export const MAX_INTEGER_MESSAGE = `Ensure this value is less than or equal to ${MAX_INTEGER}.`;

/**
 * The id of a record in a JSON body: a positive integer PostgreSQL's `integer` can hold. `error` replaces
 * the message for a missing or non-numeric value. Query strings and paths use `queryId` (coerced).
 */
export const recordId = (error?: string) =>
  z
    .number(error ? { error } : undefined)
    .int()
    .positive()
    .max(MAX_INTEGER, { error: MAX_INTEGER_MESSAGE });

export const required = (max = 200) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: REQUIRED_MESSAGE })
    .max(max, { error: `Ensure this field has no more than ${max} characters.` });

export const email = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE })
  .pipe(z.email({ error: 'Enter a valid email address.' }))
  .transform((value) => value.toLowerCase());

/** E.164-ish: a plus, then 7 to 15 digits (SPEC §5 allows spaces, parentheses and hyphens in the input). */
export const phone = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{7,15}$/, { error: 'Enter a valid phone number, e.g. +254712345678.' }));
