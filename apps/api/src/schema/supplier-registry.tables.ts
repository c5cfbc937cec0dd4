import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SUPPLIER_ERASURE_STATUSES, SUPPLIER_REGISTRATION_STATUSES } from '@zabuni/contracts';
import { users } from './authentication.tables.ts';
import { countries } from './core.tables.ts';
import { organisations } from './organisations.tables.ts';

export const supplierRegistrationStatus = pgEnum(
  'supplier_registration_status',
  SUPPLIER_REGISTRATION_STATUSES,
);

export const supplierErasureStatus = pgEnum('supplier_erasure_status', SUPPLIER_ERASURE_STATUSES);

/**
 * A supplier's self-registration (SPEC §2, §4 supplier onboarding): waits for its email to be confirmed, then
 * is approved automatically (PIN verified by the tax authority) or reviewed by an operator. Approval creates
 * the supplier organisation (`supplier_id`) whose administrator is the registering user.
 */
export const supplierRegistrations = pgTable(
  'supplier_registrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    status: supplierRegistrationStatus('status').notNull().default('pending_activation'),
    companyName: text('company_name').notNull(),
    /** Normalised (upper case, no spaces). */
    taxPin: text('tax_pin').notNull(),
    /** What the tax authority's PIN checker answered at registration. */
    pinCheck: text('pin_check').$type<'verified' | 'unknown' | 'unavailable'>().notNull(),
    pinName: text('pin_name'),
    /** Lower-cased. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    city: text('city').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Consent: the version of the terms and privacy notice agreed to, and when. */
    termsVersion: text('terms_version').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    consentIp: text('consent_ip'),
    language: text('language').notNull().default('en'),
    reason: text('reason'),
    supplierId: integer('supplier_id').references(() => organisations.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live registration per PIN: a rejected one may be tried again.
    uniqueIndex('supplier_registrations_pin_unique')
      .on(t.taxPin)
      .where(sql`status <> 'rejected'`),
    uniqueIndex('supplier_registrations_user_unique').on(t.userId),
    index('supplier_registrations_status_idx').on(t.status, t.id),
    // Issue 18: the public A–Z listing joins each supplier organisation to its approved registration.
    uniqueIndex('supplier_registrations_approved_supplier_idx')
      .on(t.supplierId)
      .where(sql`status = 'approved'`),
    // Issue 18 bench (300,000 suppliers): the A–Z listing reads approved registrations alone, in (company
    // name, supplier id) order: one letter's page is a range of this index…
    index('supplier_registrations_letter_idx')
      .on(sql`upper(left(${t.companyName}, 1))`, t.companyName, t.supplierId)
      .where(sql`status = 'approved'`),
    // …or of this one with a country filter…
    index('supplier_registrations_country_letter_idx')
      .on(t.countryId, sql`upper(left(${t.companyName}, 1))`, t.companyName, t.supplierId)
      .where(sql`status = 'approved'`),
    // …names beginning with anything but A–Z (`#`) have their own, the listing's predicate as its own…
    index('supplier_registrations_other_letter_idx')
      .on(t.companyName, t.supplierId)
      .where(
        sql`status = 'approved' AND upper(left(company_name, 1)) NOT IN ('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z')`,
      ),
    // …and a category filter (`category_ids @> ARRAY[id]`) is a bitmap of this GIN index.
    index('supplier_registrations_categories_idx')
      .using('gin', t.categoryIds)
      .where(sql`status = 'approved'`),
  ],
);

/**
 * Issue 18, data protection: a supplier's request that its personal data be erased, made from its account and
 * carried out by an operator (personal data anonymised, the public profile taken off the listing; what the law
 * requires is kept, and `kept` says what).
 */
export const supplierErasureRequests = pgTable(
  'supplier_erasure_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    status: supplierErasureStatus('status').notNull().default('requested'),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => supplierRegistrations.id),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    reason: text('reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    carriedOutAt: timestamp('carried_out_at', { withTimezone: true }),
    carriedOutBy: integer('carried_out_by').references(() => users.id),
    /** What was kept, and why (catalogue keys of the retention reasons). */
    kept: text('kept')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    // One open request per supplier.
    uniqueIndex('supplier_erasure_requests_open_idx')
      .on(t.supplierId)
      .where(sql`status = 'requested'`),
    index('supplier_erasure_requests_status_idx').on(t.status, t.id),
  ],
);
