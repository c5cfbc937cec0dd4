import { KRA_PIN_PATTERN, normaliseTaxPin } from '@zabuni/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { PinCheckerAnswer } from './pin-checker.client.ts';

const WORDS = [
  'Amani',
  'Baraka',
  'Jabali',
  'Kilele',
  'Mwanga',
  'Neema',
  'Pwani',
  'Tumaini',
  'Upendo',
  'Zawadi',
];
const TRADES = ['Supplies', 'Traders', 'Engineering', 'Logistics', 'Holdings', 'Enterprises'];

/** The name the simulator registers a PIN under: always the same for the same PIN. */
export function simulatedPinName(pin: string): string {
  const digits = normaliseTaxPin(pin).slice(1, 10);
  const a = WORDS[Number(digits.slice(-2, -1)) % WORDS.length]!;
  const b = WORDS[Number(digits.slice(-3, -2)) % WORDS.length]!;
  const trade = TRADES[Number(digits.slice(0, 4)) % TRADES.length]!;
  return `${a} ${b} ${trade} Limited`;
}

/**
 * Stands in for KRA's PIN checker (see pin-checker.client.ts for the protocol) when KRA_PIN_CHECKER_URL is not
 * set: it knows every well-formed PIN except one whose last digit is 0, under a deterministic company name.
 */
export const pinCheckerSimulator =
  ({ consumerKey, consumerSecret }: { consumerKey: string; consumerSecret: string }): FastifyPluginAsync =>
  async (app) => {
    const issued = `sim-${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64url').slice(0, 24)}`;

    app.get('/v1/token/generate', async (request, reply) => {
      const expected = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        return reply.code(401).send({ ResponseCode: '401', Message: 'Invalid credentials', Status: 'NOK' });
      }
      return { access_token: issued, expires_in: '3599' };
    });

    app.post('/checker/v1/pinbypin', async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${issued}`) {
        return reply.code(401).send({ ResponseCode: '401', Message: 'Invalid access token', Status: 'NOK' });
      }
      const raw = (request.body as { KRAPIN?: unknown } | null)?.KRAPIN;
      const pin = typeof raw === 'string' ? normaliseTaxPin(raw) : '';
      let answer: PinCheckerAnswer;
      if (!KRA_PIN_PATTERN.test(pin)) {
        answer = { ResponseCode: '30002', Message: 'Invalid PIN format', Status: 'NOK' };
      } else if (pin[9] === '0') {
        answer = { ResponseCode: '30001', Message: 'PIN not found', Status: 'NOK' };
      } else {
        answer = {
          ResponseCode: '30000',
          Message: 'Valid PIN',
          Status: 'OK',
          PINDATA: {
            KRAPIN: pin,
            Name: simulatedPinName(pin),
            TypeOfTaxpayer: 'Company',
            StatusOfPIN: 'Active',
          },
        };
      }
      return answer;
    });
  };
