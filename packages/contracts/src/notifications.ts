import { z } from 'zod';
import { paginationQuery } from './pagination.ts';

/** The bell: what needs the signed-in user, newest first. */
export const notification = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    /** An in-app path, e.g. "/app/p2p/requisitions/12". */
    link: z.string().nullable(),
    created_at: z.string(),
    read_at: z.string().nullable(),
  })
  .meta({ id: 'Notification' });

export const notificationsQuery = paginationQuery.extend({ unread: z.enum(['true', 'false']).optional() });

export const notificationsPage = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  unread_count: z.number().int(),
  results: z.array(notification),
});
