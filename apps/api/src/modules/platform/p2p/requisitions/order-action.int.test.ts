import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * Issue 16, point 11: "Create order" is an action on an approved requisition. The requisition's detail lists
 * `order` in its `actions` for someone who may raise orders (org_admin, buyer) while the requisition is
 * approved and something of it is still to be ordered; never for the requester or an approver without that
 * role, never before approval, never once every line is taken. The order itself is raised with the existing
 * POST /p2p/purchase-orders/ (lines carrying requisition_line_id).
 */
let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
type View = { status: string; actions?: string[]; lines: Array<{ id: number; remaining_quantity: string }> };

let requisitionId = 0;

const view = async (who: string) => {
  const response = await setUp.act(who, 'GET', `p2p/requisitions/${requisitionId}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as View;
};

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx);
  const requisition = await setUp.created('wanjiru', 'p2p/requisitions/', {
    title: 'Toner',
    lines: [
      {
        description: 'Toner cartridge',
        category_id: setUp.categoryId,
        department_id: setUp.ictId,
        quantity: '10',
        unit_price: '1000',
      },
    ],
  });
  requisitionId = requisition.id;
});

afterAll(async () => {
  await ctx?.close();
});

describe('the requisition offers "order" when an order may be raised from it', () => {
  it('is not offered before approval', async () => {
    expect((await view('otieno')).actions).toEqual(expect.not.arrayContaining(['order']));
    const submitted = await setUp.act('wanjiru', 'POST', `p2p/requisitions/${requisitionId}/submit/`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await view('otieno')).actions).toEqual(expect.not.arrayContaining(['order']));
    expect((await view('kamau')).actions).toEqual(expect.arrayContaining(['approve', 'reject', 'return']));
  });

  it('is offered to a buyer and an org admin once approved, not to the requester or the approver', async () => {
    const approved = await setUp.act('kamau', 'POST', `p2p/requisitions/${requisitionId}/approve/`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const buyer = await view('otieno');
    expect(buyer.status).toBe('approved');
    expect(buyer.actions).toContain('order');
    expect((await view('admin')).actions).toContain('order');
    expect((await view('wanjiru')).actions).not.toContain('order');
    expect((await view('wanjiru')).actions).toContain('cancel');
    expect((await view('kamau')).actions).not.toContain('order');
    expect((await view('akinyi')).actions).not.toContain('order');
  });

  it('is no longer offered once every line is taken by an order', async () => {
    const lines = (await view('otieno')).lines;
    const order = await setUp.created('otieno', 'p2p/purchase-orders/', {
      supplier_id: setUp.supplierId,
      delivery_address: 'Umoja House, Nairobi',
      lines: [
        {
          requisition_line_id: lines[0]!.id,
          description: 'Toner cartridge',
          category_id: setUp.categoryId,
          department_id: setUp.ictId,
          quantity: '10',
          unit_price: '1000',
        },
      ],
    });
    expect(order.id).toBeGreaterThan(0);
    const after = await view('otieno');
    expect(after.lines[0]!.remaining_quantity).toBe('0');
    expect(after.actions).not.toContain('order');
  });
});
