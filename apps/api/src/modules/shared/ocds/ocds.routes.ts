import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  message,
  ocdsRecordPackage,
  ocdsReleasePackage,
  ocdsReleasesQuery,
} from '@zabuni/contracts';
import { z } from 'zod';
import { fieldError, notFound } from '../../../infra/errors.ts';
import {
  formatCursor,
  OCDS_CURSOR_PATTERN,
  parseCursor,
  type OcdsCursor,
  type OcdsService,
} from './ocds.service.ts';

/** The list's query: the filters, `page_size` (capped), and `cursor`, the place `links.next` carries. */
const releasesQuery = ocdsReleasesQuery.extend({
  cursor: z.string().max(40).optional(),
});
/** An OCDS 1.1 release package with `links.next` (OCDS's paging link), absent on the last page. */
const releasePackagePage = ocdsReleasePackage
  .omit({ count: true, next: true, previous: true })
  .extend({ links: z.object({ next: z.string().optional() }) });

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
          description:
            'Paged in the database, `page_size` releases a page (at most the listing maximum): follow ' +
            '`links.next` (absent on the last page). `page` above 1 still works but walks the pages before it.',
          querystring: releasesQuery,
          response: { 200: releasePackagePage, ...errors },
        },
      },
      async (request) => {
        const { cursor, page_size: pageSize, page } = request.query;
        const filter = { ocid: request.query.ocid || undefined, tag: request.query.tag };
        let from: OcdsCursor = { source: 0, process: 0, release: 0 };
        if (cursor !== undefined) {
          if (!OCDS_CURSOR_PATTERN.test(cursor)) throw fieldError('cursor', message('field.cursor'));
          from = parseCursor(cursor);
        } else if (page > 1) {
          // The old page numbers: the releases before the page are walked (follow links.next instead).
          const skipped = await ocds.page(filter, from, (page - 1) * pageSize);
          from = skipped.next ?? from;
          if (!skipped.next)
            return ocds.releasePackage(new URL(request.url, publicUrl).toString(), ocds.now(), {
              next: null,
              releases: [],
            });
        }
        const { releases, next } = await ocds.page(filter, from, pageSize);
        const link = (target: OcdsCursor) => {
          const url = new URL(request.url, publicUrl);
          url.searchParams.delete('page');
          url.searchParams.set('page_size', String(pageSize));
          url.searchParams.set('cursor', formatCursor(target));
          return url.toString();
        };
        return ocds.releasePackage(new URL(request.url, publicUrl).toString(), ocds.now(), {
          next: next ? link(next) : null,
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
