import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { procurementSetUp, sentOrder } from '../../../../test/p2p.ts';

/**
 * The one approval engine through HTTP: an invoice under the organisation's two-step invoice workflow is
 * approved by its named approvers in order (not by finance, who is not a step), and the one inbox shows
 * requisitions, purchase orders and invoices together.
 */
let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
let order: Awaited<ReturnType<typeof sentOrder>>;
let invoiceId: number;
let requisitionId: number;
let draftOrderId: number;

const TODAY = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

type InboxItem = {
  document_type: string;
  id: number;
  number: string;
  title: string;
  supplier: { id: number; name: string } | null;
  total: string;
  step: number;
  bulk_approvable: boolean;
  path: string;
};
const inbox = async (who: string, path = 'approvals/inbox/') => {
  const response = await setUp.act(who, 'GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { count: number; results: InboxItem[] };
};
const invoiceIn = async (who: string) =>
  (await inbox(who)).results.find((item) => item.document_type === 'invoice' && item.id === invoiceId);

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx);
  // KES 10 × 1,000 + 16% VAT: the order is approved by the ICT budget owner (kamau) and sent.
  order = await sentOrder(setUp, [['10', '1000']]);
  const received = await setUp.act('otieno', 'POST', 'p2p/goods-receipts/', {
    purchase_order_id: order.id,
    received_on: TODAY,
    lines: [{ purchase_order_line_id: order.lines[0]!.id, received: '10', accepted: '10' }],
  });
  expect(received.statusCode, received.body).toBe(201);
  // The invoice workflow: the ICT budget owner, then the administrator, each by name.
  const rule = await setUp.act('admin', 'POST', 'p2p/approval-workflows/', {
    name: 'Invoices: budget owner, then administrator',
    document_type: 'invoice',
    steps: [
      { mode: 'any', approvers: [{ kind: 'user', user_id: setUp.ids.kamau }] },
      { mode: 'any', approvers: [{ kind: 'user', user_id: setUp.ids.admin }] },
    ],
  });
  expect(rule.statusCode, rule.body).toBe(201);
  const submitted = await setUp.act('acme', 'POST', 'portal/invoices/', {
    purchase_order_id: order.id,
    invoice_number: 'ACME-WF-1',
    invoice_date: TODAY,
    lines: [
      {
        purchase_order_line_id: order.lines[0]!.id,
        description: 'Item 1',
        quantity: '10',
        unit_price: '1000',
      },
    ],
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  invoiceId = (submitted.json() as { id: number; status: string }).id;
  expect(submitted.json()).toMatchObject({ status: 'matched' });
});
afterAll(async () => {
  await ctx.close();
});

describe('an invoice under a two-step invoice workflow', () => {
  it('waits for the first named approver only: not in finance’s inbox, finance and the second step refused', async () => {
    expect(await invoiceIn('kamau')).toMatchObject({
      step: 1,
      number: 'ACME-WF-1',
      title: 'Acme Office Supplies Ltd',
      supplier: { name: 'Acme Office Supplies Ltd' },
      total: '11600.00',
      bulk_approvable: true,
      path: `/app/p2p/invoices/${invoiceId}`,
    });
    for (const who of ['akinyi', 'admin', 'otieno', 'wanjiru']) expect(await invoiceIn(who)).toBeUndefined();
    // Finance is not a step: it no longer approves alone.
    const finance = await setUp.act('akinyi', 'POST', `p2p/invoices/${invoiceId}/approve/`);
    expect(finance.statusCode, finance.body).toBe(403);
    const early = await setUp.act('admin', 'POST', `p2p/invoices/${invoiceId}/approve/`);
    expect(early.statusCode, early.body).toBe(403);
    const view = (await setUp.act('kamau', 'GET', `p2p/invoices/${invoiceId}/`)).json() as {
      status: string;
      actions: string[];
      approval: { current_step: number; waiting_for_me: boolean; route: string[] };
    };
    expect(view).toMatchObject({ status: 'matched', approval: { current_step: 1, waiting_for_me: true } });
    expect(view.actions).toContain('approve');
    const financeView = (await setUp.act('akinyi', 'GET', `p2p/invoices/${invoiceId}/`)).json() as {
      actions: string[];
    };
    expect(financeView.actions).not.toContain('approve');
  });

  it('is approved by the named approvers in order, and only then moves to approved', async () => {
    const first = await setUp.act('kamau', 'POST', `p2p/invoices/${invoiceId}/approve/`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'matched', approval: { current_step: 2 } });
    expect(await invoiceIn('kamau')).toBeUndefined();
    expect(await invoiceIn('admin')).toMatchObject({ step: 2 });
    expect(await invoiceIn('akinyi')).toBeUndefined();
    // The same person twice is refused (already decided / one step per person).
    const again = await setUp.act('kamau', 'POST', `p2p/invoices/${invoiceId}/approve/`);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: expect.stringMatching(/^(invoice|segregation)\./) });
    const second = await setUp.act('admin', 'POST', `p2p/invoices/${invoiceId}/approve/`);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: 'approved', approval: { state: 'approved' } });
    expect(await invoiceIn('admin')).toBeUndefined();
    // Deciding again is a conflict: it no longer waits.
    const decided = await setUp.act('admin', 'POST', `p2p/invoices/${invoiceId}/approve/`);
    expect(decided.statusCode).toBe(409);
    expect(decided.json()).toMatchObject({
      code: 'invoice.not_allowed',
      params: { invoice_status: 'approved' },
    });
  });
});

describe('the one inbox', () => {
  it('lists requisitions, purchase orders and invoices waiting for the caller together, on both paths', async () => {
    // A requisition and an order, both waiting for the ICT budget owner.
    const requisition = await setUp.created('wanjiru', 'p2p/requisitions/', {
      title: 'Toner',
      currency: 'KES',
      lines: [
        {
          description: 'Toner',
          category_id: setUp.categoryId,
          department_id: setUp.ictId,
          quantity: '2',
          unit_price: '5000',
        },
      ],
    });
    requisitionId = requisition.id;
    expect((await setUp.act('wanjiru', 'POST', `p2p/requisitions/${requisitionId}/submit/`)).statusCode).toBe(
      200,
    );
    const draft = await setUp.created('otieno', 'p2p/purchase-orders/', {
      supplier_id: setUp.supplierId,
      justification: 'Spare keyboards',
      delivery_address: 'Umoja House, Nairobi',
      lines: [
        {
          description: 'Keyboard',
          category_id: setUp.categoryId,
          department_id: setUp.ictId,
          quantity: '3',
          unit_price: '2000',
        },
      ],
    });
    draftOrderId = draft.id;
    expect(
      (await setUp.act('otieno', 'POST', `p2p/purchase-orders/${draftOrderId}/submit/`)).statusCode,
    ).toBe(200);
    // A second invoice, for the workflow's first step.
    const second = await sentOrder(setUp, [['1', '500']]);
    await setUp.act('otieno', 'POST', 'p2p/goods-receipts/', {
      purchase_order_id: second.id,
      received_on: TODAY,
      lines: [{ purchase_order_line_id: second.lines[0]!.id, received: '1', accepted: '1' }],
    });
    const billed = await setUp.act('acme', 'POST', 'portal/invoices/', {
      purchase_order_id: second.id,
      invoice_number: 'ACME-WF-2',
      invoice_date: TODAY,
      lines: [
        {
          purchase_order_line_id: second.lines[0]!.id,
          description: 'Item',
          quantity: '1',
          unit_price: '500',
        },
      ],
    });
    expect(billed.statusCode, billed.body).toBe(201);
    invoiceId = (billed.json() as { id: number }).id;

    for (const path of ['approvals/inbox/', 'p2p/approvals/inbox/']) {
      const mine = await inbox('kamau', path);
      expect(mine.count).toBe(3);
      expect(mine.results.map((item) => [item.document_type, item.id, item.step])).toEqual(
        expect.arrayContaining([
          ['requisition', requisitionId, 1],
          ['purchase_order', draftOrderId, 1],
          ['invoice', invoiceId, 1],
        ]),
      );
      expect(mine.results.find((item) => item.document_type === 'purchase_order')).toMatchObject({
        title: 'Acme Office Supplies Ltd',
        total: '6960.00',
        path: `/app/p2p/purchase-orders/${draftOrderId}`,
      });
      expect(mine.results.find((item) => item.document_type === 'requisition')).toMatchObject({
        title: 'Toner',
        supplier: null,
        path: `/app/p2p/requisitions/${requisitionId}`,
      });
    }
    // Paginated like every list.
    const firstPage = (await setUp.act('kamau', 'GET', 'approvals/inbox/?page_size=2')).json() as {
      count: number;
      results: unknown[];
      next: string | null;
    };
    expect(firstPage).toMatchObject({ count: 3 });
    expect(firstPage.results).toHaveLength(2);
    expect(firstPage.next).toContain('page=2');
    // Another organisation sees nothing of it.
    expect((await inbox('outsider')).count).toBe(0);
  });

  it('approves several types at once, each on its own', async () => {
    const response = await setUp.act('kamau', 'POST', 'approvals/bulk-approve/', {
      items: [
        { document_type: 'requisition', id: requisitionId, step: 1 },
        { document_type: 'purchase_order', id: draftOrderId, step: 1 },
        { document_type: 'invoice', id: invoiceId, step: 1 },
        { document_type: 'invoice', id: invoiceId + 1000, step: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      results: [
        { document_type: 'requisition', id: requisitionId, ok: true },
        { document_type: 'purchase_order', id: draftOrderId, ok: true },
        { document_type: 'invoice', id: invoiceId, ok: true, code: 'approval.approved' },
        { document_type: 'invoice', ok: false, detail: 'Invoice not found.', code: 'invoice.not_found' },
      ],
    });
    expect((await inbox('kamau')).count).toBe(0);
    expect((await setUp.act('otieno', 'GET', `p2p/purchase-orders/${draftOrderId}/`)).json()).toMatchObject({
      status: 'approved',
    });
    // The invoice's second step now waits for the administrator.
    expect(await invoiceIn('admin')).toMatchObject({ step: 2 });
  });
});
