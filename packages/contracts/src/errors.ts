import { z } from 'zod';

/**
 * The `code` of an error body: stable, for programs and translations (ARCHITECTURE §5), where `detail` is
 * the English sentence for people.
 */
export const ERROR_CODES = [
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The error body of every 4xx/5xx answer: `detail` and `code` always, and for validation errors one entry
 * per offending field holding its messages
 * (`{ "page": ["A valid integer is required."], "detail": "…", "code": "validation" }`). A field that is
 * itself called `code` (a department's code) keeps its messages under that key; the status then tells the
 * error's code, as each code has exactly one status.
 */
export const errorBody = z
  .object({ detail: z.string(), code: z.union([z.enum(ERROR_CODES), z.array(z.string())]).optional() })
  .catchall(z.union([z.array(z.string()), z.string()]))
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;
