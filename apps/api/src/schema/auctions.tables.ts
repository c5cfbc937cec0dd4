import { AUCTION_DIRECTIONS, AUCTION_RULE_SETS, AUCTION_VISIBILITIES } from '@zabuni/domain';
import {
  bigint,
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './authentication.tables.ts';
import { organisations } from './organisations.tables.ts';

export const AUCTION_STATUSES = ['draft', 'published', 'award_pending', 'awarded', 'cancelled'] as const;
export const AUCTION_SOURCES = ['standalone', 'rfq', 'tender', 'disposal'] as const;

export const auctionStatus = pgEnum('auction_status', AUCTION_STATUSES);
export const auctionDirection = pgEnum('auction_direction', AUCTION_DIRECTIONS);
export const auctionRuleSet = pgEnum('auction_rule_set', AUCTION_RULE_SETS);
export const auctionVisibility = pgEnum('auction_visibility', AUCTION_VISIBILITIES);
export const auctionSource = pgEnum('auction_source', AUCTION_SOURCES);

/**
 * A live eAuction (issue 21): reverse (the buyer buys, lowest wins) or forward (an asset is sold, highest
 * wins), on an RFQ's or a tender's lot, for an asset disposal, or standalone with invited suppliers. Whether
 * it is running or ended is not stored: it follows from the server's clock and its state (`auctionPhase`).
 */
export const auctions = pgTable(
  'auctions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    title: text('title').notNull(),
    status: auctionStatus('status').notNull().default('draft'),
    direction: auctionDirection('direction').notNull(),
    rules: auctionRuleSet('rules').notNull(),
    visibility: auctionVisibility('visibility').notNull().default('rank_only'),
    currency: char('currency', { length: 3 }).notNull(),
    source: auctionSource('source').notNull().default('standalone'),
    /** The RFQ, tender or disposal it runs for (by `source`), with the lot's reference when there are lots. */
    sourceId: integer('source_id'),
    lotReference: text('lot_reference'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Open rules: the scheduled end before anti-sniping extensions. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Rounds rules: { firstPauseSeconds, rounds, turnSeconds, pauseSeconds }. */
    roundsTiming: jsonb('rounds_timing').$type<{
      firstPauseSeconds: number;
      rounds: number;
      turnSeconds: number;
      pauseSeconds: number;
    }>(),
    /** Open rules: { windowSeconds, extensionSeconds, maxExtensions }. */
    antiSniping: jsonb('anti_sniping').$type<{
      windowSeconds: number;
      extensionSeconds: number;
      maxExtensions: number;
    }>(),
    /** The minimum step: an amount in minor units, or basis points of the baseline. */
    stepKind: text('step_kind').$type<'amount' | 'percent'>().notNull(),
    stepValue: bigint('step_value', { mode: 'number' }).notNull(),
    reservePrice: bigint('reserve_price', { mode: 'number' }),
    referenceValue: bigint('reference_value', { mode: 'number' }),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The proposed winner (the ranking's first), waiting for or past approval. */
    awardSupplierId: integer('award_supplier_id').references(() => organisations.id),
    awardAmount: bigint('award_amount', { mode: 'number' }),
    awardRequestedByUserId: integer('award_requested_by_user_id').references(() => users.id),
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auctions_organisation_created_idx').on(t.organisationId, t.createdAt),
    index('auctions_source_idx').on(t.source, t.sourceId),
  ],
);

/**
 * The auction's live state, one row per auction: the row every bid locks (SELECT … FOR UPDATE), so bids are
 * decided one at a time in the server's order. Standings are each bidder's current bid; `lastSeq` numbers
 * the accepted bids 1, 2, 3… (the live view's event id).
 */
export const auctionStates = pgTable('auction_states', {
  auctionId: integer('auction_id')
    .primaryKey()
    .references(() => auctions.id, { onDelete: 'cascade' }),
  standings: jsonb('standings')
    .$type<Array<{ bidderId: string; amount: number; seq: number; at: string }>>()
    .notNull()
    .default([]),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  extensions: integer('extensions').notNull().default(0),
  roundOrders: jsonb('round_orders').$type<string[][]>().notNull().default([]),
  lastSeq: integer('last_seq').notNull().default(0),
});

/** Invited bidders; `alias` ("Bidder 3") is what everyone sees until the end. */
export const auctionParticipants = pgTable(
  'auction_participants',
  {
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    alias: text('alias').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.auctionId, t.supplierId] }),
    index('auction_participants_supplier_idx').on(t.supplierId),
  ],
);

/** Every accepted bid, in the server's order (`seq`): the full history and the replay source after a reconnect. */
export const auctionBids = pgTable(
  'auction_bids',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The server's clock when the bid was decided. */
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    placedByUserId: integer('placed_by_user_id').references(() => users.id),
    /** Whether this bid moved the end (anti-sniping), and the end after it. */
    extended: boolean('extended').notNull().default(false),
    endsAtAfter: timestamp('ends_at_after', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auction_bids_auction_seq_idx').on(t.auctionId, t.seq)],
);
