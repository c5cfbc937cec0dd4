import { z } from 'zod';

export const health = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  /** When a worker last reported in (null before the first report). */
  worker_seen_at: z.string().nullable(),
  version: z.string(),
});
export type Health = z.infer<typeof health>;
