import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './authentication.tables.ts';
import { organisations } from './organisations.tables.ts';

/** In-app notifications (the bell): written in the transaction of the change they announce. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id').references(() => organisations.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** An in-app path ("/app/p2p/requisitions/12"), never an external address. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);
