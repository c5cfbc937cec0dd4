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

export const DISPOSAL_STATUSES = [
  'registered',
  'method_pending',
  'method_approved',
  'listed',
  'sold',
  'disposed',
  'withdrawn',
] as const;
export const DISPOSAL_METHODS = ['public_tender', 'public_auction', 'trade_in'] as const;
export const DISPOSAL_GROUNDS = ['unserviceable', 'surplus', 'obsolete', 'obsolescent'] as const;
export const ASSET_CONDITIONS = ['new', 'good', 'fair', 'poor', 'unserviceable'] as const;

export const disposalStatus = pgEnum('disposal_status', DISPOSAL_STATUSES);
export const disposalMethod = pgEnum('disposal_method', DISPOSAL_METHODS);

/**
 * An asset register entry to be disposed of (issue 21; PPADA s.163–166): why (grounds), what it is worth
 * (book value, and the reserve price a technical report sets), and how it goes — public tender (sealed
 * highest bids, on the RFQ's sealing), public auction (a forward eAuction) or trade-in — the method approved
 * by another member of staff before it is listed publicly. Disposed with the proceeds recorded.
 */
export const disposalAssets = pgTable(
  'disposal_assets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** Random, unguessable: the public listing's address. */
    publicCode: text('public_code').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    condition: text('condition').$type<(typeof ASSET_CONDITIONS)[number]>().notNull(),
    grounds: text('grounds').$type<(typeof DISPOSAL_GROUNDS)[number]>().notNull(),
    location: text('location').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    bookValue: bigint('book_value', { mode: 'number' }).notNull(),
    reservePrice: bigint('reserve_price', { mode: 'number' }).notNull(),
    /** Photos stored as uploads are: { key, fileName, contentType, size }. */
    photos: jsonb('photos')
      .$type<Array<{ key: string; fileName: string; contentType: string; size: number }>>()
      .notNull()
      .default([]),
    status: disposalStatus('status').notNull().default('registered'),
    method: disposalMethod('method'),
    methodJustification: text('method_justification'),
    methodRequestedByUserId: integer('method_requested_by_user_id').references(() => users.id),
    methodApprovedByUserId: integer('method_approved_by_user_id').references(() => users.id),
    methodApprovedAt: timestamp('method_approved_at', { withTimezone: true }),
    /** The forward auction (public_auction) or the sealed request (public_tender) it is sold through. */
    auctionId: integer('auction_id'),
    rfqId: integer('rfq_id'),
    listedAt: timestamp('listed_at', { withTimezone: true }),
    closingAt: timestamp('closing_at', { withTimezone: true }),
    /**
     * Public tender: the X25519 public key offers are sealed to (its private key split among the opening
     * committee, k = quorum, and forgotten), the quorum, and when the quorum opened the offers.
     */
    tenderPublicKey: text('tender_public_key'),
    quorum: integer('quorum'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
    /** Public tender: the award proposed by procurement and waiting for its approval ('pending'). */
    awardStatus: text('award_status').$type<'pending'>(),
    awardRequestedByUserId: integer('award_requested_by_user_id').references(() => users.id),
    /** Who bought it (or took it in trade), for how much, and how it is settled. */
    buyerSupplierId: integer('buyer_supplier_id').references(() => organisations.id),
    buyerName: text('buyer_name'),
    saleAmount: bigint('sale_amount', { mode: 'number' }),
    settlement: text('settlement').$type<'paid' | 'invoiced'>(),
    settlementReference: text('settlement_reference'),
    proceeds: bigint('proceeds', { mode: 'number' }),
    disposedAt: timestamp('disposed_at', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('disposal_assets_organisation_created_idx').on(t.organisationId, t.createdAt),
    index('disposal_assets_listed_idx').on(t.status, t.listedAt),
  ],
);

/** A public tender's opening committee: each member's sealed key share, released (held) when they confirm. */
export const disposalCommittee = pgTable(
  'disposal_committee',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => disposalAssets.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The member's share, sealed to their personal opening key. */
    share: text('share').notNull(),
    /** The released share, under the server's opening box until the quorum opens the offers. */
    held: text('held'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.userId] })],
);

/**
 * A sealed offer for an asset sold by public tender: one per supplier (a new one replaces it until closing),
 * the envelope and its SHA-256 (the receipt); the amount is known only once the committee opens the offers.
 */
export const disposalOffers = pgTable(
  'disposal_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => disposalAssets.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    envelope: text('envelope').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    receiptCode: text('receipt_code').notNull(),
    version: integer('version').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    rank: integer('rank'),
    belowReserve: boolean('below_reserve'),
  },
  (t) => [uniqueIndex('disposal_offers_asset_supplier_idx').on(t.assetId, t.supplierId)],
);
