import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './authentication.tables.ts';
import { organisations } from './organisations.tables.ts';

/**
 * "While I am away, X approves for me": from the first to the last day inclusive, in Nairobi time. Approval
 * routes resolved in that window add the delegate beside the absent approver.
 */
export const approvalDelegations = pgTable(
  'approval_delegations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    delegatorUserId: integer('delegator_user_id')
      .notNull()
      .references(() => users.id),
    delegateUserId: integer('delegate_user_id')
      .notNull()
      .references(() => users.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull().default(''),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_delegations_organisation_idx').on(t.organisationId, t.endsOn),
    index('approval_delegations_delegator_idx').on(t.delegatorUserId, t.endsOn),
  ],
);
