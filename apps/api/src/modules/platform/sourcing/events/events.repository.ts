import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../../infra/database.ts';
import { sourcingEventCategories, sourcingEvents } from '../../../../schema/sourcing.tables.ts';

/** The only SQL writing the public sourcing events (the site's "available jobs" reads them). */
export function sourcingEventsRepository(db: Executor) {
  return {
    async insert(
      values: typeof sourcingEvents.$inferInsert,
      categoryIds: readonly number[],
    ): Promise<number> {
      const [row] = await db.insert(sourcingEvents).values(values).returning({ id: sourcingEvents.id });
      if (categoryIds.length > 0)
        await db
          .insert(sourcingEventCategories)
          .values(categoryIds.map((categoryId) => ({ eventId: row!.id, categoryId })));
      return row!.id;
    },

    async hide(buyerId: number, id: number) {
      await db
        .update(sourcingEvents)
        .set({ isPublic: false })
        .where(and(eq(sourcingEvents.buyerId, buyerId), eq(sourcingEvents.id, id)));
    },
  };
}
