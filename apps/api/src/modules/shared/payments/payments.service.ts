import { randomBytes, randomInt } from 'node:crypto';
import {
  accountReference,
  formatEat,
  mpesaAmount,
  normaliseMpesaPhone,
  paymentFailure,
  stkOutcome,
  transactionDescription,
  type PaymentFailure,
  type PaymentState,
} from '@zabuni/domain';
import { message } from '@zabuni/contracts';
import type { Db, Executor, Tx } from '../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../infra/errors.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { Logger } from '../../../infra/logger.ts';
import type { MailRequest, MailService } from '../mail/index.ts';
import type { DpoClient } from './dpo/dpo.client.ts';
import type { DarajaClient } from './mpesa/mpesa.client.ts';
import { parseStkCallback, type StkCallback } from './mpesa/mpesa.client.ts';
import { paymentsRepository, type AttemptRow, type NewOrder, type OrderRow } from './payments.repository.ts';

export type { OrderRow } from './payments.repository.ts';

/** Refusals are catalogue messages (their key travels as the error's code); `initiated` texts are answers. */
export const PAYMENT_MESSAGES = {
  alreadyPaid: message('payment.already_paid'),
  mpesaKesOnly: message('payment.mpesa_kes_only'),
  invalidPhone: message('payment.invalid_phone'),
  initiated: 'Payment initiated successfully kindly check your phone.',
  providerRefused: message('payment.provider_refused'),
  cardInitiated: 'Payment initiated successfully.',
  cardUnavailable: message('payment.card_unavailable'),
  orderNotFound: message('payment.order_not_found'),
} as const;

/**
 * How long the phone shows Daraja's STK prompt before Daraja gives it up (about a minute): after it,
 * nobody can answer the prompt any more, so the customer may start again at once.
 */
export const DARAJA_PROMPT_TIMEOUT_MS = 60_000;
/**
 * The reconciliation job asks Daraja about an unanswered prompt this long after it was sent, and so does
 * the order's status answer when it is asked after that.
 */
export const FIRST_STK_QUERY_AFTER_MS = DARAJA_PROMPT_TIMEOUT_MS;
/**
 * A second "pay" click within this window gets the attempt already under way, not a new prompt; after the
 * prompt timed out, "Try again" sends a new one.
 */
const SAME_ATTEMPT_WINDOW_MS = DARAJA_PROMPT_TIMEOUT_MS;
export const RECONCILE_JOB = 'payments.reconcile';
/** How long a callback for a CheckoutRequestID we do not know yet is kept for a late-stored attempt. */
const UNMATCHED_CALLBACK_WAIT_MS = 10 * 60_000;

const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const newOrderCode = () => randomBytes(16).toString('base64url');
export const newOrderReference = (prefix: string) =>
  `${prefix}${Array.from({ length: 12 - prefix.length }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;

/** What every order answer carries besides SPEC's numeric status (contracts `orderPaymentFields`). */
export interface OrderPaymentFacts {
  payment_state: PaymentState;
  payment_failure: PaymentFailure | null;
  mpesa_available: boolean;
  paid_at: string | null;
  receipt: string | null;
  /** While an M-Pesa prompt is open: when Daraja gives it up (after it the page offers a new attempt). */
  prompt_expires_at?: string | null;
  /** While processing: when the attempt is given up (SPEC's 15 minutes), shown on the page. */
  expires_at?: string | null;
  /** Whether a new attempt makes sense now: not paid, and no prompt still open on a phone. */
  can_retry?: boolean;
}

/** Where each product's checkout page lives (receipts link there; the card gateway returns there). */
export const CHECKOUT_PAGES: Record<string, string> = {
  tender_publishing: '/publish-tender-checkout/',
  alert_subscription: '/tenders-checkout/',
  supplier_directory: '/supplier-directory/checkout/',
  prequalified_list: '/prequalified-suppliers/cart/',
};

/** A product's side of a payment. */
export interface ProductHooks {
  /** Runs once, in the transaction that marks the order paid. */
  fulfil: Fulfil;
  /**
   * Optional: fulfils several paid orders at once, in few statements (the M-Pesa callback processor's
   * batches), with the same effect as `fulfil` on each in turn; without it each is fulfilled by `fulfil`.
   */
  fulfilMany?: (tx: Tx, paid: Array<{ order: OrderRow; receipt: FulfilReceipt }>) => Promise<void>;
  /** Mirrors processing / failed onto the product's own record (e.g. the published-tender label). */
  onStateChange?: (tx: Executor, order: OrderRow, state: 'processing' | 'failed') => Promise<void>;
}
export type FulfilReceipt = { method: string; receipt: string | null };
export type Fulfil = (tx: Tx, order: OrderRow, receipt: FulfilReceipt) => Promise<void>;

/** Opens an order for a product, in the product's own transaction (tenders, subscriptions). */
export async function insertOrder(tx: Executor, values: NewOrder): Promise<number> {
  return paymentsRepository(tx).insertOrder(values);
}

export function createPaymentsService(deps: {
  db: Db;
  clock: Clock;
  mpesa: DarajaClient;
  /** Where Daraja posts results: PUBLIC_URL + an unguessable path. */
  stkCallbackUrl: string;
  products: Record<string, ProductHooks>;
  /** An unanswered STK prompt is given up (attempt failed) after this long. */
  pendingExpiryMs: number;
  dpo: DpoClient;
  /** Where DPO sends the browser back: our return route, which verifies before believing anything. */
  dpoReturnUrl: string;
  /**
   * Where DPO sends the browser when the customer leaves the hosted page without paying (BackURL); an
   * unpaid token is then cancelled and the attempt failed at once. Defaults to dpoReturnUrl.
   */
  dpoBackUrl?: string;
  mail: MailService;
  publicUrl: string;
  /** Told by mail of every payment that was received but not applied (a refund or a person's check). */
  supportEmail?: string | null;
  /** Where the callback processor reports what it could not apply (left for the reconciliation job). */
  logger?: Pick<Logger, 'warn' | 'error'>;
}) {
  const { db, clock, mpesa, products } = deps;
  /** Outside a transaction: single reads and the stored callback. */
  const pool = paymentsRepository(db);

  async function record(
    tx: Executor,
    message: { provider: 'mpesa' | 'dpo'; kind: string; attemptId: number | null; body: unknown },
  ) {
    return paymentsRepository(tx).insertMessage(message);
  }

  /** Mails written in a transaction, handed to the queue once it has committed. */
  const outboxes = new WeakMap<object, number[]>();
  async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    let mailIds: number[] = [];
    const result = await db.transaction(async (tx) => {
      mailIds = [];
      outboxes.set(tx, mailIds);
      return work(tx);
    });
    if (mailIds.length > 0) await deps.mail.dispatch(mailIds);
    return result;
  }

  /** The receipt of SPEC §9 "Payment record", sent with the fulfilment: once. */
  async function sendReceipt(
    tx: Tx,
    order: OrderRow,
    receipt: { method: string; receipt: string | null },
    paidAt: Date,
  ) {
    if (!order.customerEmail) return;
    const mailId = await deps.mail.enqueue(tx, receiptMail(order, receipt, paidAt));
    outboxes.get(tx)?.push(mailId);
  }

  function receiptMail(order: OrderRow, receipt: FulfilReceipt, paidAt: Date): MailRequest {
    return {
      to: order.customerEmail!,
      template: 'payment_receipt',
      language: 'en',
      params: {
        name: order.customerName ?? '',
        reference: order.reference,
        item: order.description,
        receipt: receipt.receipt ?? order.reference,
        method: receipt.method,
        // The one time zone rule (issue 16 point 6): East Africa Time with its label.
        paidAt: formatEat(paidAt, 'en'),
        amount: `${order.currency} ${(order.amountMinor / 100).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
        link: `${deps.publicUrl}${CHECKOUT_PAGES[order.product] ?? '/'}${encodeURIComponent(order.code)}`,
      },
    };
  }

  /** The receipts of a batch of paid orders: ONE statement (SPEC §9 "Payment record", once each). */
  async function sendReceipts(
    tx: Tx,
    paid: Array<{ order: OrderRow; receipt: FulfilReceipt }>,
    paidAt: Date,
  ) {
    const requests = paid
      .filter(({ order }) => order.customerEmail)
      .map(({ order, receipt }) => receiptMail(order, receipt, paidAt));
    const mailIds = await deps.mail.enqueueMany(tx, requests);
    outboxes.get(tx)?.push(...mailIds);
  }

  /**
   * Pays an order and fulfils it, exactly once. The caller has locked `order` FOR NO KEY UPDATE in this
   * transaction and written its attempt. ONE guarded UPDATE moves the order to paid AND fulfilled, so no
   * statement ever leaves "paid but not fulfilled"; the receipt and the product's hook (which takes the
   * subscriber's row and writes an audit entry, which takes no lock: the chain is linked after the commit by
   * the audit sealer) run last, only when that UPDATE changed the row, so the subscriber's lock is held just
   * until the commit and a replayed success cannot fulfil twice. A failing hook
   * rolls everything back: the stored callback stays unprocessed for the reconciliation job.
   */
  async function payAndFulfil(tx: Tx, order: OrderRow, receipt: { method: string; receipt: string | null }) {
    const now = clock.now();
    const repository = paymentsRepository(tx);
    if (order.fulfilledAt !== null) {
      // Fulfilled before it was paid (a hand-made or imported row): paid now, never fulfilled again.
      await repository.markPaidAlreadyFulfilled(order.id, now);
      return;
    }
    const paid = await repository.markPaidAndFulfilled(order.id, now);
    if (!paid) return;
    // The receipt before the product's hook: the hook locks the subscriber's row, so nothing else runs
    // between taking that lock and the commit.
    await sendReceipt(tx, paid, receipt, now);
    await products[paid.product]?.fulfil(tx, paid, receipt);
  }

  async function setOrderState(tx: Executor, orderId: number, state: 'processing' | 'failed') {
    const order = await paymentsRepository(tx).setUnpaidOrderState(orderId, state, clock.now());
    if (order) await products[order.product]?.onStateChange?.(tx, order, state);
  }

  /**
   * Money arrived that is not applied to the order (paid twice, or an amount or phone that differs): the
   * attempt is marked `flagged` with the reason, which the operator lists (GET /api/v1/payments/flagged/),
   * and support is mailed, in the same transaction, so exactly once per attempt.
   */
  async function flagAttempt(
    tx: Tx,
    attempt: AttemptRow,
    result: { resultCode: string; resultDesc: string; receipt: string | null; method?: string },
    reason: string,
  ) {
    const repository = paymentsRepository(tx);
    const flagged = await repository.flagAttempt(attempt.id, result, reason, clock.now());
    if (!flagged || !deps.supportEmail) return;
    const order = await repository.findOrderById(attempt.orderId);
    if (!order) return;
    const mailId = await deps.mail.enqueue(tx, {
      to: deps.supportEmail,
      template: 'payment_flagged',
      language: 'en',
      params: {
        name: 'Zabuni support',
        reference: order.reference,
        item: order.description,
        method: result.method ?? 'M-Pesa',
        receipt: result.receipt ?? 'none',
        amount: `${order.currency} ${(order.amountMinor / 100).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
        reason,
      },
    });
    outboxes.get(tx)?.push(mailId);
  }

  /** Ends an attempt; paid pays the order (once); a failure fails the order only if it is the newest. */
  async function resolveAttempt(
    tx: Tx,
    attempt: AttemptRow,
    result: {
      outcome: 'paid' | 'failed' | 'pending';
      resultCode: string;
      resultDesc: string;
      receipt: string | null;
      method?: string;
    },
  ) {
    if (result.outcome === 'pending') return;
    const repository = paymentsRepository(tx);
    if (result.outcome === 'paid') {
      // Money for an order another attempt already paid (an old prompt answered late): nothing more is
      // fulfilled, and the attempt waits for a person to refund it.
      const order = await repository.lockOrderById(attempt.orderId);
      if (!order) throw new Error(`payment attempt ${attempt.id} has no order`);
      if (order.paymentState === 'paid') {
        await flagAttempt(
          tx,
          attempt,
          result,
          'paid twice: the order was already paid by another attempt; refund this one',
        );
        return;
      }
      await repository.resolveAttempt(attempt.id, 'paid', result, clock.now());
      // Last: the order's UPDATE, then the fulfilment.
      await payAndFulfil(tx, order, { method: result.method ?? 'M-Pesa', receipt: result.receipt });
      return;
    }
    await repository.resolveAttempt(attempt.id, result.outcome, result, clock.now());
    // An older prompt failing late must not undo a newer one under way.
    if ((await repository.latestAttemptId(attempt.orderId)) === attempt.id)
      await setOrderState(tx, attempt.orderId, 'failed');
  }

  /**
   * The common callbacks (issue 15: Daraja's rate) in few statements of the caller's transaction: ONE
   * statement (`applyStkResult`) marks the message processed, resolves its attempt under the same conditions
   * as the general path below, and pays and fulfils its order (or fails it); then the receipt and the
   * product's hook, as in payAndFulfil. A duplicate of a result already applied changes nothing. Answers
   * false when the message needs more (no attempt yet, an amount or phone that differs, an order already
   * paid or fulfilled before it was paid, a race with a rival callback): the caller must then roll back
   * what this did and take the general path.
   */
  async function applyKnownStkResultIn(tx: Tx, messageId: number, callback: StkCallback): Promise<boolean> {
    const outcome = stkOutcome(callback.resultCode);
    if (outcome === 'pending') return false;
    const now = clock.now();
    const applied = await paymentsRepository(tx).applyStkResult(
      messageId,
      {
        checkoutRequestId: callback.checkoutRequestId,
        outcome,
        resultCode: String(callback.resultCode),
        resultDesc: callback.resultDesc,
        receipt: callback.receipt,
        amount: callback.amount === null ? null : String(callback.amount),
        phone: callback.phone,
      },
      now,
    );
    if (!applied.marked) return true; // applied by someone else meanwhile
    if (!applied.attempt) return false;
    if (!applied.claimed) {
      // Nothing more only when the attempt has its result: a duplicate of an applied callback.
      const late = outcome === 'paid' && ['failed', 'cancelled'].includes(applied.attempt.status);
      return applied.attempt.resolvedAt !== null && !late;
    }
    if (outcome === 'failed') {
      if (applied.order) await products[applied.order.product]?.onStateChange?.(tx, applied.order, 'failed');
      return true;
    }
    if (!applied.order) return false; // paid twice, or fulfilled before it was paid
    const receipt = { method: 'M-Pesa', receipt: callback.receipt };
    await sendReceipt(tx, applied.order, receipt, now);
    await products[applied.order.product]?.fulfil(tx, applied.order, receipt);
    return true;
  }

  /** The short path in a transaction of its own; false (rolled back) for the general path. */
  async function applyKnownStkResult(messageId: number, callback: StkCallback): Promise<boolean> {
    const general = Symbol('general path');
    try {
      return await transaction(async (tx) => {
        if (!(await applyKnownStkResultIn(tx, messageId, callback))) throw general;
        return true;
      });
    } catch (error) {
      if (error === general) return false;
      throw error;
    }
  }

  /**
   * Applies a stored callback once per CheckoutRequestID: duplicates, unknown ids and late failures change
   * nothing; a success whose amount or phone differs is flagged, not paid. A success for an attempt that was
   * already closed without money (given up after PAYMENT_PENDING_EXPIRY_MINUTES, or failed by an earlier
   * callback or query) still counts: the customer was charged, so it pays the order, or, when another
   * attempt paid it meanwhile, is flagged for a refund. Each happens once: the attempt leaves `failed`.
   */
  /** Answers whether the stored message is an STK callback at all (false: stored, logged, done with). */
  async function applyStkCallback(messageId: number, body?: unknown): Promise<boolean> {
    // The body as stored, when the caller has it (the route, a handled callback): no re-read for the
    // common results, which take the short path; anything else goes the general way below.
    const known = body === undefined ? null : parseStkCallback(body);
    if (known) {
      const applied = await applyKnownStkResult(messageId, known);
      if (applied) return true;
    }
    return transaction(async (tx) => {
      const repository = paymentsRepository(tx);
      const message = await repository.lockMessage(messageId);
      if (!message || message.processedAt !== null) return true;
      const callback = parseStkCallback(message.body);
      const attempt = callback
        ? await repository.lockAttemptByCheckoutRequestId(callback.checkoutRequestId)
        : null;
      // A callback can beat us to storing the CheckoutRequestID (the push answer and the callback race):
      // leave it for the attempt to pick up, or for the job, for a while before giving up on it.
      if (
        callback &&
        !attempt &&
        message.createdAt.getTime() > clock.now().getTime() - UNMATCHED_CALLBACK_WAIT_MS
      ) {
        return true;
      }
      // Marked processed before it is acted on (same transaction), so that paying and fulfilling are last.
      await repository.markMessageProcessed(messageId, clock.now(), attempt?.id ?? null);
      const outcome = callback ? stkOutcome(callback.resultCode) : 'pending';
      const open = attempt?.resolvedAt === null;
      const lateSuccess =
        outcome === 'paid' && (attempt?.status === 'failed' || attempt?.status === 'cancelled');
      if (callback && attempt && (open || lateSuccess)) {
        const amountMatches = callback.amount !== null && String(callback.amount) === attempt.requestedAmount;
        const phoneMatches = callback.phone === attempt.phone;
        if (outcome === 'paid' && (!amountMatches || !phoneMatches)) {
          await flagAttempt(
            tx,
            attempt,
            {
              resultCode: String(callback.resultCode),
              resultDesc: callback.resultDesc,
              receipt: callback.receipt,
            },
            !amountMatches
              ? `amount ${callback.amount ?? 'missing'} differs from ${attempt.requestedAmount}`
              : `phone ${callback.phone ?? 'missing'} differs from ${attempt.phone}`,
          );
        } else {
          await resolveAttempt(tx, attempt, {
            outcome,
            resultCode: String(callback.resultCode),
            resultDesc: callback.resultDesc,
            receipt: callback.receipt,
          });
        }
      }
      return callback !== null;
    });
  }

  /**
   * The callback processor (issue 15: Daraja's rate). The route stores a callback in one statement and
   * answers at once; this applies what is stored, off the request path, woken right after each answer: up
   * to STK_LANES lanes per process (a wake while they run makes them go round once more, after letting
   * callbacks gather for STK_GATHER_MS unless the last batch came full), each taking
   * batches of up to STK_BATCH messages, oldest first, FOR NO KEY UPDATE SKIP LOCKED, and applying a batch
   * SET-BASED in ONE transaction: one statement (`applyStkResults`) resolves the batch's attempts, pays and
   * fulfils (or fails) their orders and marks their messages processed; one writes every receipt mail; the
   * product fulfils its paid orders together (`fulfilMany`: for subscriptions, the subscribers locked, their
   * periods and the audit entries, three statements). About 7 statements a batch, whatever its size, where it
   * was about 6 a callback. A crash leaves each message either applied and processed, or neither, for the
   * sweep (one transaction). Several API processes and the worker's sweep drain the same queue: SKIP LOCKED
   * keeps them from taking a message twice, and the guarded UPDATEs keep anything from being paid or
   * fulfilled twice. Idempotent on the CheckoutRequestID: an identical copy is never stored twice, and of
   * several messages of one CheckoutRequestID in a batch only the first goes in the set statement, the
   * others after it by the per-message short path, which finds the attempt resolved. A message the set
   * statement leaves to the general path (no attempt knows its CheckoutRequestID yet, an amount or phone that
   * differs, an order already paid, not a callback at all) is applied after the commit one at a time by
   * applyStkCallback, in a transaction of its own; what looks like a race with a rival (an attempt or order
   * changed meanwhile) rolls the batch back and applies all of it that way. What stays unprocessed after
   * that (a callback early for its attempt, a fulfilment that threw) is set aside by this process for a
   * while and left to payWithMpesa and the reconciliation job.
   */
  const STK_BATCH = 250;
  /** Batches applied at once in one process (each on its own connection). */
  const STK_LANES = 2;
  /** Under a steady stream, how long a lane lets callbacks gather after a part-full batch. */
  const STK_GATHER_MS = 40;
  const setAside = new Map<number, number>();
  const lanes = new Set<Promise<void>>();
  let wakes = 0;
  const generalPath = Symbol('general path');

  /** Applies a claimed batch set-based in `tx`; answers the messages left for the general path. */
  async function applyStkBatchIn(tx: Tx, batch: Array<{ id: number; body: unknown }>) {
    const now = clock.now();
    const later: Array<{ id: number; callback: StkCallback }> = [];
    const generalIds = new Set<number>();
    const seen = new Set<string>();
    const results = [];
    for (const message of batch) {
      const callback = parseStkCallback(message.body);
      const outcome = callback ? stkOutcome(callback.resultCode) : 'pending';
      if (!callback || outcome === 'pending') {
        generalIds.add(message.id); // the general path marks it processed or keeps it
        continue;
      }
      if (seen.has(callback.checkoutRequestId)) {
        later.push({ id: message.id, callback });
        continue;
      }
      seen.add(callback.checkoutRequestId);
      results.push({
        messageId: message.id,
        checkoutRequestId: callback.checkoutRequestId,
        outcome,
        resultCode: String(callback.resultCode),
        resultDesc: callback.resultDesc,
        receipt: callback.receipt,
        amount: callback.amount === null ? null : String(callback.amount),
        phone: callback.phone,
      });
    }
    const applied = await paymentsRepository(tx).applyStkResults(results, now);
    const paid: Array<{ order: OrderRow; receipt: FulfilReceipt }> = [];
    const failed: OrderRow[] = [];
    const receipts = new Map(results.map((r) => [r.messageId, r.receipt]));
    const ordersSeen = new Set<number>();
    for (const row of applied) {
      if (row.route === 'general' || (!row.claimed && row.route !== 'duplicate')) {
        generalIds.add(row.messageId); // unprocessed: the general path decides
        continue;
      }
      if (row.route === 'pay') {
        // Resolved but its order not paid by it (paid by a rival meanwhile, or twice in this batch): the
        // general path flags it for a refund.
        if (!row.order || ordersSeen.has(row.order.id)) throw generalPath;
        ordersSeen.add(row.order.id);
        paid.push({ order: row.order, receipt: { method: 'M-Pesa', receipt: receipts.get(row.messageId)! } });
      } else if (row.route === 'fail' && row.order) {
        failed.push(row.order);
      }
    }
    for (const order of failed) await products[order.product]?.onStateChange?.(tx, order, 'failed');
    // The receipts before the products' hooks: a hook locks the subscribers' rows, so nothing else runs
    // between taking those locks and the commit (but the later duplicates, rare).
    await sendReceipts(tx, paid, now);
    const byProduct = new Map<string, typeof paid>();
    for (const item of paid) {
      const group = byProduct.get(item.order.product) ?? [];
      group.push(item);
      byProduct.set(item.order.product, group);
    }
    for (const [product, group] of byProduct) {
      const hooks = products[product];
      if (!hooks) continue;
      if (hooks.fulfilMany) await hooks.fulfilMany(tx, group);
      else for (const { order, receipt } of group) await hooks.fulfil(tx, order, receipt);
    }
    for (const { id, callback } of later) {
      if (!(await applyKnownStkResultIn(tx, id, callback))) throw generalPath;
    }
    return batch.filter((message) => generalIds.has(message.id));
  }

  /** One batch; answers how many messages it took. Throws only when the batch could not even be taken. */
  async function applyStkBatch(): Promise<number> {
    const startedAt = Date.now();
    for (const [id, since] of setAside) {
      if (startedAt - since > UNMATCHED_CALLBACK_WAIT_MS) setAside.delete(id);
    }
    type Stored = { id: number; body: unknown };
    // Assigned in the transaction's callback (`as`: so that TypeScript does not take it for null after it).
    let batch = null as Stored[] | null;
    let oneByOne: Stored[] = [];
    try {
      await transaction(async (tx) => {
        batch = await paymentsRepository(tx).claimStkCallbacks(STK_BATCH, [...setAside.keys()]);
        oneByOne = await applyStkBatchIn(tx, batch);
      });
    } catch (error) {
      if (batch === null) throw error;
      if (error !== generalPath) {
        deps.logger?.warn(
          { err: error, messages: batch.length },
          'M-Pesa callbacks: a batch failed; applying its messages one at a time',
        );
      }
      oneByOne = batch;
    }
    for (const message of oneByOne) {
      try {
        await applyStkCallback(message.id, message.body);
      } catch (error) {
        deps.logger?.error(
          { err: error, messageId: message.id },
          'M-Pesa callback stored but not applied; the reconciliation job retries it',
        );
      }
      setAside.set(message.id, startedAt);
    }
    return batch?.length ?? 0;
  }

  /** Wakes the processor (the route, right after its answer): a lane more, up to STK_LANES, when needed. */
  function wakeStkProcessor(): void {
    wakes += 1;
    if (lanes.size >= STK_LANES) return;
    // The lane leaves the set in the same step as it decides to stop, so no wake falls between the two.
    const self: { lane?: Promise<void> } = {};
    self.lane = (async () => {
      try {
        for (;;) {
          const seen = wakes;
          // Round again while batches come full or a wake came meanwhile; after a part-full batch, let
          // callbacks gather for STK_GATHER_MS first, so that a steady stream makes batches of many (a
          // batch costs the same few statements whatever its size) rather than many batches of few.
          const taken = await applyStkBatch();
          if (taken >= STK_BATCH) continue;
          if (wakes === seen) break;
          await new Promise((resolve) => setTimeout(resolve, STK_GATHER_MS));
        }
      } catch (error) {
        deps.logger?.error(
          { err: error },
          'M-Pesa callback processor could not take its batch; the reconciliation job applies what is left',
        );
      } finally {
        lanes.delete(self.lane!);
      }
    })();
    lanes.add(self.lane);
  }

  /** Settles (never rejecting) once no lane of the processor is running. */
  async function stkProcessorIdle(): Promise<void> {
    while (lanes.size > 0) await Promise.all([...lanes]);
  }

  /**
   * Wakes the processor and settles once it has applied every stored callback it can apply now (tests, the
   * reconciliation sweep).
   */
  /**
   * Asks Daraja (STK query) what became of an unanswered prompt: settled → the attempt is resolved;
   * "being processed" → asked again in a minute, and given up once the payment expires.
   */
  async function queryStk(attempt: AttemptRow, now: Date) {
    const answer = await mpesa.stkQuery(attempt.checkoutRequestId!);
    await transaction(async (tx) => {
      await record(tx, {
        provider: 'mpesa',
        kind: 'stk_query',
        attemptId: attempt.id,
        body: answer.exchange,
      });
      const current = await paymentsRepository(tx).lockAttempt(attempt.id);
      if (!current || current.resolvedAt !== null) return; // a callback got there first
      const expired = now.getTime() - current.createdAt.getTime() > deps.pendingExpiryMs;
      if (answer.state === 'settled') {
        await resolveAttempt(tx, current, {
          outcome: stkOutcome(answer.resultCode),
          resultCode: answer.resultCode,
          resultDesc: answer.resultDesc,
          receipt: null,
        });
      } else if (expired) {
        await resolveAttempt(tx, current, {
          outcome: 'failed',
          resultCode: 'expired',
          resultDesc: 'No answer from M-Pesa before the payment expired.',
          receipt: null,
        });
      } else {
        await paymentsRepository(tx).scheduleNextCheck(current.id, new Date(now.getTime() + 60_000));
      }
    });
  }

  async function processStkCallbacks(): Promise<void> {
    wakeStkProcessor();
    await stkProcessorIdle();
  }

  return {
    async findOrder(code: string) {
      return pool.findOrderByCode(code);
    },

    /** The order's payment state in words, why its newest attempt failed, and the receipt once paid. */
    async paymentFacts(asked: OrderRow): Promise<OrderPaymentFacts> {
      let order = asked;
      const now = clock.now();
      let open = order.paymentState === 'processing' ? await pool.latestAttempt(order.id) : null;
      // Asked after Daraja gave the prompt up: settle it now by STK query, not only at the next job run.
      if (
        open &&
        open.provider === 'mpesa' &&
        open.resolvedAt === null &&
        open.checkoutRequestId &&
        open.nextCheckAt &&
        open.nextCheckAt.getTime() <= now.getTime()
      ) {
        try {
          await queryStk(open, now);
        } catch (error) {
          // The answer still goes out; the job asks again.
          deps.logger?.warn({ err: error, attemptId: open.id }, 'STK query for a status answer failed');
        }
        order = (await pool.findOrderById(order.id)) ?? order;
        open = order.paymentState === 'processing' ? await pool.latestAttempt(order.id) : null;
      }
      const latest = await pool.latestAttemptOutcome(order.id);
      const paidBy = order.paymentState === 'paid' ? await pool.paidAttemptReceipt(order.id) : null;
      const promptExpires =
        open && open.provider === 'mpesa' && open.resolvedAt === null
          ? new Date(open.createdAt.getTime() + DARAJA_PROMPT_TIMEOUT_MS)
          : null;
      return {
        payment_state: order.paymentState,
        payment_failure:
          order.paymentState === 'failed' && latest
            ? paymentFailure(latest.provider, latest.resultCode)
            : null,
        mpesa_available: order.currency === 'KES',
        paid_at: order.paidAt?.toISOString() ?? null,
        receipt: paidBy?.receipt ?? null,
        prompt_expires_at: promptExpires?.toISOString() ?? null,
        expires_at: open ? new Date(open.createdAt.getTime() + deps.pendingExpiryMs).toISOString() : null,
        can_retry:
          order.paymentState !== 'paid' &&
          (promptExpires === null || promptExpires.getTime() <= now.getTime()),
      };
    },

    async paymentFactsByCode(code: string): Promise<OrderPaymentFacts | null> {
      const order = await this.findOrder(code);
      return order ? this.paymentFacts(order) : null;
    },

    /**
     * Starts an STK push for an order. Concurrent clicks are serialised on the order row: the second one
     * gets the attempt the first created.
     */
    async payWithMpesa(code: string, phoneInput: string) {
      const phone = normaliseMpesaPhone(phoneInput);
      if (!phone) throw fieldError('phone_number', PAYMENT_MESSAGES.invalidPhone);
      const now = clock.now();
      const start = await db.transaction(async (tx) => {
        const repository = paymentsRepository(tx);
        const order = await repository.lockOrderByCode(code);
        if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
        if (order.paymentState === 'paid') throw new AppError('conflict', PAYMENT_MESSAGES.alreadyPaid);
        if (order.currency !== 'KES') throw fieldError('payment_type', PAYMENT_MESSAGES.mpesaKesOnly);
        const latest = await repository.latestAttempt(order.id);
        if (
          latest &&
          latest.provider === 'mpesa' &&
          latest.resolvedAt === null &&
          latest.phone === phone &&
          now.getTime() - latest.createdAt.getTime() < SAME_ATTEMPT_WINDOW_MS
        ) {
          return { order, attemptId: latest.id, existing: true };
        }
        const attemptId = await repository.insertAttempt({
          orderId: order.id,
          provider: 'mpesa',
          phone,
          requestedAmount: String(mpesaAmount(order.amountMinor)),
          createdAt: now,
        });
        await setOrderState(tx, order.id, 'processing');
        return { order, attemptId, existing: false };
      });
      if (start.existing) return { attemptId: start.attemptId, message: PAYMENT_MESSAGES.initiated };

      const result = await mpesa.stkPush({
        amount: mpesaAmount(start.order.amountMinor),
        phone,
        accountReference: accountReference(start.order.reference),
        description: transactionDescription(start.order.description),
        callbackUrl: deps.stkCallbackUrl,
      });
      await db.transaction(async (tx) => {
        await record(tx, {
          provider: 'mpesa',
          kind: 'stk_push',
          attemptId: start.attemptId,
          body: result.exchange,
        });
        if (result.ok) {
          await paymentsRepository(tx).markAttemptPending(start.attemptId, {
            merchantRequestId: result.merchantRequestId,
            checkoutRequestId: result.checkoutRequestId,
            nextCheckAt: new Date(now.getTime() + FIRST_STK_QUERY_AFTER_MS),
          });
        } else {
          await paymentsRepository(tx).markAttemptRefused(
            start.attemptId,
            { resultCode: result.errorCode, resultDesc: result.errorMessage },
            now,
          );
          await setOrderState(tx, start.order.id, 'failed');
        }
      });
      if (!result.ok) throw fieldError('phone_number', PAYMENT_MESSAGES.providerRefused);
      const early = await pool.unprocessedCallbackIdsFor(result.checkoutRequestId);
      for (const messageId of early) await applyStkCallback(messageId);
      return { attemptId: start.attemptId, message: PAYMENT_MESSAGES.initiated };
    },

    /**
     * Daraja's result, stored and applied before this returns (the route answers after storing and leaves
     * the rest to the processor). An identical copy of a stored callback is not stored or applied again;
     * `reconcile` applies anything a crash left unprocessed.
     */
    async handleStkCallback(body: unknown): Promise<void> {
      const messageId = await this.recordStkCallback(body);
      if (messageId !== null) await applyStkCallback(messageId, body);
    },

    /**
     * Stores a callback as received (the route makes it storable first), in one statement: answers the
     * message's id, or null when an identical copy was stored before (a duplicate: nothing more to do).
     */
    async recordStkCallback(body: unknown): Promise<number | null> {
      return pool.insertStkCallback(body);
    },

    /** Acts on a stored callback, once; what throws here is left for the reconciliation job. */
    applyStkCallback,

    /** Wakes the callback processor (the route, right after its answer). */
    wakeStkProcessor,

    /**
     * Wakes the callback processor and settles, never rejecting, once every callback stored before the call
     * that can be applied now is applied: tests await it where they used to find the order paid when the
     * POST returned.
     */
    processStkCallbacks,

    /** Settles when the processor is idle (the app's close waits for it before the pool ends). */
    stkProcessorIdle,

    /** Money received but not applied, newest first: what the operator refunds or checks by hand. */
    async flaggedAttempts(limit = 200) {
      const rows = await pool.flaggedAttempts(limit);
      return rows.map(({ attempt, order }) => ({
        attempt_id: attempt.id,
        provider: attempt.provider,
        order_reference: order.reference,
        product: order.product,
        order_payment_state: order.paymentState,
        amount: order.amountMinor / 100,
        currency: order.currency,
        phone: attempt.phone,
        receipt: attempt.receipt,
        result_code: attempt.resultCode,
        reason: attempt.flaggedReason ?? '',
        flagged_at: (attempt.resolvedAt ?? attempt.createdAt).toISOString(),
      }));
    },

    /**
     * Opens DPO's hosted card page for an order. A newer attempt replaces older unpaid tokens, which are
     * cancelled at DPO so they cannot be paid any more.
     */
    async payWithDpo(code: string): Promise<{ attemptId: number; url: string; message: string }> {
      const now = clock.now();
      const start = await db.transaction(async (tx) => {
        const repository = paymentsRepository(tx);
        const order = await repository.lockOrderByCode(code);
        if (!order) throw notFound(PAYMENT_MESSAGES.orderNotFound);
        if (order.paymentState === 'paid') throw new AppError('conflict', PAYMENT_MESSAGES.alreadyPaid);
        const older = await repository.openCardAttempts(order.id);
        const attemptId = await repository.insertAttempt({
          orderId: order.id,
          provider: 'dpo',
          requestedAmount: String(order.amountMinor),
          createdAt: now,
        });
        await setOrderState(tx, order.id, 'processing');
        return { order, attemptId, older };
      });
      for (const old of start.older) {
        const cancelled = await deps.dpo.cancelToken(old.transToken!);
        await db.transaction(async (tx) => {
          await record(tx, {
            provider: 'dpo',
            kind: 'cancel_token',
            attemptId: old.id,
            body: cancelled.exchange,
          });
          if (cancelled.ok) await paymentsRepository(tx).cancelReplacedAttempt(old.id, now);
        });
      }
      const created = await deps.dpo.createToken({
        amountMinor: start.order.amountMinor,
        currency: start.order.currency,
        companyRef: start.order.reference,
        redirectUrl: deps.dpoReturnUrl,
        backUrl: deps.dpoBackUrl ?? deps.dpoReturnUrl,
        ptlMinutes: Math.round(deps.pendingExpiryMs / 60_000) * 4,
        description: start.order.description,
        ...(start.order.customerEmail ? { customer: { email: start.order.customerEmail } } : {}),
      });
      await db.transaction(async (tx) => {
        await record(tx, {
          provider: 'dpo',
          kind: 'create_token',
          attemptId: start.attemptId,
          body: created.exchange,
        });
        if (created.ok) {
          await paymentsRepository(tx).markAttemptPending(start.attemptId, {
            transToken: created.transToken,
            transRef: created.transRef,
            nextCheckAt: new Date(now.getTime() + 2 * 60_000),
          });
        } else {
          await paymentsRepository(tx).markAttemptRefused(
            start.attemptId,
            { resultCode: created.result, resultDesc: created.explanation },
            now,
          );
          await setOrderState(tx, start.order.id, 'failed');
        }
      });
      if (!created.ok) throw new AppError('unavailable', PAYMENT_MESSAGES.cardUnavailable);
      return { attemptId: start.attemptId, url: created.hostedUrl, message: PAYMENT_MESSAGES.cardInitiated };
    },

    /**
     * Asks DPO what became of a token (after the browser came back, a push, or from the job). The browser's
     * query parameters are never believed: only verifyToken's answer, matched to the attempt's amount and
     * currency. Returns the order's code, to send the browser back to its checkout.
     */
    async verifyDpo(
      transToken: string,
      options: { leftUnpaid?: boolean } = {},
    ): Promise<{ orderCode: string; product: string } | null> {
      const attempt = await pool.findAttemptByTransToken(transToken);
      if (!attempt) return null;
      const order = await pool.findOrderById(attempt.orderId);
      let notPaidYet = false;
      if (attempt.resolvedAt === null) {
        const answer = await deps.dpo.verifyToken(transToken);
        await transaction(async (tx) => {
          await record(tx, {
            provider: 'dpo',
            kind: 'verify_token',
            attemptId: attempt.id,
            body: answer.exchange,
          });
          const current = await paymentsRepository(tx).lockAttempt(attempt.id);
          if (!current || current.resolvedAt !== null || !answer.ok) return;
          const now = clock.now();
          if (answer.outcome === 'paid') {
            const matches = answer.amountMinor === order!.amountMinor && answer.currency === order!.currency;
            if (!matches) {
              await flagAttempt(
                tx,
                current,
                {
                  resultCode: answer.result,
                  resultDesc: answer.explanation,
                  receipt: answer.approval ?? null,
                  method: 'Card (DPO Pay)',
                },
                `paid ${answer.amount ?? '?'} ${answer.currency ?? '?'} for ${current.requestedAmount} minor ${order!.currency}`,
              );
              return;
            }
            await resolveAttempt(tx, current, {
              outcome: 'paid',
              resultCode: answer.result,
              resultDesc: answer.explanation,
              receipt: answer.approval ?? null,
              method: 'Card (DPO Pay)',
            });
          } else if (answer.outcome === 'failed' || answer.outcome === 'mismatch') {
            await resolveAttempt(tx, current, {
              outcome: 'failed',
              resultCode: answer.result,
              resultDesc: answer.explanation,
              receipt: null,
              method: 'Card (DPO Pay)',
            });
          } else {
            notPaidYet = answer.result === '900';
            await paymentsRepository(tx).scheduleNextCheck(current.id, new Date(now.getTime() + 60_000));
          }
        });
      }
      // The customer came back from the hosted page without paying (Abandon, back): the token is withdrawn
      // at DPO (refused if it was paid meanwhile) and the attempt fails now, not when the token expires.
      if (options.leftUnpaid && notPaidYet) {
        const cancelled = await deps.dpo.cancelToken(transToken);
        await transaction(async (tx) => {
          await record(tx, {
            provider: 'dpo',
            kind: 'cancel_token',
            attemptId: attempt.id,
            body: cancelled.exchange,
          });
          const current = await paymentsRepository(tx).lockAttempt(attempt.id);
          if (!current || current.resolvedAt !== null || !cancelled.ok) return;
          await resolveAttempt(tx, current, {
            outcome: 'failed',
            resultCode: '904',
            resultDesc: 'Left the card page without paying.',
            receipt: null,
            method: 'Card (DPO Pay)',
          });
        });
      }
      return order ? { orderCode: order.code, product: order.product } : null;
    },

    /**
     * The safety net, run every minute by a job (and at once when a worker starts): stored callbacks a crash
     * or a stopped process left unprocessed are applied;
     * prompts with no answer are asked about with STK query (from 60 s after they were sent, then every
     * minute; "being processed" stays pending) until resolved or expired.
     */
    async reconcile(): Promise<{ applied: number; queried: number }> {
      const now = clock.now();
      // Whatever the processors left (a crash between storing and applying, a process that stopped), in
      // batches; then, one at a time, what needs the general path (an early callback whose wait is over).
      await processStkCallbacks();
      const stale = new Date(now.getTime() - 30_000);
      const leftovers = await pool.unprocessedCallbackIds(stale, 200);
      for (const messageId of leftovers) await applyStkCallback(messageId);

      const due = await pool.dueMpesaQueries(now, 100);
      for (const attempt of due) await queryStk(attempt, now);
      const dueCards = await pool.dueCardTokens(now, 100);
      for (const transToken of dueCards) await this.verifyDpo(transToken);
      return { applied: leftovers.length, queried: due.length + dueCards.length };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
