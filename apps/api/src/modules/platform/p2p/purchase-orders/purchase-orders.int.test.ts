import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { mailsTo } from '../../../../../test/identity.ts';
import { procurementSetUp, sentOrder } from '../../../../../test/p2p.ts';

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx, {
    budget: { amount: '500000', purchaseOrder: 'stop', invoice: 'warn' },
  });
});
afterAll(async () => {
  await ctx.close();
});

type Order = {
  id: number;
  number: string;
  status: string;
  total: string;
  tax: string;
  actions: string[];
  lines: Array<{ id: number; accepted_quantity: string }>;
};

describe('purchase orders from requisitions', () => {
  it('orders approved requisition lines, split across two suppliers, and marks the requisition ordered', async () => {
    const { act, created, categoryId, ictId, supplierId } = setUp;
    const requisition = await created('wanjiru', 'p2p/requisitions/', {
      title: 'Monitors',
      lines: [
        {
          description: '24-inch monitor',
          category_id: categoryId,
          department_id: ictId,
          quantity: '10',
          unit_price: '15000',
        },
      ],
    });
    await act('wanjiru', 'POST', `p2p/requisitions/${requisition.id}/submit/`);
    expect(
      (await act('kamau', 'POST', `p2p/requisitions/${requisition.id}/approve/`, {})).json(),
    ).toMatchObject({ status: 'approved' });
    const lineId = (
      (await act('wanjiru', 'GET', `p2p/requisitions/${requisition.id}/`)).json() as {
        lines: Array<{ id: number }>;
      }
    ).lines[0]!.id;

    const line = (quantity: string) => ({
      requisition_line_id: lineId,
      description: '24-inch monitor',
      category_id: categoryId,
      department_id: ictId,
      quantity,
      unit_price: '14500',
    });
    const other = await created('otieno', 'p2p/suppliers/', {
      name: 'Bidii Traders',
      email: 'orders@bidii.example',
      first_name: 'Juma',
      last_name: 'Bidii',
    });
    const tooMuch = await act('otieno', 'POST', 'p2p/purchase-orders/', {
      supplier_id: supplierId,
      delivery_address: 'Umoja House',
      lines: [line('11')],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({
      detail: 'lines: Line 1: only 10 each of this requisition line are still to be ordered.',
      lines: ['Line 1: only 10 each of this requisition line are still to be ordered.'],
      code: 'purchase_order.over_requisition',
      params: { remaining: '10', unit: 'each' },
      field: 'lines',
      line: 0,
    });

    const first = (await created('otieno', 'p2p/purchase-orders/', {
      supplier_id: supplierId,
      delivery_address: 'Umoja House',
      lines: [line('6')],
    })) as unknown as Order;
    expect(first).toMatchObject({
      status: 'draft',
      source: 'requisition',
      total: '100920.00',
      tax: '13920.00',
    });
    expect(first.number).toMatch(/^PO-\d{4}-00001$/);
    const second = (await created('otieno', 'p2p/purchase-orders/', {
      supplier_id: other.id,
      delivery_address: 'Umoja House',
      lines: [line('4')],
    })) as unknown as Order;
    const fifth = await act('otieno', 'POST', 'p2p/purchase-orders/', {
      supplier_id: other.id,
      delivery_address: 'Umoja House',
      lines: [line('1')],
    });
    expect(fifth.statusCode).toBe(400);

    for (const order of [first, second]) {
      await act('otieno', 'POST', `p2p/purchase-orders/${order.id}/submit/`);
      // The buyer who raised it cannot approve it; the budget owner can.
      expect((await act('otieno', 'POST', `p2p/purchase-orders/${order.id}/approve/`, {})).statusCode).toBe(
        403,
      );
      expect(
        (await act('kamau', 'POST', `p2p/purchase-orders/${order.id}/approve/`, {})).json(),
      ).toMatchObject({ status: 'approved' });
    }
    expect((await act('wanjiru', 'GET', `p2p/requisitions/${requisition.id}/`)).json()).toMatchObject({
      status: 'ordered',
      lines: [{ quantity: '10', ordered_quantity: '10', remaining_quantity: '0' }],
    });
    // Committed moved from the requisition to the orders (net of tax): 6 × 14,500 + 4 × 14,500.
    const budgets = (await act('kamau', 'GET', 'p2p/budgets/')).json() as {
      results: Array<{ utilisation: { committed: string } }>;
    };
    expect(budgets.results[0]!.utilisation.committed).toBe('145000.00');
  });

  it('stops an order over a stop budget at approval, naming the budget and the shortfall', async () => {
    const { act, created, categoryId, ictId, supplierId } = setUp;
    const order = await created('otieno', 'p2p/purchase-orders/', {
      supplier_id: supplierId,
      justification: 'Data centre',
      delivery_address: 'Umoja House',
      lines: [
        {
          description: 'Server',
          category_id: categoryId,
          department_id: ictId,
          quantity: '1',
          unit_price: '400000',
        },
      ],
    });
    await act('otieno', 'POST', `p2p/purchase-orders/${order.id}/submit/`);
    // The budget owner is no procurement officer, yet decides its step: the order offers it.
    const asOwner = (await act('kamau', 'GET', `p2p/purchase-orders/${order.id}/`)).json() as {
      actions: string[];
    };
    expect(asOwner.actions).toEqual(['approve', 'reject']);
    const asBuyer = (await act('otieno', 'GET', `p2p/purchase-orders/${order.id}/`)).json() as {
      actions: string[];
    };
    expect(asBuyer.actions).toEqual(['cancel']);
    const refused = await act('kamau', 'POST', `p2p/purchase-orders/${order.id}/approve/`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('ICT equipment');
    expect(refused.body).toContain('45,000.00');
    expect(refused.json()).toMatchObject({
      code: expect.stringMatching(/^budget\.exceeded/),
      params: { budget: expect.stringContaining('ICT equipment'), document: 'purchase order' },
    });
    expect((await act('otieno', 'GET', `p2p/purchase-orders/${order.id}/`)).json()).toMatchObject({
      status: 'pending_approval',
    });
    // Rejected back to a draft with a comment; cancelled with a reason.
    expect((await act('kamau', 'POST', `p2p/purchase-orders/${order.id}/reject/`, {})).statusCode).toBe(400);
    expect(
      (await act('kamau', 'POST', `p2p/purchase-orders/${order.id}/reject/`, { comment: 'Too much' })).json(),
    ).toMatchObject({ status: 'draft' });
    expect((await act('otieno', 'POST', `p2p/purchase-orders/${order.id}/cancel/`, {})).statusCode).toBe(400);
    expect(
      (
        await act('otieno', 'POST', `p2p/purchase-orders/${order.id}/cancel/`, { reason: 'Not needed' })
      ).json(),
    ).toMatchObject({ status: 'cancelled' });
  });

  it('refuses a direct order without a justification and an order to a blocked supplier', async () => {
    const { act, categoryId, ictId, supplierId } = setUp;
    const body = {
      supplier_id: supplierId,
      delivery_address: 'Umoja House',
      lines: [
        {
          description: 'Cable',
          category_id: categoryId,
          department_id: ictId,
          quantity: '1',
          unit_price: '100',
        },
      ],
    };
    const noReason = await act('otieno', 'POST', 'p2p/purchase-orders/', body);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Say why this order has no approved requisition.');
    expect(
      (await act('wanjiru', 'POST', 'p2p/purchase-orders/', { ...body, justification: 'x' })).statusCode,
    ).toBe(403);
  });
});

describe('sending, the supplier’s answer and receiving', () => {
  let order: { id: number; number: string; lines: Array<{ id: number }> };

  it('sends the order to the supplier, who acknowledges it in the portal', async () => {
    order = await sentOrder(setUp, [
      ['10', '1000'],
      ['5', '200'],
    ]);
    const mail = (await mailsTo(ctx, 'sales@acme.example'))[0]!;
    expect(mail.subject).toBe(
      `New purchase order ${order.number} from ${'Umoja'}`.replace('Umoja', mail.subject.split(' from ')[1]!),
    );
    expect(mail.text).toContain(`/portal/purchase-orders/${order.id}`);
    const acknowledged = await setUp.act(
      'acme',
      'POST',
      `portal/purchase-orders/${order.id}/acknowledge/`,
      {},
    );
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json()).toMatchObject({ status: 'acknowledged' });
    expect(
      (await setUp.act('acme', 'POST', `portal/purchase-orders/${order.id}/acknowledge/`, {})).statusCode,
    ).toBe(409);
  });

  it('receives in parts, refuses accepting beyond the order, and counts rejected goods apart', async () => {
    const { act } = setUp;
    const receive = (lines: object[]) =>
      act('wanjiru', 'POST', 'p2p/goods-receipts/', {
        purchase_order_id: order.id,
        received_on: '2026-11-20',
        lines,
      });
    const [one, two] = order.lines;
    // The requester taking the delivery is offered "receive", as procurement is.
    const asRequester = (await act('wanjiru', 'GET', `p2p/purchase-orders/${order.id}/`)).json() as {
      actions: string[];
    };
    expect(asRequester.actions).toEqual(['receive']);
    const over = await receive([{ purchase_order_line_id: one!.id, received: '11', accepted: '11' }]);
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('at most 10 each more can be accepted');
    expect(over.json()).toMatchObject({
      code: 'goods_receipt.over_tolerance',
      params: { max: '10', unit: 'each', ordered: '10' },
      line: 0,
    });
    const noReason = await receive([
      { purchase_order_line_id: one!.id, received: '6', accepted: '4', rejected: '2' },
    ]);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      detail: 'lines: Line 1: say why goods were rejected.',
      code: 'goods_receipt.reason',
      field: 'lines',
      line: 0,
    });
    const first = await receive([
      {
        purchase_order_line_id: one!.id,
        received: '6',
        accepted: '4',
        rejected: '2',
        rejection_reason: 'Damaged',
      },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as { number: string }).number).toMatch(/^GRN-\d{4}-\d{5}$/);
    let view = (await act('otieno', 'GET', `p2p/purchase-orders/${order.id}/`)).json() as {
      status: string;
      lines: Array<{ accepted_quantity: string; rejected_quantity: string }>;
    };
    expect(view.status).toBe('partially_received');
    expect(view.lines[0]).toMatchObject({ accepted_quantity: '4', rejected_quantity: '2' });
    await receive([
      { purchase_order_line_id: one!.id, received: '6', accepted: '6' },
      { purchase_order_line_id: two!.id, received: '5', accepted: '5' },
    ]);
    view = (await act('otieno', 'GET', `p2p/purchase-orders/${order.id}/`)).json() as typeof view;
    expect(view.status).toBe('received');
    const receipts = (
      await act('otieno', 'GET', `p2p/goods-receipts/?purchase_order=${order.id}`)
    ).json() as { results: unknown[] };
    expect(receipts.results).toHaveLength(2);
    expect((await act('outsider', 'GET', `p2p/goods-receipts/?purchase_order=${order.id}`)).statusCode).toBe(
      404,
    );
    expect((await act('outsider', 'GET', `p2p/purchase-orders/${order.id}/`)).statusCode).toBe(404);
  });
});
