import { z } from 'zod';

/**
 * The error body of every 4xx/5xx answer: `detail` always, and for validation errors one entry per
 * offending field holding its messages (`{ "page": ["A valid integer is required."], "detail": "…" }`).
 */
export const errorBody = z
  .object({ detail: z.string() })
  .catchall(z.union([z.array(z.string()), z.string()]))
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;
