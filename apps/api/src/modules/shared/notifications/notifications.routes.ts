import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { errorBody, messageBody, notificationsPage, notificationsQuery, queryId } from '@zabuni/contracts';
import { z } from 'zod';
import { principalOf } from '../../../infra/auth.ts';
import { toPage, toPageRequest } from '../../../infra/pagination.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['Notifications'];
const SIGNED_IN = { access: { side: 'signed_in' } } as const;

/** The signed-in user's own notifications; nobody reads or marks another's. */
export const notificationsRoutes =
  ({
    notifications,
    publicUrl,
  }: {
    notifications: NotificationsService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/notifications/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'My notifications, newest first, with the number unread',
          querystring: notificationsQuery,
          response: { 200: notificationsPage, 400: errorBody, 401: errorBody },
        },
      },
      async (request) => {
        const page = toPageRequest(request.query);
        const { count, unread_count, results } = await notifications.list(
          principalOf(request),
          request.query.unread === 'true',
          page,
        );
        return { ...toPage(request, publicUrl, page, count, results), unread_count };
      },
    );

    app.post(
      '/notifications/:id/read/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'Mark one of my notifications read',
          params: z.object({ id: queryId }),
          response: { 200: messageBody, 401: errorBody, 404: errorBody },
        },
      },
      async (request) => {
        await notifications.markRead(principalOf(request), request.params.id);
        return { detail: 'Marked as read.' };
      },
    );

    app.post(
      '/notifications/read-all/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'Mark all my notifications read',
          response: { 200: messageBody, 401: errorBody },
        },
      },
      async (request) => {
        await notifications.markRead(principalOf(request), null);
        return { detail: 'All notifications are marked as read.' };
      },
    );
  };
