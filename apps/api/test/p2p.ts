import { expect } from 'vitest';
import { categories } from '../src/schema/core.tables.ts';
import type { TestContext } from './harness.ts';
import { bearer, buyingOrganisations, linkToken, mailsTo, tokenFor } from './identity.ts';

/**
 * Procure-to-pay set-up for order, receipt and invoice tests: Umoja with procurement (otieno), a requester
 * (wanjiru), a budget owner (kamau), finance (akinyi), an ICT department, a fiscal year with a budget and
 * a supplier (Acme) whose first user has signed in; Mavuno's administrator as the outsider.
 */
export async function procurementSetUp(
  ctx: TestContext,
  options: {
    budget?: {
      amount: string;
      purchaseOrder: 'stop' | 'warn' | 'ignore';
      invoice: 'stop' | 'warn' | 'ignore';
    };
  } = {},
) {
  const organisations = await buyingOrganisations(ctx, [
    ['wanjiru', 'requester'],
    ['otieno', 'buyer'],
    ['kamau', 'budget_owner'],
    ['akinyi', 'finance'],
  ]);
  const tokens = { ...organisations.tokens };
  const ids = organisations.ids;
  const act = (
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(tokens[who]!), payload });
  const created = async (who: string, url: string, payload: object) => {
    const response = await act(who, 'POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number };
  };
  const [{ id: categoryId }] = (await ctx.database.db
    .select({ id: categories.id })
    .from(categories)
    .limit(1)) as [{ id: number }];
  const ict = await created('admin', 'p2p/departments/', {
    code: 'ICT',
    name: 'ICT',
    budget_owner_id: ids.kamau,
  });
  const year = new Date().getUTCFullYear();
  const fiscalYear = await created('admin', 'p2p/fiscal-years/', {
    name: `FY ${year}`,
    starts_on: `${year}-01-01`,
    ends_on: `${year}-12-31`,
  });
  if (options.budget) {
    await created('admin', 'p2p/budgets/', {
      name: 'ICT equipment',
      fiscal_year_id: fiscalYear.id,
      department_id: ict.id,
      amount: options.budget.amount,
      controls: {
        requisition: 'warn',
        purchase_order: options.budget.purchaseOrder,
        invoice: options.budget.invoice,
      },
    });
  }
  const supplier = await created('otieno', 'p2p/suppliers/', {
    name: 'Acme Office Supplies Ltd',
    email: 'sales@acme.example',
    first_name: 'Achieng',
    last_name: 'Odhiambo',
  });
  const token = linkToken((await mailsTo(ctx, 'sales@acme.example'))[0]!.text, '/reset-password');
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/confirm/',
    payload: { token, password: 'Acme-Supplies-2026', password2: 'Acme-Supplies-2026' },
  });
  // The supplier works in Umoja's documents: its buyer_company_id is Umoja.
  const supplierToken = await tokenFor(ctx, 'sales@acme.example', 'Acme-Supplies-2026');
  const switched = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/switch-buyer/',
    headers: bearer(supplierToken),
    payload: { buyer_company_id: organisations.organisationId },
  });
  tokens.acme = (switched.json() as { access: string }).access;
  return {
    tokens,
    ids,
    act,
    created,
    categoryId,
    ictId: ict.id,
    supplierId: supplier.id,
    organisationId: organisations.organisationId,
  };
}

/** A direct order of `lines` (quantity, unit price) to Acme, approved by the ICT budget owner and sent. */
export async function sentOrder(
  setUp: Awaited<ReturnType<typeof procurementSetUp>>,
  lines: ReadonlyArray<readonly [quantity: string, unitPrice: string]>,
) {
  const { act, created, categoryId, ictId, supplierId } = setUp;
  const order = await created('otieno', 'p2p/purchase-orders/', {
    supplier_id: supplierId,
    justification: 'Urgent replacement',
    delivery_address: 'Umoja House, Nairobi',
    lines: lines.map(([quantity, unitPrice], index) => ({
      description: `Item ${index + 1}`,
      category_id: categoryId,
      department_id: ictId,
      quantity,
      unit_price: unitPrice,
    })),
  });
  for (const [who, path] of [
    ['otieno', 'submit'],
    ['kamau', 'approve'],
    ['otieno', 'send'],
  ] as const) {
    const response = await act(who, 'POST', `p2p/purchase-orders/${order.id}/${path}/`, {});
    expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  }
  const view = (await act('otieno', 'GET', `p2p/purchase-orders/${order.id}/`)).json() as {
    id: number;
    number: string;
    lines: Array<{ id: number }>;
  };
  return view;
}
