import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { bearer, buyingOrganisations } from '../../../../../test/identity.ts';

let ctx: TestContext;
let admin: string;
let requester: string;
let otherAdmin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const { tokens } = await buyingOrganisations(ctx, [['akinyi', 'requester']]);
  admin = tokens.admin!;
  requester = tokens.akinyi!;
  otherAdmin = tokens.outsider!;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/p2p/tax-rates/${url}`, headers: bearer(token), payload });

type Rates = {
  count: number;
  results: Array<{ id: number; name: string; rate: string; is_default: boolean }>;
};

describe('tax rates', () => {
  it('starts every organisation with Kenya VAT at 16 % as its default, once', async () => {
    const [first, second] = await Promise.all([call('GET', '', requester), call('GET', '', admin)]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      count: 1,
      results: [{ name: 'VAT 16%', rate: '16.00', is_default: true }],
    });
    expect((second.json() as Rates).count).toBe(1);
  });

  it('adds a rate, makes it the default (one default only), and refuses bad input', async () => {
    const zero = await call('POST', '', admin, { name: 'Zero-rated', rate: '0' });
    expect(zero.statusCode).toBe(201);
    expect(zero.json()).toMatchObject({ rate: '0.00', is_default: false });
    const reduced = await call('POST', '', admin, { name: 'Reduced 8%', rate: 8, is_default: true });
    expect(reduced.statusCode).toBe(201);
    const list = (await call('GET', '', admin)).json() as Rates;
    expect(list.results.filter((r) => r.is_default).map((r) => r.name)).toEqual(['Reduced 8%']);

    const bad = await call('POST', '', admin, { name: 'Odd', rate: '16.005' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      rate: ['Enter a percentage between 0 and 100 with at most two decimals, e.g. 16 or 8.5.'],
    });
    const taken = await call('POST', '', admin, { name: 'Zero-rated', rate: '0' });
    expect(taken.json()).toMatchObject({ name: ['A tax rate with this name already exists.'] });

    const reducedId = (reduced.json() as { id: number }).id;
    const undefault = await call('PATCH', `${reducedId}/`, admin, { is_default: false });
    expect(undefault.statusCode).toBe(400);
    expect(undefault.json()).toMatchObject({
      is_default: ['Choose another default tax rate first.'],
      code: 'tax_rate.last_default',
      field: 'is_default',
    });
  });

  it('lets only administrators change rates, and hides them from other organisations', async () => {
    expect((await call('POST', '', requester, { name: 'Mine', rate: '1' })).statusCode).toBe(403);
    const ours = (await call('GET', '', admin)).json() as Rates;
    const theirs = (await call('GET', '', otherAdmin)).json() as Rates;
    expect(theirs.results.map((r) => r.name)).toEqual(['VAT 16%']);
    expect((await call('PATCH', `${ours.results[0]!.id}/`, otherAdmin, { rate: '1' })).statusCode).toBe(404);
  });
});
