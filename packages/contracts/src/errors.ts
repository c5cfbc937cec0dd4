import { z } from 'zod';
import { MESSAGE_KEYS } from './messages.ts';

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
 * The error body of every 4xx/5xx answer: `detail` (English, for people) and `code` always. `code` is the
 * message's catalogue key (`requisition.not_editable`, see messages.ts) where the error has one, else the
 * class of error above. `params` holds the values of the message's placeholders, `field` names the one field
 * the error concerns and `line` the index (from 0) of the line item. Validation errors also carry one entry
 * per offending field holding its messages
 * (`{ "page": ["A valid integer is required."], "detail": "…", "code": "validation" }`). A field that is
 * itself called `code` (a department's code) keeps its messages under that key; the status then tells the
 * error's class, as each class has exactly one status.
 */
const messageParams = z.record(z.string(), z.union([z.string(), z.number()]));
export const errorBody = z
  .object({
    detail: z.string(),
    code: z.union([z.enum(ERROR_CODES), z.enum(MESSAGE_KEYS), z.array(z.string())]).optional(),
    params: z.union([messageParams, z.array(z.string())]).optional(),
    field: z.union([z.string(), z.array(z.string())]).optional(),
    line: z.union([z.number().int(), z.array(z.string())]).optional(),
  })
  // The named keys' types, for the index signature (TypeScript checks them against it too).
  .catchall(z.union([z.array(z.string()), z.string(), z.number(), messageParams]))
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;
