import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { paymentState } from './tenders.tables.ts';

export const paymentProvider = pgEnum('payment_provider', ['mpesa', 'dpo']);
export const attemptStatus = pgEnum('payment_attempt_status', [
  'initiated',
  'pending',
  'paid',
  'failed',
  'cancelled',
  'flagged',
]);

/**
 * Everything the site sells is paid through an order: an amount in minor units, an unguessable code for
 * links, a short reference the customer sees on the phone prompt, and the payment state.
 */
export const orders = pgTable('orders', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  reference: text('reference').notNull().unique(),
  /** What is sold (`tender_publishing`, `alert_subscription`, …) and the row it pays for. */
  product: text('product').notNull(),
  subjectId: integer('subject_id'),
  description: text('description').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  paymentState: paymentState('payment_state').notNull().default('pending'),
  customerEmail: text('customer_email'),
  customerName: text('customer_name'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** Set by the same UPDATE that marks the order paid, in the fulfilment's transaction: exactly once. */
  fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One try at paying an order, with the provider's ids and outcome. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: paymentProvider('provider').notNull(),
    status: attemptStatus('status').notNull().default('initiated'),
    /** Normalised 2547XXXXXXXX (M-Pesa). */
    phone: text('phone'),
    /** What was asked of the provider, in the unit it takes (whole shillings for M-Pesa). */
    requestedAmount: text('requested_amount').notNull(),
    merchantRequestId: text('merchant_request_id'),
    checkoutRequestId: text('checkout_request_id').unique(),
    transToken: text('trans_token').unique(),
    transRef: text('trans_ref'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    receipt: text('receipt'),
    /** Why a success was not believed (amount or phone differs, …): a person looks at it. */
    flaggedReason: text('flagged_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** When the reconciliation job next asks the provider about it. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_attempts_order_idx').on(t.orderId, t.createdAt),
    index('payment_attempts_unresolved_idx')
      .on(t.nextCheckAt)
      .where(sql`resolved_at IS NULL`),
  ],
);

/** Every message exchanged with a provider, stored before anything acts on it. */
export const paymentMessages = pgTable(
  'payment_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: paymentProvider('provider').notNull(),
    /** `stk_push`, `stk_callback`, `stk_query`, `create_token`, `verify_token`, `redirect`, … */
    kind: text('kind').notNull(),
    attemptId: integer('attempt_id').references(() => paymentAttempts.id),
    body: jsonb('body').notNull(),
    /** Null until the message has been acted on; a restart picks up what a crash left unprocessed. */
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * STK callbacks only: md5 of the body as stored, unique, so an identical copy (Daraja's retries and
     * duplicates) is acknowledged without being stored or applied again (INSERT … ON CONFLICT DO NOTHING).
     * Null for every other message and for callbacks stored before migration 0023.
     */
    bodyDigest: text('body_digest'),
  },
  (t) => [
    index('payment_messages_unprocessed_idx')
      .on(t.createdAt)
      .where(sql`processed_at IS NULL`),
    uniqueIndex('payment_messages_body_digest_key').on(t.bodyDigest),
    // What the callback processor takes, oldest first (the index above also holds every push and query,
    // which are never marked processed).
    index('payment_messages_stk_callback_queue_idx')
      .on(t.id)
      .where(sql`kind = 'stk_callback' AND processed_at IS NULL`),
  ],
);

/**
 * What the site sells and for how much, in minor units (KES 2,500.00 = 250000). The operator changes a
 * price here; seeding only adds missing products and never overwrites a price.
 */
export const prices = pgTable('prices', {
  product: text('product').primaryKey(),
  currency: char('currency', { length: 3 }).notNull(),
  amountMinor: integer('amount_minor').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
