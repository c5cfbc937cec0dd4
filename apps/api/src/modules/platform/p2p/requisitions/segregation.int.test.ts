import {
  DELEGATION_MESSAGES,
  MESSAGES,
  REQUISITION_DECISION_MESSAGES,
  SEGREGATION_MESSAGES,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { createMember, tokenFor } from '../../../../../test/identity.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';
import { memberships } from '../../../../schema/organisations.tables.ts';

/**
 * Issue 13, point 2: segregation of duties, as a bank's internal auditor checks it. Umoja's people (see
 * procurementSetUp) with extra roles: Wanjiru requests and approves, Otieno buys, requests and approves,
 * Kamau owns the ICT budget and approves, Akinyi is finance and approver, Mwangi is finance, Grace only
 * approves, Peter only requests. Requisitions below KES 1,000,000 go to an approver, then finance; above,
 * to the budget owner. Orders go to an approver.
 */
let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const ids: Record<string, number> = {};

const day = (offset = 0) =>
  new Date(Date.now() + 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

async function grant(name: string, roles: Role[]) {
  await ctx.database.db
    .insert(memberships)
    .values(roles.map((role) => ({ userId: ids[name]!, organisationId: setUp.organisationId, role })))
    .onConflictDoNothing();
  // A fresh sign-in carries the new roles whichever way grants are read.
  setUp.tokens[name] = await tokenFor(ctx, `${name}@umoja.example`, 'correct horse battery');
}

async function newMember(name: string, role: Role) {
  const member = await createMember(ctx, {
    kind: 'buyer',
    role,
    email: `${name}@umoja.example`,
    organisationId: setUp.organisationId,
  });
  ids[name] = member.userId;
  setUp.tokens[name] = await tokenFor(ctx, member.email, member.password);
}

const act = (...args: Parameters<typeof setUp.act>) => setUp.act(...args);

async function ok(who: string, method: 'POST' | 'PATCH', url: string, payload: object = {}) {
  const response = await act(who, method, url, payload);
  expect(response.statusCode, `${who} ${url}: ${response.body}`).toBe(200);
  return response.json() as Record<string, unknown>;
}

async function submittedRequisition(who: string, unitPrice: string) {
  const draft = await setUp.created(who, 'p2p/requisitions/', {
    title: `Laptop at ${unitPrice}`,
    lines: [
      {
        description: 'Laptop',
        category_id: setUp.categoryId,
        department_id: setUp.ictId,
        quantity: '1',
        unit_price: unitPrice,
      },
    ],
  });
  await ok(who, 'POST', `p2p/requisitions/${draft.id}/submit/`);
  return draft.id;
}

const inboxIds = async (who: string) =>
  ((await act(who, 'GET', 'p2p/approvals/inbox/')).json() as { results: Array<{ id: number }> }).results.map(
    (r) => r.id,
  );

const waitingForMe = async (who: string, url: string) =>
  ((await act(who, 'GET', url)).json() as { approval: { waiting_for_me: boolean } }).approval.waiting_for_me;

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx);
  Object.assign(ids, setUp.ids);
  await grant('wanjiru', ['approver']);
  await grant('otieno', ['requester', 'approver']);
  await grant('kamau', ['approver']);
  await grant('akinyi', ['approver']);
  await newMember('mwangi', 'finance');
  await newMember('grace', 'approver');
  await newMember('peter', 'requester');
  for (const rule of [
    {
      name: 'Below one million: an approver, then finance',
      document_type: 'requisition',
      max_amount: '1000000',
      steps: [
        { mode: 'any', approvers: [{ kind: 'role', role: 'approver' }] },
        { mode: 'any', approvers: [{ kind: 'role', role: 'finance' }] },
      ],
    },
    {
      name: 'Orders: an approver',
      document_type: 'purchase_order',
      steps: [{ mode: 'any', approvers: [{ kind: 'role', role: 'approver' }] }],
    },
  ]) {
    await setUp.created('admin', 'p2p/approval-workflows/', rule);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('segregation of duties', () => {
  it('never lets a requester who is also an approver decide their own requisition', async () => {
    const id = await submittedRequisition('wanjiru', '50000');
    for (const path of ['approve', 'reject', 'return']) {
      const response = await act('wanjiru', 'POST', `p2p/requisitions/${id}/${path}/`, {
        step: 1,
        comment: 'Mine',
      });
      expect(response.statusCode, path).toBe(403);
      expect(response.json()).toMatchObject({
        detail: MESSAGES[REQUISITION_DECISION_MESSAGES.ownDocument],
        code: 'requisition.own_document',
      });
    }
    const bulk = await ok('wanjiru', 'POST', 'p2p/approvals/bulk-approve/', {
      items: [{ document_type: 'requisition', id, step: 1 }],
    });
    expect(bulk).toMatchObject({
      results: [
        {
          id,
          ok: false,
          detail: MESSAGES[REQUISITION_DECISION_MESSAGES.ownDocument],
          code: 'requisition.own_document',
        },
      ],
    });
    expect(await inboxIds('wanjiru')).not.toContain(id);
    expect(await waitingForMe('wanjiru', `p2p/requisitions/${id}/`)).toBe(false);
  });

  it('lets one person decide one step of a document only, unless the organisation switches it off', async () => {
    const id = await submittedRequisition('wanjiru', '60000');
    expect(await inboxIds('akinyi')).toContain(id);
    await ok('akinyi', 'POST', `p2p/requisitions/${id}/approve/`, { step: 1 });
    // Akinyi holds finance too: the second step is not hers, and is not offered to her.
    const second = await act('akinyi', 'POST', `p2p/requisitions/${id}/approve/`, { step: 2 });
    expect(second.statusCode, second.body).toBe(403);
    expect(second.json()).toEqual({
      detail: MESSAGES[SEGREGATION_MESSAGES.earlierStep],
      code: 'segregation.earlier_step',
    });
    const rejected = await act('akinyi', 'POST', `p2p/requisitions/${id}/reject/`, { comment: 'No' });
    expect(rejected.statusCode).toBe(403);
    expect(await inboxIds('akinyi')).not.toContain(id);
    expect(await waitingForMe('akinyi', `p2p/requisitions/${id}/`)).toBe(false);
    expect(await inboxIds('mwangi')).toContain(id);
    expect(await ok('mwangi', 'POST', `p2p/requisitions/${id}/approve/`, { step: 2 })).toMatchObject({
      status: 'approved',
    });

    // The switch: on by default, read by every member, changed by an administrator only.
    const read = await act('wanjiru', 'GET', 'p2p/organisation-settings/');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ sod_one_step_per_person: true });
    const refused = await act('akinyi', 'PATCH', 'p2p/organisation-settings/', {
      sod_one_step_per_person: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      await ok('admin', 'PATCH', 'p2p/organisation-settings/', { sod_one_step_per_person: false }),
    ).toEqual({ sod_one_step_per_person: false });
    const foreign = await act('outsider', 'GET', 'p2p/organisation-settings/');
    expect(foreign.json()).toEqual({ sod_one_step_per_person: true });

    const next = await submittedRequisition('wanjiru', '70000');
    await ok('akinyi', 'POST', `p2p/requisitions/${next}/approve/`, { step: 1 });
    expect(await inboxIds('akinyi')).toContain(next);
    expect(await ok('akinyi', 'POST', `p2p/requisitions/${next}/approve/`, { step: 2 })).toMatchObject({
      status: 'approved',
    });
    await ok('admin', 'PATCH', 'p2p/organisation-settings/', { sod_one_step_per_person: true });
  });

  it('keeps the requester of a requisition from deciding the order and the invoice made from it', async () => {
    const requisition = await submittedRequisition('otieno', '80000');
    await ok('kamau', 'POST', `p2p/requisitions/${requisition}/approve/`, { step: 1 });
    await ok('mwangi', 'POST', `p2p/requisitions/${requisition}/approve/`, { step: 2 });
    const lines = (
      (await act('otieno', 'GET', `p2p/requisitions/${requisition}/`)).json() as {
        lines: Array<{ id: number; description: string; quantity: string; unit_price: string }>;
      }
    ).lines;
    // The administrator raises the order from Otieno's requisition; Otieno, an approver, may not approve it.
    const order = await setUp.created('admin', 'p2p/purchase-orders/', {
      supplier_id: setUp.supplierId,
      delivery_address: 'Umoja House, Nairobi',
      lines: lines.map((line) => ({
        requisition_line_id: line.id,
        description: line.description,
        category_id: setUp.categoryId,
        department_id: setUp.ictId,
        quantity: line.quantity,
        unit_price: line.unit_price,
      })),
    });
    await ok('admin', 'POST', `p2p/purchase-orders/${order.id}/submit/`);
    const url = `p2p/purchase-orders/${order.id}/`;
    const refused = await act('otieno', 'POST', `${url}approve/`, {});
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({
      detail: MESSAGES[SEGREGATION_MESSAGES.purchase_order.raisedSourceRequisition],
    });
    expect(await waitingForMe('otieno', url)).toBe(false);
    expect(((await act('otieno', 'GET', url)).json() as { actions: string[] }).actions).not.toContain(
      'approve',
    );
    const own = await act('admin', 'POST', `${url}approve/`, {});
    expect(own.statusCode).toBe(403);
    await ok('kamau', 'POST', `${url}approve/`);
    await ok('admin', 'POST', `${url}send/`);

    // Finance enters the supplier's paper invoice: the one who typed it does not approve it.
    const orderLines = ((await act('admin', 'GET', url)).json() as { lines: Array<{ id: number }> }).lines;
    const invoice = await setUp.created('akinyi', 'p2p/invoices/', {
      purchase_order_id: order.id,
      invoice_number: 'ACME-77',
      invoice_date: day(),
      lines: orderLines.map((line) => ({
        purchase_order_line_id: line.id,
        description: 'Laptop',
        quantity: '1',
        unit_price: '80000',
      })),
    });
    const invoiceUrl = `p2p/invoices/${invoice.id}/`;
    // Nothing received yet: the invoice waits in the exception queue; accepting it is a decision too.
    const accept = { resolution: 'accept', reason: 'Delivered, the receipt follows' };
    const entered = await act('akinyi', 'POST', `${invoiceUrl}resolve-exception/`, accept);
    expect(entered.statusCode, entered.body).toBe(403);
    expect(entered.json()).toMatchObject({ detail: MESSAGES[SEGREGATION_MESSAGES.invoice.enteredInvoice] });
    const offered = ((await act('akinyi', 'GET', invoiceUrl)).json() as { actions: string[] }).actions;
    expect(offered.filter((action) => action !== 'match')).toEqual([]);
    await ok('mwangi', 'POST', `${invoiceUrl}resolve-exception/`, accept);
    const approve = await act('akinyi', 'POST', `${invoiceUrl}approve/`, {});
    expect(approve.statusCode).toBe(403);
    expect(await ok('mwangi', 'POST', `${invoiceUrl}approve/`)).toMatchObject({ status: 'approved' });
  });

  it('refuses a delegate who only raises requests, with the reason', async () => {
    const response = await act('kamau', 'POST', 'p2p/delegations/', {
      delegate_id: ids.peter,
      starts_on: day(),
      ends_on: day(3),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(MESSAGES[DELEGATION_MESSAGES.delegateCannotApprove]);
    expect((await act('admin', 'GET', 'p2p/delegations/')).json()).toMatchObject({ count: 0 });
  });

  it('gives a delegate the items already waiting when the delegation starts', async () => {
    // Above one million: the ICT budget owner, Kamau, decides. Submitted before he goes away.
    const id = await submittedRequisition('wanjiru', '1500000');
    expect(await inboxIds('grace')).not.toContain(id);
    const created = await act('kamau', 'POST', 'p2p/delegations/', {
      delegate_id: ids.grace,
      starts_on: day(),
      ends_on: day(3),
      reason: 'Annual leave',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await inboxIds('grace')).toContain(id);
    expect(await waitingForMe('grace', `p2p/requisitions/${id}/`)).toBe(true);
    expect(await ok('grace', 'POST', `p2p/requisitions/${id}/approve/`, { step: 1 })).toMatchObject({
      status: 'approved',
    });
    const timeline = (await act('wanjiru', 'GET', `p2p/requisitions/${id}/timeline/`)).json() as {
      results: Array<{ action: string; detail: { on_behalf_of?: string[] } }>;
    };
    expect(timeline.results.at(-1)).toMatchObject({
      action: 'requisition.approved',
      detail: { on_behalf_of: [String(ids.kamau)] },
    });
  });
  it('refuses a submission whose steps could not each go to a different person, unless switched off', async () => {
    await setUp.created('admin', 'p2p/approval-workflows/', {
      name: 'Three million and above: Akinyi twice',
      document_type: 'requisition',
      priority: 1,
      min_amount: '3000000',
      steps: [
        { mode: 'any', approvers: [{ kind: 'user', user_id: ids.akinyi }] },
        { mode: 'any', approvers: [{ kind: 'user', user_id: ids.akinyi }] },
      ],
    });
    const draft = await setUp.created('wanjiru', 'p2p/requisitions/', {
      title: 'Data centre',
      lines: [
        {
          description: 'Racks',
          category_id: setUp.categoryId,
          department_id: setUp.ictId,
          quantity: '1',
          unit_price: '3500000',
        },
      ],
    });
    const refused = await act('wanjiru', 'POST', `p2p/requisitions/${draft.id}/submit/`);
    expect(refused.statusCode, refused.body).toBe(400);
    expect((refused.json() as { detail: string }).detail).toContain(
      'needs a different person for each approval step',
    );
    await ok('admin', 'PATCH', 'p2p/organisation-settings/', { sod_one_step_per_person: false });
    await ok('wanjiru', 'POST', `p2p/requisitions/${draft.id}/submit/`);
    await ok('admin', 'PATCH', 'p2p/organisation-settings/', { sod_one_step_per_person: true });
  });
});
