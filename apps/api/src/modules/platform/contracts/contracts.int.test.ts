import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, mailsTo, tokenFor } from '../../../../test/identity.ts';
import { multipart, sampleFiles } from '../../../../test/multipart.ts';
import { procurementSetUp } from '../../../../test/p2p.ts';

/**
 * Contract management through HTTP (issue 22): authoring from a template, versions compared, approval by
 * the department's budget owner through the engine, signature by both sides with a mailed code, the signed
 * PDF's hash check, the standstill refusal, alerts once per threshold, tenancy, department access and the
 * supplier's own contracts only.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T09:00:00Z'));
const tokens: Record<string, string> = {};

type Json = Record<string, unknown>;
const call = async (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
  const response = await ctx.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: bearer(tokens[who] ?? setUp.tokens[who]!),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json & { results?: Json[] }, raw: response };
};
const ok = async (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  status = 200,
) => {
  const response = await call(who, method, url, payload);
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(status);
  return response.body;
};
const codeIn = (text: string) => /(\d{6})/.exec(text)![1]!;

let templateId = 0;
let clauseId = 0;
let alternativeId = 0;

async function writeContract(extra: Json = {}) {
  return ok(
    'mwangi',
    'POST',
    'contracts/',
    {
      title: 'Office cleaning services',
      supplier_id: setUp.supplierId,
      template_id: templateId,
      clause_ids: [clauseId],
      value_minor: 120_000_000,
      currency: 'KES',
      start_date: '2027-01-01',
      end_date: '2027-12-31',
      renewal: 'none',
      payment_terms: '30 days after invoice',
      department_id: setUp.ictId,
      ...extra,
    },
    201,
  );
}

/** Author, submit, approve (kamau owns ICT's budget) and send for signature. */
async function readyToSign(extra: Json = {}) {
  const created = await writeContract(extra);
  const id = created.id as number;
  await ok('mwangi', 'POST', `contracts/${id}/submit/`, {});
  await ok('kamau', 'POST', `contracts/${id}/approve/`, {});
  await ok('mwangi', 'POST', `contracts/${id}/send-for-signature/`, {});
  return id;
}

async function signBoth(id: number) {
  expect((await ok('mwangi', 'POST', `contracts/${id}/signature-code/`, {})).method).toBe('email_code');
  const buyerCode = codeIn((await mailsTo(ctx, 'mwangi@umoja.example'))[0]!.subject);
  await ok('mwangi', 'POST', `contracts/${id}/sign/`, { code: buyerCode });
  expect((await ok('acme', 'POST', `portal/contracts/${id}/signature-code/`, {})).method).toBe('email_code');
  const supplierCode = codeIn((await mailsTo(ctx, 'sales@acme.example'))[0]!.subject);
  return ok('acme', 'POST', `portal/contracts/${id}/sign/`, { code: supplierCode });
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  const manager = await createMember(ctx, {
    kind: 'buyer',
    role: 'contract_manager',
    email: 'mwangi@umoja.example',
    organisationId: setUp.organisationId,
  });
  tokens.mwangi = await tokenFor(ctx, manager.email, manager.password);
  setUp.ids.mwangi = manager.userId;
  const template = await ok(
    'mwangi',
    'POST',
    'contracts/templates/',
    {
      name: 'Services agreement',
      language: 'en',
      body_html:
        '<h2>{{contract_title}}</h2><p>Between {{buyer_name}} and {{supplier_name}}, for {{contract_value}} from {{start_date}} to {{end_date}}.</p><p>Payment: {{payment_terms}}.</p><script>alert(1)</script>{{clauses}}',
    },
    201,
  );
  templateId = template.id as number;
  expect(template.body_html).not.toContain('<script>');
  expect(template.fields).toEqual([
    'contract_title',
    'buyer_name',
    'supplier_name',
    'contract_value',
    'start_date',
    'end_date',
    'payment_terms',
    'clauses',
  ]);
  clauseId = (
    await ok(
      'mwangi',
      'POST',
      'contracts/clauses/',
      { title: 'Governing law', body_html: '<p>This contract is governed by the laws of Kenya.</p>' },
      201,
    )
  ).id as number;
  alternativeId = (
    await ok(
      'mwangi',
      'POST',
      'contracts/clauses/',
      {
        title: 'Governing law (arbitration)',
        body_html: '<p>Disputes go to arbitration in Nairobi.</p>',
        alternative_of: clauseId,
      },
      201,
    )
  ).id as number;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('authoring and versions', () => {
  it('fills the template from the terms and places the chosen clause; every change is a version, compared word by word', async () => {
    const created = await writeContract({ clause_ids: [alternativeId] });
    expect(created.status).toBe('draft');
    expect(created.number).toMatch(/^CTR-2026-\d{5}$/);
    expect(created.body_html).toContain('Between admin@umoja.example org and');
    expect(created.body_html).toContain('and Acme Office Supplies Ltd, for KES');
    expect(created.body_html).toContain('Disputes go to arbitration in Nairobi.');
    const id = created.id as number;
    const edited = await ok('mwangi', 'PATCH', `contracts/${id}/`, {
      body_html: (created.body_html as string).replace('30 days after invoice', '45 days after invoice'),
      version_note: 'Longer payment terms',
    });
    expect(edited.version_no).toBe(2);
    const versions = (await ok('mwangi', 'GET', `contracts/${id}/versions/`)) as unknown as Json[];
    expect(versions.map((v) => v.version_no)).toEqual([1, 2]);
    const comparison = await ok('mwangi', 'GET', `contracts/${id}/versions/compare/?from=1&to=2`);
    const changed = (comparison.paragraphs as Array<{ op: string; parts: Json[] }>).filter(
      (p) => p.op === 'changed',
    );
    expect(changed).toHaveLength(1);
    expect(changed[0]!.parts).toEqual([
      { op: 'same', text: 'Payment:' },
      { op: 'removed', text: '30' },
      { op: 'added', text: '45' },
      { op: 'same', text: 'days after invoice.' },
    ]);
    expect((await call('mwangi', 'GET', `contracts/${id}/versions/compare/?from=1&to=9`)).status).toBe(404);
  });

  it('refuses an end before the start, a renewal without its term, and a clause from nowhere', async () => {
    const early = await call('mwangi', 'POST', 'contracts/', {
      title: 'x',
      supplier_id: setUp.supplierId,
      value_minor: 1,
      start_date: '2027-01-01',
      end_date: '2026-01-01',
    });
    expect(early.status).toBe(400);
    expect(JSON.stringify(early.body)).toContain('contract.end_before_start');
    const renewal = await call('mwangi', 'POST', 'contracts/', {
      title: 'x',
      supplier_id: setUp.supplierId,
      value_minor: 1,
      start_date: '2027-01-01',
      end_date: '2027-02-01',
      renewal: 'by_notice',
    });
    expect(renewal.status).toBe(400);
    const clause = await call('mwangi', 'POST', 'contracts/', {
      title: 'x',
      supplier_id: setUp.supplierId,
      value_minor: 1,
      start_date: '2027-01-01',
      end_date: '2027-02-01',
      clause_ids: [999_999],
    });
    expect(clause.status).toBe(400);
    expect(clause.body.code).toBe('contract.clause');
  });
});

describe('approval and signature', () => {
  it('routes approval to the budget owner through the engine; the author cannot approve; both sides sign with a code; the PDF verifies and a changed one does not', async () => {
    const created = await writeContract();
    const id = created.id as number;
    const submitted = await ok('mwangi', 'POST', `contracts/${id}/submit/`, {});
    expect(submitted.status).toBe('in_approval');
    expect((submitted.approval as Json).route).toEqual([expect.stringContaining('Test kamau')]);
    // The approver is asked by mail and finds it in the one inbox.
    expect((await mailsTo(ctx, 'kamau@umoja.example'))[0]!.subject).toContain(created.number as string);
    const inbox = await ok('kamau', 'GET', 'approvals/inbox/');
    expect(inbox.results!.map((r) => [r.document_type, r.id])).toContainEqual(['contract', id]);
    expect((await call('mwangi', 'POST', `contracts/${id}/approve/`, {})).status).toBe(403);
    expect((await call('mwangi', 'POST', `contracts/${id}/send-for-signature/`, {})).status).toBe(409);
    const approved = await ok('kamau', 'POST', `contracts/${id}/approve/`, {});
    expect(approved.status).toBe('approved');
    const signing = await ok('mwangi', 'POST', `contracts/${id}/send-for-signature/`, {});
    expect(signing.status).toBe('signing');
    expect(signing.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await mailsTo(ctx, 'sales@acme.example'))[0]!.subject).toContain('ready for your signature');

    // A wrong code is refused; the buyer's right code signs once.
    await ok('mwangi', 'POST', `contracts/${id}/signature-code/`, {});
    const code = codeIn((await mailsTo(ctx, 'mwangi@umoja.example'))[0]!.subject);
    const wrong = await call('mwangi', 'POST', `contracts/${id}/sign/`, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('contract.code_invalid');
    const buyerSigned = await ok('mwangi', 'POST', `contracts/${id}/sign/`, { code });
    expect(buyerSigned.status).toBe('signing');
    expect((buyerSigned.signatures as Json[]).map((s) => [s.side, s.method])).toEqual([
      ['buyer', 'email_code'],
    ]);
    // The code is used up.
    expect((await call('mwangi', 'POST', `contracts/${id}/sign/`, { code })).status).toBe(409);

    await ok('acme', 'POST', `portal/contracts/${id}/signature-code/`, {});
    const supplierCode = codeIn((await mailsTo(ctx, 'sales@acme.example'))[0]!.subject);
    const active = await ok('acme', 'POST', `portal/contracts/${id}/sign/`, { code: supplierCode });
    expect(active.status).toBe('active');
    expect(active.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);

    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/contracts/${id}/pdf/`,
      headers: bearer(tokens.mwangi!),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const portalPdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/portal/contracts/${id}/pdf/`,
      headers: bearer(setUp.tokens.acme!),
    });
    expect(portalPdf.rawPayload.equals(bytes)).toBe(true);

    // Anyone can check the file: the signed one is ours; one changed byte is not.
    const check = async (file: Buffer) => {
      const body = multipart({}, [
        { field: 'file', name: 'contract.pdf', bytes: file, type: 'application/pdf' },
      ]);
      const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/contracts/verify/', ...body });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { valid: boolean; sha256: string; contract: Json | null };
    };
    const genuine = await check(bytes);
    expect(genuine.valid).toBe(true);
    expect(genuine.sha256).toBe(active.pdf_sha256);
    expect(genuine.contract).toMatchObject({
      number: created.number,
      buyer: expect.any(String),
      supplier: 'Acme Office Supplies Ltd',
    });
    const tampered = Buffer.from(bytes);
    const middle = Math.floor(tampered.length / 2);
    tampered[middle] = tampered[middle]! ^ 0xff;
    const changed = await check(tampered);
    expect(changed.valid).toBe(false);
    expect(changed.contract).toBeNull();
  });

  it('refuses a signature during the tender standstill the award set', async () => {
    const id = await readyToSign();
    await ctx.services.contracts.linkAward(setUp.organisationId, id, {
      type: 'tender_award',
      id: 1,
      standstillUntil: new Date(clock.now().getTime() + 3 * 86_400_000),
    });
    const refused = await call('mwangi', 'POST', `contracts/${id}/signature-code/`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('contract.standstill');
    const portal = await call('acme', 'POST', `portal/contracts/${id}/signature-code/`, {});
    expect(portal.status).toBe(409);
    // After the standstill, it can be signed.
    clock.advance(4 * 86_400_000);
    const signed = await signBoth(id);
    expect(signed.status).toBe('active');
  });
});

describe('signing with an authenticator', () => {
  it('a signer with an authenticator app signs with its code; no code is mailed', async () => {
    const signer = await createMember(ctx, {
      kind: 'buyer',
      role: 'contract_manager',
      email: 'njoroge@umoja.example',
      organisationId: setUp.organisationId,
    });
    tokens.njoroge = await tokenFor(ctx, signer.email, signer.password);
    const epoch = () => Math.floor(clock.now().getTime() / 1000);
    const { secret } = (await ok('njoroge', 'POST', 'authentication/tfa/setup/', {})) as { secret: string };
    await ok('njoroge', 'POST', 'authentication/tfa/enable/', {
      code: await generate({ secret, epoch: epoch() }),
    });
    const id = await readyToSign();
    const mailsBefore = (await mailsTo(ctx, signer.email)).length;
    expect((await ok('njoroge', 'POST', `contracts/${id}/signature-code/`, {})).method).toBe('authenticator');
    expect((await mailsTo(ctx, signer.email)).length).toBe(mailsBefore);
    expect((await call('njoroge', 'POST', `contracts/${id}/sign/`, { code: '000000' })).status).toBe(400);
    clock.advance(30_000); // the enrolment code's time step cannot sign
    const signed = await ok('njoroge', 'POST', `contracts/${id}/sign/`, {
      code: await generate({ secret, epoch: epoch() }),
    });
    expect((signed.signatures as Json[]).map((s) => [s.side, s.method])).toEqual([
      ['buyer', 'authenticator'],
    ]);
  });
});

describe('alerts', () => {
  it('sends each expiry threshold once, to the owner and the people named, even when the job runs twice', async () => {
    const start = clock.now().toISOString().slice(0, 10);
    const end = new Date(clock.now().getTime() + 25 * 86_400_000).toISOString().slice(0, 10);
    const id = await readyToSign({
      start_date: start,
      end_date: end,
      alert_days: [60, 30],
      alert_user_ids: [setUp.ids.akinyi],
    });
    await signBoth(id);
    const before = (await mailsTo(ctx, 'akinyi@umoja.example')).length;
    const first = await ctx.services.contracts.runAlerts();
    expect(first.sent).toBeGreaterThanOrEqual(1);
    const second = await ctx.services.contracts.runAlerts();
    expect(second.sent).toBe(0);
    const alerts = (await mailsTo(ctx, 'akinyi@umoja.example')).filter((m) => m.subject.includes('ends in'));
    expect(alerts.length - before).toBe(1);
    expect(alerts[0]!.subject).toMatch(/ends in 2[45] days/);
    expect(
      (await mailsTo(ctx, 'mwangi@umoja.example')).filter((m) => m.subject.includes('ends in')),
    ).not.toHaveLength(0);
    // In the app too.
    const notes = await ok('akinyi', 'GET', 'notifications/');
    expect(notes.results!.some((n) => String(n.title).includes('ends in'))).toBe(true);
  });
});

describe('documents', () => {
  it('keeps a document checked by content with the contract; staff download it, other organisations do not', async () => {
    const id = (await writeContract()).id as number;
    const upload = async (who: string, name: string, bytes: Buffer) => {
      const body = multipart({}, [{ field: 'file', name, bytes }]);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/v1/contracts/${id}/documents/`,
        headers: { ...bearer(tokens[who] ?? setUp.tokens[who]!), ...body.headers },
        payload: body.payload,
      });
    };
    const added = await upload('mwangi', 'Performance guarantee.pdf', sampleFiles.pdf('guarantee'));
    expect(added.statusCode, added.body).toBe(201);
    const [document] = added.json() as Array<{ id: number; name: string; content_type: string }>;
    expect(document).toMatchObject({ name: 'Performance guarantee.pdf', content_type: 'application/pdf' });
    const disguised = await upload('mwangi', 'annex.pdf', Buffer.from('MZ this is not a PDF'));
    expect(disguised.statusCode).toBe(400);
    expect((await upload('wanjiru', 'x.pdf', sampleFiles.pdf('x'))).statusCode).toBe(403);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/contracts/${id}/documents/${document!.id}/`,
      headers: bearer(setUp.tokens.kamau!),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(sampleFiles.pdf('guarantee'))).toBe(true);
    expect((await call('outsider', 'GET', `contracts/${id}/documents/${document!.id}/`)).status).toBe(404);
  });
});

describe('who sees what', () => {
  it('another organisation sees nothing; a requester outside the department sees nothing; its budget owner sees it; a supplier only its own', async () => {
    const created = await writeContract();
    const id = created.id as number;
    expect((await call('outsider', 'GET', `contracts/${id}/`)).status).toBe(404);
    expect((await ok('outsider', 'GET', 'contracts/')).count).toBe(0);
    expect((await call('wanjiru', 'GET', `contracts/${id}/`)).status).toBe(404);
    expect((await ok('wanjiru', 'GET', 'contracts/')).count).toBe(0);
    expect((await call('kamau', 'GET', `contracts/${id}/`)).status).toBe(200);
    expect((await call('wanjiru', 'POST', 'contracts/', { title: 'x' })).status).toBe(403);
    // A draft is not the supplier's to see; another supplier sees none of Acme's.
    expect((await call('acme', 'GET', `portal/contracts/${id}/`)).status).toBe(404);
    const other = await createMember(ctx, {
      kind: 'supplier',
      role: 'supplier_admin',
      email: 'boss@baobab.example',
    });
    tokens.baobab = await tokenFor(ctx, other.email, other.password);
    expect((await ok('baobab', 'GET', 'portal/contracts/')).count).toBe(0);
    const mine = await ok('acme', 'GET', 'portal/contracts/');
    expect(mine.count).toBeGreaterThan(0);
    const someSigned = mine.results![0]!.id as number;
    expect((await call('baobab', 'GET', `portal/contracts/${someSigned}/`)).status).toBe(404);
  });

  it('finds contracts by full text, status and value in the archive', async () => {
    await writeContract({ title: 'Generator maintenance Kisumu', value_minor: 5_000_00 });
    const found = await ok('mwangi', 'GET', 'contracts/?search=generator');
    expect(found.results!.map((r) => r.title)).toEqual(['Generator maintenance Kisumu']);
    const active = await ok('mwangi', 'GET', 'contracts/?status=active');
    expect(active.results!.every((r) => r.status === 'active')).toBe(true);
    const cheap = await ok('mwangi', 'GET', 'contracts/?value_max=600000');
    expect(cheap.results!.map((r) => r.title)).toEqual(['Generator maintenance Kisumu']);
    const report = await ok('mwangi', 'GET', 'contracts/report/');
    expect((report.by_status as Json[]).length).toBeGreaterThan(0);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/contracts/export/',
      headers: bearer(tokens.mwangi!),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Generator maintenance Kisumu');
  });
});

describe('the public hash check', () => {
  const verify = (remoteAddress: string, bytes = Buffer.from('%PDF-1.7 not a contract of ours')) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contracts/verify/',
      remoteAddress,
      ...multipart({}, [{ field: 'file', name: 'contract.pdf', bytes, type: 'application/pdf' }]),
    });

  it('is rate-limited per address (30 an hour) and answers 429 with the catalogue code', async () => {
    for (let i = 0; i < 30; i += 1) {
      const checked = await verify('203.0.113.22');
      expect(checked.statusCode, checked.body).toBe(200);
      expect(checked.json()).toMatchObject({ valid: false, contract: null });
    }
    const over = await verify('203.0.113.22');
    expect(over.statusCode, over.body).toBe(429);
    expect(over.json().code).toBe('system.rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still checks its file normally.
    const other = await verify('203.0.113.23');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ valid: false, contract: null });
  });
});
