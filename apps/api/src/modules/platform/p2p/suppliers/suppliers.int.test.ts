import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { bearer, buyingOrganisations, linkToken, mailsTo, tokenFor } from '../../../../../test/identity.ts';
import { categories } from '../../../../schema/core.tables.ts';

let ctx: TestContext;
let tokens: Record<string, string> = {};
let categoryId = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const organisations = await buyingOrganisations(ctx, [
    ['wanjiru', 'requester'],
    ['otieno', 'buyer'],
  ]);
  tokens = organisations.tokens;
  [{ id: categoryId }] = (await ctx.database.db.select({ id: categories.id }).from(categories).limit(1)) as [
    { id: number },
  ];
});
afterAll(async () => {
  await ctx.close();
});

const act = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(tokens[who]!), payload });

const acme = {
  name: 'Acme Office Supplies Ltd',
  email: 'Sales@Acme.example',
  first_name: 'Achieng',
  last_name: 'Odhiambo',
  category_ids: [] as number[],
  payment_terms_days: 45,
};

describe('supplier list', () => {
  let supplierId = 0;

  it('adds a new supplier with its first user, who chooses a password and can switch to this buyer', async () => {
    const response = await act('otieno', 'POST', 'p2p/suppliers/', { ...acme, category_ids: [categoryId] });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as {
      id: number;
      status: string;
      payment_terms_days: number;
      categories: unknown[];
    };
    expect(body).toMatchObject({ name: acme.name, status: 'active', payment_terms_days: 45 });
    expect(body.categories).toHaveLength(1);
    supplierId = body.id;

    const mail = (await mailsTo(ctx, 'sales@acme.example'))[0]!;
    expect(mail.subject).toMatch(/invites you to its supplier portal/);
    const token = linkToken(mail.text, '/reset-password');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/confirm/',
      payload: { token, password: 'Acme-Supplies-2026', password2: 'Acme-Supplies-2026' },
    });
    expect(reset.statusCode).toBe(200);
    const supplierToken = await tokenFor(ctx, 'sales@acme.example', 'Acme-Supplies-2026');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/authentication/me/',
      headers: bearer(supplierToken),
    });
    const profile = me.json() as {
      organisations: Array<{ organisation: { kind: string }; roles: string[] }>;
    };
    expect(profile.organisations).toEqual([
      expect.objectContaining({
        organisation: expect.objectContaining({ kind: 'supplier' }),
        roles: ['supplier_admin'],
      }),
    ]);
  });

  it('links an existing supplier instead of creating another, and refuses a non-supplier’s address', async () => {
    const again = await act('admin', 'POST', 'p2p/suppliers/', { ...acme, name: 'Other name' });
    expect(again.statusCode).toBe(201);
    expect(again.json() as { id: number; name: string }).toMatchObject({ id: supplierId, name: acme.name });
    const buyerAddress = await act('admin', 'POST', 'p2p/suppliers/', {
      ...acme,
      email: 'wanjiru@umoja.example',
    });
    expect(buyerAddress.statusCode).toBe(400);
    expect(buyerAddress.body).toContain('not a supplier');
    // The other buyer can add the same supplier: one supplier, many buyers.
    const other = await act('outsider', 'POST', 'p2p/suppliers/', acme);
    expect((other.json() as { id: number }).id).toBe(supplierId);
    expect((await mailsTo(ctx, 'sales@acme.example'))[0]!.subject).toMatch(/added you as a supplier/);
  });

  it('lets procurement staff block a supplier; others read only; other buyers’ changes stay theirs', async () => {
    expect(
      (await act('wanjiru', 'PATCH', `p2p/suppliers/${supplierId}/`, { status: 'blocked' })).statusCode,
    ).toBe(403);
    const blocked = await act('otieno', 'PATCH', `p2p/suppliers/${supplierId}/`, { status: 'blocked' });
    expect(blocked.json()).toMatchObject({ status: 'blocked' });
    const theirs = await act('outsider', 'GET', `p2p/suppliers/${supplierId}/`);
    expect(theirs.json()).toMatchObject({ status: 'active' });
    const list = await act('wanjiru', 'GET', 'p2p/suppliers/?status=blocked');
    expect((list.json() as { count: number }).count).toBe(1);
    const bad = await act('otieno', 'PATCH', `p2p/suppliers/${supplierId}/`, { payment_terms_days: 900 });
    expect(bad.statusCode).toBe(400);
    const missing = await act('otieno', 'GET', 'p2p/suppliers/999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Supplier not found.', code: 'supplier.not_found' });
  });
});
