import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  availableJobDetail,
  availableJobsPage,
  availableJobsQuery,
  buyersPage,
  buyersQuery,
  categoriesPage,
  categoriesQuery,
  countriesPage,
  countriesQuery,
  errorBody,
  idParams,
  optionListsSchema,
  siteSettings,
} from '@zabuni/contracts';
import { pageOf, toPageRequest } from '../../../infra/pagination.ts';
import { sendListPage } from '../../../infra/public-list.ts';
import type { OrganisationsService } from '../../identity/organisations/index.ts';
import type { CoreService } from './core.service.ts';

interface Deps {
  core: CoreService;
  organisations: OrganisationsService;
  publicUrl: string;
  site: { tenderPortalUrl: string; supportEmail: string; supportPhone: string };
}

const tags = ['Core'];
const PUBLIC = { access: { side: 'public' } } as const;
const errors = { 400: errorBody, 404: errorBody };

/** SPEC §7 "Core": public reference data and the available-jobs list. No authentication. */
export const coreRoutes =
  ({ core, organisations, publicUrl, site }: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/countries/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'African countries',
          querystring: countriesQuery,
          response: { 200: countriesPage, ...errors },
        },
      },
      async (request) => pageOf(request, publicUrl, (page) => core.listCountries(request.query.search, page)),
    );

    app.get(
      '/core/countries/available-jobs/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Countries that have published jobs',
          querystring: countriesQuery,
          response: { 200: countriesPage, ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => core.listCountries(request.query.search, page, true)),
    );

    app.get(
      '/core/buyers/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Buying organisations (clients)',
          querystring: buyersQuery,
          response: { 200: buyersPage, ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => organisations.listBuyers(request.query.search, page)),
    );

    app.get(
      '/core/category-types/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Procurement categories',
          querystring: categoriesQuery,
          response: { 200: categoriesPage, ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => core.listCategories(request.query.search, page)),
    );

    app.get(
      '/core/available-jobs/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Published sourcing events (tenders, RFQs, prequalifications)',
          description:
            '`client` is a buyer id, `country` a country id, `deadline` keeps `upcoming` (closing after now) or `past` jobs. ' +
            '`search` matches words of the title, advert and buyer name by prefix. `count` stops at 1,000 (or the ' +
            'end of the page asked): `count_capped` is then true. `cursor` (an earlier `next_cursor`) asks for the ' +
            'page after it, keyset-fast at any depth.',
          querystring: availableJobsQuery,
          response: { 200: availableJobsPage, ...errors },
        },
      },
      async (request, reply) => {
        const page = toPageRequest(request.query);
        return sendListPage(
          request,
          reply,
          publicUrl,
          page,
          await core.listAvailableJobs(request.query, page),
        );
      },
    );

    app.get(
      '/core/available-jobs/:id/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'One available job with its categories',
          params: idParams,
          response: { 200: availableJobDetail, ...errors },
        },
      },
      async (request) => core.getAvailableJob(request.params.id),
    );

    app.get(
      '/core/options/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'The option lists (sectors, job types, …)',
          response: { 200: optionListsSchema },
        },
      },
      async () => core.optionLists(),
    );

    app.get(
      '/core/site/',
      {
        config: PUBLIC,
        schema: { tags, summary: 'Public settings of this deployment', response: { 200: siteSettings } },
      },
      async () => ({
        tender_portal_url: site.tenderPortalUrl,
        support_email: site.supportEmail,
        support_phone: site.supportPhone,
      }),
    );
  };
