import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { users } from '../../../schema/authentication.tables.ts';
import { notifications } from '../../../schema/notifications.tables.ts';

/** The only SQL of in-app notifications. Every read and change is scoped to one user. */
export function notificationsRepository(db: Executor) {
  return {
    async insert(rows: (typeof notifications.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(notifications).values(rows);
    },

    async page(userId: number, unreadOnly: boolean, offset: number, limit: number) {
      const where = and(
        eq(notifications.userId, userId),
        unreadOnly ? isNull(notifications.readAt) : undefined,
      );
      const [total] = await db.select({ value: count() }).from(notifications).where(where);
      const [unread] = await db
        .select({ value: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      const rows = await db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, unread: unread?.value ?? 0, rows };
    },

    /** Marks one (or all) of the user's notifications read; false when the user has no such notification. */
    async markRead(userId: number, id: number | null): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.userId, userId), id === null ? undefined : eq(notifications.id, id)))
        .returning({ id: notifications.id });
      return id === null || rows.length > 0;
    },

    /** Addresses and languages of active users, for mail. */
    recipients(userIds: number[]) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(and(inArray(users.id, userIds), eq(users.isActive, true)));
    },
  };
}
