import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { rowsAndCount, type Db } from '../../infra/database.ts';
import { organisations } from './organisations.tables.ts';

export interface ListFilter {
  /** A prefix tsquery (see `toPrefixTsQuery`), or null for no text filter. */
  tsQuery: string | null;
  offset: number;
  limit: number;
}

export function createOrganisationsRepository(db: Db) {
  const buyerConditions = (tsQuery: string | null): SQL | undefined =>
    and(
      eq(organisations.kind, 'buyer'),
      tsQuery ? sql`${organisations.searchVector} @@ to_tsquery('simple', ${tsQuery})` : undefined,
    );

  return {
    async listBuyers({ tsQuery, offset, limit }: ListFilter) {
      const where = buyerConditions(tsQuery);
      return rowsAndCount(
        db
          .select({ id: organisations.id, name: organisations.name })
          .from(organisations)
          .where(where)
          .orderBy(asc(organisations.name), asc(organisations.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(organisations).where(where),
      );
    },
  };
}
export type OrganisationsRepository = ReturnType<typeof createOrganisationsRepository>;
