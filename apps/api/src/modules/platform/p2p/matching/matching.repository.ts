import type { MatchSettings, MatchSettingsOverride } from '@zabuni/domain';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../../infra/database.ts';
import { matchingSettings } from '../../../../schema/matching.tables.ts';

type Scope = 'organisation' | 'supplier' | 'category';

/** The organisation's stored settings: its default and every override. */
export function matchingSettingsRepository(db: Executor) {
  return {
    all(organisationId: number) {
      return db.select().from(matchingSettings).where(eq(matchingSettings.organisationId, organisationId));
    },

    /** The rows that can apply to one invoice (organisation default, its supplier, its categories). */
    relevant(organisationId: number, supplierId: number, categoryIds: number[]) {
      return db
        .select()
        .from(matchingSettings)
        .where(
          and(
            eq(matchingSettings.organisationId, organisationId),
            or(
              eq(matchingSettings.scope, 'organisation'),
              and(eq(matchingSettings.scope, 'supplier'), eq(matchingSettings.scopeId, supplierId)),
              categoryIds.length > 0
                ? and(eq(matchingSettings.scope, 'category'), inArray(matchingSettings.scopeId, categoryIds))
                : undefined,
            ),
          ),
        );
    },

    async save(
      organisationId: number,
      scope: Scope,
      scopeId: number,
      settings: MatchSettingsOverride & Pick<MatchSettings, 'level'>,
    ) {
      const { level, ...tolerances } = settings;
      await db
        .insert(matchingSettings)
        .values({ organisationId, scope, scopeId, level, tolerances })
        .onConflictDoUpdate({
          target: [matchingSettings.organisationId, matchingSettings.scope, matchingSettings.scopeId],
          set: { level, tolerances, updatedAt: sql`now()` },
        });
    },

    async remove(organisationId: number, scope: Scope, scopeId: number) {
      await db
        .delete(matchingSettings)
        .where(
          and(
            eq(matchingSettings.organisationId, organisationId),
            eq(matchingSettings.scope, scope),
            eq(matchingSettings.scopeId, scopeId),
          ),
        );
    },
  };
}

/** A stored row as the domain's override. */
export const overrideOf = (
  row: Pick<typeof matchingSettings.$inferSelect, 'level' | 'tolerances'>,
): MatchSettingsOverride => ({
  level: row.level,
  ...(row.tolerances as Omit<MatchSettingsOverride, 'level'>),
});
