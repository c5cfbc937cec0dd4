import {
  char,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { JOB_TYPES, SECTORS } from '@zabuni/contracts';

export const countries = pgTable('countries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  iso2: char('iso2', { length: 2 }).notNull().unique(),
  name: text('name').notNull(),
  flagEmoji: text('flag_emoji').notNull(),
  dialCode: text('dial_code').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
});

export const categoryGroups = pgTable('category_groups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  symbol: text('symbol').notNull(),
  position: smallint('position').notNull(),
});

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => categoryGroups.id),
    name: text('name').notNull(),
  },
  (t) => [
    unique('categories_group_name_unique').on(t.groupId, t.name),
    index('categories_name_idx').on(t.name),
  ],
);

/** The option lists of SPEC §3 (sectors, job types, webinar modules, marketing sources, deadline filter). */
export const optionValues = pgTable(
  'option_values',
  {
    list: text('list').notNull(),
    value: text('value').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.value] })],
);

export const jobType = pgEnum('job_type', JOB_TYPES);
export const sector = pgEnum('sector', SECTORS);
