import { darajaPassword, darajaTimestamp, STK_QUERY_PENDING_ERROR } from '@zabuni/domain';

/**
 * Safaricom Daraja M-Pesa Express (STK push) over HTTPS. It does not know whether it talks to Safaricom
 * or to the built-in simulator: only the base URL differs.
 */
export interface DarajaOptions {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortCode: string;
  passkey: string;
  transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** Till number for buy-goods; the short code itself for paybill. */
  partyB?: string;
  now?: () => Date;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Every message as it went over the wire, for the payment attempt's record. */
export interface Exchange {
  request: unknown;
  status: number;
  response: unknown;
}

export type StkPushResult =
  | {
      ok: true;
      merchantRequestId: string;
      checkoutRequestId: string;
      customerMessage: string;
      exchange: Exchange;
    }
  | { ok: false; errorCode: string; errorMessage: string; exchange: Exchange };

export type StkQueryResult =
  | { state: 'pending'; exchange: Exchange }
  | { state: 'settled'; resultCode: string; resultDesc: string; exchange: Exchange }
  | { state: 'error'; errorCode: string; errorMessage: string; exchange: Exchange };

const INVALID_TOKEN = '404.001.03';
/** Refresh the one-hour token this long before it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return { errorCode: `http.${response.status}`, errorMessage: text.slice(0, 500) };
  }
}

const field = (body: unknown, name: string): string | undefined => {
  const value = (body as Record<string, unknown> | null)?.[name];
  return value === undefined || value === null ? undefined : String(value);
};

export function createDarajaClient(options: DarajaOptions) {
  const now = options.now ?? (() => new Date());
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let cached: { token: string; expiresAt: number } | null = null;

  async function call(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown) {
    const response = await doFetch(`${options.baseUrl}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...headers,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, body: await readJson(response) };
  }

  async function accessToken(force = false): Promise<string> {
    if (!force && cached && cached.expiresAt - TOKEN_MARGIN_MS > now().getTime()) return cached.token;
    const basic = Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64');
    const answer = await call('GET', '/oauth/v1/generate?grant_type=client_credentials', {
      Authorization: `Basic ${basic}`,
    });
    const token = field(answer.body, 'access_token');
    if (answer.status !== 200 || !token) {
      throw new Error(
        `Daraja OAuth failed (${answer.status}): ${field(answer.body, 'errorMessage') ?? 'no token'}`,
      );
    }
    // expires_in arrives as a string ("3599").
    const seconds = Number(field(answer.body, 'expires_in') ?? 3599);
    cached = { token, expiresAt: now().getTime() + (Number.isFinite(seconds) ? seconds : 3599) * 1000 };
    return token;
  }

  /** A Daraja call with the bearer token; an "invalid access token" answer refreshes it and retries once. */
  async function authorised(path: string, body: unknown) {
    let answer = await call('POST', path, { Authorization: `Bearer ${await accessToken()}` }, body);
    if (field(answer.body, 'errorCode') === INVALID_TOKEN) {
      answer = await call('POST', path, { Authorization: `Bearer ${await accessToken(true)}` }, body);
    }
    return answer;
  }

  function credentials() {
    const timestamp = darajaTimestamp(now());
    return {
      BusinessShortCode: options.shortCode,
      Password: darajaPassword(options.shortCode, options.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  return {
    async stkPush(request: {
      amount: number;
      phone: string;
      accountReference: string;
      description: string;
      callbackUrl: string;
    }): Promise<StkPushResult> {
      const body = {
        ...credentials(),
        TransactionType: options.transactionType,
        Amount: String(request.amount),
        PartyA: request.phone,
        PartyB: options.partyB ?? options.shortCode,
        PhoneNumber: request.phone,
        CallBackURL: request.callbackUrl,
        AccountReference: request.accountReference,
        TransactionDesc: request.description,
      };
      const answer = await authorised('/mpesa/stkpush/v1/processrequest', body);
      // The stored request never holds the password (it is derived from the passkey).
      const exchange = {
        request: { ...body, Password: '***' },
        status: answer.status,
        response: answer.body,
      };
      const checkoutRequestId = field(answer.body, 'CheckoutRequestID');
      if (answer.status === 200 && field(answer.body, 'ResponseCode') === '0' && checkoutRequestId) {
        return {
          ok: true,
          merchantRequestId: field(answer.body, 'MerchantRequestID') ?? '',
          checkoutRequestId,
          customerMessage: field(answer.body, 'CustomerMessage') ?? '',
          exchange,
        };
      }
      return {
        ok: false,
        errorCode:
          field(answer.body, 'errorCode') ?? field(answer.body, 'ResponseCode') ?? `http.${answer.status}`,
        errorMessage:
          field(answer.body, 'errorMessage') ??
          field(answer.body, 'ResponseDescription') ??
          'STK push refused',
        exchange,
      };
    },

    async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
      const body = { ...credentials(), CheckoutRequestID: checkoutRequestId };
      const answer = await authorised('/mpesa/stkpushquery/v1/query', body);
      const exchange = {
        request: { ...body, Password: '***' },
        status: answer.status,
        response: answer.body,
      };
      const errorCode = field(answer.body, 'errorCode');
      if (errorCode === STK_QUERY_PENDING_ERROR) return { state: 'pending', exchange };
      const resultCode = field(answer.body, 'ResultCode');
      if (answer.status === 200 && resultCode !== undefined) {
        return { state: 'settled', resultCode, resultDesc: field(answer.body, 'ResultDesc') ?? '', exchange };
      }
      return {
        state: 'error',
        errorCode: errorCode ?? `http.${answer.status}`,
        errorMessage: field(answer.body, 'errorMessage') ?? 'STK query failed',
        exchange,
      };
    },
  };
}
export type DarajaClient = ReturnType<typeof createDarajaClient>;

export interface StkCallback {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  amount: number | null;
  receipt: string | null;
  phone: string | null;
  transactionDate: string | null;
}

/**
 * Reads Safaricom's callback JSON defensively: items are found by Name (their order is not guaranteed),
 * ResultCode may be a number or a string, metadata exists only on success. Null when it is not a callback.
 */
export function parseStkCallback(body: unknown): StkCallback | null {
  const callback = (body as { Body?: { stkCallback?: Record<string, unknown> } } | null)?.Body?.stkCallback;
  if (!callback || typeof callback !== 'object') return null;
  const checkoutRequestId = callback.CheckoutRequestID;
  const resultCode = Number(callback.ResultCode);
  if (typeof checkoutRequestId !== 'string' || !checkoutRequestId || !Number.isFinite(resultCode))
    return null;
  const items = (
    callback.CallbackMetadata as { Item?: Array<{ Name?: string; Value?: unknown }> } | undefined
  )?.Item;
  const item = (name: string) =>
    Array.isArray(items) ? items.find((i) => i?.Name === name)?.Value : undefined;
  const text = (value: unknown) => (value === undefined || value === null ? null : String(value));
  const amount = Number(item('Amount'));
  return {
    merchantRequestId: String(callback.MerchantRequestID ?? ''),
    checkoutRequestId,
    resultCode,
    resultDesc: String(callback.ResultDesc ?? ''),
    amount: item('Amount') === undefined || !Number.isFinite(amount) ? null : amount,
    receipt: text(item('MpesaReceiptNumber')),
    phone: text(item('PhoneNumber')),
    transactionDate: text(item('TransactionDate')),
  };
}
