import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * Issue 16, point 9: 4-way matching compares the requisition with the order when the order is approved
 * (the approver sees the variance), and the supplier's invoice only with the order and the receipts: the
 * supplier never sees the buyer's estimate or internal notes, and is never held over a price the buyer
 * approved on the order.
 */
let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const TODAY = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const NOTE = 'Internal: Acme is dearer than our estimate but the only one able to deliver this week';

type Variance = { kind: string; line_no: number | null; blocking: boolean; explanation: string };
type Order = {
  id: number;
  status: string;
  justification: string;
  lines: Array<{ id: number; requisition: unknown; requisition_line_id: number | null }>;
  requisition_variances?: Variance[] | null;
};

let orderId = 0;
let requisitionNumber = '';

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx);
  const { act, created, categoryId, ictId, supplierId } = setUp;
  const saved = await act('admin', 'PUT', 'p2p/matching-settings/', {
    organisation: {
      level: 'four_way',
      price: { percent: null, absolute: null, combine: 'either' },
      quantity: { percent: null, absolute: null, combine: 'either' },
      total: { percent: null, absolute: null, combine: 'either' },
    },
    overrides: [],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const requisition = await created('wanjiru', 'p2p/requisitions/', {
    title: 'Toner',
    lines: [
      {
        description: 'Toner cartridge',
        category_id: categoryId,
        department_id: ictId,
        quantity: '10',
        unit_price: '1000',
      },
    ],
  });
  await act('wanjiru', 'POST', `p2p/requisitions/${requisition.id}/submit/`);
  const approved = await act('kamau', 'POST', `p2p/requisitions/${requisition.id}/approve/`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  const view = (await act('wanjiru', 'GET', `p2p/requisitions/${requisition.id}/`)).json() as {
    number: string;
    lines: Array<{ id: number }>;
  };
  requisitionNumber = view.number;
  const order = await created('otieno', 'p2p/purchase-orders/', {
    supplier_id: supplierId,
    delivery_address: 'Umoja House, Nairobi',
    justification: NOTE,
    lines: [
      {
        requisition_line_id: view.lines[0]!.id,
        description: 'Toner cartridge',
        category_id: categoryId,
        department_id: ictId,
        quantity: '10',
        unit_price: '1200',
      },
    ],
  });
  orderId = order.id;
  const submitted = await act('otieno', 'POST', `p2p/purchase-orders/${orderId}/submit/`, {});
  expect(submitted.statusCode, submitted.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
});

describe('requisition ↔ order at the order’s approval, order ↔ receipt ↔ invoice for the supplier', () => {
  it('shows the approver the price over the estimate before approving', async () => {
    const response = await setUp.act('kamau', 'GET', `p2p/purchase-orders/${orderId}/`);
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json() as Order;
    expect(order.status).toBe('pending_approval');
    expect(order.requisition_variances).toEqual([
      {
        kind: 'order_price_over_estimate',
        line_no: 1,
        expected: '10000.00',
        actual: '12000.00',
        difference: '2000.00',
        unit: 'money',
        tolerated: '0.00',
        blocking: true,
        explanation:
          'This order buys line 1 (Toner cartridge) at KES 1,200.00 a unit, above the KES 1,000.00 estimated on the requisition.',
      },
    ]);
  });

  it('shows the supplier the order without the buyer’s notes, requisition or estimate', async () => {
    for (const [who, path] of [
      ['kamau', 'approve'],
      ['otieno', 'send'],
    ] as const) {
      const moved = await setUp.act(who, 'POST', `p2p/purchase-orders/${orderId}/${path}/`, {});
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const response = await setUp.act('acme', 'GET', `portal/purchase-orders/${orderId}/`);
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json() as Order;
    expect(order.justification).toBe('');
    expect(order.requisition_variances).toBeNull();
    expect(order.lines[0]).toMatchObject({ requisition: null, requisition_line_id: null });
    expect(response.body).not.toContain(requisitionNumber);
    expect(response.body).not.toContain('1000.00');
  });

  it('matches the supplier’s invoice at the ordered price: no hold over the buyer’s estimate', async () => {
    const order = (await setUp.act('otieno', 'GET', `p2p/purchase-orders/${orderId}/`)).json() as Order;
    const received = await setUp.act('otieno', 'POST', 'p2p/goods-receipts/', {
      purchase_order_id: orderId,
      received_on: TODAY,
      lines: [{ purchase_order_line_id: order.lines[0]!.id, received: '10', accepted: '10' }],
    });
    expect(received.statusCode, received.body).toBe(201);
    const submitted = await setUp.act('acme', 'POST', 'portal/invoices/', {
      purchase_order_id: orderId,
      invoice_number: 'ACME-T-1',
      invoice_date: TODAY,
      lines: [
        {
          purchase_order_line_id: order.lines[0]!.id,
          description: 'Toner cartridge',
          quantity: '10',
          unit_price: '1200',
        },
      ],
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const invoice = submitted.json() as {
      id: number;
      status: string;
      match: { within_tolerance: boolean; variances: Variance[] };
    };
    expect(invoice.status).toBe('matched');
    expect(invoice.match).toMatchObject({ level: 'four_way', within_tolerance: true, variances: [] });
    const seen = await setUp.act('acme', 'GET', `portal/invoices/${invoice.id}/`);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toMatch(/requisition|estimate/i);
  });
});
