import { sql } from 'drizzle-orm';
import { OPTION_LISTS } from '@zabuni/contracts';
import type { Db } from '../../infra/database.ts';
import { categories, categoryGroups, countries, optionValues } from '../../schema/core.tables.ts';
import { prices } from '../../schema/payments.tables.ts';
import { CATEGORY_GROUPS } from './categories.ts';
import { AFRICAN_COUNTRIES, flagEmoji } from './countries.ts';

/**
 * Starting prices (SPEC §9); the operator edits the `prices` table afterwards (moderation area, issue 17).
 * The Professional plan is SPEC's $600 a year; its monthly price ($60) is ours, as is nothing else.
 */
export const DEFAULT_PRICES = [
  { product: 'tender_publishing', currency: 'KES', amountMinor: 250_000 },
  { product: 'alert_subscription_monthly', currency: 'KES', amountMinor: 40_000 },
  { product: 'alert_subscription_annual', currency: 'KES', amountMinor: 300_000 },
  { product: 'professional_plan_monthly', currency: 'USD', amountMinor: 6_000 },
  { product: 'professional_plan_annual', currency: 'USD', amountMinor: 60_000 },
  { product: 'africa_directory_ke', currency: 'USD', amountMinor: 5_000 },
  // Issue 18, prequalified-supplier lists (packages/domain prequalified-lists.ts): each category row costs its
  // supplier count times the first, at least the second; a row of 0 costs nothing.
  { product: 'prequalified_list_per_supplier', currency: 'KES', amountMinor: 50_000 },
  { product: 'prequalified_list_category_minimum', currency: 'KES', amountMinor: 200_000 },
];

/**
 * Countries, procurement categories and option lists. Idempotent: run at every start, it adds what is
 * missing and corrects what changed, and never removes rows (other tables point at them).
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(countries)
      .values(
        AFRICAN_COUNTRIES.map((c) => ({
          iso2: c.iso2,
          name: c.name,
          flagEmoji: flagEmoji(c.iso2),
          dialCode: c.dialCode,
          currency: c.currency,
        })),
      )
      .onConflictDoUpdate({
        target: countries.iso2,
        set: {
          name: sql`excluded.name`,
          flagEmoji: sql`excluded.flag_emoji`,
          dialCode: sql`excluded.dial_code`,
          currency: sql`excluded.currency`,
        },
      });

    const groups = await tx
      .insert(categoryGroups)
      .values(CATEGORY_GROUPS.map((g, position) => ({ name: g.name, symbol: g.symbol, position })))
      .onConflictDoUpdate({
        target: categoryGroups.name,
        set: { symbol: sql`excluded.symbol`, position: sql`excluded.position` },
      })
      .returning({ id: categoryGroups.id, name: categoryGroups.name });
    const groupIds = new Map(groups.map((g) => [g.name, g.id]));

    await tx
      .insert(categories)
      .values(
        CATEGORY_GROUPS.flatMap((g) =>
          g.categories.map((name) => ({ groupId: groupIds.get(g.name)!, name })),
        ),
      )
      .onConflictDoNothing();

    await tx
      .insert(optionValues)
      .values(
        Object.entries(OPTION_LISTS).flatMap(([list, values]) =>
          values.map((value, position) => ({ list, value, position })),
        ),
      )
      .onConflictDoUpdate({
        target: [optionValues.list, optionValues.value],
        set: { position: sql`excluded.position` },
      });
    await tx.insert(prices).values(DEFAULT_PRICES).onConflictDoNothing();
  });
}
