import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SUPPLIER_REGISTRATION_STATUSES } from '@zabuni/contracts';
import { users } from './authentication.tables.ts';
import { countries } from './core.tables.ts';
import { organisations } from './organisations.tables.ts';

export const supplierRegistrationStatus = pgEnum(
  'supplier_registration_status',
  SUPPLIER_REGISTRATION_STATUSES,
);

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
  ],
);
