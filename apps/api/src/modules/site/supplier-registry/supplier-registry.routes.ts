import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  idParams,
  pinSearchAnswer,
  pinSearchQuery,
  supplierRegistration,
  supplierRegistrationForm,
  supplierRegistrationReceipt,
  supplierRegistrationRejection,
  supplierRegistrationsPage,
  supplierRegistrationsQuery,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { principalOf } from '../../../infra/auth.ts';
import { pageOf } from '../../../infra/pagination.ts';
import type { RateLimiter } from '../../shared/system/index.ts';
import type { SupplierRegistryService } from './supplier-registry.service.ts';

interface Deps {
  registry: SupplierRegistryService;
  limiter: RateLimiter;
  publicUrl: string;
}

const PUBLIC = { access: { side: 'public' } } as const;
const MODERATOR = { access: { side: 'operator', roles: ['moderator', 'super_admin'] as Role[] } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Per address: a person types a few PINs, a script enumerating the tax register is stopped. */
export const PIN_SEARCH_LIMITS = { perAddress: 30, windowSeconds: 600 } as const;
export const REGISTRATION_LIMITS = { perAddress: 10, windowSeconds: 3600 } as const;

/** SPEC §7 supplier self-registration and its tax-PIN lookup, and the operator's review queue. */
export const supplierRegistryRoutes =
  ({ registry, limiter, publicUrl }: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Supplier registration'];
    app.get(
      '/supplier-directory/directories/pin-search/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Look up a KRA PIN (already registered here, malformed or unknown, or verified)',
          description: `Rate-limited per address (${PIN_SEARCH_LIMITS.perAddress} per ${PIN_SEARCH_LIMITS.windowSeconds / 60} minutes).`,
          querystring: pinSearchQuery,
          response: { 200: pinSearchAnswer, 400: errorBody, 429: errorBody },
        },
      },
      async (request) => {
        await limiter.hit({
          key: `pin-search:ip:${request.ip}`,
          limit: PIN_SEARCH_LIMITS.perAddress,
          windowSeconds: PIN_SEARCH_LIMITS.windowSeconds,
        });
        return registry.pinSearch(request.query.pin);
      },
    );

    app.post(
      '/supplier-directory/country-directory-supplier/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Register as a supplier ("Registration Completed"; the account is activated by mail)',
          body: supplierRegistrationForm,
          response: { 201: supplierRegistrationReceipt, 400: errorBody, 409: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        await limiter.hit({
          key: `supplier-registration:ip:${request.ip}`,
          limit: REGISTRATION_LIMITS.perAddress,
          windowSeconds: REGISTRATION_LIMITS.windowSeconds,
        });
        return reply.code(201).send(await registry.register(request.body, request.ip));
      },
    );

    const operatorTags = ['Supplier registration (operator)'];
    app.get(
      '/supplier-directory/moderation/registrations/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'Supplier registrations, newest first (status: under_review for the review queue)',
          querystring: supplierRegistrationsQuery,
          response: { 200: supplierRegistrationsPage, ...errors },
        },
      },
      async (request) => pageOf(request, publicUrl, (page) => registry.list(request.query.status, page)),
    );

    app.get(
      '/supplier-directory/moderation/registrations/:id/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'One supplier registration',
          params: idParams,
          response: { 200: supplierRegistration, ...errors },
        },
      },
      async (request) => registry.get(request.params.id),
    );

    app.post(
      '/supplier-directory/moderation/registrations/:id/approve/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'Approve a registration under review (creates the supplier; the applicant is mailed)',
          params: idParams,
          response: { 200: supplierRegistration, 409: errorBody, ...errors },
        },
      },
      async (request) => registry.approve(principalOf(request), request.params.id),
    );

    app.post(
      '/supplier-directory/moderation/registrations/:id/reject/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'Reject a registration under review with a reason (mailed to the applicant)',
          params: idParams,
          body: supplierRegistrationRejection,
          response: { 200: supplierRegistration, 409: errorBody, ...errors },
        },
      },
      async (request) => registry.reject(principalOf(request), request.params.id, request.body.reason),
    );
  };
