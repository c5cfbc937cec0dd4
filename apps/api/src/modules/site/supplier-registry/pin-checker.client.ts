import { KRA_PIN_PATTERN, normaliseTaxPin } from '@zabuni/domain';

/**
 * The tax authority's PIN checker (KRA GavaConnect "PIN checker by PIN"): an OAuth client-credentials token
 * from `GET {base}/v1/token/generate?grant_type=client_credentials` (HTTP Basic, consumer key and secret),
 * then `POST {base}/checker/v1/pinbypin` with `{ KRAPIN }` answered by
 * `{ ResponseCode, Message, Status: 'OK' | 'NOK', PINDATA?: { KRAPIN, Name, TypeOfTaxpayer, StatusOfPIN } }`.
 * Without KRA_PIN_CHECKER_URL the built-in simulator at PUBLIC_URL/sim/kra answers in the same format.
 */
export interface PinCheckerConfig {
  /** Null: no checker configured (production without KRA_PIN_CHECKER_URL): every PIN is left to an operator. */
  baseUrl: string | null;
  consumerKey: string;
  consumerSecret: string;
  fetch: typeof fetch;
}

export type PinCheck =
  | { status: 'verified'; name: string }
  | { status: 'unknown' }
  /** The checker could not be asked (not configured, down, answered nonsense). */
  | { status: 'unavailable' };

export interface PinCheckerAnswer {
  ResponseCode: string;
  Message: string;
  Status: 'OK' | 'NOK';
  PINDATA?: { KRAPIN: string; Name: string; TypeOfTaxpayer: string; StatusOfPIN: string };
}

const TIMEOUT_MS = 10_000;

export function createPinChecker({
  baseUrl,
  consumerKey,
  consumerSecret,
  fetch: httpFetch,
}: PinCheckerConfig) {
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now() + 30_000) return token.value;
    const basic = Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64');
    const response = await httpFetch(`${baseUrl}/v1/token/generate?grant_type=client_credentials`, {
      headers: { authorization: `Basic ${basic}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`PIN checker token: HTTP ${response.status}`);
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new Error('PIN checker token: no access_token');
    token = { value: body.access_token, expiresAt: Date.now() + Number(body.expires_in ?? 3599) * 1000 };
    return token.value;
  }

  return {
    /** Asks the tax authority about a well-formed Kenyan PIN. Never throws: trouble is `unavailable`. */
    async check(pin: string): Promise<PinCheck> {
      const value = normaliseTaxPin(pin);
      if (!baseUrl || !KRA_PIN_PATTERN.test(value)) return { status: 'unavailable' };
      try {
        const response = await httpFetch(`${baseUrl}/checker/v1/pinbypin`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
          body: JSON.stringify({ KRAPIN: value }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (response.status === 401) token = null;
        if (!response.ok) return { status: 'unavailable' };
        const answer = (await response.json()) as Partial<PinCheckerAnswer>;
        if (answer.Status === 'OK' && answer.PINDATA && typeof answer.PINDATA.Name === 'string') {
          if (answer.PINDATA.StatusOfPIN !== 'Active') return { status: 'unknown' };
          return { status: 'verified', name: answer.PINDATA.Name };
        }
        if (answer.Status === 'NOK') return { status: 'unknown' };
        return { status: 'unavailable' };
      } catch {
        return { status: 'unavailable' };
      }
    },
  };
}
export type PinChecker = ReturnType<typeof createPinChecker>;
