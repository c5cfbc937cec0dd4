import { z } from 'zod';
import type { MessageKey } from './messages.ts';

/**
 * Field rules shared by the forms of several modules. Their messages are catalogue keys (messages.ts): the
 * API fills in the English (`detail`), the web translates by key.
 */
export const REQUIRED_MESSAGE = 'field.required' satisfies MessageKey;

/** The largest value of PostgreSQL's `integer` (ids, counts): anything larger is refused before the database. */
export const MAX_INTEGER = 2_147_483_647;
export const MAX_INTEGER_MESSAGE = 'field.max_integer' satisfies MessageKey;

/**
 * The id of a record in a JSON body: a positive integer PostgreSQL's `integer` can hold. `error` replaces
 * the message for a missing or non-numeric value. Query strings and paths use `queryId` (coerced).
 */
export const recordId = (error?: MessageKey) =>
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
    .max(max, { error: 'field.too_long' });

export const email = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: REQUIRED_MESSAGE })
  .pipe(z.email({ error: 'field.email' }))
  .transform((value) => value.toLowerCase());

/** E.164-ish: a plus, then 7 to 15 digits (SPEC §5 allows spaces, parentheses and hyphens in the input). */
export const phone = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{7,15}$/, { error: 'field.phone' }));
