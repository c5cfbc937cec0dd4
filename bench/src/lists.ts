import { and, count, desc, eq, gt, isNotNull } from 'drizzle-orm';
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
  queries: (m: Params, now: Date) => { rows: Statement; count: Statement };
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
  ];
}

export const label = (m: Params) =>
  Object.entries(m)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
