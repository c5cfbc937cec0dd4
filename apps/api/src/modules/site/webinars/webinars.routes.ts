import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  idParams,
  moderationWebinar,
  moderationWebinarsPage,
  moderationWebinarsQuery,
  paginationQuery,
  webinar,
  webinarForm,
  webinarRegistrantsPage,
  webinarRegistration,
  webinarRegistrationForm,
  webinarsPage,
  webinarsQuery,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { principalOf } from '../../../infra/auth.ts';
import { pageOf } from '../../../infra/pagination.ts';
import type { RateLimiter } from '../../shared/system/index.ts';
import type { WebinarsService } from './webinars.service.ts';

interface Deps {
  webinars: WebinarsService;
  limiter: RateLimiter;
  publicUrl: string;
}

const PUBLIC = { access: { side: 'public' } } as const;
const MODERATOR = { access: { side: 'operator', roles: ['moderator', 'super_admin'] as Role[] } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** SPEC §7 webinars and registrations, and the operator's webinars in the moderation area. */
export const webinarsRoutes =
  ({ webinars, limiter, publicUrl }: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Webinars'];
    app.get(
      '/core/webinars/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Webinars: upcoming first (soonest first), then past ones; `module` filters',
          querystring: webinarsQuery,
          response: { 200: webinarsPage, ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => webinars.list({ module: request.query.module }, page)),
    );

    app.get(
      '/core/webinars/:id/',
      {
        config: PUBLIC,
        schema: { tags, summary: 'One webinar', params: idParams, response: { 200: webinar, ...errors } },
      },
      async (request) => webinars.get(request.params.id),
    );

    app.post(
      '/core/webinar-registrations/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Register for a webinar (confirmation mail with a calendar invite)',
          description:
            'One registration per email and webinar (409 `webinar.already_registered`); a cancelled, past or ' +
            'full webinar answers 409 `webinar.cancelled`, `webinar.past` or `webinar.full`.',
          body: webinarRegistrationForm,
          response: { 201: webinarRegistration, 409: errorBody, 429: errorBody, ...errors },
        },
      },
      async (request, reply) => {
        await limiter.hit({ key: `webinar-registration:ip:${request.ip}`, limit: 20, windowSeconds: 3600 });
        return reply.code(201).send(await webinars.register(request.body));
      },
    );

    const operatorTags = ['Webinars (operator)'];
    app.get(
      '/core/moderation/webinars/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'Every webinar, cancelled ones included, with its number of registrations',
          querystring: moderationWebinarsQuery,
          response: { 200: moderationWebinarsPage, ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => webinars.listAll({ module: request.query.module }, page)),
    );

    app.post(
      '/core/moderation/webinars/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'Announce a webinar',
          body: webinarForm,
          response: { 201: moderationWebinar, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await webinars.create(principalOf(request), request.body)),
    );

    app.get(
      '/core/moderation/webinars/:id/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'One webinar',
          params: idParams,
          response: { 200: moderationWebinar, ...errors },
        },
      },
      async (request) => webinars.getForOperator(request.params.id),
    );

    app.put(
      '/core/moderation/webinars/:id/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'Edit a webinar (a new date reminds everyone again before it)',
          params: idParams,
          body: webinarForm,
          response: { 200: moderationWebinar, 409: errorBody, ...errors },
        },
      },
      async (request) => webinars.update(principalOf(request), request.params.id, request.body),
    );

    app.post(
      '/core/moderation/webinars/:id/cancel/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'Cancel a webinar (every registrant is mailed, with a calendar cancellation)',
          params: idParams,
          response: { 200: moderationWebinar, 409: errorBody, ...errors },
        },
      },
      async (request) => webinars.cancel(principalOf(request), request.params.id),
    );

    app.get(
      '/core/moderation/webinars/:id/registrations/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'Who registered for a webinar',
          params: idParams,
          querystring: paginationQuery,
          response: { 200: webinarRegistrantsPage, ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => webinars.registrations(request.params.id, page)),
    );
  };
