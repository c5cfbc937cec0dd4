import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../../infra/embedded-postgres.ts';
import { createDpoClient, type DpoClient, type DpoTokenRequest } from './dpo.client.ts';
import { dpoSimulator } from './dpo.simulator.ts';
import { childText, parseXml } from './dpo.wire.ts';

const COMPANY_TOKEN = '8D3DA73D-9D7F-4E09-96D4-3D44E7A83EA3';
const SERVICE_TYPE = '5525';
const GUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

let app: FastifyInstance;
let base: string;
let client: DpoClient;
/** Added to the simulator's clock, to walk past payment time limits. */
let clockShiftMs = 0;
const pushes: string[] = [];
let nextRef = 0;

async function waitFor<T>(find: () => T | undefined, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  const port = await findFreePort();
  base = `http://127.0.0.1:${port}`;
  app = Fastify();
  // The app's own XML parser (for the push) must not change what the simulator receives.
  app.addContentTypeParser('application/xml', { parseAs: 'string' }, (_request, body, done) =>
    done(null, { parsedByTheApp: String(body) }),
  );
  await app.register(
    dpoSimulator({
      companyToken: COMPANY_TOKEN,
      publicBase: `${base}/sim/dpo/`,
      pushUrl: `${base}/callbacks/dpo`,
      pushRetryMs: 20,
      merchantName: 'Zabuni Tenders',
      amountLimitMinor: 100_000_000,
      now: () => new Date(Date.now() + clockShiftMs),
    }),
    { prefix: '/sim/dpo' },
  );
  let pushAnswered = 0;
  app.post('/callbacks/dpo', async (request, reply) => {
    // The first push is refused, to see the simulator try again.
    if (pushAnswered++ === 0) return reply.code(500).send('busy');
    pushes.push((request.body as { parsedByTheApp: string }).parsedByTheApp);
    return reply.type('text/plain').send('OK');
  });
  app.post('/not-dpo', async (_request, reply) =>
    reply.code(502).type('text/html').send('<html><body>Bad gateway</body></html>'),
  );
  app.post('/slow', async () => new Promise((resolve) => setTimeout(() => resolve('late'), 2_000)));
  await app.listen({ port, host: '127.0.0.1' });
  client = createDpoClient({
    apiUrl: `${base}/sim/dpo/API/v6/`,
    paymentUrl: `${base}/sim/dpo/payv2.php`,
    companyToken: COMPANY_TOKEN,
    serviceType: SERVICE_TYPE,
  });
});
afterAll(() => app.close());

const request = (extra: Partial<DpoTokenRequest> = {}): DpoTokenRequest => ({
  amountMinor: 250_000,
  currency: 'KES',
  companyRef: `ZB-DPO-${process.pid}-${++nextRef}`,
  redirectUrl: 'https://zabuni.test/payments/dpo/return?order=7',
  backUrl: 'https://zabuni.test/payments/dpo/back',
  ptlMinutes: 30,
  description: 'Tender advert: supply of office desks',
  customer: {
    email: 'wanjiru@example.co.ke',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    phone: '+254 712 345 678',
    country: 'ke',
  },
  ...extra,
});

async function newToken(extra: Partial<DpoTokenRequest> = {}) {
  const sent = request(extra);
  const created = await client.createToken(sent);
  if (!created.ok) throw new Error(`createToken failed: ${created.result} ${created.explanation}`);
  return { ...created, companyRef: sent.companyRef };
}

/** What a browser does: open the hosted page, then submit its form with one of the buttons. */
async function press(hostedUrl: string, action: 'pay' | 'decline' | 'abandon') {
  const html = await (await fetch(hostedUrl)).text();
  const formAction = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const id = /<input type="hidden" name="ID" value="([^"]+)">/.exec(html)?.[1];
  if (!formAction || !id) throw new Error('no payment form on the hosted page');
  expect(html).toContain(`name="action" value="${action}"`);
  return fetch(formAction.replaceAll('&amp;', '&'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ID: id, action }).toString(),
    redirect: 'manual',
  });
}

/** A raw API v6 call, for what the client never sends. */
async function post(body: string, contentType = 'application/xml') {
  const response = await fetch(`${base}/sim/dpo/API/v6/`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body,
  });
  expect(response.status).toBe(200);
  return parseXml(await response.text());
}

describe('DPO client against the simulator', () => {
  it('creates a token: the hosted URL, and the request as sent (masked, escaped, PTL in minutes)', async () => {
    const created = await client.createToken(request({ companyRef: 'ZB-CREATE-1' }));
    expect(created).toMatchObject({ ok: true, transToken: expect.stringMatching(GUID) });
    if (!created.ok) return;
    expect(created.transRef).toMatch(/^R\d{8}$/);
    expect(created.hostedUrl).toBe(`${base}/sim/dpo/payv2.php?ID=${created.transToken}`);
    const sent = created.exchange.request;
    expect(sent).not.toContain(COMPANY_TOKEN);
    expect(sent).toContain('<CompanyToken>***</CompanyToken>');
    expect(sent).toContain('<Request>createToken</Request>');
    expect(sent).toContain('<PaymentAmount>2500.00</PaymentAmount><PaymentCurrency>KES</PaymentCurrency>');
    expect(sent).toContain('<CompanyRef>ZB-CREATE-1</CompanyRef>');
    expect(sent).toContain('<CompanyRefUnique>1</CompanyRefUnique><PTL>30</PTL><PTLtype>minutes</PTLtype>');
    expect(sent).toContain(
      '<customerPhone>254712345678</customerPhone><customerCountry>KE</customerCountry>',
    );
    expect(sent).toMatch(
      /<Services><Service><ServiceType>5525<\/ServiceType><ServiceDescription>Tender advert: supply of office desks<\/ServiceDescription><ServiceDate>\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}<\/ServiceDate><\/Service><\/Services>/,
    );
    expect(created.exchange.status).toBe(200);
    expect(created.exchange.response).toContain('<Result>000</Result>');
    expect(created.exchange.response).toContain(`<TransToken>${created.transToken}</TransToken>`);
  });

  it('shows the hosted page, takes the payment, redirects with DPO’s query, and verifies 000', async () => {
    const { transToken, hostedUrl, companyRef } = await newToken();
    const pageResponse = await fetch(hostedUrl);
    expect(pageResponse.status).toBe(200);
    expect(pageResponse.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await pageResponse.text();
    expect(html).toContain('2500.00 KES');
    expect(html).toContain(companyRef);
    expect(html).toContain('Zabuni Tenders');
    for (const button of ['Pay 2500.00 KES', 'Decline', 'Abandon']) expect(html).toContain(button);

    const before = await client.verifyToken(transToken);
    expect(before).toMatchObject({ ok: true, result: '900', outcome: 'pending' });

    const paid = await press(hostedUrl, 'pay');
    expect(paid.status).toBe(303);
    const location = new URL(paid.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://zabuni.test/payments/dpo/return');
    expect(location.searchParams.get('order')).toBe('7');
    const query = Object.fromEntries(location.searchParams);
    expect(Object.keys(query).sort()).toEqual(
      ['CCDapproval', 'CompanyRef', 'PnrID', 'TransID', 'TransactionToken', 'order'].sort(),
    );
    expect(query).toMatchObject({ TransactionToken: transToken, CompanyRef: companyRef });
    expect(query.CCDapproval).toMatch(/^\d{6}$/);

    const verified = await client.verifyToken(transToken);
    expect(verified).toMatchObject({
      ok: true,
      result: '000',
      outcome: 'paid',
      approval: query.CCDapproval,
      amount: '2500.00',
      amountMinor: 250_000,
      currency: 'KES',
      customerName: 'Wanjiru Kamau',
      customerPhone: '254712345678',
    });
    if (!verified.ok) return;
    expect(verified.exchange.request).toContain(`<TransactionToken>${transToken}</TransactionToken>`);
    expect(verified.raw).toBe(verified.exchange.response);
    const fields = parseXml(verified.raw);
    for (const name of [
      'CustomerCredit',
      'CustomerCreditType',
      'FraudAlert',
      'FraudExplnation',
      'TransactionNetAmount',
      'TransactionSettlementDate',
    ]) {
      expect(childText(fields, name), name).toBeDefined();
    }

    // Pressing Pay again (a double submit) lands on the same redirect and takes no second payment.
    const again = await fetch(`${base}/sim/dpo/payv2.php/act`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ID: transToken, action: 'pay' }).toString(),
      redirect: 'manual',
    });
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location')!).searchParams.get('CCDapproval')).toBe(query.CCDapproval);

    // The push arrives (after one refused attempt) with the verify fields, the token and our reference.
    const pushed = parseXml(await waitFor(() => pushes.find((body) => body.includes(transToken))));
    expect(pushed.name).toBe('API3G');
    expect(childText(pushed, 'Result')).toBe('000');
    expect(childText(pushed, 'TransactionToken')).toBe(transToken);
    expect(childText(pushed, 'TransactionRef')).toBe(companyRef);
    expect(childText(pushed, 'TransactionApproval')).toBe(query.CCDapproval);
    expect(childText(pushed, 'TransactionAmount')).toBe('2500.00');

    // The hosted page now says so, without a form.
    const after = await (await fetch(hostedUrl)).text();
    expect(after).toContain('This payment is complete.');
    expect(after).not.toContain('<form');

    // CompanyRefUnique=1: the same reference cannot be paid twice.
    const repeat = await client.createToken(request({ companyRef }));
    expect(repeat).toMatchObject({ ok: false, failure: 'rejected', result: '940' });
  });

  it('declined: redirect to RedirectURL, verify 901 → failed', async () => {
    const { transToken, hostedUrl, companyRef } = await newToken();
    const declined = await press(hostedUrl, 'decline');
    expect(declined.status).toBe(303);
    const location = new URL(declined.headers.get('location')!);
    expect(location.pathname).toBe('/payments/dpo/return');
    expect(location.searchParams.get('TransactionToken')).toBe(transToken);
    expect(location.searchParams.get('CompanyRef')).toBe(companyRef);
    const verified = await client.verifyToken(transToken);
    expect(verified).toMatchObject({ ok: true, result: '901', outcome: 'failed' });
    if (verified.ok) expect(verified.approval).toBeUndefined();
    // A declined reference is not paid: a new token for it is fine.
    expect(await client.createToken(request({ companyRef }))).toMatchObject({ ok: true });
  });

  it('cancelToken answers 000; verify then says 904 (cancelled) and the page no longer takes money', async () => {
    const { transToken, hostedUrl } = await newToken();
    const cancelled = await client.cancelToken(transToken);
    expect(cancelled).toMatchObject({ ok: true, result: '000' });
    expect(cancelled.exchange.request).toContain('<Request>cancelToken</Request>');
    expect(await client.verifyToken(transToken)).toMatchObject({
      ok: true,
      result: '904',
      outcome: 'failed',
    });
    const html = await (await fetch(hostedUrl)).text();
    expect(html).toContain('The merchant cancelled this payment.');
    expect(html).not.toContain('<form');
    const late = await fetch(`${base}/sim/dpo/payv2.php/act`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ID: transToken, action: 'pay' }).toString(),
      redirect: 'manual',
    });
    expect(late.status).toBe(409);
    expect(await client.verifyToken(transToken)).toMatchObject({ result: '904' });
  });

  it('a paid token cannot be cancelled', async () => {
    const { transToken, hostedUrl } = await newToken();
    expect((await press(hostedUrl, 'pay')).status).toBe(303);
    const cancelled = await client.cancelToken(transToken);
    expect(cancelled).toMatchObject({ ok: false, failure: 'rejected' });
    expect(cancelled.result).not.toBe('000');
    expect(await client.verifyToken(transToken)).toMatchObject({ result: '000' });
  });

  it('abandon: back to BackURL with TransactionToken and CompanyRef only; the token stays unpaid (900)', async () => {
    const { transToken, hostedUrl } = await newToken({ companyRef: 'ZB-A&B <"x">' });
    const abandoned = await press(hostedUrl, 'abandon');
    expect(abandoned.status).toBe(303);
    const location = new URL(abandoned.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://zabuni.test/payments/dpo/back');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      TransactionToken: transToken,
      CompanyRef: 'ZB-A&B <"x">',
    });
    expect(await client.verifyToken(transToken)).toMatchObject({
      ok: true,
      result: '900',
      outcome: 'pending',
    });
    // The customer may come back and pay.
    expect((await press(hostedUrl, 'pay')).status).toBe(303);
    expect(await client.verifyToken(transToken)).toMatchObject({ result: '000', outcome: 'paid' });
  });

  it('past the payment time limit: verify 903 → failed, and the page refuses', async () => {
    const { transToken, hostedUrl } = await newToken({ ptlMinutes: 1 });
    expect(await client.verifyToken(transToken)).toMatchObject({ result: '900' });
    clockShiftMs = 2 * 60_000;
    try {
      expect(await client.verifyToken(transToken)).toMatchObject({
        ok: true,
        result: '903',
        outcome: 'failed',
      });
      const page = await fetch(hostedUrl);
      expect(page.status).toBe(410);
      expect(await page.text()).not.toContain('<form');
    } finally {
      clockShiftMs = 0;
    }
  });

  it('refuses a wrong or missing company token (802, 801), without failing a payment on verify', async () => {
    const wrong = createDpoClient({
      apiUrl: `${base}/sim/dpo/API/v6/`,
      paymentUrl: `${base}/sim/dpo/payv2.php`,
      companyToken: '00000000-0000-0000-0000-000000000000',
      serviceType: SERVICE_TYPE,
    });
    expect(await wrong.createToken(request())).toMatchObject({
      ok: false,
      failure: 'rejected',
      result: '802',
    });
    const { transToken } = await newToken();
    // A configuration mistake is not a verdict on the customer's payment.
    const verified = await wrong.verifyToken(transToken);
    expect(verified).toMatchObject({ ok: false, failure: 'rejected', result: '802' });
    expect(verified).not.toHaveProperty('outcome');

    const missing = createDpoClient({
      apiUrl: `${base}/sim/dpo/API/v6/`,
      paymentUrl: `${base}/sim/dpo/payv2.php`,
      companyToken: '',
      serviceType: SERVICE_TYPE,
    });
    expect(await missing.createToken(request())).toMatchObject({ ok: false, result: '801' });
  });

  it('refuses an unsupported currency (904) and an amount over the limit (905); accepts the others', async () => {
    expect(await client.createToken(request({ currency: 'XAF' }))).toMatchObject({
      ok: false,
      failure: 'rejected',
      result: '904',
    });
    expect(await client.createToken(request({ amountMinor: 100_000_001 }))).toMatchObject({ result: '905' });
    for (const currency of ['KES', 'USD', 'EUR', 'GBP', 'TZS', 'UGX', 'ZAR', 'RWF']) {
      expect(await client.createToken(request({ currency })), currency).toMatchObject({ ok: true });
    }
  });

  it('escapes every text: markup in the description round-trips as text, never as XML or HTML', async () => {
    const description = '<script>alert("x")</script> & </ServiceDescription><PaymentAmount>1</PaymentAmount>';
    const created = await client.createToken(request({ description }));
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const sent = created.exchange.request;
    expect(sent).not.toContain('<script>');
    expect(sent).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;/ServiceDescription&gt;&lt;PaymentAmount&gt;1&lt;/PaymentAmount&gt;',
    );
    expect(sent.match(/<PaymentAmount>/g)).toHaveLength(1);
    // What DPO read back is exactly what we meant.
    const parsed = parseXml(sent);
    const service = parsed.children.find((c) => c.name === 'Services')?.children[0];
    expect(childText(service, 'ServiceDescription')).toBe(description);

    const html = await (await fetch(created.hostedUrl)).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;/ServiceDescription&gt;',
    );
    // The amount is the one we asked for, not the injected one.
    expect(html).toContain('2500.00 KES');
  });

  it('result codes are 3-character strings ("000"), never numbers', async () => {
    const { transToken, hostedUrl } = await newToken();
    await press(hostedUrl, 'pay');
    const verified = await client.verifyToken(transToken);
    expect(verified.ok).toBe(true);
    if (!verified.ok) return;
    expect(typeof verified.result).toBe('string');
    expect(verified.result).toHaveLength(3);
    expect(verified.result).toBe('000');
    expect(verified.result).not.toBe(0 as unknown as string);
    const cancel = await client.cancelToken('00000000-0000-0000-0000-000000000000');
    expect(cancel).toMatchObject({ ok: false, failure: 'rejected' });
    expect(cancel.result).toMatch(/^\d{3}$/);
  });
});

describe('the simulator’s API v6 validation', () => {
  const tokenRequest = (transaction: string, services = true) =>
    `<?xml version="1.0" encoding="utf-8"?><API3G><CompanyToken>${COMPANY_TOKEN}</CompanyToken>` +
    `<Request>createToken</Request><Transaction>${transaction}</Transaction>` +
    (services
      ? `<Services><Service><ServiceType>${SERVICE_TYPE}</ServiceType><ServiceDescription>Advert</ServiceDescription>` +
        `<ServiceDate>2026/01/15 10:30</ServiceDate></Service></Services>`
      : '') +
    `</API3G>`;
  const complete =
    '<PaymentAmount>10.5</PaymentAmount><PaymentCurrency>usd</PaymentCurrency>' +
    '<RedirectURL>https://zabuni.test/r</RedirectURL><BackURL>https://zabuni.test/b</BackURL>';

  it('accepts a minimal createToken, also as text/xml; PTL defaults to hours', async () => {
    const answer = await post(tokenRequest(complete), 'text/xml');
    expect(childText(answer, 'Result')).toBe('000');
    expect(childText(answer, 'TransToken')).toMatch(GUID);
  });

  it('804 for XML it cannot read, including any DOCTYPE (no entity expansion)', async () => {
    expect(childText(await post('<API3G><CompanyToken>x</API3G>'), 'Result')).toBe('804');
    expect(childText(await post('not xml at all'), 'Result')).toBe('804');
    expect(childText(await post('<Other/>'), 'Result')).toBe('804');
    const billionLaughs =
      '<?xml version="1.0"?><!DOCTYPE API3G [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>' +
      `<API3G><CompanyToken>${COMPANY_TOKEN}</CompanyToken><Request>&b;</Request></API3G>`;
    expect(childText(await post(billionLaughs), 'Result')).toBe('804');
  });

  it('801 without a company token, 803 for an unknown request', async () => {
    expect(childText(await post('<API3G><Request>createToken</Request></API3G>'), 'Result')).toBe('801');
    const unknown = await post(
      `<API3G><CompanyToken>${COMPANY_TOKEN}</CompanyToken><Request>refundToken</Request></API3G>`,
    );
    expect(childText(unknown, 'Result')).toBe('803');
  });

  it('902 for a missing mandatory field or a malformed one', async () => {
    const noBackUrl = await post(tokenRequest(complete.replace(/<BackURL>.*<\/BackURL>/, '')));
    expect(childText(noBackUrl, 'Result')).toBe('902');
    expect(childText(noBackUrl, 'ResultExplanation')).toContain('BackURL');
    expect(childText(await post(tokenRequest(complete, false)), 'Result')).toBe('902');
    const threeDecimals = await post(tokenRequest(complete.replace('10.5', '10.555')));
    expect(childText(threeDecimals, 'ResultExplanation')).toContain('PaymentAmount');
    const script = await post(tokenRequest(complete.replace('https://zabuni.test/r', 'javascript:alert(1)')));
    expect(childText(script, 'Result')).toBe('902');
  });

  it('verifyToken without a token is 950; with an unknown one 902', async () => {
    const verify = (inner: string) =>
      post(
        `<API3G><CompanyToken>${COMPANY_TOKEN}</CompanyToken><Request>verifyToken</Request>${inner}</API3G>`,
      );
    expect(childText(await verify(''), 'Result')).toBe('950');
    expect(childText(await verify('<TransactionToken>NOPE</TransactionToken>'), 'Result')).toBe('902');
  });

  it('an unknown token has no hosted page', async () => {
    const page = await fetch(`${base}/sim/dpo/payv2.php?ID=%3Cscript%3E`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('<script>');
  });
});

describe('DPO client failures are typed, never thrown', () => {
  const clientAt = (apiUrl: string, timeoutMs?: number) =>
    createDpoClient({
      apiUrl,
      paymentUrl: `${base}/sim/dpo/payv2.php`,
      companyToken: COMPANY_TOKEN,
      serviceType: SERVICE_TYPE,
      ...(timeoutMs ? { timeoutMs } : {}),
    });

  it('unreachable', async () => {
    const closedPort = await findFreePort();
    const unreachable = clientAt(`http://127.0.0.1:${closedPort}/API/v6/`);
    const created = await unreachable.createToken(request());
    expect(created).toMatchObject({ ok: false, failure: 'unreachable', result: null });
    expect(created.exchange).toMatchObject({ status: null, response: null });
    expect(created.exchange.request).toContain('<Request>createToken</Request>');
    expect(await unreachable.verifyToken('X')).toMatchObject({
      ok: false,
      failure: 'unreachable',
      raw: null,
    });
    expect(await unreachable.cancelToken('X')).toMatchObject({ ok: false, failure: 'unreachable' });
  });

  it('an answer that is not XML', async () => {
    const notDpo = clientAt(`${base}/not-dpo`);
    const verified = await notDpo.verifyToken('X');
    expect(verified).toMatchObject({ ok: false, failure: 'bad_response', result: null });
    expect(verified).not.toHaveProperty('outcome');
    expect(verified.exchange).toMatchObject({
      status: 502,
      response: '<html><body>Bad gateway</body></html>',
    });
    expect(await notDpo.createToken(request())).toMatchObject({ ok: false, failure: 'bad_response' });
  });

  it('no answer in time', async () => {
    const slow = clientAt(`${base}/slow`, 200);
    expect(await slow.verifyToken('X')).toMatchObject({ ok: false, failure: 'timeout' });
  });

  it('a fetch that throws synchronously-ish (bad URL) is still a typed failure', async () => {
    const broken = createDpoClient({
      apiUrl: `${base}/sim/dpo/API/v6/`,
      paymentUrl: `${base}/sim/dpo/payv2.php`,
      companyToken: COMPANY_TOKEN,
      serviceType: SERVICE_TYPE,
      fetch: () => {
        throw new TypeError('fetch failed');
      },
    });
    expect(await broken.cancelToken('X')).toMatchObject({ ok: false, failure: 'unreachable' });
  });
});
