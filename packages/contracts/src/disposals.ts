import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { recordId, required } from './fields.ts';
import { paginationQuery } from './pagination.ts';

/**
 * Asset disposal (issue 21; PPADA s.163–166): the asset register entry, the disposal method asked for and
 * approved by another member of staff, the listing, the sale (paid or invoiced) and the proceeds. Amounts are
 * decimal text in major units on the wire.
 */

const money = z
  .union([z.string(), z.number()], { error: 'disposal.amount' satisfies MessageKey })
  .transform(String);
const instant = z.iso.datetime({ offset: true, error: 'field.datetime' });

export const ASSET_CONDITIONS = ['new', 'good', 'fair', 'poor', 'unserviceable'] as const;
export const DISPOSAL_GROUNDS = ['unserviceable', 'surplus', 'obsolete', 'obsolescent'] as const;
export const DISPOSAL_METHODS = ['public_tender', 'public_auction', 'trade_in'] as const;
export const DISPOSAL_STATUSES = [
  'registered',
  'method_pending',
  'method_approved',
  'listed',
  'sold',
  'disposed',
  'withdrawn',
] as const;

export const assetForm = z.object({
  title: required(200),
  description: required(5000),
  condition: z.enum(ASSET_CONDITIONS),
  grounds: z.enum(DISPOSAL_GROUNDS),
  location: required(300),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .default('KES'),
  book_value: money,
  /** Set by the technical report (PPADA s.164(3)). */
  reserve_price: money,
});
export type AssetForm = z.output<typeof assetForm>;

export const disposalMethodForm = z.object({
  method: z.enum(DISPOSAL_METHODS),
  justification: required(2000),
});
export type DisposalMethodForm = z.output<typeof disposalMethodForm>;

/**
 * Listing: a public auction needs its window and invited bidders; a public tender its closing time and
 * opening committee (with the quorum that opens the sealed offers); a trade-in its supplier and value.
 */
export const disposalListingForm = z.object({
  closing_at: instant.nullable().default(null),
  committee: z.array(recordId()).max(20).default([]),
  quorum: z.number().int().min(1).max(20).nullable().default(null),
  starts_at: instant.nullable().default(null),
  ends_at: instant.nullable().default(null),
  suppliers: z.array(recordId()).max(500).default([]),
  trade_in_supplier_id: recordId().nullable().default(null),
  trade_in_value: money.nullable().default(null),
});
export type DisposalListingForm = z.output<typeof disposalListingForm>;

export const disposalSaleForm = z.object({
  settlement: z.enum(['paid', 'invoiced']),
  reference: required(100),
});
export type DisposalSaleForm = z.output<typeof disposalSaleForm>;

/** A sealed offer (public tender): the amount, sealed on the server to the tender's key at once. */
export const disposalOfferForm = z.object({ amount: money });
export type DisposalOfferForm = z.output<typeof disposalOfferForm>;

export const disposalOpeningForm = z.object({ passphrase: z.string().min(1).max(500) });

/** What a bidder keeps: the receipt code and the SHA-256 of their sealed envelope. */
export const disposalOfferReceipt = z
  .object({
    receipt_code: z.string(),
    sha256: z.string(),
    version: z.number().int(),
    submitted_at: z.string(),
  })
  .meta({ id: 'DisposalOfferReceipt' });

export const disposalTender = z.object({
  closing_at: z.string().nullable(),
  quorum: z.number().int(),
  committee: z.array(
    z.object({ user_id: z.number().int(), name: z.string(), confirmed_at: z.string().nullable() }),
  ),
  offers_received: z.number().int(),
  opened_at: z.string().nullable(),
  awarded_at: z.string().nullable(),
  /** The award proposed by procurement and waiting for its approval (the engine, or an approver). */
  award_pending: z.boolean(),
  /** Amounts, ranks and names once opened; before that, only receipts (hash, time). */
  offers: z.array(
    z.object({
      supplier: z.object({ id: z.number().int(), name: z.string() }),
      submitted_at: z.string(),
      sha256: z.string(),
      amount: z.string().nullable(),
      rank: z.number().int().nullable(),
      below_reserve: z.boolean().nullable(),
    }),
  ),
});

export const disposalDecisionBody = z.object({ comment: z.string().trim().max(2000).default('') });

export const disposalsQuery = paginationQuery.extend({ status: z.enum(DISPOSAL_STATUSES).optional() });

export const disposalView = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    condition: z.enum(ASSET_CONDITIONS),
    grounds: z.enum(DISPOSAL_GROUNDS),
    location: z.string(),
    currency: z.string(),
    book_value: z.string(),
    reserve_price: z.string(),
    status: z.enum(DISPOSAL_STATUSES),
    method: z.enum(DISPOSAL_METHODS).nullable(),
    method_justification: z.string().nullable(),
    method_approved_at: z.string().nullable(),
    photos: z.array(z.object({ index: z.number().int(), file_name: z.string(), size: z.number().int() })),
    auction_id: z.number().int().nullable(),
    tender: disposalTender.nullable(),
    public_code: z.string(),
    listed_at: z.string().nullable(),
    buyer: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
    sale_amount: z.string().nullable(),
    settlement: z.enum(['paid', 'invoiced']).nullable(),
    settlement_reference: z.string().nullable(),
    proceeds: z.string().nullable(),
    disposed_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'DisposalView' });
export type DisposalView = z.infer<typeof disposalView>;

/** What the public sees of a listed asset: no book value, no buyer until sold. */
export const publicDisposal = z
  .object({
    code: z.string(),
    seller: z.string(),
    title: z.string(),
    description: z.string(),
    condition: z.enum(ASSET_CONDITIONS),
    location: z.string(),
    currency: z.string(),
    reserve_price: z.string(),
    method: z.enum(DISPOSAL_METHODS),
    status: z.enum(DISPOSAL_STATUSES),
    listed_at: z.string().nullable(),
    auction: z.object({ starts_at: z.string(), ends_at: z.string().nullable() }).nullable(),
    /** When offers close (public tender) or the auction ends. */
    closing_at: z.string().nullable(),
    photos: z.number().int(),
  })
  .meta({ id: 'PublicDisposal' });
export type PublicDisposal = z.infer<typeof publicDisposal>;

export const publicDisposalsQuery = paginationQuery;

/** An asset offered by public tender, as a bidder sees it in the portal, with their receipt. */
export const portalDisposal = publicDisposal
  .extend({ id: z.number().int(), my_offer: disposalOfferReceipt.nullable(), won: z.boolean() })
  .meta({ id: 'PortalDisposal' });
export type PortalDisposal = z.infer<typeof portalDisposal>;
