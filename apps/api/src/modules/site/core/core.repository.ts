import { and, asc, count, desc, eq, exists, gt, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { DeadlineFilter } from '@zabuni/domain';
import { rowsAndCount, type Db } from '../../../infra/database.ts';
import type { ListSlice } from '../../../infra/public-list.ts';
import { organisations } from '../../../schema/organisations.tables.ts';
import { sourcingEventCategories, sourcingEvents } from '../../../schema/sourcing.tables.ts';
import { categories, categoryGroups, countries, optionValues } from '../../../schema/core.tables.ts';

export interface Slice {
  offset: number;
  limit: number;
}

export interface AvailableJobsFilter extends ListSlice {
  tsQuery: string | null;
  buyerId?: number | undefined;
  countryId?: number | undefined;
  deadline?: DeadlineFilter | undefined;
  now: Date;
}

const countryColumns = {
  id: countries.id,
  name: countries.name,
  iso2: countries.iso2,
  flagEmoji: countries.flagEmoji,
  dialCode: countries.dialCode,
  currency: countries.currency,
};

const availableJobColumns = {
  id: sourcingEvents.id,
  title: sourcingEvents.title,
  closingAt: sourcingEvents.closingAt,
  jobType: sourcingEvents.jobType,
  instructions: sourcingEvents.instructions,
  advert: sourcingEvents.advert,
  companyName: organisations.name,
  companyWebsite: organisations.website,
  companyLogoUrl: organisations.logoUrl,
  countryName: countries.name,
  countryIso2: countries.iso2,
};

/**
 * The available-jobs list as two statements (page rows, total count). Exposed on its own so the bench can
 * run exactly this SQL behind a bare endpoint.
 * The page is `limit` rows from `offset`, or after the keyset position `after` (closing instant, id: the
 * indexes below lead with them, so a deep page costs what the first does). The count stops at
 * `countLimit` rows: an exact count of 50,000 open jobs took 15–20 ms, a broad search's 65–150 ms.
 */
export function availableJobsQueries(db: Db, filter: AvailableJobsFilter) {
  const upcoming = filter.deadline === 'upcoming';
  const matching = and(
    eq(sourcingEvents.isPublic, true),
    filter.buyerId === undefined ? undefined : eq(sourcingEvents.buyerId, filter.buyerId),
    filter.countryId === undefined ? undefined : eq(sourcingEvents.countryId, filter.countryId),
    filter.deadline === 'upcoming' ? gt(sourcingEvents.closingAt, filter.now) : undefined,
    filter.deadline === 'past' ? lte(sourcingEvents.closingAt, filter.now) : undefined,
    filter.tsQuery
      ? // ANY(ARRAY(…)) rather than IN (…): the buyer ids become one value, so PostgreSQL can combine the
        // text index and the buyer index (BitmapOr) instead of filtering every row.
        sql`(${sourcingEvents.searchVector} @@ to_tsquery('simple', ${filter.tsQuery}) OR ${sourcingEvents.buyerId} = ANY(ARRAY(SELECT ${organisations.id} FROM ${organisations} WHERE ${organisations.kind} = 'buyer' AND ${organisations.searchVector} @@ to_tsquery('simple', ${filter.tsQuery}))))`
      : undefined,
  );
  const after = filter.after
    ? upcoming
      ? sql`(${sourcingEvents.closingAt}, ${sourcingEvents.id}) > (${filter.after.at}::timestamptz, ${filter.after.id})`
      : sql`(${sourcingEvents.closingAt}, ${sourcingEvents.id}) < (${filter.after.at}::timestamptz, ${filter.after.id})`
    : undefined;
  // Open jobs read soonest-closing first; closed ones most recently closed first.
  const order = upcoming
    ? [asc(sourcingEvents.closingAt), asc(sourcingEvents.id)]
    : [desc(sourcingEvents.closingAt), desc(sourcingEvents.id)];
  return {
    rows: db
      .select({ ...availableJobColumns, cursorAt: sql<string>`${sourcingEvents.closingAt}::text` })
      .from(sourcingEvents)
      .innerJoin(organisations, eq(organisations.id, sourcingEvents.buyerId))
      .innerJoin(countries, eq(countries.id, sourcingEvents.countryId))
      .where(and(matching, after))
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.offset),
    count: db.select({ value: count() }).from(
      db
        .select({ one: sql`1` })
        .from(sourcingEvents)
        .where(matching)
        .limit(filter.countLimit)
        .as('capped'),
    ),
  };
}

export function createCoreRepository(db: Db) {
  const countryNameFilter = (search: string | null): SQL | undefined =>
    search ? ilike(countries.name, `%${search}%`) : undefined;

  return {
    async listCountries({
      pattern,
      onlyWithJobs,
      offset,
      limit,
    }: Slice & { pattern: string | null; onlyWithJobs: boolean }) {
      const where = and(
        countryNameFilter(pattern),
        onlyWithJobs
          ? exists(
              db
                .select({ one: sql`1` })
                .from(sourcingEvents)
                .where(and(eq(sourcingEvents.countryId, countries.id), eq(sourcingEvents.isPublic, true))),
            )
          : undefined,
      );
      return rowsAndCount(
        db
          .select(countryColumns)
          .from(countries)
          .where(where)
          .orderBy(asc(countries.name))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(countries).where(where),
      );
    },

    async listCategories({ pattern, offset, limit }: Slice & { pattern: string | null }) {
      const where = pattern ? ilike(categories.name, `%${pattern}%`) : undefined;
      return rowsAndCount(
        db
          .select({
            id: categories.id,
            name: categories.name,
            group: categoryGroups.name,
            symbol: categoryGroups.symbol,
          })
          .from(categories)
          .innerJoin(categoryGroups, eq(categoryGroups.id, categories.groupId))
          .where(where)
          .orderBy(asc(categories.name), asc(categories.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(categories).where(where),
      );
    },

    async listAvailableJobs(filter: AvailableJobsFilter) {
      const queries = availableJobsQueries(db, filter);
      return rowsAndCount(queries.rows, queries.count);
    },

    async findAvailableJob(id: number) {
      const [job] = await db
        .select(availableJobColumns)
        .from(sourcingEvents)
        .innerJoin(organisations, eq(organisations.id, sourcingEvents.buyerId))
        .innerJoin(countries, eq(countries.id, sourcingEvents.countryId))
        .where(and(eq(sourcingEvents.id, id), eq(sourcingEvents.isPublic, true)));
      if (!job) return null;
      const jobCategories = await db
        .select({ id: categories.id, name: categories.name })
        .from(sourcingEventCategories)
        .innerJoin(categories, eq(categories.id, sourcingEventCategories.categoryId))
        .where(eq(sourcingEventCategories.eventId, id))
        .orderBy(asc(categories.name));
      return { ...job, categories: jobCategories };
    },

    async optionValues() {
      return db
        .select({ list: optionValues.list, value: optionValues.value })
        .from(optionValues)
        .orderBy(asc(optionValues.list), asc(optionValues.position));
    },
  };
}
export type CoreRepository = ReturnType<typeof createCoreRepository>;
export type AvailableJobRow = Awaited<ReturnType<CoreRepository['listAvailableJobs']>>['rows'][number];
