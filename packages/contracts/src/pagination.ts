import { z } from 'zod';
import { PAGE_SIZE } from './constants.ts';

const integerMessage = 'A valid integer is required.';

/** An optional positive integer in a query string ("3"), with a clear message for anything else. */
export const queryId = z.coerce
  .number({ error: integerMessage })
  .int({ error: integerMessage })
  .positive({ error: 'Ensure this value is greater than or equal to 1.' })
  .max(2_147_483_647, { error: 'Ensure this value is less than or equal to 2147483647.' });

export const paginationQuery = z.object({
  page: queryId.default(1),
  page_size: z.coerce
    .number({ error: integerMessage })
    .int({ error: integerMessage })
    .positive({ error: 'Ensure this value is greater than or equal to 1.' })
    .transform((size) => Math.min(size, PAGE_SIZE.max))
    .default(PAGE_SIZE.listing),
  search: z
    .string()
    .trim()
    .max(200, { error: 'Ensure this field has no more than 200 characters.' })
    .optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

/** `{ count, next, previous, results }`, the list envelope of every collection endpoint. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
