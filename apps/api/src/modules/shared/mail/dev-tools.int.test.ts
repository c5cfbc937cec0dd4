import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

/**
 * Issue 13 (point 7): the development mailbox and the payment simulators answer only on this computer
 * (loopback) unless DEV_TOOLS_REMOTE=true says otherwise.
 */
let local: TestContext;
let remoteAllowed: TestContext;

beforeAll(async () => {
  local = await createTestContext();
  remoteAllowed = await createTestContext({ env: { DEV_TOOLS_REMOTE: 'true' } });
});
afterAll(async () => {
  await local.close();
  await remoteAllowed.close();
});

const TOOLS = ['/api/dev/mail', '/dev/mailbox', '/sim/mpesa/', '/sim/dpo/payv2.php?ID=unknown'];

const call = (ctx: TestContext, url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, remoteAddress, headers });

describe('development tools on loopback only', () => {
  it.each(TOOLS)('%s refuses another address', async (url) => {
    const response = await call(local, url, '203.0.113.7');
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().detail).toMatch(/DEV_TOOLS_REMOTE/);
    expect(response.json().code).toBe('system.loopback_only');
    // A forged forwarding header changes nothing.
    const forged = await call(local, url, '203.0.113.7', { 'x-forwarded-for': '127.0.0.1' });
    expect(forged.statusCode).toBe(403);
  });

  it.each(TOOLS)('%s answers loopback (IPv4, IPv6, IPv4-mapped)', async (url) => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const response = await call(local, url, address);
      expect(response.statusCode, `${address} ${response.body}`).not.toBe(403);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it.each(TOOLS)('%s answers any address when DEV_TOOLS_REMOTE=true', async (url) => {
    const response = await call(remoteAllowed, url, '203.0.113.7');
    expect(response.statusCode, response.body).not.toBe(403);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('does not restrict the real API or the payment callbacks', async () => {
    const health = await call(local, '/api/health', '203.0.113.7');
    expect(health.statusCode).toBe(200);
    const push = await local.app.inject({
      method: 'POST',
      url: '/api/payments/card/push',
      remoteAddress: '203.0.113.7',
      payload: '<API3G><TransactionToken>unknown</TransactionToken></API3G>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(push.statusCode).not.toBe(403);
  });
});
