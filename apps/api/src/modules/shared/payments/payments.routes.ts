import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, message } from '@zabuni/contracts';
import { z } from 'zod';
import { AppError } from '../../../infra/errors.ts';
import { childText, parseXml } from './dpo/dpo.wire.ts';
import { parseStkCallback, storableCallback } from './mpesa/mpesa.client.ts';
import { CHECKOUT_PAGES, type PaymentsService } from './payments.service.ts';

/**
 * A callback's body as text, kept out of sight of the app-wide input checks (which refuse NUL characters and
 * lone surrogates with a 400): this route stores such bodies made storable and acknowledges them, as Daraja
 * expects of every callback.
 */
class RawCallbackBody {
  readonly #text: string;
  constructor(text: string) {
    this.#text = text;
  }
  get text(): string {
    return this.#text;
  }
}

/** Daraja's acknowledgement (PAYMENT-PROTOCOLS §1): the answer to every callback that reached our path. */
export const STK_ACKNOWLEDGEMENT = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

/**
 * Daraja posts STK results here. The path carries a secret derived from JWT_SECRET (callbacks are
 * unsigned, so nobody should even find the address); the body is stored before anything acts on it.
 * Daraja wants HTTP 200 `{"ResultCode":0,"ResultDesc":"Accepted"}` once the message is safe.
 */
export const paymentCallbackRoutes =
  ({
    payments,
    callbackSecret,
    publicUrl,
  }: {
    payments: PaymentsService;
    callbackSecret: string;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // DPO's push is a raw XML document.
    app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );

    /**
     * The browser comes back from the hosted card page. Its query parameters are unsigned: only the token is
     * read, and verifyToken decides. Then the browser goes to its order's checkout page.
     */
    async function cardReturn(request: FastifyRequest, reply: FastifyReply, leftUnpaid: boolean) {
      const token = String((request.query as { TransactionToken?: unknown }).TransactionToken ?? '').slice(
        0,
        100,
      );
      const order = token ? await payments.verifyDpo(token, { leftUnpaid }) : null;
      const page = order
        ? `${CHECKOUT_PAGES[order.product] ?? '/'}${encodeURIComponent(order.orderCode)}`
        : '/';
      return reply.redirect(`${publicUrl}${page}`, 303);
    }
    app.get('/api/payments/card/return', { schema: { hide: true } }, (request, reply) =>
      cardReturn(request, reply, false),
    );
    /**
     * DPO's BackURL: the customer left the hosted page without paying. Verified the same way; a token that
     * is still unpaid is cancelled at DPO and the attempt fails at once (the checkout shows Error).
     */
    app.get('/api/payments/card/back', { schema: { hide: true } }, (request, reply) =>
      cardReturn(request, reply, true),
    );

    /** DPO's push after a payment: verified like everything else, answered with the literal `OK`. */
    app.post('/api/payments/card/push', { schema: { hide: true } }, async (request, reply) => {
      let token = '';
      try {
        token = childText(parseXml(String(request.body ?? '')), 'TransactionToken') ?? '';
      } catch {
        return reply.code(400).type('text/plain').send('Bad XML');
      }
      if (token) await payments.verifyDpo(token);
      return reply.type('text/plain').send('OK');
    });

    /**
     * Whatever arrives at the callback path is read as text (no JSON parser can refuse it first), stored as
     * far as it can be (NUL characters, lone surrogates and endless nesting made storable, non-JSON kept as
     * text) in ONE statement (an identical copy of a stored callback is not stored again), acknowledged at
     * once, and logged when it is not a callback. The callback processor applies it right after the answer,
     * off the request path (payments.service `wakeStkProcessor`); what it cannot apply is left for the
     * reconciliation job. Daraja is answered as soon as the message is safe, whatever applying it does.
     */
    await app.register(async (stk) => {
      stk.removeAllContentTypeParsers();
      stk.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) =>
        done(null, new RawCallbackBody(String(body))),
      );
      // The app's close waits for the processor's batch under way before the pool ends.
      stk.addHook('onClose', () => payments.stkProcessorIdle());
      stk.post('/api/payments/stk/:secret', { schema: { hide: true } }, async (request, reply) => {
        if ((request.params as { secret: string }).secret !== callbackSecret) {
          // The answer of an unknown address (app.ts), so a wrong secret reveals nothing.
          return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
        }
        const raw = request.body instanceof RawCallbackBody ? request.body.text : '';
        const body = storableCallback(raw);
        let messageId: number | null;
        try {
          messageId = await payments.recordStkCallback(body);
        } catch (error) {
          // Only an outage gets here (the body is storable by construction): the STK query job recovers
          // the result, so Daraja hears the outage rather than a false "stored".
          request.log.error({ err: error }, 'M-Pesa callback could not be stored');
          throw new AppError('unavailable', message('payment.callback_unavailable'));
        }
        if (messageId !== null && !parseStkCallback(body)) {
          request.log.warn(
            { messageId, bytes: raw.length },
            'M-Pesa callback stored but not understood (not an STK callback); acknowledged',
          );
        }
        void reply.send(STK_ACKNOWLEDGEMENT);
        // Right after the answer is written: a duplicate wakes it too (its first copy may be waiting after a
        // crash).
        setImmediate(() => payments.wakeStkProcessor());
        return reply;
      });
    });
  };

const flaggedPayment = z
  .object({
    attempt_id: z.number().int(),
    provider: z.enum(['mpesa', 'dpo']),
    order_reference: z.string(),
    product: z.string(),
    order_payment_state: z.string(),
    amount: z.number(),
    currency: z.string(),
    phone: z.string().nullable(),
    receipt: z.string().nullable(),
    result_code: z.string().nullable(),
    reason: z.string(),
    flagged_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'FlaggedPayment' });

/** Money received but not applied to its order (paid twice, amount or phone differs): the operator's list. */
export const paymentOperatorRoutes =
  ({ payments }: { payments: PaymentsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/payments/flagged/',
      {
        config: { access: { side: 'operator' } },
        schema: {
          tags: ['Payments'],
          summary: 'Payments received but not applied: refund them or apply them by hand',
          description:
            'Newest first. `reason` says why: "paid twice" (another attempt paid the order first: refund ' +
            'this one), or an amount or phone that differs from what was asked. Support is mailed of each.',
          response: {
            200: z.object({ results: z.array(flaggedPayment) }),
            401: errorBody,
            403: errorBody,
          },
        },
      },
      async () => ({ results: await payments.flaggedAttempts() }),
    );
  };
