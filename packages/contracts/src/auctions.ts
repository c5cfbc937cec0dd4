import { AUCTION_DIRECTIONS, AUCTION_RULE_SETS, AUCTION_VISIBILITIES } from '@zabuni/domain';
import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { recordId, required } from './fields.ts';
import { paginationQuery } from './pagination.ts';

/**
 * Live eAuctions (issue 21): the buyer's setup form, the bid a supplier places, the buyer's and the bidder's
 * views, the live events (Server-Sent Events, `id` = the bid's sequence number) and the results. Amounts are
 * decimal text in major units on the wire, integer minor units inside; instants ISO 8601 with an offset.
 */

const money = z
  .union([z.string(), z.number()], { error: 'auction.amount' satisfies MessageKey })
  .transform(String);
const instant = z.iso.datetime({ offset: true, error: 'field.datetime' });
const seconds = (min: number, max: number) => z.number().int().min(min).max(max);

export const AUCTION_PHASES = [
  'draft',
  'scheduled',
  'initial_pause',
  'turn',
  'pause',
  'open',
  'ended',
  'award_pending',
  'awarded',
  'cancelled',
] as const;
export type AuctionPhaseName = (typeof AUCTION_PHASES)[number];

export const auctionForm = z.object({
  title: required(200),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'field.required' satisfies MessageKey })
    .default('KES'),
  direction: z.enum(AUCTION_DIRECTIONS).default('reverse'),
  rules: z.enum(AUCTION_RULE_SETS).default('open'),
  visibility: z.enum(AUCTION_VISIBILITIES).default('rank_only'),
  /** What it runs for: an RFQ's or tender's lot, a disposal, or nothing (standalone). */
  source: z.enum(['standalone', 'rfq', 'tender', 'disposal']).default('standalone'),
  source_id: recordId().nullable().default(null),
  lot_reference: z.string().trim().max(100).nullable().default(null),
  starts_at: instant,
  /** Open rules: the scheduled end. */
  ends_at: instant.nullable().default(null),
  rounds: z
    .object({
      first_pause_seconds: seconds(0, 3600).default(300),
      rounds: seconds(1, 10).default(3),
      turn_seconds: seconds(10, 3600).default(120),
      pause_seconds: seconds(0, 3600).default(120),
    })
    .nullable()
    .default(null),
  anti_sniping: z
    .object({
      window_seconds: seconds(0, 3600).default(120),
      extension_seconds: seconds(1, 3600).default(120),
      max_extensions: seconds(0, 100).default(10),
    })
    .nullable()
    .default(null),
  /** `amount`: a step in major units ("500.00"); `percent`: a percentage of the baseline ("1.5"). */
  step_kind: z.enum(['amount', 'percent']).default('percent'),
  step: z.union([z.string(), z.number()]).transform(String),
  reserve_price: money.nullable().default(null),
  reference_value: money.nullable().default(null),
  suppliers: z.array(recordId()).max(500),
});
export type AuctionForm = z.output<typeof auctionForm>;
export type AuctionFormInput = z.input<typeof auctionForm>;

export const auctionsQuery = paginationQuery.extend({
  status: z.enum(['draft', 'published', 'award_pending', 'awarded', 'cancelled']).optional(),
});

export const bidForm = z.object({ amount: money });
export type BidForm = z.output<typeof bidForm>;

const ranked = z.object({
  rank: z.number().int(),
  alias: z.string(),
  /** The bidder's name: null until the auction has ended. */
  name: z.string().nullable(),
  supplier_id: z.number().int().nullable(),
  amount: z.string(),
});

export const auctionSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    status: z.enum(['draft', 'published', 'award_pending', 'awarded', 'cancelled']),
    phase: z.enum(AUCTION_PHASES),
    direction: z.enum(AUCTION_DIRECTIONS),
    rules: z.enum(AUCTION_RULE_SETS),
    currency: z.string(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    bidders: z.number().int(),
    bids: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'AuctionSummary' });

const turn = z
  .object({ round: z.number().int(), alias: z.string(), ends_at: z.string(), order: z.array(z.string()) })
  .nullable();

export const auctionView = auctionSummary
  .extend({
    visibility: z.enum(AUCTION_VISIBILITIES),
    source: z.enum(['standalone', 'rfq', 'tender', 'disposal']),
    source_id: z.number().int().nullable(),
    lot_reference: z.string().nullable(),
    step_kind: z.enum(['amount', 'percent']),
    step: z.string(),
    reserve_price: z.string().nullable(),
    reference_value: z.string().nullable(),
    rounds: z
      .object({
        first_pause_seconds: z.number().int(),
        rounds: z.number().int(),
        turn_seconds: z.number().int(),
        pause_seconds: z.number().int(),
      })
      .nullable(),
    anti_sniping: z
      .object({
        window_seconds: z.number().int(),
        extension_seconds: z.number().int(),
        max_extensions: z.number().int(),
      })
      .nullable(),
    extensions: z.number().int(),
    last_seq: z.number().int(),
    phase_ends_at: z.string().nullable(),
    turn,
    /** Invited bidders: aliases always, names (and ids) only after the end. */
    participants: z.array(
      z.object({ alias: z.string(), name: z.string().nullable(), supplier_id: z.number().int().nullable() }),
    ),
    ranking: z.array(ranked),
    award: z
      .object({ supplier: z.object({ id: z.number().int(), name: z.string() }), amount: z.string() })
      .nullable(),
    awarded_at: z.string().nullable(),
    server_time: z.string(),
  })
  .meta({ id: 'AuctionView' });
export type AuctionView = z.infer<typeof auctionView>;

/** The bidder's own view: its rank and amount, the step it must meet; never another bidder's name. */
export const portalAuctionView = z
  .object({
    id: z.number().int(),
    title: z.string(),
    buyer: z.string(),
    phase: z.enum(AUCTION_PHASES),
    direction: z.enum(AUCTION_DIRECTIONS),
    rules: z.enum(AUCTION_RULE_SETS),
    visibility: z.enum(AUCTION_VISIBILITIES),
    currency: z.string(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    phase_ends_at: z.string().nullable(),
    extensions: z.number().int(),
    alias: z.string(),
    own_amount: z.string().nullable(),
    own_rank: z.number().int().nullable(),
    bidders: z.number().int(),
    /** Shown only with best-price visibility. */
    best_amount: z.string().nullable(),
    /** What the next bid must reach (at most in a reverse auction, at least in a forward one). */
    required: z.string().nullable(),
    step_kind: z.enum(['amount', 'percent']),
    step: z.string(),
    my_turn: z.boolean(),
    turn: turn,
    last_seq: z.number().int(),
    server_time: z.string(),
  })
  .meta({ id: 'PortalAuctionView' });
export type PortalAuctionView = z.infer<typeof portalAuctionView>;

export const bidReceipt = z.object({
  seq: z.number().int(),
  amount: z.string(),
  placed_at: z.string(),
  rank: z.number().int().nullable(),
  ends_at: z.string().nullable(),
  extended: z.boolean(),
});
export type BidReceipt = z.infer<typeof bidReceipt>;

export const auctionBidRow = z.object({
  seq: z.number().int(),
  alias: z.string(),
  name: z.string().nullable(),
  amount: z.string(),
  placed_at: z.string(),
  extended: z.boolean(),
});

export const auctionResults = z
  .object({
    id: z.number().int(),
    currency: z.string(),
    ended_at: z.string(),
    ranking: z.array(ranked),
    bids: z.array(auctionBidRow),
    reserve_met: z.boolean(),
  })
  .meta({ id: 'AuctionResults' });
export type AuctionResults = z.infer<typeof auctionResults>;

/**
 * One live event (`event: bid`, `id:` the sequence number; `event: state` on connect, without id). The
 * buyer's events carry the ranking by alias; a bidder's carry its own rank.
 */
export const auctionLiveEvent = z.object({
  seq: z.number().int(),
  at: z.string(),
  ends_at: z.string().nullable(),
  extended: z.boolean(),
  extensions: z.number().int(),
  bidders: z.number().int(),
  /** Buyer: who bid (alias) and how much; ranking by alias. */
  alias: z.string().optional(),
  amount: z.string().optional(),
  ranking: z.array(z.object({ rank: z.number().int(), alias: z.string(), amount: z.string() })).optional(),
  /** Bidder: its own standing. */
  own_rank: z.number().int().nullable().optional(),
  own_amount: z.string().nullable().optional(),
  best_amount: z.string().nullable().optional(),
  required: z.string().nullable().optional(),
});
export type AuctionLiveEvent = z.infer<typeof auctionLiveEvent>;

export const auctionAwardBody = z.object({ note: z.string().trim().max(2000).default('') });
