import { and, desc, eq, getTableColumns, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { orders, paymentAttempts, paymentMessages, prices } from '../../../schema/payments.tables.ts';

export type OrderRow = typeof orders.$inferSelect;
export type AttemptRow = typeof paymentAttempts.$inferSelect;
export type ProviderName = AttemptRow['provider'];

export interface NewOrder {
  code: string;
  reference: string;
  product: string;
  subjectId: number | null;
  description: string;
  amountMinor: number;
  currency: string;
  customerEmail: string | null;
  customerName: string | null;
}

/** What a provider answered about an attempt: stored on the attempt when it is resolved. */
export interface AttemptResult {
  resultCode: string;
  resultDesc: string;
  receipt: string | null;
}

/** What `applyStkResult` did, for the service to finish (or to leave to the general path). */
export interface AppliedStkResult {
  /** The stored message was unprocessed and is now marked processed (false: someone else applied it). */
  marked: boolean;
  /** The attempt of the CheckoutRequestID as it was before this statement, or null when there is none. */
  attempt: { id: number; status: AttemptRow['status']; resolvedAt: Date | null } | null;
  /** This statement resolved the attempt. */
  claimed: boolean;
  /** The order this statement changed: paid and fulfilled (success), or failed (a failure of its newest attempt). */
  order: OrderRow | null;
}

const ORDER_COLUMNS = Object.entries(getTableColumns(orders)).map(
  ([key, column]) => [key, column.name] as const,
);
const TIMESTAMP_KEYS = new Set(['paidAt', 'fulfilledAt', 'createdAt', 'updatedAt']);
const asDate = (value: unknown) =>
  value === null || value instanceof Date ? value : new Date(String(value));

/*
 * Rows are locked FOR NO KEY UPDATE, never FOR UPDATE: storing a provider message (or an attempt) takes a
 * KEY SHARE lock on the row it references, which FOR UPDATE waits for. Two concurrent verifications of one
 * card token (the browser's return and DPO's push) deadlocked that way; NO KEY UPDATE still serialises them.
 */

/**
 * The only SQL of the payments tables (orders, attempts, provider messages, the price list). Takes a
 * transaction or the pool: the service decides where each transaction begins and ends.
 */
export function paymentsRepository(db: Executor) {
  /** The newest attempt at paying an order (ties broken by id). */
  const newestFirst = [desc(paymentAttempts.createdAt), desc(paymentAttempts.id)] as const;

  return {
    // ---- price list ----

    /** What a product costs now; null when it is not on sale. */
    async price(product: string) {
      const [row] = await db
        .select({ currency: prices.currency, amountMinor: prices.amountMinor })
        .from(prices)
        .where(eq(prices.product, product));
      return row ?? null;
    },

    // ---- orders ----

    async insertOrder(values: NewOrder): Promise<number> {
      const [row] = await db.insert(orders).values(values).returning({ id: orders.id });
      return row!.id;
    },

    async findOrderByCode(code: string): Promise<OrderRow | null> {
      const [order] = await db.select().from(orders).where(eq(orders.code, code));
      return order ?? null;
    },

    async findOrderById(id: number): Promise<OrderRow | null> {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      return order ?? null;
    },

    /** The order, locked FOR NO KEY UPDATE until the transaction ends. */
    async lockOrderByCode(code: string): Promise<OrderRow | null> {
      const [order] = await db.select().from(orders).where(eq(orders.code, code)).for('no key update');
      return order ?? null;
    },

    /** The order, locked FOR NO KEY UPDATE until the transaction ends. */
    async lockOrderById(id: number): Promise<OrderRow | null> {
      const [order] = await db.select().from(orders).where(eq(orders.id, id)).for('no key update');
      return order ?? null;
    },

    /** Marks a not-yet-paid order paid without fulfilling it (it was fulfilled before it was paid). */
    async markPaidAlreadyFulfilled(orderId: number, now: Date) {
      await db
        .update(orders)
        .set({ paymentState: 'paid', paidAt: now, updatedAt: now })
        .where(and(eq(orders.id, orderId), ne(orders.paymentState, 'paid')));
    },

    /**
     * ONE guarded UPDATE moves an unpaid, unfulfilled order to paid AND fulfilled. Returns the order when
     * this statement changed it, null when it was already paid or fulfilled (nothing more to do).
     */
    async markPaidAndFulfilled(orderId: number, now: Date): Promise<OrderRow | null> {
      const [paid] = await db
        .update(orders)
        .set({ paymentState: 'paid', paidAt: now, fulfilledAt: now, updatedAt: now })
        .where(and(eq(orders.id, orderId), ne(orders.paymentState, 'paid'), isNull(orders.fulfilledAt)))
        .returning();
      return paid ?? null;
    },

    /** Sets processing / failed on an order that was never paid; returns it when it changed. */
    async setUnpaidOrderState(
      orderId: number,
      state: 'processing' | 'failed',
      now: Date,
    ): Promise<OrderRow | null> {
      const [order] = await db
        .update(orders)
        .set({ paymentState: state, updatedAt: now })
        .where(and(eq(orders.id, orderId), isNull(orders.paidAt)))
        .returning();
      return order ?? null;
    },

    // ---- attempts ----

    async insertAttempt(values: {
      orderId: number;
      provider: ProviderName;
      phone?: string;
      requestedAmount: string;
      createdAt: Date;
    }): Promise<number> {
      const [attempt] = await db.insert(paymentAttempts).values(values).returning({ id: paymentAttempts.id });
      return attempt!.id;
    },

    async latestAttempt(orderId: number): Promise<AttemptRow | null> {
      const [latest] = await db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, orderId))
        .orderBy(...newestFirst)
        .limit(1);
      return latest ?? null;
    },

    async latestAttemptId(orderId: number): Promise<number | null> {
      const [latest] = await db
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, orderId))
        .orderBy(...newestFirst)
        .limit(1);
      return latest?.id ?? null;
    },

    /** How the newest attempt went: what the order's answer tells about a failure. */
    async latestAttemptOutcome(orderId: number) {
      const [latest] = await db
        .select({
          provider: paymentAttempts.provider,
          status: paymentAttempts.status,
          resultCode: paymentAttempts.resultCode,
          receipt: paymentAttempts.receipt,
        })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, orderId))
        .orderBy(...newestFirst)
        .limit(1);
      return latest ?? null;
    },

    /** The provider's receipt of the attempt that paid the order. */
    async paidAttemptReceipt(orderId: number): Promise<{ receipt: string | null } | null> {
      const [paidBy] = await db
        .select({ receipt: paymentAttempts.receipt })
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'paid')))
        .limit(1);
      return paidBy ?? null;
    },

    async findAttemptByTransToken(transToken: string): Promise<AttemptRow | null> {
      const [attempt] = await db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.transToken, transToken));
      return attempt ?? null;
    },

    /** The attempt, locked FOR NO KEY UPDATE until the transaction ends. */
    async lockAttempt(id: number): Promise<AttemptRow | null> {
      const [attempt] = await db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.id, id))
        .for('no key update');
      return attempt ?? null;
    },

    /** The attempt Daraja gave this CheckoutRequestID, locked FOR NO KEY UPDATE. */
    async lockAttemptByCheckoutRequestId(checkoutRequestId: string): Promise<AttemptRow | null> {
      const [attempt] = await db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.checkoutRequestId, checkoutRequestId))
        .for('no key update');
      return attempt ?? null;
    },

    /** The order's card attempts still open at DPO (they hold a token that could still be paid). */
    async openCardAttempts(orderId: number): Promise<AttemptRow[]> {
      return db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.orderId, orderId),
            eq(paymentAttempts.provider, 'dpo'),
            isNull(paymentAttempts.resolvedAt),
            isNotNull(paymentAttempts.transToken),
          ),
        );
    },

    /** The provider accepted the request: the attempt waits for its answer, first checked at `nextCheckAt`. */
    async markAttemptPending(
      id: number,
      ids:
        | { merchantRequestId: string; checkoutRequestId: string; nextCheckAt: Date }
        | { transToken: string; transRef: string; nextCheckAt: Date },
    ) {
      await db
        .update(paymentAttempts)
        .set({ status: 'pending', ...ids })
        .where(eq(paymentAttempts.id, id));
    },

    /** The provider refused to start the payment. */
    async markAttemptRefused(
      id: number,
      refusal: { resultCode: string | null; resultDesc: string | null },
      now: Date,
    ) {
      await db
        .update(paymentAttempts)
        .set({ status: 'failed', ...refusal, resolvedAt: now })
        .where(eq(paymentAttempts.id, id));
    },

    /** Ends an attempt paid or failed with the provider's answer. */
    async resolveAttempt(id: number, status: 'paid' | 'failed', result: AttemptResult, now: Date) {
      await db
        .update(paymentAttempts)
        .set({
          status,
          resultCode: result.resultCode,
          resultDesc: result.resultDesc,
          receipt: result.receipt,
          resolvedAt: now,
        })
        .where(eq(paymentAttempts.id, id));
    },

    /**
     * Money arrived that is not applied: the attempt becomes `flagged` with the reason. Returns false when it
     * already was (so whatever follows flagging happens once).
     */
    async flagAttempt(id: number, result: AttemptResult, reason: string, now: Date): Promise<boolean> {
      const [flagged] = await db
        .update(paymentAttempts)
        .set({
          status: 'flagged',
          resultCode: result.resultCode,
          resultDesc: result.resultDesc,
          receipt: result.receipt,
          flaggedReason: reason,
          resolvedAt: now,
        })
        .where(and(eq(paymentAttempts.id, id), ne(paymentAttempts.status, 'flagged')))
        .returning({ id: paymentAttempts.id });
      return flagged !== undefined;
    },

    /** A newer attempt replaced this open card attempt (its token was cancelled at DPO). */
    async cancelReplacedAttempt(id: number, now: Date) {
      await db
        .update(paymentAttempts)
        .set({ status: 'cancelled', resultDesc: 'Replaced by a newer payment attempt', resolvedAt: now })
        .where(and(eq(paymentAttempts.id, id), isNull(paymentAttempts.resolvedAt)));
    },

    /** Asks the provider about the attempt again at `at`. */
    async scheduleNextCheck(id: number, at: Date) {
      await db.update(paymentAttempts).set({ nextCheckAt: at }).where(eq(paymentAttempts.id, id));
    },

    /** Money received but not applied, newest first, with the order it was for. */
    async flaggedAttempts(limit: number) {
      return db
        .select({ attempt: paymentAttempts, order: orders })
        .from(paymentAttempts)
        .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
        .where(eq(paymentAttempts.status, 'flagged'))
        .orderBy(desc(paymentAttempts.resolvedAt), desc(paymentAttempts.id))
        .limit(limit);
    },

    /** Unanswered M-Pesa prompts whose next status query is due. */
    async dueMpesaQueries(now: Date, limit: number): Promise<AttemptRow[]> {
      return db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.provider, 'mpesa'),
            isNull(paymentAttempts.resolvedAt),
            isNotNull(paymentAttempts.checkoutRequestId),
            lte(paymentAttempts.nextCheckAt, now),
          ),
        )
        .limit(limit);
    },

    /** Open card tokens whose next verification is due. */
    async dueCardTokens(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ transToken: paymentAttempts.transToken })
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.provider, 'dpo'),
            isNull(paymentAttempts.resolvedAt),
            isNotNull(paymentAttempts.transToken),
            lte(paymentAttempts.nextCheckAt, now),
          ),
        )
        .limit(limit);
      return rows.map((row) => row.transToken!);
    },

    // ---- provider messages ----

    /** Stores a message exchanged with a provider, before anything acts on it; returns its id. */
    async insertMessage(message: {
      provider: ProviderName;
      kind: string;
      attemptId: number | null;
      body: unknown;
    }): Promise<number> {
      const [row] = await db
        .insert(paymentMessages)
        .values({ ...message, body: message.body ?? null })
        .returning({ id: paymentMessages.id });
      return row!.id;
    },

    /**
     * Stores an STK callback as received, in ONE statement; an identical copy of one already stored is not
     * stored again (its body's digest is unique): answers the new message's id, or null for such a copy.
     */
    async insertStkCallback(body: unknown): Promise<number | null> {
      const json = JSON.stringify(body ?? null);
      const rows = await db
        .insert(paymentMessages)
        .values({
          provider: 'mpesa',
          kind: 'stk_callback',
          attemptId: null,
          body: body ?? null,
          bodyDigest: sql`md5(${json}::jsonb::text)`,
        })
        .onConflictDoNothing({ target: paymentMessages.bodyDigest })
        .returning({ id: paymentMessages.id });
      return rows[0]?.id ?? null;
    },

    /**
     * The callback processor's next batch: stored STK callbacks not yet applied, oldest first, locked FOR NO
     * KEY UPDATE until the transaction ends; rows another transaction holds are skipped (SKIP LOCKED), so
     * several processes drain the same queue without waiting for each other or taking a message twice.
     */
    async claimStkCallbacks(limit: number, skipIds: number[]) {
      const { rows } = await db.execute<{ id: string | number; body: unknown }>(sql`
        SELECT id, body FROM payment_messages
        WHERE kind = 'stk_callback' AND processed_at IS NULL
          AND id <> ALL(${sql.param(skipIds)}::bigint[])
        ORDER BY id LIMIT ${limit}
        FOR NO KEY UPDATE SKIP LOCKED`);
      return rows.map((row) => ({ id: Number(row.id), body: row.body }));
    },

    /** The stored message, locked FOR NO KEY UPDATE until the transaction ends. */
    async lockMessage(id: number) {
      const [message] = await db
        .select()
        .from(paymentMessages)
        .where(eq(paymentMessages.id, id))
        .for('no key update');
      return message ?? null;
    },

    /** Marks a message acted on (and ties it to its attempt when one was found). */
    async markMessageProcessed(id: number, now: Date, attemptId: number | null) {
      await db
        .update(paymentMessages)
        .set({ processedAt: now, ...(attemptId !== null ? { attemptId } : {}) })
        .where(eq(paymentMessages.id, id));
    },

    /** STK callbacks for this CheckoutRequestID stored before the attempt knew its id, not yet applied. */
    async unprocessedCallbackIdsFor(checkoutRequestId: string): Promise<number[]> {
      const rows = await db
        .select({ id: paymentMessages.id })
        .from(paymentMessages)
        .where(
          and(
            eq(paymentMessages.kind, 'stk_callback'),
            isNull(paymentMessages.processedAt),
            sql`${paymentMessages.body} -> 'Body' -> 'stkCallback' ->> 'CheckoutRequestID' = ${checkoutRequestId}`,
          ),
        );
      return rows.map((row) => row.id);
    },

    /**
     * A callback's result in ONE statement (issue 15: Daraja's rate): locks the stored message while it is
     * unprocessed and marks it processed (tied to its attempt); resolves the attempt only while it may still
     * take this result (a success: open, or closed without money, and for the amount and phone asked; a
     * failure: open), a guarded UPDATE, so a duplicate or a replay changes nothing; and then, from the
     * resolved attempt, a success moves its order to paid AND fulfilled (unpaid and unfulfilled only, as
     * markPaidAndFulfilled), a failure fails the order when the attempt is its newest and it was never paid.
     */
    async applyStkResult(
      messageId: number,
      result: AttemptResult & {
        checkoutRequestId: string;
        outcome: 'paid' | 'failed';
        amount: string | null;
        phone: string | null;
      },
      now: Date,
    ): Promise<AppliedStkResult> {
      const paid = result.outcome === 'paid';
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        WITH message AS (
          SELECT id FROM payment_messages WHERE id = ${messageId} AND processed_at IS NULL FOR NO KEY UPDATE
        ), before AS (
          SELECT id, order_id, status, resolved_at FROM payment_attempts
          WHERE checkout_request_id = ${result.checkoutRequestId}
        ), claimed AS (
          UPDATE payment_attempts SET status = ${result.outcome}, result_code = ${result.resultCode},
            result_desc = ${result.resultDesc}, receipt = ${result.receipt}, resolved_at = ${now}
          WHERE checkout_request_id = ${result.checkoutRequestId} AND EXISTS (SELECT 1 FROM message)
            AND ${
              paid
                ? sql`(resolved_at IS NULL OR status IN ('failed', 'cancelled'))
                    AND requested_amount = ${result.amount} AND phone = ${result.phone}`
                : sql`resolved_at IS NULL`
            }
          RETURNING id, order_id
        ), marked AS (
          UPDATE payment_messages SET processed_at = ${now},
            attempt_id = coalesce((SELECT id FROM before), attempt_id)
          WHERE id IN (SELECT id FROM message)
          RETURNING id
        ), changed AS (
          ${
            paid
              ? sql`UPDATE orders o SET payment_state = 'paid', paid_at = ${now}, fulfilled_at = ${now}, updated_at = ${now}
                  FROM claimed c
                  WHERE o.id = c.order_id AND o.payment_state <> 'paid' AND o.fulfilled_at IS NULL`
              : sql`UPDATE orders o SET payment_state = 'failed', updated_at = ${now}
                  FROM claimed c
                  WHERE o.id = c.order_id AND o.paid_at IS NULL
                    AND c.id = (SELECT a.id FROM payment_attempts a WHERE a.order_id = c.order_id
                                ORDER BY a.created_at DESC, a.id DESC LIMIT 1)`
          }
          RETURNING o.*
        )
        SELECT (SELECT count(*) FROM marked)::int AS h5_marked, (SELECT count(*) FROM claimed)::int AS h5_claimed,
          b.id AS h5_attempt_id, b.status AS h5_attempt_status, b.resolved_at AS h5_attempt_resolved_at,
          o.*
        FROM (SELECT 1) AS one LEFT JOIN before b ON true LEFT JOIN changed o ON true`);
      const row = rows[0]!;
      const order =
        row.id === null || row.id === undefined
          ? null
          : (Object.fromEntries(
              ORDER_COLUMNS.map(([key, name]) => [
                key,
                TIMESTAMP_KEYS.has(key) ? asDate(row[name]) : row[name],
              ]),
            ) as OrderRow);
      return {
        marked: row.h5_marked === 1,
        claimed: row.h5_claimed === 1,
        attempt:
          row.h5_attempt_id === null
            ? null
            : {
                id: Number(row.h5_attempt_id),
                status: row.h5_attempt_status as AttemptRow['status'],
                resolvedAt: asDate(row.h5_attempt_resolved_at) as Date | null,
              },
        order,
      };
    },

    /**
     * A batch of callbacks' results in ONE statement (the processor; issue 15: Daraja's rate), at most one
     * per CheckoutRequestID (the caller keeps later ones for after). Each message takes one route, read from
     * its attempt and order as they are: `pay` (a success the attempt may still take, for the amount and phone
     * asked, of an order neither paid nor fulfilled), `fail` (a failure of an open attempt), `duplicate`
     * (the attempt already has its result: nothing to change) or `general` (no attempt yet, an amount or
     * phone that differs, an order paid or fulfilled already: the general path, one at a time). Then, as
     * `applyStkResult` does for one: the attempts of `pay` and `fail` are resolved by a guarded UPDATE, the
     * orders of the resolved successes move to paid AND fulfilled (unpaid and unfulfilled only), those of
     * the resolved failures to failed (newest attempt, never paid), and the messages of `duplicate` and of
     * every resolved attempt are marked processed. A message routed `pay` or `fail` whose attempt a rival
     * resolved meanwhile stays unprocessed (`claimed` false) for the general path.
     */
    async applyStkResults(
      results: Array<
        AttemptResult & {
          messageId: number;
          checkoutRequestId: string;
          outcome: 'paid' | 'failed';
          amount: string | null;
          phone: string | null;
        }
      >,
      now: Date,
    ): Promise<
      Array<{
        messageId: number;
        route: 'pay' | 'fail' | 'duplicate' | 'general';
        claimed: boolean;
        /** The order this statement changed for this message (paid and fulfilled, or failed). */
        order: OrderRow | null;
      }>
    > {
      if (results.length === 0) return [];
      const column = <K extends keyof (typeof results)[number]>(key: K) =>
        sql.param(results.map((result) => result[key]));
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        WITH input AS (
          SELECT * FROM unnest(${column('messageId')}::bigint[], ${column('checkoutRequestId')}::text[],
            ${column('outcome')}::text[], ${column('resultCode')}::text[], ${column('resultDesc')}::text[],
            ${column('receipt')}::text[], ${column('amount')}::text[], ${column('phone')}::text[])
            AS i(message_id, checkout_request_id, outcome, result_code, result_desc, receipt, amount, phone)
        ), pre AS (
          SELECT i.message_id, a.id AS attempt_id,
            CASE
              WHEN a.id IS NULL THEN 'general'
              WHEN i.outcome = 'paid' AND (a.resolved_at IS NULL OR a.status IN ('failed', 'cancelled')) THEN
                CASE WHEN a.requested_amount = i.amount AND a.phone = i.phone
                       AND o.payment_state <> 'paid' AND o.fulfilled_at IS NULL
                     THEN 'pay' ELSE 'general' END
              WHEN i.outcome = 'failed' AND a.resolved_at IS NULL THEN 'fail'
              ELSE 'duplicate'
            END AS route
          FROM input i
          LEFT JOIN payment_attempts a ON a.checkout_request_id = i.checkout_request_id
          LEFT JOIN orders o ON o.id = a.order_id
        ), claimed AS (
          UPDATE payment_attempts a SET status = i.outcome::payment_attempt_status,
            result_code = i.result_code, result_desc = i.result_desc, receipt = i.receipt, resolved_at = ${now}
          FROM input i JOIN pre p ON p.message_id = i.message_id
          WHERE a.id = p.attempt_id AND p.route IN ('pay', 'fail')
            AND CASE WHEN i.outcome = 'paid'
                  THEN (a.resolved_at IS NULL OR a.status IN ('failed', 'cancelled'))
                       AND a.requested_amount = i.amount AND a.phone = i.phone
                  ELSE a.resolved_at IS NULL END
          RETURNING a.id, a.order_id, i.message_id, i.outcome
        ), marked AS (
          UPDATE payment_messages m SET processed_at = ${now}, attempt_id = coalesce(p.attempt_id, m.attempt_id)
          FROM pre p
          WHERE m.id = p.message_id
            AND (p.route = 'duplicate' OR p.message_id IN (SELECT message_id FROM claimed))
          RETURNING m.id
        ), paid AS (
          UPDATE orders o SET payment_state = 'paid', paid_at = ${now}, fulfilled_at = ${now}, updated_at = ${now}
          FROM claimed c
          WHERE o.id = c.order_id AND c.outcome = 'paid' AND o.payment_state <> 'paid' AND o.fulfilled_at IS NULL
          RETURNING o.*
        ), failed AS (
          UPDATE orders o SET payment_state = 'failed', updated_at = ${now}
          FROM claimed c
          WHERE o.id = c.order_id AND c.outcome = 'failed' AND o.paid_at IS NULL
            AND o.id NOT IN (SELECT order_id FROM claimed WHERE outcome = 'paid')
            AND c.id = (SELECT a.id FROM payment_attempts a WHERE a.order_id = c.order_id
                        ORDER BY a.created_at DESC, a.id DESC LIMIT 1)
          RETURNING o.*
        ), changed AS (
          SELECT * FROM paid UNION ALL SELECT * FROM failed
        )
        SELECT p.message_id AS h5_message_id, p.route AS h5_route, c.id IS NOT NULL AS h5_claimed, o.*
        FROM pre p LEFT JOIN claimed c ON c.message_id = p.message_id LEFT JOIN changed o ON o.id = c.order_id
        ORDER BY p.message_id`);
      return rows.map((row) => ({
        messageId: Number(row.h5_message_id),
        route: row.h5_route as 'pay' | 'fail' | 'duplicate' | 'general',
        claimed: row.h5_claimed === true,
        order:
          row.id === null || row.id === undefined
            ? null
            : (Object.fromEntries(
                ORDER_COLUMNS.map(([key, name]) => [
                  key,
                  TIMESTAMP_KEYS.has(key) ? asDate(row[name]) : row[name],
                ]),
              ) as OrderRow),
      }));
    },

    /** STK callbacks stored at or before `storedBefore` and still not applied (a crash left them). */
    async unprocessedCallbackIds(storedBefore: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: paymentMessages.id })
        .from(paymentMessages)
        .where(
          and(
            eq(paymentMessages.kind, 'stk_callback'),
            isNull(paymentMessages.processedAt),
            lte(paymentMessages.createdAt, storedBefore),
          ),
        )
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}
export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
