import { and, count, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { toPrefixTsQuery } from '@zabuni/domain';
import type { Db } from '../../apps/api/src/infra/database.ts';
import { pageOffset } from '@zabuni/domain';
import { listSlice } from '../../apps/api/src/infra/public-list.ts';
import { countries } from '../../apps/api/src/schema/core.tables.ts';
import {
  availableJobsQueries,
  type AvailableJobsFilter,
} from '../../apps/api/src/modules/site/core/core.repository.ts';
import { organisations } from '../../apps/api/src/schema/organisations.tables.ts';
import {
  availableTendersQueries,
  type AvailableTendersFilter,
} from '../../apps/api/src/modules/site/tenders/tenders.repository.ts';
import { tenders } from '../../apps/api/src/schema/tenders.tables.ts';
import { supplierListingQueries } from '../../apps/api/src/modules/site/supplier-listing/supplier-listing.queries.ts';
import {
  decodeListingCursor,
  encodeListingCursor,
} from '../../apps/api/src/modules/site/supplier-listing/supplier-listing.service.ts';
import type { SupplierLetter } from '@zabuni/contracts';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { supplierDirectoriesRepository } from '../../apps/api/src/modules/site/supplier-directories/supplier-directories.repository.ts';
import { supplierRegistrations } from '../../apps/api/src/schema/supplier-registry.tables.ts';

export type Params = Record<string, string | number>;
export interface Statement {
  sql: string;
  params: unknown[];
}
export interface Scenario {
  /** BENCH_ONLY name and results file name. */
  name: string;
  title: string;
  /** Our endpoint; each variant is sent as its query string. */
  route: string;
  mix: Params[];
  /** The SQL our endpoint runs for a variant (page rows and total count), for the bare endpoint. */
  queries: (m: Params, now: Date) => { rows: Statement; count?: Statement };
}

export const LIST_PAGE_SIZE = 16;

/** The slice our services read for a variant's page (or cursor), page size 16 as the web asks. */
const slice = (m: Params) => {
  const page = Number(m.page ?? 1);
  return listSlice(
    { page, pageSize: LIST_PAGE_SIZE, offset: pageOffset(page, LIST_PAGE_SIZE) },
    m.cursor as string | undefined,
  );
};

/** The request mixes: what the public pages ask for, filtered and searched. */
export async function listScenarios(db: Db): Promise<Scenario[]> {
  const [kenya] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'KE'));
  const [buyer] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.kind, 'buyer'))
    .limit(1);
  // The category visitors pick most: the one with the most open tenders.
  const [busiestCategory] = await db
    .select({ id: tenders.categoryId })
    .from(tenders)
    .where(and(eq(tenders.isPublic, true), isNotNull(tenders.categoryId), gt(tenders.closingAt, new Date())))
    .groupBy(tenders.categoryId)
    .orderBy(desc(count()), tenders.categoryId)
    .limit(1);
  // Issue 18, the A–Z listing: the category most approved suppliers list, and a position deep in letter P.
  const [busiestSupplierCategory] = await db
    .select({ id: sql<number>`unnest(${supplierRegistrations.categoryIds})` })
    .from(supplierRegistrations)
    .where(eq(supplierRegistrations.status, 'approved'))
    .groupBy(sql`1`)
    .orderBy(desc(count()), sql`1`)
    .limit(1);
  const [deep] = await supplierListingQueries(db).pageQuery('P', {}, null, 1).offset(5_000);
  const deepCursor = deep ? encodeListingCursor({ name: deep.name, id: deep.id }) : undefined;
  const supplierCategory = busiestSupplierCategory?.id ?? 1;
  // Issue 18, the paid directories' list: the statements its repository sends (rows and count), captured from
  // a drizzle instance on the same pool whose logger records them, so the bare side runs exactly those.
  const directoryMix: Params[] = [
    { page: 1 },
    { order: 'desc' },
    { search: 'ken' },
    { page: 2 },
    { search: 'supplier', order: 'desc', page: 3 },
  ];
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const directoryStatements = new Map<Params, { rows: Statement; count: Statement }>();
  for (const m of directoryMix) {
    const captured: Statement[] = [];
    const spy = drizzle({
      client: pool,
      logger: { logQuery: (query, params) => void captured.push({ sql: query, params }) },
    });
    const page = Number(m.page ?? 1);
    await supplierDirectoriesRepository(spy).list(
      {
        search: m.search as string | undefined,
        order: (m.order as 'asc' | 'desc') ?? 'asc',
        withInactive: false,
      },
      { pageSize: LIST_PAGE_SIZE, offset: pageOffset(page, LIST_PAGE_SIZE) },
    );
    const [rows, count] = captured;
    directoryStatements.set(m, { rows: rows!, count: count! });
  }
  return [
    {
      name: 'jobs',
      title: 'available jobs',
      route: '/api/v1/core/available-jobs/',
      mix: [
        { deadline: 'upcoming' },
        { deadline: 'upcoming', country: kenya!.id },
        { deadline: 'past', country: kenya!.id, page: 3 },
        { deadline: 'upcoming', search: 'supply' },
        { search: 'construction works', country: kenya!.id },
        { client: buyer!.id },
        { deadline: 'upcoming', page: 40 },
        { search: 'umoja bank', deadline: 'upcoming' },
      ],
      queries: (m, now) => {
        const filter: AvailableJobsFilter = {
          tsQuery: toPrefixTsQuery(m.search as string | undefined),
          buyerId: m.client as number | undefined,
          countryId: m.country as number | undefined,
          deadline: m.deadline as 'upcoming' | 'past' | undefined,
          now,
          ...slice(m),
        };
        const queries = availableJobsQueries(db, filter);
        return { rows: queries.rows.toSQL(), count: queries.count.toSQL() };
      },
    },
    {
      name: 'tenders',
      title: 'available tenders',
      route: '/api/v1/tender-alerts/available-tenders/',
      mix: [
        // The bulletin's landing page: open tenders in Kenya.
        { deadline: 'upcoming', country: kenya!.id },
        { deadline: 'upcoming', country: kenya!.id, category: busiestCategory!.id! },
        { deadline: 'past', sector: 'NGO', job_type: 'Request For Quotation' },
        { search: 'water' },
        { search: 'road construction', country: kenya!.id, deadline: 'upcoming' },
        { deadline: 'upcoming', page: 500 },
        // A word nearly every notice holds ("Head of Supply Chain Management"): the text index selects nothing.
        { search: 'supply', deadline: 'upcoming' },
      ],
      queries: (m, now) => {
        const filter: AvailableTendersFilter = {
          tsQuery: toPrefixTsQuery(m.search as string | undefined),
          countryId: m.country as number | undefined,
          categoryId: m.category as number | undefined,
          sector: m.sector as AvailableTendersFilter['sector'],
          jobType: m.job_type as AvailableTendersFilter['jobType'],
          deadline: m.deadline as 'upcoming' | 'past' | undefined,
          now,
          ...slice(m),
        };
        const queries = availableTendersQueries(db, filter);
        return { rows: queries.rows.toSQL(), count: queries.count.toSQL() };
      },
    },
    {
      name: 'suppliers',
      title: 'A–Z supplier listing',
      route: '/api/v1/supplier-directory/suppliers/',
      // The /suppliers overview asks each letter for 15 names; a letter's own page for 100 (with `cursor` next).
      mix: [
        { letter: 'A', page_size: 15 },
        { letter: 'S', country: 'KE', page_size: 15 },
        { letter: 'M', category: supplierCategory, page_size: 15 },
        { letter: 'K', country: 'KE', category: supplierCategory, page_size: 100 },
        { letter: 'T', country: 'UG', page_size: 100 },
        ...(deepCursor ? [{ letter: 'P', cursor: deepCursor, page_size: 100 }] : []),
        { letter: 'Z', category: supplierCategory, country: 'TZ', page_size: 15 },
        { letter: '#', page_size: 15 },
      ],
      queries: (m) => {
        const after = m.cursor ? decodeListingCursor(m.cursor as string) : null;
        const filters = {
          country: m.country as string | undefined,
          category: m.category as number | undefined,
        };
        // The service asks for one more than the page (is there a next page?).
        const rows = supplierListingQueries(db).pageQuery(
          m.letter as SupplierLetter,
          filters,
          after,
          Number(m.page_size) + 1,
        );
        return { rows: rows.toSQL() };
      },
    },
    {
      name: 'directories',
      title: 'supplier directories',
      route: '/api/v1/supplier-directory/directories/',
      mix: directoryMix,
      queries: (m) => directoryStatements.get(m)!,
    },
  ];
}

export const label = (m: Params) =>
  Object.entries(m)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
