import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { darajaPassword, darajaTimestamp } from '@zabuni/domain';

/**
 * A stand-in for Safaricom's Daraja API that speaks its protocol: OAuth, STK push with Daraja's own
 * validation and error shape, STK query (500.001.1001 while unanswered), and the real callback JSON posted
 * to CallBackURL. A page at the plugin's root shows the pending "phone prompts" so a person can accept,
 * cancel or enter a wrong PIN. State lives in this process: it plays Safaricom's servers, not ours.
 *
 * Deterministic rules by the last digit of the paying phone (for tests):
 *   0 accept (ResultCode 0)   1 insufficient funds (1)   2 cancelled by user (1032)
 *   3 unreachable (1037)      4 wrong PIN (2001)         5 paid, but the callback never comes
 *   any other digit: wait for a person on the prompts page.
 */
export interface DarajaSimulatorOptions {
  consumerKey: string;
  consumerSecret: string;
  shortCode: string;
  passkey: string;
  /** Delay before an automatic answer's callback. */
  callbackDelayMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

interface Prompt {
  merchantRequestId: string;
  checkoutRequestId: string;
  phone: string;
  amount: number;
  accountReference: string;
  description: string;
  callbackUrl: string;
  createdAt: Date;
  result: { code: number; desc: string; receipt: string | null } | null;
}

const RESULT_TEXT: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  1032: 'Request cancelled by user.',
  1037: 'DS timeout user cannot be reached.',
  2001: 'The initiator information is invalid.',
};

const RULES: Record<string, { code: number; callback: boolean } | undefined> = {
  '0': { code: 0, callback: true },
  '1': { code: 1, callback: true },
  '2': { code: 1032, callback: true },
  '3': { code: 1037, callback: true },
  '4': { code: 2001, callback: true },
  '5': { code: 0, callback: false },
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

export function darajaSimulator(options: DarajaSimulatorOptions) {
  const now = options.now ?? (() => new Date());
  const doFetch = options.fetch ?? fetch;
  const delay = options.callbackDelayMs ?? 1500;
  const tokens = new Set<string>();
  const prompts = new Map<string, Prompt>();
  const requestId = () => `${randomInt(10_000, 99_999)}-${randomInt(1_000_000, 9_999_999)}-1`;

  const fail = (reply: FastifyReply, status: number, errorCode: string, errorMessage: string) =>
    reply.code(status).send({ requestId: requestId(), errorCode, errorMessage });

  function authorised(request: FastifyRequest, reply: FastifyReply): boolean {
    const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
    if (tokens.has(token)) return true;
    void fail(reply, 404, '404.001.03', 'Invalid Access Token');
    return false;
  }

  /** Checks BusinessShortCode, Timestamp and Password as Daraja does; returns the error message, if any. */
  function credentialProblem(body: Record<string, unknown>): string | null {
    if (String(body.BusinessShortCode ?? '') !== options.shortCode)
      return 'Bad Request - Invalid BusinessShortCode';
    const timestamp = String(body.Timestamp ?? '');
    if (!/^\d{14}$/.test(timestamp)) return 'Bad Request - Invalid Timestamp';
    if (body.Password !== darajaPassword(options.shortCode, options.passkey, timestamp)) {
      return 'Bad Request - Invalid Password';
    }
    return null;
  }

  async function settle(prompt: Prompt, code: number, sendCallback: boolean) {
    if (prompt.result) return;
    prompt.result = {
      code,
      desc: RESULT_TEXT[code] ?? 'The transaction failed.',
      receipt: code === 0 ? `S${randomBytes(6).toString('hex').toUpperCase().slice(0, 9)}` : null,
    };
    if (!sendCallback) return;
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResultCode: code,
      ResultDesc: prompt.result.desc,
    };
    if (code === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: prompt.amount },
          { Name: 'MpesaReceiptNumber', Value: prompt.result.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(darajaTimestamp(now())) },
          { Name: 'PhoneNumber', Value: Number(prompt.phone) },
        ],
      };
    }
    await doFetch(prompt.callbackUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Body: { stkCallback } }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => undefined); // Safaricom does not retry either.
  }

  return async function plugin(app: FastifyInstance) {
    // The prompts page posts an HTML form.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.get('/oauth/v1/generate', async (request, reply) => {
      const expected = Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64');
      const query = request.query as { grant_type?: string };
      if (query.grant_type !== 'client_credentials') {
        return fail(reply, 400, '400.008.02', 'Invalid grant type passed');
      }
      if (request.headers.authorization !== `Basic ${expected}`) {
        return fail(reply, 400, '400.008.01', 'Invalid Authentication passed');
      }
      const token = randomBytes(16).toString('base64url');
      tokens.add(token);
      return { access_token: token, expires_in: '3599' };
    });

    app.post('/mpesa/stkpush/v1/processrequest', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const problem =
        credentialProblem(body) ??
        (['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'].includes(String(body.TransactionType))
          ? null
          : 'Bad Request - Invalid TransactionType') ??
        (/^[1-9]\d*$/.test(String(body.Amount ?? '')) ? null : 'Bad Request - Invalid Amount') ??
        (/^254[17]\d{8}$/.test(String(body.PartyA ?? '')) ? null : 'Bad Request - Invalid PartyA') ??
        (/^254[17]\d{8}$/.test(String(body.PhoneNumber ?? ''))
          ? null
          : 'Bad Request - Invalid PhoneNumber') ??
        (/^https?:\/\/\S+$/.test(String(body.CallBackURL ?? ''))
          ? null
          : 'Bad Request - Invalid CallBackURL') ??
        (/^[A-Za-z0-9]{1,12}$/.test(String(body.AccountReference ?? ''))
          ? null
          : 'Bad Request - Invalid AccountReference') ??
        (/^[A-Za-z0-9 ]{1,13}$/.test(String(body.TransactionDesc ?? ''))
          ? null
          : 'Bad Request - Invalid TransactionDesc');
      if (problem) return fail(reply, 400, '400.002.02', problem);

      const prompt: Prompt = {
        merchantRequestId: requestId(),
        checkoutRequestId: `ws_CO_${darajaTimestamp(now())}${randomInt(100_000_000, 999_999_999)}`,
        phone: String(body.PhoneNumber),
        amount: Number(body.Amount),
        accountReference: String(body.AccountReference),
        description: String(body.TransactionDesc),
        callbackUrl: String(body.CallBackURL),
        createdAt: now(),
        result: null,
      };
      prompts.set(prompt.checkoutRequestId, prompt);
      const rule = RULES[prompt.phone.slice(-1)];
      if (rule) setTimeout(() => void settle(prompt, rule.code, rule.callback), delay).unref();
      return {
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      };
    });

    app.post('/mpesa/stkpushquery/v1/query', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const problem = credentialProblem(body);
      if (problem) return fail(reply, 400, '400.002.02', problem);
      const prompt = prompts.get(String(body.CheckoutRequestID ?? ''));
      if (!prompt) return fail(reply, 400, '400.002.02', 'Bad Request - Invalid CheckoutRequestID');
      if (!prompt.result) return fail(reply, 500, '500.001.1001', 'The transaction is being processed');
      return {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.checkoutRequestId,
        ResultCode: String(prompt.result.code),
        ResultDesc: prompt.result.desc,
      };
    });

    // The "phone": pending prompts a person answers.
    app.get('/', async (_request, reply) => {
      const pending = [...prompts.values()].filter((p) => !p.result).reverse();
      const rows = pending
        .map(
          (
            p,
          ) => `<li class="prompt"><p><strong>Pay KES ${p.amount}</strong> to ${escapeHtml(p.accountReference)}
<br><span>${escapeHtml(p.phone)} · ${escapeHtml(p.description)}</span></p>
<form method="post" action="${escapeHtml(app.prefix)}/prompts/${encodeURIComponent(p.checkoutRequestId)}">
<button name="action" value="accept" class="ok">Enter PIN and pay</button>
<button name="action" value="wrong-pin">Wrong PIN</button>
<button name="action" value="cancel">Cancel</button></form></li>`,
        )
        .join('\n');
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta http-equiv="refresh" content="3"><title>M-Pesa simulator</title>
<style>body{font-family:system-ui,sans-serif;background:#e8f5ec;margin:0;padding:24px;color:#123}
main{max-width:420px;margin:auto}h1{font-size:20px}.prompt{list-style:none;background:#fff;border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 4px #0002}
button{margin:4px 4px 0 0;padding:10px 14px;border-radius:8px;border:1px solid #9ab;background:#fff;font-size:15px}
.ok{background:#0b8a3e;color:#fff;border-color:#0b8a3e}ul{padding:0}</style></head>
<body><main><h1>M-Pesa simulator · phone prompts</h1><p>Payments waiting for the customer (this page refreshes itself).</p>
<ul>${rows || '<li class="prompt">No payment is waiting.</li>'}</ul></main></body></html>`);
    });

    app.post('/prompts/:id', async (request, reply) => {
      const prompt = prompts.get((request.params as { id: string }).id);
      const action = String((request.body as { action?: string } | null)?.action ?? '');
      const code = { accept: 0, cancel: 1032, 'wrong-pin': 2001 }[action];
      if (!prompt || code === undefined) return reply.code(404).send({ detail: 'No such prompt.' });
      await settle(prompt, code, true);
      return reply.redirect('../', 303);
    });
  };
}
