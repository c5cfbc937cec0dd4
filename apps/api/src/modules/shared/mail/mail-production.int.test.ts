import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

/** The development mailbox must not exist in production: it would publish every activation link. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(48),
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
      SMTP_URL: 'smtp://127.0.0.1:1',
      MPESA_BASE_URL: 'https://api.safaricom.co.ke',
      MPESA_CONSUMER_KEY: 'key',
      MPESA_CONSUMER_SECRET: 'secret',
      MPESA_SHORTCODE: '600100',
      MPESA_PASSKEY: 'passkey',
      DPO_BASE_URL: 'https://secure.3gdirectpay.com/API/v6/',
      DPO_PAYMENT_URL: 'https://secure.3gdirectpay.com/payv2.php',
      DPO_COMPANY_TOKEN: 'token',
      DPO_SERVICE_TYPE: '3854',
    },
  });
});
afterAll(() => ctx.close());

describe('development mailbox in production', () => {
  it('is not served', async () => {
    // Nor the payment simulators: in production money goes to the real providers only.
    for (const url of [
      '/api/dev/mail',
      '/dev/mailbox',
      '/sim/mpesa/',
      '/sim/mpesa/oauth/v1/generate',
      '/sim/dpo/payv2.php?ID=x',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });
});
