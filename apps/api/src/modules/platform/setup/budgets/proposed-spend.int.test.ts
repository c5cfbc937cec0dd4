import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * Issue 16, point 10: a `stop` budget counts approved commitments and actuals; others' pending
 * requisitions are proposed spend, counted only where the budget says so (`count_proposed`, default
 * false), and approvers of orders and invoices see the budget check on the document before deciding.
 */
let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
let budgetId = 0;
let budgetForm: Record<string, unknown>;
const TODAY = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

type Check = {
  budget: { id: number; name: string };
  outcome: string;
  action: string | null;
  counts_proposed: boolean;
  proposed: string | null;
  available: string | null;
  shortfall: string | null;
};

async function requisition(amount: string) {
  const { act, created, categoryId, ictId } = setUp;
  const { id } = await created('wanjiru', 'p2p/requisitions/', {
    title: `Purchase of KES ${amount}`,
    lines: [
      {
        description: 'Equipment',
        category_id: categoryId,
        department_id: ictId,
        quantity: '1',
        unit_price: amount,
      },
    ],
  });
  return act('wanjiru', 'POST', `p2p/requisitions/${id}/submit/`);
}

const countProposed = async (count: boolean) => {
  const saved = await setUp.act('admin', 'PUT', `p2p/budgets/${budgetId}/`, {
    ...budgetForm,
    count_proposed: count,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json()).toMatchObject({ count_proposed: count });
};

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx);
  const years = (await setUp.act('admin', 'GET', 'p2p/fiscal-years/')).json() as {
    results: Array<{ id: number }>;
  };
  budgetForm = {
    name: 'ICT stop budget',
    fiscal_year_id: years.results[0]!.id,
    department_id: setUp.ictId,
    amount: '3205000',
    controls: { requisition: 'stop', purchase_order: 'stop', invoice: 'stop' },
  };
  budgetId = (await setUp.created('admin', 'p2p/budgets/', budgetForm)).id;
});
afterAll(async () => {
  await ctx.close();
});

describe('proposed spend against a stop budget', () => {
  it('does not let one unapproved KES 3.2M request block a KES 10,000 one by default', async () => {
    expect((await requisition('3200000')).statusCode).toBe(200);
    const small = await requisition('10000');
    expect(small.statusCode, small.body).toBe(200);
    // Shown as proposed spend, not taken.
    expect((await setUp.act('kamau', 'GET', `p2p/budgets/${budgetId}/utilisation/`)).json()).toMatchObject({
      proposed: '3210000.00',
      available: '3205000.00',
      available_after_proposed: '-5000.00',
    });
    const budget = await setUp.act('kamau', 'GET', `p2p/budgets/${budgetId}/`);
    expect(budget.json()).toMatchObject({ count_proposed: false });
  });

  it('counts pending requisitions where the organisation chose so for that budget', async () => {
    await countProposed(true);
    const refused = await requisition('10000');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: expect.stringMatching(/^budget\.exceeded/),
      params: { budget: 'ICT stop budget', shortfall: 'KES 15,000.00' },
    });
  });

  it('refuses a setting that is not true or false with a field code', async () => {
    const bad = await setUp.act('admin', 'PUT', `p2p/budgets/${budgetId}/`, {
      ...budgetForm,
      count_proposed: 'sometimes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'count_proposed', code: 'field.choice' });
  });
});

describe('the budget panel on the document, before the approver decides', () => {
  let orderId = 0;
  let lineId = 0;

  it('shows the order’s approver what approving would do to the budget', async () => {
    const { act, created, categoryId, ictId, supplierId } = setUp;
    orderId = (
      await created('otieno', 'p2p/purchase-orders/', {
        supplier_id: supplierId,
        justification: 'Urgent replacement',
        delivery_address: 'Umoja House, Nairobi',
        lines: [
          {
            description: 'Router',
            category_id: categoryId,
            department_id: ictId,
            quantity: '1',
            unit_price: '20000',
          },
        ],
      })
    ).id;
    expect((await act('otieno', 'POST', `p2p/purchase-orders/${orderId}/submit/`, {})).statusCode).toBe(200);
    // Counting proposed spend: 3,205,000 − 3,210,000 pending leaves nothing for 20,000.
    const counted = (await act('kamau', 'GET', `p2p/purchase-orders/${orderId}/`)).json() as {
      budget_checks: Check[] | null;
    };
    expect(counted.budget_checks).toEqual([
      expect.objectContaining({
        budget: { id: budgetId, name: 'ICT stop budget' },
        outcome: 'over',
        action: 'stop',
        counts_proposed: true,
        proposed: '3210000.00',
        available: '3205000.00',
        shortfall: '25000.00',
      }),
    ]);
    await countProposed(false);
    const view = (await act('kamau', 'GET', `p2p/purchase-orders/${orderId}/`)).json() as {
      budget_checks: Check[] | null;
      lines: Array<{ id: number }>;
    };
    expect(view.budget_checks).toEqual([
      expect.objectContaining({ outcome: 'within', action: null, counts_proposed: false, shortfall: null }),
    ]);
    lineId = view.lines[0]!.id;
    // The supplier never sees the buyer's budget.
    for (const [who, path] of [
      ['kamau', 'approve'],
      ['otieno', 'send'],
    ] as const) {
      const moved = await act(who, 'POST', `p2p/purchase-orders/${orderId}/${path}/`, {});
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const supplierView = (await act('acme', 'GET', `portal/purchase-orders/${orderId}/`)).json() as {
      budget_checks: unknown;
    };
    expect(supplierView.budget_checks).toBeNull();
  });

  it('shows the invoice’s approver the check on actuals before approving', async () => {
    const { act } = setUp;
    const received = await act('otieno', 'POST', 'p2p/goods-receipts/', {
      purchase_order_id: orderId,
      received_on: TODAY,
      lines: [{ purchase_order_line_id: lineId, received: '1', accepted: '1' }],
    });
    expect(received.statusCode, received.body).toBe(201);
    const invoice = await act('acme', 'POST', 'portal/invoices/', {
      purchase_order_id: orderId,
      invoice_number: 'ACME-B-1',
      invoice_date: TODAY,
      lines: [{ purchase_order_line_id: lineId, description: 'Router', quantity: '1', unit_price: '20000' }],
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const { id } = invoice.json() as { id: number };
    const view = (await act('akinyi', 'GET', `p2p/invoices/${id}/`)).json() as {
      status: string;
      budget_checks: Check[] | null;
    };
    expect(view.status).toBe('matched');
    expect(view.budget_checks).toEqual([
      expect.objectContaining({
        budget: { id: budgetId, name: 'ICT stop budget' },
        outcome: 'within',
        new_spend: '0.00',
      }),
    ]);
    const portal = (await act('acme', 'GET', `portal/invoices/${id}/`)).json() as { budget_checks: unknown };
    expect(portal.budget_checks ?? null).toBeNull();
  });
});
