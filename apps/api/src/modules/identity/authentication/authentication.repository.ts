import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { countries } from '../../../schema/core.tables.ts';
import {
  oneTimeTokens,
  recoveryCodes,
  refreshSessions,
  users,
} from '../../../schema/authentication.tables.ts';

export type User = typeof users.$inferSelect;
export type OneTimePurpose = 'activation' | 'password_reset' | 'email_code';

export const authenticationRepository = (db: Executor) => ({
  async findByLogin(identifier: string): Promise<User | null> {
    const value = identifier.trim().toLowerCase();
    const [user] = await db
      .select()
      .from(users)
      .where(or(eq(sql`lower(${users.email})`, value), eq(sql`lower(${users.username})`, value)))
      .limit(1);
    return user ?? null;
  },

  async findById(id: number): Promise<User | null> {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    return user ?? null;
  },

  /** The ISO-2 code of a country picked by id on a form (reference data), or null for an unknown id. */
  async countryIso2(countryId: number): Promise<string | null> {
    const [row] = await db
      .select({ iso2: countries.iso2 })
      .from(countries)
      .where(eq(countries.id, countryId));
    return row?.iso2 ?? null;
  },

  async findByEmail(email: string): Promise<User | null> {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return user ?? null;
  },

  async usernameTaken(username: string): Promise<boolean> {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .limit(1);
    return rows.length > 0;
  },

  async insert(user: typeof users.$inferInsert): Promise<number> {
    const [row] = await db.insert(users).values(user).returning({ id: users.id });
    return row!.id;
  },

  async update(id: number, patch: Partial<typeof users.$inferInsert>) {
    await db
      .update(users)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  },

  async recordFailedLogin(id: number, lockedUntil: Date | null): Promise<number> {
    const [row] = await db
      .update(users)
      .set({ failedLoginCount: sql`${users.failedLoginCount} + 1`, ...(lockedUntil ? { lockedUntil } : {}) })
      .where(eq(users.id, id))
      .returning({ failed: users.failedLoginCount });
    return row?.failed ?? 0;
  },

  async insertToken(userId: number, purpose: OneTimePurpose, tokenHash: string, expiresAt: Date) {
    await db.insert(oneTimeTokens).values({ userId, purpose, tokenHash, expiresAt });
  },

  /** Earlier links of the same kind stop working when a new one is sent. */
  async retireTokens(userId: number, purpose: OneTimePurpose) {
    await db
      .update(oneTimeTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
        ),
      );
  },

  /**
   * Uses a one-time token: succeeds once, before its expiry. Otherwise tells why it cannot be used.
   */
  async consumeToken(
    tokenHash: string,
    purpose: OneTimePurpose,
    now: Date,
  ): Promise<{ userId: number } | { error: 'unknown' | 'used' | 'expired' }> {
    const [used] = await db
      .update(oneTimeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeTokens.tokenHash, tokenHash),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, now),
        ),
      )
      .returning({ userId: oneTimeTokens.userId });
    if (used) return { userId: used.userId };
    const [token] = await db
      .select({ usedAt: oneTimeTokens.usedAt })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)));
    if (!token) return { error: 'unknown' };
    return { error: token.usedAt ? 'used' : 'expired' };
  },

  async insertSession(session: typeof refreshSessions.$inferInsert) {
    await db.insert(refreshSessions).values(session);
  },

  /** Revokes the session holding this refresh token and returns it, if it was still valid. */
  async takeSession(tokenHash: string, now: Date) {
    const [session] = await db
      .update(refreshSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshSessions.tokenHash, tokenHash),
          isNull(refreshSessions.revokedAt),
          gt(refreshSessions.expiresAt, now),
        ),
      )
      .returning();
    if (session) return { session, reused: false };
    const [known] = await db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, tokenHash));
    return { session: null, reused: Boolean(known?.revokedAt), userId: known?.userId ?? null };
  },

  async revokeSessions(userId: number, now: Date) {
    await db
      .update(refreshSessions)
      .set({ revokedAt: now })
      .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)));
  },

  /**
   * Ends every session of the user by removing them (a new password): a refresh token of one of them is
   * then unknown, not "used twice", so it cannot set off reuse detection against the sessions opened after.
   */
  async deleteSessions(userId: number) {
    await db.delete(refreshSessions).where(eq(refreshSessions.userId, userId));
  },

  /** The user's live session holding this refresh token, if any (not consumed). */
  async liveSession(userId: number, tokenHash: string, now: Date) {
    const [session] = await db
      .select()
      .from(refreshSessions)
      .where(
        and(
          eq(refreshSessions.userId, userId),
          eq(refreshSessions.tokenHash, tokenHash),
          isNull(refreshSessions.revokedAt),
          gt(refreshSessions.expiresAt, now),
        ),
      );
    return session ?? null;
  },

  /** Access tokens issued before this instant no longer count (null: none is cut off). */
  async sessionsValidAfter(userId: number): Promise<Date | null> {
    const [row] = await db.select({ at: users.sessionsValidAfter }).from(users).where(eq(users.id, userId));
    return row?.at ?? null;
  },

  async replaceRecoveryCodes(userId: number, codeHashes: string[]) {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    if (codeHashes.length > 0)
      await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  },

  async consumeRecoveryCode(userId: number, codeHash: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, codeHash),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  },
});
