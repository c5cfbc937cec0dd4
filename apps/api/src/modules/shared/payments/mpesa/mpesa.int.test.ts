import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../../infra/embedded-postgres.ts';
import { createDarajaClient, parseStkCallback, type DarajaClient, type StkCallback } from './mpesa.client.ts';
import { darajaSimulator } from './mpesa.simulator.ts';

const SANDBOX = {
  consumerKey: 'zabuni-key',
  consumerSecret: 'zabuni-secret',
  shortCode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
};

let app: FastifyInstance;
let base: string;
let client: DarajaClient;
const callbacks: unknown[] = [];

async function waitFor<T>(find: () => T | undefined, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const callbackFor = (id: string) =>
  waitFor(() => callbacks.map(parseStkCallback).find((c): c is StkCallback => c?.checkoutRequestId === id));

beforeAll(async () => {
  const port = await findFreePort();
  base = `http://127.0.0.1:${port}`;
  app = Fastify();
  await app.register(darajaSimulator({ ...SANDBOX, callbackDelayMs: 50 }), { prefix: '/sim/mpesa' });
  app.post('/callbacks/stk', async (request) => {
    callbacks.push(request.body);
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  });
  await app.listen({ port, host: '127.0.0.1' });
  client = createDarajaClient({
    ...SANDBOX,
    baseUrl: `${base}/sim/mpesa`,
    transactionType: 'CustomerPayBillOnline',
  });
});
afterAll(() => app.close());

const push = (phone: string, extra: Partial<Parameters<DarajaClient['stkPush']>[0]> = {}) =>
  client.stkPush({
    amount: 2500,
    phone,
    accountReference: 'ZT7K3M9QX2AB',
    description: 'Tender advert',
    callbackUrl: `${base}/callbacks/stk`,
    ...extra,
  });

describe('Daraja client against the simulator', () => {
  it('pushes, then receives the real success callback with receipt, amount and phone as numbers', async () => {
    const result = await push('254708374140');
    expect(result).toMatchObject({ ok: true, checkoutRequestId: expect.stringMatching(/^ws_CO_\d+/) });
    if (!result.ok) return;
    expect(result.exchange.request).toMatchObject({ Password: '***', Amount: '2500', PartyB: '174379' });
    const raw = await waitFor(() =>
      callbacks.find(
        (c) =>
          (c as { Body: { stkCallback: { CheckoutRequestID: string } } }).Body.stkCallback
            .CheckoutRequestID === result.checkoutRequestId,
      ),
    );
    const items = (
      raw as {
        Body: { stkCallback: { CallbackMetadata: { Item: Array<{ Name: string; Value?: unknown }> } } };
      }
    ).Body.stkCallback.CallbackMetadata.Item;
    expect(typeof items.find((i) => i.Name === 'PhoneNumber')?.Value).toBe('number');
    expect(items.find((i) => i.Name === 'Balance')).toEqual({ Name: 'Balance' });
    const callback = parseStkCallback(raw)!;
    expect(callback).toMatchObject({
      resultCode: 0,
      amount: 2500,
      phone: '254708374140',
      receipt: expect.any(String),
    });
    const query = await client.stkQuery(result.checkoutRequestId);
    expect(query).toMatchObject({ state: 'settled', resultCode: '0' });
  });

  it.each([
    ['254708374141', 1],
    ['254708374142', 1032],
    ['254708374143', 1037],
    ['254708374144', 2001],
  ])('phone %s answers ResultCode %i without metadata', async (phone, code) => {
    const result = await push(phone);
    if (!result.ok) throw new Error('push refused');
    const callback = await callbackFor(result.checkoutRequestId);
    expect(callback).toMatchObject({ resultCode: code, amount: null, receipt: null });
  });

  it('reports "being processed" as pending until answered, then settles; phone 5 never calls back', async () => {
    const waiting = await push('254708374149');
    if (!waiting.ok) throw new Error('push refused');
    expect(await client.stkQuery(waiting.checkoutRequestId)).toMatchObject({ state: 'pending' });

    const silent = await push('254708374145');
    if (!silent.ok) throw new Error('push refused');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      callbacks.map(parseStkCallback).some((c) => c?.checkoutRequestId === silent.checkoutRequestId),
    ).toBe(false);
    expect(await client.stkQuery(silent.checkoutRequestId)).toMatchObject({
      state: 'settled',
      resultCode: '0',
    });
  });

  it('lets a person answer on the phone page', async () => {
    const result = await push('254708374148');
    if (!result.ok) throw new Error('push refused');
    // Opened with or without the trailing slash, the page's buttons post to the simulator's own path.
    const html = await (await fetch(`${base}/sim/mpesa`)).text();
    expect(html).toContain('Pay KES 2500');
    expect(html).toContain(`action="/sim/mpesa/prompts/${encodeURIComponent(result.checkoutRequestId)}"`);
    const answered = await fetch(
      `${base}/sim/mpesa/prompts/${encodeURIComponent(result.checkoutRequestId)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'action=cancel',
        redirect: 'manual',
      },
    );
    expect(answered.status).toBe(303);
    expect((await callbackFor(result.checkoutRequestId)).resultCode).toBe(1032);
  });

  it('refuses bad input with Daraja’s error shape', async () => {
    expect(await push('0712345678')).toMatchObject({
      ok: false,
      errorCode: '400.002.02',
      errorMessage: 'Bad Request - Invalid PartyA',
    });
    expect(await push('254708374140', { accountReference: 'ZT7K3M9QX2AB-TOO-LONG' })).toMatchObject({
      ok: false,
      errorMessage: 'Bad Request - Invalid AccountReference',
    });
    expect(await push('254708374140', { description: 'Tender advert 2026!' })).toMatchObject({
      ok: false,
      errorMessage: 'Bad Request - Invalid TransactionDesc',
    });
    const wrongPasskey = createDarajaClient({
      ...SANDBOX,
      passkey: 'not-the-passkey',
      baseUrl: `${base}/sim/mpesa`,
      transactionType: 'CustomerPayBillOnline',
    });
    expect(
      await wrongPasskey.stkPush({
        amount: 1,
        phone: '254708374140',
        accountReference: 'A1',
        description: 'x',
        callbackUrl: `${base}/callbacks/stk`,
      }),
    ).toMatchObject({ ok: false, errorMessage: 'Bad Request - Invalid Password' });
    const wrongSecret = createDarajaClient({
      ...SANDBOX,
      consumerSecret: 'nope',
      baseUrl: `${base}/sim/mpesa`,
      transactionType: 'CustomerPayBillOnline',
    });
    await expect(wrongSecret.stkQuery('ws_CO_1')).rejects.toThrow(
      /OAuth failed \(400\): Invalid Authentication/,
    );
  });

  it('caches the OAuth token and refreshes it once when Daraja calls it invalid', async () => {
    let tokenCalls = 0;
    const counting = createDarajaClient({
      ...SANDBOX,
      baseUrl: `${base}/sim/mpesa`,
      transactionType: 'CustomerPayBillOnline',
      fetch: async (input, init) => {
        if (String(input).includes('/oauth/')) tokenCalls += 1;
        return fetch(input, init);
      },
    });
    await counting.stkQuery('ws_CO_unknown');
    await counting.stkQuery('ws_CO_unknown');
    expect(tokenCalls).toBe(1);
    // A restarted simulator forgets its tokens: the client gets 404.001.03, refreshes and retries.
    const restarted = Fastify();
    const port = await findFreePort();
    await restarted.register(darajaSimulator({ ...SANDBOX }), { prefix: '/sim/mpesa' });
    await restarted.listen({ port, host: '127.0.0.1' });
    let moved = false;
    const rerouted = createDarajaClient({
      ...SANDBOX,
      baseUrl: `${base}/sim/mpesa`,
      transactionType: 'CustomerPayBillOnline',
      fetch: async (input, init) =>
        fetch(moved ? String(input).replace(base, `http://127.0.0.1:${port}`) : input, init),
    });
    await rerouted.stkQuery('ws_CO_unknown');
    moved = true;
    const answer = await rerouted.stkQuery('ws_CO_unknown');
    expect(answer).toMatchObject({ state: 'error', errorMessage: 'Bad Request - Invalid CheckoutRequestID' });
    await restarted.close();
  });
});

describe('parseStkCallback', () => {
  it('finds items by name in any order and accepts a string ResultCode', () => {
    const parsed = parseStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: 'm',
          CheckoutRequestID: 'ws_CO_1',
          ResultCode: '0',
          ResultDesc: 'ok',
          CallbackMetadata: {
            Item: [
              { Name: 'PhoneNumber', Value: 254708374149 },
              { Name: 'Balance' },
              { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
              { Name: 'Amount', Value: 1.0 },
            ],
          },
        },
      },
    });
    expect(parsed).toMatchObject({ resultCode: 0, amount: 1, receipt: 'NLJ7RT61SV', phone: '254708374149' });
  });
  it.each([null, {}, { Body: {} }, { Body: { stkCallback: { ResultCode: 0 } } }, 'text'])(
    'gives null for %j',
    (body) => expect(parseStkCallback(body)).toBeNull(),
  );
});
