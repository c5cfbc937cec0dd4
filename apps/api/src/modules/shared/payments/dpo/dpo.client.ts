import { dpoAmount, dpoVerifyOutcome, type DpoOutcome } from '@zabuni/domain';
import {
  childText,
  dpoServiceDate,
  MAX_XML_LENGTH,
  parseDpoAmount,
  parseXml,
  xmlDocument,
  type XmlElement,
  type XmlFields,
} from './dpo.wire.ts';

/**
 * DPO Pay API v6 (createToken, verifyToken, cancelToken) over HTTPS. It does not know whether it talks to
 * DPO or to the built-in simulator: only the URLs differ. Nothing here throws for what the network or
 * DPO does: every call ends in a typed answer carrying the messages exchanged, for the attempt's record.
 */
export interface DpoOptions {
  /** The API endpoint: `https://secure.3gdirectpay.com/API/v6/`. */
  apiUrl: string;
  /** The hosted payment page: `https://secure.3gdirectpay.com/payv2.php` (the customer gets `?ID=…`). */
  paymentUrl: string;
  companyToken: string;
  /** The merchant's service type number, assigned by DPO. */
  serviceType: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
}

/** One message pair as it went over the wire. */
export interface DpoExchange {
  /** The XML we sent, with the company token masked. */
  request: string;
  /** HTTP status; null when no answer came. */
  status: number | null;
  /** The body as received (cut at 256 KiB); null when no answer came. */
  response: string | null;
}

/**
 * Why a call ended without a usable answer: `rejected` is DPO refusing the request itself (its result code
 * is kept); the others mean we do not know what DPO did, so the caller asks again later.
 */
export type DpoFailure = 'rejected' | 'unreachable' | 'timeout' | 'bad_response';

export interface DpoFailed {
  ok: false;
  failure: DpoFailure;
  /** DPO's 3-character result code, when DPO answered with one. */
  result: string | null;
  explanation: string;
  exchange: DpoExchange;
}

export interface DpoTokenRequest {
  amountMinor: number;
  /** ISO 4217 code. */
  currency: string;
  /** Our order reference; DPO refuses a second token for a reference already paid (940). */
  companyRef: string;
  /** Where the browser returns after paying or being declined (query: TransID, CCDapproval, PnrID, …). */
  redirectUrl: string;
  /** Where the browser returns when the customer gives up (query: TransactionToken, CompanyRef). */
  backUrl: string;
  /** Payment time limit; verifyToken answers 903 once it has passed. */
  ptlMinutes: number;
  /** What is being paid for, shown on the hosted page. */
  description: string;
  customer?: {
    email?: string;
    firstName?: string;
    lastName?: string;
    /** Any formatting; only the digits are sent, as DPO requires. */
    phone?: string;
    /** ISO 3166-1 alpha-2. */
    country?: string;
  };
}

export type DpoCreateTokenResult =
  { ok: true; transToken: string; transRef: string; hostedUrl: string; exchange: DpoExchange } | DpoFailed;

export interface DpoVerification {
  ok: true;
  /** 3-character string ("000"), never a number. */
  result: string;
  explanation: string;
  outcome: DpoOutcome;
  approval?: string;
  /** As DPO wrote it ("2500.00"). */
  amount?: string;
  /** `amount` in minor units, when it reads as an amount: compare it with the order's. */
  amountMinor?: number;
  currency?: string;
  customerName?: string;
  customerPhone?: string;
  /** The verifyToken answer exactly as received. */
  raw: string;
  exchange: DpoExchange;
}

export type DpoVerifyResult = DpoVerification | (DpoFailed & { raw: string | null });

export type DpoCancelResult =
  { ok: true; result: string; explanation: string; exchange: DpoExchange } | DpoFailed;

/**
 * Result codes that judge the request, not the payment (bad company token, bad XML, missing field): on
 * verifyToken they must not fail a payment the customer may well have made.
 */
const REQUEST_ERRORS = new Set(['801', '802', '803', '804', '950']);

type Answer =
  | { ok: true; root: XmlElement; result: string; explanation: string; raw: string; exchange: DpoExchange }
  | { ok: false; failure: Exclude<DpoFailure, 'rejected'>; explanation: string; exchange: DpoExchange };

/** Reads at most MAX_XML_LENGTH bytes of the body; a longer one is cut and flagged. */
async function readBody(response: Response): Promise<{ text: string; cut: boolean }> {
  if (!response.body) return { text: '', cut: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), cut: false };
    size += value.byteLength;
    if (size > MAX_XML_LENGTH) {
      await reader.cancel().catch(() => undefined);
      return {
        text: text + decoder.decode(value.subarray(0, MAX_XML_LENGTH - (size - value.byteLength))),
        cut: true,
      };
    }
    text += decoder.decode(value, { stream: true });
  }
}

const describeError = (error: unknown) =>
  error instanceof Error
    ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
    : String(error);

export function createDpoClient(options: DpoOptions) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? (() => new Date());

  async function call(fields: XmlFields): Promise<Answer> {
    const body = xmlDocument('API3G', { CompanyToken: options.companyToken, ...fields });
    const exchange: DpoExchange = {
      // What callers store must never hold the credential.
      request: xmlDocument('API3G', { CompanyToken: '***', ...fields }),
      status: null,
      response: null,
    };
    let cut: boolean;
    try {
      const response = await doFetch(options.apiUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/xml', Accept: 'application/xml, text/xml' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      exchange.status = response.status;
      ({ text: exchange.response, cut } = await readBody(response));
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      return {
        ok: false,
        failure: timedOut ? 'timeout' : 'unreachable',
        explanation: timedOut
          ? `DPO did not answer within ${timeoutMs} ms`
          : `DPO unreachable: ${describeError(error)}`,
        exchange,
      };
    }
    const raw = exchange.response ?? '';
    const badResponse = (why: string): Answer => ({
      ok: false,
      failure: 'bad_response',
      explanation: `DPO answered HTTP ${exchange.status} with ${why}`,
      exchange,
    });
    if (cut) return badResponse('a body over 256 KiB');
    let root: XmlElement;
    try {
      root = parseXml(raw);
    } catch {
      return badResponse('something that is not XML');
    }
    if (root.name !== 'API3G') return badResponse(`an XML document rooted at <${root.name}>`);
    // Read as text and kept as text: "000" and "0" are different answers.
    const result = childText(root, 'Result');
    if (!result || !/^\d{3}$/.test(result)) return badResponse('no 3-digit Result');
    return { ok: true, root, result, explanation: childText(root, 'ResultExplanation') ?? '', raw, exchange };
  }

  const failed = (answer: Answer): DpoFailed =>
    answer.ok
      ? {
          ok: false,
          failure: 'rejected',
          result: answer.result,
          explanation: answer.explanation,
          exchange: answer.exchange,
        }
      : {
          ok: false,
          failure: answer.failure,
          result: null,
          explanation: answer.explanation,
          exchange: answer.exchange,
        };

  return {
    async createToken(request: DpoTokenRequest): Promise<DpoCreateTokenResult> {
      if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0) {
        throw new RangeError(`amountMinor must be a positive whole number, not ${request.amountMinor}`);
      }
      if (!Number.isSafeInteger(request.ptlMinutes) || request.ptlMinutes <= 0) {
        throw new RangeError(`ptlMinutes must be a positive whole number, not ${request.ptlMinutes}`);
      }
      const customer = request.customer ?? {};
      const phone = customer.phone?.replace(/\D/g, '');
      const answer = await call({
        Request: 'createToken',
        Transaction: {
          PaymentAmount: dpoAmount(request.amountMinor),
          PaymentCurrency: request.currency.trim().toUpperCase(),
          CompanyRef: request.companyRef,
          RedirectURL: request.redirectUrl,
          BackURL: request.backUrl,
          CompanyRefUnique: '1',
          PTL: String(request.ptlMinutes),
          PTLtype: 'minutes',
          customerEmail: customer.email || undefined,
          customerFirstName: customer.firstName || undefined,
          customerLastName: customer.lastName || undefined,
          customerPhone: phone || undefined,
          customerCountry: customer.country?.trim().toUpperCase() || undefined,
        },
        Services: {
          Service: {
            ServiceType: options.serviceType,
            ServiceDescription: request.description,
            ServiceDate: dpoServiceDate(now()),
          },
        },
      });
      const transToken = answer.ok ? childText(answer.root, 'TransToken') : undefined;
      if (!answer.ok || answer.result !== '000') return failed(answer);
      if (!transToken) {
        return {
          ok: false,
          failure: 'bad_response',
          result: answer.result,
          explanation: 'DPO created a token but sent no TransToken',
          exchange: answer.exchange,
        };
      }
      const hostedUrl = new URL(options.paymentUrl);
      hostedUrl.searchParams.set('ID', transToken);
      return {
        ok: true,
        transToken,
        transRef: childText(answer.root, 'TransRef') ?? '',
        hostedUrl: hostedUrl.toString(),
        exchange: answer.exchange,
      };
    },

    /** Asks DPO what became of a token: the only answer to trust (redirects and pushes are unsigned). */
    async verifyToken(transToken: string): Promise<DpoVerifyResult> {
      const answer = await call({ Request: 'verifyToken', TransactionToken: transToken });
      if (!answer.ok) return { ...failed(answer), raw: answer.exchange.response };
      if (REQUEST_ERRORS.has(answer.result)) return { ...failed(answer), raw: answer.raw };
      const text = (name: string) => childText(answer.root, name);
      const amount = text('TransactionAmount');
      return {
        ok: true,
        result: answer.result,
        explanation: answer.explanation,
        outcome: dpoVerifyOutcome(answer.result),
        approval: text('TransactionApproval'),
        amount,
        amountMinor: parseDpoAmount(amount) ?? undefined,
        currency: text('TransactionCurrency')?.toUpperCase(),
        customerName: text('CustomerName'),
        customerPhone: text('CustomerPhone'),
        raw: answer.raw,
        exchange: answer.exchange,
      };
    },

    /** Withdraws an unpaid token, so the hosted page can no longer take money for it. */
    async cancelToken(transToken: string): Promise<DpoCancelResult> {
      const answer = await call({ Request: 'cancelToken', TransactionToken: transToken });
      if (!answer.ok || answer.result !== '000') return failed(answer);
      return { ok: true, result: answer.result, explanation: answer.explanation, exchange: answer.exchange };
    },
  };
}
export type DpoClient = ReturnType<typeof createDpoClient>;
