import { sql, type SQL } from 'drizzle-orm';
import { ROLES } from '@zabuni/domain';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tsvector } from '../infra/column-types.ts';

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
    /** Tax PIN (KRA PIN in Kenya), upper-cased. */
    taxPin: text('tax_pin'),
    email: text('email'),
    phone: text('phone'),
    contactPerson: text('contact_person'),
    /** Issue 17: a buyer's sector (SPEC §3 sectors), shown with it on the public clients page. */
    sector: text('sector'),
    /** Issue 17: the operator shows this buying organisation on the public clients page and the home page. */
    shownAsClient: boolean('shown_as_client').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs((): SQL => sql`to_tsvector('simple', name)`),
  },
  (t) => [
    index('organisations_kind_name_idx').on(t.kind, t.name),
    index('organisations_shown_clients_idx')
      .on(t.name)
      .where(sql`kind = 'buyer' AND shown_as_client`),
    // Buyer names are searched on the public site; a partial index keeps 300k supplier names out of it.
    index('organisations_buyer_search_idx')
      .using('gin', t.searchVector)
      .where(sql`kind = 'buyer'`),
    // Issue 18: the public A–Z supplier listing, one letter's page in (name, id) keyset order.
    index('organisations_supplier_letter_idx')
      .on(sql`upper(left(${t.name}, 1))`, t.name, t.id)
      .where(sql`kind = 'supplier'`),
  ],
);

export const role = pgEnum('role', ROLES as [string, ...string[]]);

/** A user's roles in an organisation (a user may belong to several organisations). */
export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id').notNull(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    role: role('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organisationId, t.role] }),
    index('memberships_organisation_idx').on(t.organisationId),
  ],
);

/** A buyer's supplier list: the suppliers it trades with (a supplier may be on many buyers' lists). */
export const supplierStatus = pgEnum('supplier_status', ['active', 'blocked']);

export const buyerSuppliers = pgTable(
  'buyer_suppliers',
  {
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => organisations.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 7: a blocked supplier gets no new purchase orders; its open documents carry on. */
    status: supplierStatus('status').notNull().default('active'),
    /** What the buyer buys from it (procurement categories). */
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Days from an invoice's date to its due date, the default for new purchase orders. */
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buyerId, t.supplierId] }),
    index('buyer_suppliers_supplier_idx').on(t.supplierId),
  ],
);

/**
 * Issue 13: someone who already has an account is invited, not added. Access (memberships with these roles)
 * is granted when the person, signed in with the invited email, accepts. Only the link token's SHA-256 is kept.
 */
export const organisationInvitations = pgTable(
  'organisation_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** Lower-cased; the accepting account's email must be this one. */
    email: text('email').notNull(),
    roles: role('roles').array().notNull(),
    invitedBy: integer('invited_by').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Set when a newer invitation to the same organisation replaces this one. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organisation_invitations_hash_unique').on(t.tokenHash),
    index('organisation_invitations_email_idx').on(t.organisationId, t.email),
  ],
);
