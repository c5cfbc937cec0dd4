import { sql, type SQL } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tsvector } from '../../infra/column-types.ts';

/**
 * Every party on Zabuni is an organisation: buying organisations (SPEC's clients, `buyer_company_id`),
 * suppliers, advertisers who publish tenders, and the operator itself.
 */
export const organisationKind = pgEnum('organisation_kind', ['buyer', 'supplier', 'advertiser', 'platform']);

export const organisations = pgTable(
  'organisations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: organisationKind('kind').notNull(),
    name: text('name').notNull(),
    website: text('website'),
    logoUrl: text('logo_url'),
    /** ISO-2 code of the home country; a foreign key would tie this module to reference data. */
    countryIso2: text('country_iso2'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs((): SQL => sql`to_tsvector('simple', name)`),
  },
  (t) => [
    index('organisations_kind_name_idx').on(t.kind, t.name),
    // Buyer names are searched on the public site; a partial index keeps 300k supplier names out of it.
    index('organisations_buyer_search_idx')
      .using('gin', t.searchVector)
      .where(sql`kind = 'buyer'`),
  ],
);
