import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { bearer, buyingOrganisations, mailsTo } from '../../../../../test/identity.ts';
import { categories } from '../../../../schema/core.tables.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let ids: Record<string, number> = {};
let ictId: number;
let hrId: number;
let categoryId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  ctx = await createTestContext();
  const organisations = await buyingOrganisations(ctx, [
    ['wanjiru', 'requester'],
    ['kamau', 'budget_owner'],
    ['akinyi', 'finance'],
    ['baraka', 'finance'],
  ]);
  Object.assign(tokens, organisations.tokens);
  ids = organisations.ids;
  const post = async (url: string, payload: object) => {
    const response = await act('admin', 'POST', `p2p/${url}`, payload);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  };
  ictId = await post('departments/', { code: 'ICT', name: 'ICT', budget_owner_id: ids.kamau });
  hrId = await post('departments/', { code: 'HR', name: 'Human resources', budget_owner_id: ids.kamau });
  const year = new Date().getUTCFullYear();
  const fiscalYearId = await post('fiscal-years/', {
    name: `FY ${year}`,
    starts_on: `${year}-01-01`,
    ends_on: `${year}-12-31`,
  });
  await post('budgets/', {
    name: 'ICT equipment',
    fiscal_year_id: fiscalYearId,
    department_id: ictId,
    amount: '1000000',
    controls: { requisition: 'stop', purchase_order: 'stop', invoice: 'warn' },
  });
  await post('approval-workflows/', {
    name: 'Two steps',
    document_type: 'requisition',
    steps: [
      { mode: 'any', approvers: [{ kind: 'budget_owner' }] },
      { mode: 'any', approvers: [{ kind: 'role', role: 'finance' }] },
    ],
  });
  [{ id: categoryId }] = (await ctx.database.db.select({ id: categories.id }).from(categories).limit(1)) as [
    { id: number },
  ];
});
afterAll(async () => {
  await ctx.close();
});

function act(who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(tokens[who]!), payload });
}

const line = (departmentId: number, unitPrice: string) => ({
  description: 'Laptop',
  category_id: categoryId,
  department_id: departmentId,
  quantity: '2',
  unit_price: unitPrice,
});

async function draft(unitPrice: string, title = 'Laptops', departmentId = ictId) {
  const created = await act('wanjiru', 'POST', 'p2p/requisitions/', {
    title,
    lines: [line(departmentId, unitPrice)],
  });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as { id: number }).id;
}

function upload(who: string, id: number, fileName: string, bytes: Buffer, field = 'file') {
  const boundary = '----zabuni-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/p2p/requisitions/${id}/attachments/`,
    headers: { ...bearer(tokens[who]!), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

type Notice = { id: number; kind: string; title: string; link: string | null; read_at: string | null };
const noticesOf = async (who: string) =>
  (await act(who, 'GET', 'notifications/')).json() as { unread_count: number; results: Notice[] };

describe('requisition notifications, timeline and bulk approval', () => {
  let id = 0;

  it('asks the first step’s approvers by mail and in the app, then the next step’s, then tells the requester', async () => {
    id = await draft('150000', 'Laptops for the data team'); // KES 300,000
    expect((await act('wanjiru', 'POST', `p2p/requisitions/${id}/submit/`)).statusCode).toBe(200);

    const kamau = await noticesOf('kamau');
    expect(kamau.unread_count).toBe(1);
    expect(kamau.results[0]).toMatchObject({
      kind: 'approval_requested',
      link: `/app/p2p/requisitions/${id}`,
      read_at: null,
    });
    expect(kamau.results[0]!.title).toContain('Laptops for the data team');
    const mail = (await mailsTo(ctx, 'kamau@umoja.example'))[0]!;
    expect(mail.subject).toMatch(/^Approval needed: REQ-\d{4}-\d{5} Laptops for the data team$/);
    expect(mail.text).toContain('KES 300,000.00');
    expect(mail.text).toContain(`/app/p2p/requisitions/${id}`);
    // Finance is not asked before its step.
    expect((await noticesOf('akinyi')).unread_count).toBe(0);

    expect((await act('kamau', 'POST', `p2p/requisitions/${id}/approve/`, { step: 1 })).statusCode).toBe(200);
    for (const who of ['akinyi', 'baraka']) {
      expect((await noticesOf(who)).results.map((n) => n.kind)).toEqual(['approval_requested']);
    }
    expect((await noticesOf('wanjiru')).unread_count).toBe(0);

    expect(
      (await act('akinyi', 'POST', `p2p/requisitions/${id}/approve/`, { step: 2, comment: 'Fine' }))
        .statusCode,
    ).toBe(200);
    const requester = await noticesOf('wanjiru');
    expect(requester.results.map((n) => n.kind)).toEqual(['requisition_approved']);
    expect((await mailsTo(ctx, 'wanjiru@umoja.example'))[0]!.subject).toMatch(/is approved$/);
  });

  it('tells the requester why a requisition was returned', async () => {
    const returned = await draft('1000', 'Toner');
    await act('wanjiru', 'POST', `p2p/requisitions/${returned}/submit/`);
    const response = await act('kamau', 'POST', `p2p/requisitions/${returned}/return/`, {
      step: 1,
      comment: 'Add the supplier quote',
    });
    expect(response.statusCode).toBe(200);
    const mail = (await mailsTo(ctx, 'wanjiru@umoja.example'))[0]!;
    expect(mail.subject).toMatch(/needs changes$/);
    expect(mail.text).toContain('Add the supplier quote');
  });

  it('marks notifications read, one or all, and only the owner’s', async () => {
    const { results } = await noticesOf('baraka');
    expect((await act('kamau', 'POST', `notifications/${results[0]!.id}/read/`)).statusCode).toBe(404);
    expect((await act('baraka', 'POST', `notifications/${results[0]!.id}/read/`)).statusCode).toBe(200);
    expect((await noticesOf('baraka')).unread_count).toBe(0);
    expect((await act('kamau', 'POST', 'notifications/read-all/')).statusCode).toBe(200);
    const kamau = await noticesOf('kamau');
    expect(kamau.unread_count).toBe(0);
    expect(kamau.results.every((n) => n.read_at !== null)).toBe(true);
    const unreadOnly = (await act('kamau', 'GET', 'notifications/?unread=true')).json() as { count: number };
    expect(unreadOnly.count).toBe(0);
  });

  it('shows the whole history on the timeline, from the audit log, to the organisation only', async () => {
    const response = await act('akinyi', 'GET', `p2p/requisitions/${id}/timeline/`);
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as {
      results: Array<{ action: string; actor: { name: string } | null; detail: Record<string, unknown> }>;
    };
    expect(results.map((e) => e.action)).toEqual([
      'requisition.created',
      'requisition.submitted',
      'requisition.approved',
      'requisition.approved',
    ]);
    expect(results.map((e) => e.actor?.name.split(' ')[0]?.toLowerCase())).toEqual([
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    expect(results[3]!.detail).toMatchObject({ step: 2, final: true, comment: 'Fine' });
    expect(results[0]!.detail).not.toHaveProperty('requisition_id');
    expect((await act('outsider', 'GET', `p2p/requisitions/${id}/timeline/`)).statusCode).toBe(404);
  });

  it('offers small items for bulk approval and approves them one by one, refusing the large', async () => {
    const small = await draft('20000', 'Stationery'); // KES 40,000
    const large = await draft('100000', 'Monitors'); // KES 200,000
    for (const r of [small, large]) await act('wanjiru', 'POST', `p2p/requisitions/${r}/submit/`);
    const inbox = (await act('kamau', 'GET', 'p2p/approvals/inbox/')).json() as {
      results: Array<{ id: number; bulk_approvable: boolean; step: number }>;
    };
    const item = (rid: number) => inbox.results.find((r) => r.id === rid)!;
    expect(item(small).bulk_approvable).toBe(true);
    expect(item(large).bulk_approvable).toBe(false);

    const response = await act('kamau', 'POST', 'p2p/approvals/bulk-approve/', {
      items: [small, large].map((rid) => ({ document_type: 'requisition', id: rid, step: 1 })),
    });
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as { results: Array<{ id: number; ok: boolean; detail: string }> };
    expect(results.find((r) => r.id === small)).toMatchObject({ ok: true });
    expect(results.find((r) => r.id === large)).toMatchObject({
      ok: false,
      detail: expect.stringContaining('KES 100,000 or less'),
    });
    // The small one moved on to finance; the large one still waits for kamau.
    const after = (await act('kamau', 'GET', 'p2p/approvals/inbox/')).json() as {
      results: Array<{ id: number }>;
    };
    expect(after.results.map((r) => r.id)).toContain(large);
    expect(after.results.map((r) => r.id)).not.toContain(small);
    // Another organisation's items cannot be slipped in.
    const foreign = await act('outsider', 'POST', 'p2p/approvals/bulk-approve/', {
      items: [{ document_type: 'requisition', id: large, step: 1 }],
    });
    expect((foreign.json() as { results: Array<{ ok: boolean }> }).results[0]!.ok).toBe(false);
    expect((await act('outsider', 'POST', 'p2p/approvals/bulk-approve/', { items: [] })).statusCode).toBe(
      400,
    );
  });
});

describe('requisition attachments', () => {
  let id = 0;

  it('stores a checked file for the requester and serves it to the organisation', async () => {
    id = await draft('5000', 'Chairs');
    const created = await upload('wanjiru', id, 'Quote – Nairobi Office Ltd.pdf', PDF);
    expect(created.statusCode, created.body).toBe(201);
    const attachment = created.json() as {
      id: number;
      file_name: string;
      size: number;
      download_url: string;
    };
    expect(attachment).toMatchObject({ file_name: 'Quote – Nairobi Office Ltd.pdf', size: PDF.length });

    const listed = await act('kamau', 'GET', `p2p/requisitions/${id}/attachments/`);
    expect((listed.json() as { results: unknown[] }).results).toHaveLength(1);
    const download = await ctx.app.inject({
      method: 'GET',
      url: attachment.download_url,
      headers: bearer(tokens.kamau!),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Quote%20%E2%80%93");

    for (const url of [
      `p2p/requisitions/${id}/attachments/`,
      attachment.download_url.replace('/api/v1/', ''),
    ]) {
      expect((await act('outsider', 'GET', url)).statusCode).toBe(404);
    }
  });

  it('refuses a file that is not what its name says, someone else’s upload, and changes after submission', async () => {
    const fake = await upload('wanjiru', id, 'invoice.pdf', Buffer.from('MZ\x90\x00 this is a program'));
    expect(fake.statusCode).toBe(400);
    expect(JSON.stringify(fake.json())).toContain('is not what its name says');
    expect(fake.json()).toMatchObject({
      code: 'attachment.mislabelled',
      params: { file: 'invoice.pdf' },
      field: 'file',
    });
    const exe = await upload('wanjiru', id, 'setup.exe', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({ code: 'attachment.type', params: { file: 'setup.exe' } });
    expect((await upload('wanjiru', id, 'x.pdf', PDF, 'other')).statusCode).toBe(400);
    expect((await upload('kamau', id, 'quote.pdf', PDF)).statusCode).toBe(403);
    expect((await upload('outsider', id, 'quote.pdf', PDF)).statusCode).toBe(404);

    const second = (await upload('wanjiru', id, 'spec.pdf', PDF)).json() as { id: number };
    expect(
      (await act('wanjiru', 'DELETE', `p2p/requisitions/${id}/attachments/${second.id}/`)).statusCode,
    ).toBe(204);
    await act('wanjiru', 'POST', `p2p/requisitions/${id}/submit/`);
    expect((await upload('wanjiru', id, 'late.pdf', PDF)).statusCode).toBe(409);
    const listed = (await act('wanjiru', 'GET', `p2p/requisitions/${id}/attachments/`)).json() as {
      results: Array<{ file_name: string }>;
    };
    expect(listed.results.map((a) => a.file_name)).toEqual(['Quote – Nairobi Office Ltd.pdf']);
    const timeline = (await act('wanjiru', 'GET', `p2p/requisitions/${id}/timeline/`)).json() as {
      results: Array<{ action: string }>;
    };
    expect(timeline.results.map((e) => e.action)).toEqual([
      'requisition.created',
      'requisition.attachment_added',
      'requisition.attachment_added',
      'requisition.attachment_removed',
      'requisition.submitted',
    ]);
  });
});

describe('budget check preview and list ordering', () => {
  it('shows each budget a draft would charge, the shortfall under stop, and departments without a budget', async () => {
    const response = await act('wanjiru', 'POST', 'p2p/requisitions/budget-check/', {
      lines: [line(ictId, '700000'), line(hrId, '1000')],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { checks } = response.json() as { checks: Array<Record<string, unknown>> };
    const ict = checks.find((c) => c.budget_id !== null)!;
    expect(ict).toMatchObject({
      label: 'ICT equipment',
      department: { code: 'ICT' },
      amount: '1000000.00',
      requested: '1400000.00',
      action: 'stop',
      outcome: 'over_stop',
    });
    expect(Number(ict.shortfall)).toBeGreaterThan(400000);
    expect(ict.message).toContain('ICT equipment');
    expect(checks.find((c) => c.budget_id === null)).toMatchObject({
      outcome: 'no_budget',
      department: { code: 'HR' },
      requested: '2000.00',
    });
    const bad = await act('wanjiru', 'POST', 'p2p/requisitions/budget-check/', { lines: [] });
    expect(bad.statusCode).toBe(400);
  });

  it('orders the list by a chosen field and refuses an unknown one', async () => {
    const response = await act('wanjiru', 'GET', 'p2p/requisitions/?ordering=-total&page_size=100');
    const totals = (response.json() as { results: Array<{ total: string }> }).results.map((r) =>
      Number(r.total),
    );
    expect(totals.length).toBeGreaterThan(3);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const byHr = (await act('wanjiru', 'GET', `p2p/requisitions/?department=${hrId}`)).json() as {
      count: number;
    };
    expect(byHr.count).toBe(0);
    const bad = await act('wanjiru', 'GET', 'p2p/requisitions/?ordering=password');
    expect(bad.statusCode).toBe(400);
  });
});
