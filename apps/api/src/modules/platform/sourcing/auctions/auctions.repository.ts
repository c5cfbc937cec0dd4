import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { AuctionState } from '@zabuni/domain';
import type { Executor } from '../../../../infra/database.ts';
import {
  auctionBids,
  auctionParticipants,
  auctions,
  auctionStates,
} from '../../../../schema/auctions.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../../../../schema/organisations.tables.ts';

export type AuctionRow = typeof auctions.$inferSelect;
export type AuctionStatus = AuctionRow['status'];
export type StoredBid = typeof auctionBids.$inferSelect;
/** What the live views need of a bid (a stored one, or one read from its announcement). */
export type LiveBid = Pick<
  StoredBid,
  'seq' | 'supplierId' | 'amount' | 'placedAt' | 'extended' | 'endsAtAfter'
>;
/** A decided bid, to be written. */
export type NewBid = LiveBid & { placedByUserId: number };

/**
 * The channel every accepted bid is announced on, one notification per bid in seq order, delivered at commit
 * in commit order. The payload is the bid itself, compact, so that the live views need no read of the table:
 * `auctionId:seq:supplierId:amount:placedAtMs:extended(0|1):endsAtAfterMs` (the last empty when null); or
 * `auctionId:status` after a status change.
 */
export const AUCTION_CHANNEL = 'auction_bids';

export const bidAnnouncement = (auctionId: number, bid: LiveBid) =>
  `${auctionId}:${bid.seq}:${bid.supplierId}:${bid.amount}:${bid.placedAt.getTime()}:${bid.extended ? 1 : 0}:${bid.endsAtAfter?.getTime() ?? ''}`;

/** The bid of an announcement (the parts after the auction id), or null when it is not one. */
export function bidOfAnnouncement(parts: readonly string[]): LiveBid | null {
  if (parts.length !== 7) return null;
  const [, seq, supplierId, amount, placedAt, extended, endsAtAfter] = parts;
  return {
    seq: Number(seq),
    supplierId: Number(supplierId),
    amount: Number(amount),
    placedAt: new Date(Number(placedAt)),
    extended: extended === '1',
    endsAtAfter: endsAtAfter ? new Date(Number(endsAtAfter)) : null,
  };
}

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

    /** The staff of each invited supplier (who hear of the auction and of its outcome by mail). */
    async participantUsers(auctionId: number) {
      const rows = await db
        .selectDistinct({ supplierId: auctionParticipants.supplierId, userId: memberships.userId })
        .from(auctionParticipants)
        .innerJoin(memberships, eq(memberships.organisationId, auctionParticipants.supplierId))
        .where(
          and(
            eq(auctionParticipants.auctionId, auctionId),
            inArray(memberships.role, ['supplier_admin', 'supplier_user']),
          ),
        );
      const bySupplier = new Map<number, number[]>();
      for (const row of rows)
        bySupplier.set(row.supplierId, [...(bySupplier.get(row.supplierId) ?? []), row.userId]);
      return bySupplier;
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

    /** What a bid needs before its turn: the auction and the bidder's alias, if it is invited (no state). */
    async bidTarget(buyerId: number, auctionId: number, supplierId: number) {
      const [row] = await db
        .select({ auction: auctions, alias: auctionParticipants.alias })
        .from(auctions)
        .innerJoin(
          auctionParticipants,
          and(eq(auctionParticipants.auctionId, auctions.id), eq(auctionParticipants.supplierId, supplierId)),
        )
        .where(and(eq(auctions.organisationId, buyerId), eq(auctions.id, auctionId)));
      return row ?? null;
    },

    /** The state row locked until the transaction ends, with the auction's status as committed now. */
    async lockStateWithStatus(auctionId: number) {
      const [row] = await db
        .select({ state: auctionStates, status: auctions.status })
        .from(auctionStates)
        .innerJoin(auctions, eq(auctions.id, auctionStates.auctionId))
        .where(eq(auctionStates.auctionId, auctionId))
        .for('update', { of: auctionStates });
      return row ? { state: stateFromRow(row.state), status: row.status } : null;
    },

    /**
     * Writes a batch of decided bids in ONE statement: the state after the last WHERE last_seq is still the
     * one read, the bids, and one announcement per bid in seq order (NOTIFY, delivered at commit). False
     * when the state moved (zero rows): a conflict.
     */
    async commitBids(auctionId: number, readSeq: number, state: AuctionState, bids: readonly NewBid[]) {
      const standings = JSON.stringify(state.standings.map((s) => ({ ...s, at: s.at.toISOString() })));
      const array = (values: unknown[]) => `{${values.join(',')}}`;
      const result = await db.execute(sql`
        WITH saved AS (
          UPDATE ${auctionStates}
          SET standings = ${standings}::jsonb, ends_at = ${state.endsAt}, extensions = ${state.extensions},
              round_orders = ${JSON.stringify(state.roundOrders)}::jsonb, last_seq = ${state.lastSeq}
          WHERE auction_id = ${auctionId} AND last_seq = ${readSeq}
          RETURNING auction_id
        ), bid AS (
          INSERT INTO ${auctionBids} (auction_id, seq, supplier_id, amount, placed_at, placed_by_user_id, extended, ends_at_after)
          SELECT saved.auction_id, b.seq, b.supplier_id, b.amount, b.placed_at, b.placed_by, b.extended, b.ends_at_after
          FROM saved CROSS JOIN unnest(
            ${array(bids.map((b) => b.seq))}::int[], ${array(bids.map((b) => b.supplierId))}::int[],
            ${array(bids.map((b) => b.amount))}::bigint[],
            ${array(bids.map((b) => `"${b.placedAt.toISOString()}"`))}::timestamptz[],
            ${array(bids.map((b) => b.placedByUserId))}::int[], ${array(bids.map((b) => b.extended))}::boolean[],
            ${array(bids.map((b) => (b.endsAtAfter ? `"${b.endsAtAfter.toISOString()}"` : 'NULL')))}::timestamptz[]
          ) AS b(seq, supplier_id, amount, placed_at, placed_by, extended, ends_at_after)
          RETURNING seq
        )
        SELECT pg_notify(${AUCTION_CHANNEL}, u.payload)
        FROM (SELECT count(*) AS n FROM bid) inserted
        CROSS JOIN unnest(${array(bids.map((b) => bidAnnouncement(auctionId, b)))}::text[]) WITH ORDINALITY AS u(payload, i)
        WHERE inserted.n = ${bids.length}
        ORDER BY u.i`);
      return result.rows.length === bids.length;
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
