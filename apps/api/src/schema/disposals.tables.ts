import { bigint, char, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
