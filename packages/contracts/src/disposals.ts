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

/** Listing: a public auction needs its window and invited bidders; a trade-in its supplier and value. */
export const disposalListingForm = z.object({
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
    photos: z.number().int(),
  })
  .meta({ id: 'PublicDisposal' });
