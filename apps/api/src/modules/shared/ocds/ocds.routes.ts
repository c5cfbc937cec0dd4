import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  message,
  ocdsRecordPackage,
  ocdsReleasePackage,
  ocdsReleasesQuery,
} from '@zabuni/contracts';
import { z } from 'zod';
import { notFound } from '../../../infra/errors.ts';
import { toPage, toPageRequest } from '../../../infra/pagination.ts';
import type { OcdsService } from './ocds.service.ts';

const tags = ['Open contracting (OCDS)'];
const PUBLIC = { access: { side: 'public' } } as const;
const errors = { 400: errorBody, 404: errorBody };

/** Public OCDS 1.1 publication: release packages (paged) and a record per ocid. */
export const ocdsRoutes =
  ({ ocds, publicUrl }: { ocds: OcdsService; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/ocds/releases/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'OCDS 1.1 release package of published tenders, awards and contracts, oldest first',
          querystring: ocdsReleasesQuery,
          response: { 200: ocdsReleasePackage, ...errors },
        },
      },
      async (request) => {
        const page = toPageRequest(request.query);
        const filter = { ocid: request.query.ocid || undefined, tag: request.query.tag };
        const { count, releases } = await ocds.releases(filter, page);
        const { next, previous } = toPage(request, publicUrl, page, count, releases);
        return ocds.releasePackage(new URL(request.url, publicUrl).toString(), ocds.now(), {
          count,
          next,
          previous,
          releases,
        });
      },
    );

    app.get(
      '/ocds/records/:ocid/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'The OCDS record of one contracting process: its releases and the compiled release',
          params: z.object({ ocid: z.string().min(1).max(200) }),
          response: { 200: ocdsRecordPackage, ...errors },
        },
      },
      async (request) => {
        const found = await ocds.recordPackage(request.params.ocid, ocds.now());
        if (!found) throw notFound(message('ocds.not_found'));
        return found;
      },
    );
  };
