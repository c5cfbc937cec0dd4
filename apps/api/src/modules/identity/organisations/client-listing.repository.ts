import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { organisations } from '../../../schema/organisations.tables.ts';

/** Issue 17: the operator shows a buying organisation on the public clients page, and sets its sector. */
export function clientListingRepository(db: Executor) {
  return {
    /** Changes a buyer's listing; null when no buying organisation has this id. */
    async change(id: number, change: { shownAsClient?: boolean; sector?: string | null }) {
      const [row] = await db
        .update(organisations)
        .set(change)
        .where(and(eq(organisations.id, id), eq(organisations.kind, 'buyer')))
        .returning({
          id: organisations.id,
          name: organisations.name,
          logoUrl: organisations.logoUrl,
          sector: organisations.sector,
          shownAsClient: organisations.shownAsClient,
        });
      return row ?? null;
    },
  };
}
