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

/** Longest text kept of one callback value (a CheckoutRequestID is ~30 characters, a receipt 10). */
const MAX_CALLBACK_TEXT = 200;

/** A whole number sent as a JSON number or as a string of digits; anything else is not a code. */
function integerOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d{1,15}\s*$/.test(value)) return Number(value);
  return null;
}

/** A finite number sent as a JSON number or a numeric string (Daraja sends 1.00, some deployments "1.00"). */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*\d{1,15}(\.\d{1,4})?\s*$/.test(value)) return Number(value);
  return null;
}

/** A short text sent as a string or a number (receipts, phones and dates arrive as either). */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.slice(0, MAX_CALLBACK_TEXT);
  if (typeof value === 'number' && Number.isFinite(value)) {
    return Number.isSafeInteger(value) ? String(value) : null;
  }
  return null;
}

/**
 * Reads Safaricom's callback JSON defensively: items are found by Name (their order is not guaranteed),
 * ResultCode may be a number or a string of digits, metadata exists only on success. A value of the wrong
 * type counts as missing (a null or empty ResultCode is never "0", success). Null when it is not a callback.
 */
export function parseStkCallback(body: unknown): StkCallback | null {
  if (!body || typeof body !== 'object') return null;
  const outer = (body as { Body?: unknown }).Body;
  if (!outer || typeof outer !== 'object') return null;
  const callback = (outer as { stkCallback?: unknown }).stkCallback;
  if (!callback || typeof callback !== 'object' || Array.isArray(callback)) return null;
  const fields = callback as Record<string, unknown>;
  const checkoutRequestId = fields.CheckoutRequestID;
  const resultCode = integerOf(fields.ResultCode);
  if (
    typeof checkoutRequestId !== 'string' ||
    !checkoutRequestId ||
    checkoutRequestId.length > MAX_CALLBACK_TEXT ||
    resultCode === null
  ) {
    return null;
  }
  const metadata = fields.CallbackMetadata;
  const items = metadata && typeof metadata === 'object' ? (metadata as { Item?: unknown }).Item : undefined;
  const item = (name: string): unknown => {
    if (!Array.isArray(items)) return undefined;
    const found = items.find(
      (entry): entry is { Value?: unknown } =>
        !!entry && typeof entry === 'object' && (entry as { Name?: unknown }).Name === name,
    );
    return found?.Value;
  };
  return {
    merchantRequestId: textOf(fields.MerchantRequestID) ?? '',
    checkoutRequestId,
    resultCode,
    resultDesc: textOf(fields.ResultDesc) ?? '',
    amount: numberOf(item('Amount')),
    receipt: textOf(item('MpesaReceiptNumber')),
    phone: textOf(item('PhoneNumber')),
    transactionDate: textOf(item('TransactionDate')),
  };
}

/** How deep a stored callback may nest; deeper parts are replaced (PostgreSQL's jsonb has its own limit). */
const MAX_STORED_DEPTH = 20;
const MAX_STORED_TEXT = 64 * 1024;
const NUL = String.fromCharCode(0);
/** Halves of surrogate pairs standing alone: jsonb refuses them, as it refuses NUL. */
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A value PostgreSQL's jsonb accepts: no NUL character, no lone surrogate, not nested without end. */
function storableValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    return value.replaceAll(NUL, '\uFFFD').replace(LONE_SURROGATES, '\uFFFD');
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value !== 'object') return null;
  if (depth >= MAX_STORED_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) return value.map((entry) => storableValue(entry, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      storableValue(key, depth) as string,
      storableValue(entry, depth + 1),
    ]),
  );
}

/**
 * What is stored of a callback body as it came over the wire (text): the JSON itself when it is JSON
 * (made storable), else the text under `unparsed`. Never throws: every callback is kept and acknowledged.
 */
export function storableCallback(raw: string): Record<string, unknown> | unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw) as unknown;
  } catch {
    return { unparsed: storableValue(raw.slice(0, MAX_STORED_TEXT), 0), note: 'not JSON' };
  }
  const value = storableValue(parsed, 0);
  if (value && typeof value === 'object') return value as Record<string, unknown>;
  return { unparsed: value ?? null, note: 'not a JSON object' };
}
