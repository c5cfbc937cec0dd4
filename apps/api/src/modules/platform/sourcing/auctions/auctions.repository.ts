import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuctionState } from '@zabuni/domain';
import type { Executor } from '../../../../infra/database.ts';
import {
  auctionBids,
  auctionParticipants,
  auctions,
  auctionStates,
} from '../../../../schema/auctions.tables.ts';
import { buyerSuppliers, organisations } from '../../../../schema/organisations.tables.ts';

export type AuctionRow = typeof auctions.$inferSelect;
export type AuctionStatus = AuctionRow['status'];
export type StoredBid = typeof auctionBids.$inferSelect;

/** The channel every accepted bid is announced on (payload: `auctionId:seq`, or `auctionId:status` after a status change), in commit order. */
export const AUCTION_CHANNEL = 'auction_bids';

type StateRow = typeof auctionStates.$inferSelect;

export const stateFromRow = (row: StateRow): AuctionState => ({
  standings: row.standings.map((s) => ({ ...s, at: new Date(s.at) })),
  endsAt: row.endsAt,
  extensions: row.extensions,
  roundOrders: row.roundOrders,
  lastSeq: row.lastSeq,
});

/**
 * The only SQL of live auctions. Reads are scoped to the buying organisation, or for the portal to an
 * invited supplier of a published auction. A bid is decided on the state row locked FOR UPDATE, and the new
 * state is written WHERE last_seq is still the one read (zero rows: a conflict, never silence).
 */
export function auctionsRepository(db: Executor) {
  const bidders = sql<number>`(SELECT count(*)::int FROM ${auctionParticipants} p WHERE p.auction_id = ${auctions.id})`;
  const summary = { auction: auctions, state: auctionStates, bidders, buyerName: organisations.name };
  const summaries = () =>
    db
      .select(summary)
      .from(auctions)
      .innerJoin(auctionStates, eq(auctionStates.auctionId, auctions.id))
      .innerJoin(organisations, eq(organisations.id, auctions.organisationId));

  return {
    async insert(values: typeof auctions.$inferInsert, endsAt: Date | null) {
      const [row] = await db.insert(auctions).values(values).returning({ id: auctions.id });
      await db.insert(auctionStates).values({ auctionId: row!.id, endsAt });
      return row!.id;
    },

    async setParticipants(auctionId: number, supplierIds: readonly number[]) {
      await db.delete(auctionParticipants).where(eq(auctionParticipants.auctionId, auctionId));
      if (supplierIds.length === 0) return;
      // Aliases in a random order, so "Bidder 1" says nothing about who was invited first.
      const shuffled = [...supplierIds].sort(() => Math.random() - 0.5);
      await db
        .insert(auctionParticipants)
        .values(shuffled.map((supplierId, i) => ({ auctionId, supplierId, alias: `Bidder ${i + 1}` })));
    },

    async updateWhere(
      organisationId: number,
      id: number,
      from: readonly AuctionStatus[],
      values: Partial<typeof auctions.$inferInsert>,
    ) {
      const rows = await db
        .update(auctions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(
            eq(auctions.organisationId, organisationId),
            eq(auctions.id, id),
            inArray(auctions.status, [...from]),
          ),
        )
        .returning({ id: auctions.id });
      return rows.length > 0;
    },

    async lock(organisationId: number, id: number) {
      const [row] = await db
        .select({ id: auctions.id })
        .from(auctions)
        .where(and(eq(auctions.organisationId, organisationId), eq(auctions.id, id)))
        .for('no key update');
      return row !== undefined;
    },

    async find(organisationId: number, id: number) {
      const [row] = await summaries().where(
        and(eq(auctions.organisationId, organisationId), eq(auctions.id, id)),
      );
      return row ?? null;
    },

    /** Any organisation's auction by id: only for the live hub, which checks who watches before it. */
    async findAny(id: number) {
      const [row] = await summaries().where(eq(auctions.id, id));
      return row ?? null;
    },

    async list(organisationId: number, filter: { status?: AuctionStatus }, offset: number, limit: number) {
      const conditions: SQL[] = [eq(auctions.organisationId, organisationId)];
      if (filter.status) conditions.push(eq(auctions.status, filter.status));
      const where = and(...conditions);
      const [total] = await db.select({ value: count() }).from(auctions).where(where);
      const rows = await summaries()
        .where(where)
        .orderBy(desc(auctions.createdAt), desc(auctions.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    /** The auctions a supplier is invited to, of the buyer it works with now, from publication on. */
    async forSupplier(buyerId: number, supplierId: number) {
      return db
        .select({ ...summary, alias: auctionParticipants.alias })
        .from(auctions)
        .innerJoin(auctionStates, eq(auctionStates.auctionId, auctions.id))
        .innerJoin(organisations, eq(organisations.id, auctions.organisationId))
        .innerJoin(
          auctionParticipants,
          and(eq(auctionParticipants.auctionId, auctions.id), eq(auctionParticipants.supplierId, supplierId)),
        )
        .where(
          and(
            eq(auctions.organisationId, buyerId),
            inArray(auctions.status, ['published', 'award_pending', 'awarded']),
          ),
        )
        .orderBy(desc(auctions.startsAt));
    },

    participants: (auctionId: number) =>
      db
        .select({
          supplierId: auctionParticipants.supplierId,
          alias: auctionParticipants.alias,
          name: organisations.name,
        })
        .from(auctionParticipants)
        .innerJoin(organisations, eq(organisations.id, auctionParticipants.supplierId))
        .where(eq(auctionParticipants.auctionId, auctionId))
        .orderBy(asc(auctionParticipants.alias)),

    async participant(auctionId: number, supplierId: number) {
      const [row] = await db
        .select({ alias: auctionParticipants.alias })
        .from(auctionParticipants)
        .where(
          and(eq(auctionParticipants.auctionId, auctionId), eq(auctionParticipants.supplierId, supplierId)),
        );
      return row ?? null;
    },

    /** Of these ids, the buyer's active suppliers. */
    async activeSuppliers(buyerId: number, ids: readonly number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: buyerSuppliers.supplierId })
        .from(buyerSuppliers)
        .where(
          and(
            eq(buyerSuppliers.buyerId, buyerId),
            eq(buyerSuppliers.status, 'active'),
            inArray(buyerSuppliers.supplierId, [...ids]),
          ),
        );
      return rows.map((r) => r.id);
    },

    /** The state row, locked until the transaction ends: bids are decided one at a time. */
    async lockState(auctionId: number) {
      const [row] = await db
        .select()
        .from(auctionStates)
        .where(eq(auctionStates.auctionId, auctionId))
        .for('update');
      return row ? stateFromRow(row) : null;
    },

    /**
     * Writes the decided bid in ONE statement (a round trip less while the state row is locked): the new
     * state WHERE last_seq is still the one read, the bid, and its announcement (NOTIFY, delivered at commit
     * in commit order). False when the state moved (zero rows): a conflict.
     */
    async commitBid(
      auctionId: number,
      readSeq: number,
      state: AuctionState,
      bid: Omit<typeof auctionBids.$inferInsert, 'auctionId'>,
    ) {
      const standings = JSON.stringify(state.standings.map((s) => ({ ...s, at: s.at.toISOString() })));
      const result = await db.execute<{ seq: number }>(sql`
        WITH saved AS (
          UPDATE ${auctionStates}
          SET standings = ${standings}::jsonb, ends_at = ${state.endsAt}, extensions = ${state.extensions},
              round_orders = ${JSON.stringify(state.roundOrders)}::jsonb, last_seq = ${state.lastSeq}
          WHERE auction_id = ${auctionId} AND last_seq = ${readSeq}
          RETURNING auction_id
        ), bid AS (
          INSERT INTO ${auctionBids} (auction_id, seq, supplier_id, amount, placed_at, placed_by_user_id, extended, ends_at_after)
          SELECT auction_id, ${bid.seq}, ${bid.supplierId}, ${bid.amount}, ${bid.placedAt}, ${bid.placedByUserId ?? null},
                 ${bid.extended ?? false}, ${bid.endsAtAfter ?? null}
          FROM saved
          RETURNING seq
        )
        SELECT seq, pg_notify(${AUCTION_CHANNEL}, ${`${auctionId}:`} || seq) FROM bid`);
      return result.rows.length === 1;
    },

    /** A status change, announced to every process's live views (delivered at commit). */
    async announce(auctionId: number, what: 'status') {
      await db.execute(sql`SELECT pg_notify(${AUCTION_CHANNEL}, ${`${auctionId}:${what}`})`);
    },

    bidsAfter: (auctionId: number, seq: number) =>
      db
        .select()
        .from(auctionBids)
        .where(and(eq(auctionBids.auctionId, auctionId), gt(auctionBids.seq, seq)))
        .orderBy(asc(auctionBids.seq)),

    async withStatus(organisationId: number, status: AuctionStatus) {
      return db
        .select({
          id: auctions.id,
          createdByUserId: auctions.createdByUserId,
          awardRequestedByUserId: auctions.awardRequestedByUserId,
          updatedAt: auctions.updatedAt,
        })
        .from(auctions)
        .where(and(eq(auctions.organisationId, organisationId), eq(auctions.status, status)));
    },
  };
}
