import { z } from 'zod';
import { PAGE_SIZE, SEARCH_MAX_LENGTH } from './constants.ts';
import { MAX_INTEGER, MAX_INTEGER_MESSAGE } from './fields.ts';

const integerMessage = 'field.integer';

/**
 * A positive integer in a query string or a path ("3"), with a clear message for anything else; never
 * beyond PostgreSQL's `integer` (`1e10` and `99999999999` are refused, not sent to the database).
 */
export const queryId = z.coerce
  .number({ error: integerMessage })
  .int({ error: integerMessage })
  .positive({ error: 'field.at_least_one' })
  .max(MAX_INTEGER, { error: MAX_INTEGER_MESSAGE });

export const paginationQuery = z.object({
  page: queryId.default(1),
  page_size: z.coerce
    .number({ error: integerMessage })
    .int({ error: integerMessage })
    .positive({ error: 'field.at_least_one' })
    .max(MAX_INTEGER, { error: MAX_INTEGER_MESSAGE })
    .transform((size) => Math.min(size, PAGE_SIZE.max))
    .default(PAGE_SIZE.listing),
  search: z.string().trim().max(SEARCH_MAX_LENGTH, { error: 'field.too_long' }).optional(),
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

/**
 * The public lists (available jobs, tenders) add to the envelope: `count_capped` when the total was counted
 * only up to a cap (`count` is then a lower bound: "1,000+"), and `next_cursor`, the position after this
 * page's last row, to ask for the next page with `cursor=` (keyset: as fast on page 500 as on page 1).
 */
export function publicListPage<T extends z.ZodType>(item: T) {
  return paginated(item).extend({
    count_capped: z.boolean(),
    next_cursor: z.string().nullable(),
  });
}

/** `cursor`: a `next_cursor` from an earlier answer of the same list with the same filters. */
export const listCursor = z
  .string()
  .max(200, { error: 'field.too_long' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'field.cursor' });

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** The envelope of the public lists (see `publicListPage`). */
export interface PublicListPage<T> extends Page<T> {
  count_capped: boolean;
  next_cursor: string | null;
}
