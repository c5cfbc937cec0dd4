import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../../test/harness.ts';
import { bearer, mailsTo } from '../../../../../test/identity.ts';
import { multipart, sampleFiles } from '../../../../../test/multipart.ts';
import {
  prequalificationBody,
  prequalificationSetUp,
  uploadLicence,
} from '../../../../../test/prequalifications.ts';
import { prequalificationStanding, prequalifiedSuppliers } from './index.ts';

/**
 * Supplier prequalification through HTTP against PostgreSQL (issue 20): a buyer publishes an exercise,
 * two suppliers answer in the portal (draft, submit, withdraw, resubmit), late answers are refused, the
 * committee scores independently, the results go through the approval engine and the approved supplier
 * joins the prequalified list; another organisation sees none of it.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = manualClock(new Date());
let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof prequalificationSetUp>>;
let id = 0;

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(setUp.tokens[who]!), payload });

const answers = (licence: number, overrides: Record<string, unknown> = {}) =>
  [
    { key: 'tax', type: 'yes_no', value: true },
    { key: 'licence', type: 'document', document_id: licence },
    { key: 'staff', type: 'number', value: 12 },
    { key: 'agpo', type: 'choice', value: 'none' },
    { key: 'experience', type: 'text', value: 'Stationery for two county governments since 2023.' },
  ].map((a) => (a.key in overrides ? { ...a, value: overrides[a.key] } : a));

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await prequalificationSetUp(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

describe('prequalification', () => {
  it('is created by procurement only, and published: suppliers invited by mail, listed on the public tenders', async () => {
    const body = prequalificationBody(
      setUp,
      new Date(clock.now().getTime() - HOUR),
      new Date(clock.now().getTime() + 2 * DAY),
    );
    for (const who of ['wanjiru', 'eva1', 'akinyi']) {
      const refused = await call(who, 'POST', 'sourcing/prequalifications/', body);
      expect(refused.statusCode, `${who}: ${refused.body}`).toBe(403);
    }
    const notStaff = await call('admin', 'POST', 'sourcing/prequalifications/', {
      ...body,
      evaluator_ids: [setUp.ids.outsider],
    });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json()).toMatchObject({ code: 'prequalification.evaluator' });

    const created = await call('admin', 'POST', 'sourcing/prequalifications/', body);
    expect(created.statusCode, created.body).toBe(201);
    id = (created.json() as { id: number }).id;
    expect(created.json()).toMatchObject({ status: 'draft', pass_mark: 60, evaluators: [{}, {}] });

    // Not yet published: invisible to suppliers.
    expect((await call('acme', 'GET', `portal/prequalifications/${id}/`)).statusCode).toBe(404);

    const published = await call('otieno', 'POST', `sourcing/prequalifications/${id}/publish/`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', invited: 2 });
    expect((await call('otieno', 'POST', `sourcing/prequalifications/${id}/publish/`)).json()).toMatchObject({
      code: 'prequalification.not_draft',
    });

    for (const address of ['sales@acme.example', 'sales@baobab.example']) {
      const mails = await mailsTo(ctx, address);
      expect(mails.map((m) => m.subject)).toContainEqual(
        expect.stringMatching(/ invites you to prequalify: Office supplies 2027$/),
      );
      expect(mails.find((m) => m.subject.includes('prequalify'))!.text).toContain(
        `/portal/prequalifications/${id}`,
      );
    }

    const jobs = await ctx.app.inject({ method: 'GET', url: '/api/v1/core/available-jobs/?search=Office' });
    const listed = (jobs.json() as { results: Array<{ title: string; job_type: string }> }).results;
    expect(listed).toContainEqual(
      expect.objectContaining({ title: 'Office supplies 2027', job_type: 'Supplier Prequalification' }),
    );
  });

  it('takes answers in the portal: draft, submit, withdraw and resubmit; documents checked by content', async () => {
    const list = await call('acme', 'GET', 'portal/prequalifications/');
    expect(list.json()).toMatchObject({ count: 1, results: [{ id, open: true, response_status: null }] });

    const bad = multipart({}, [{ field: 'file', name: 'licence.pdf', bytes: sampleFiles.exe() }]);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/portal/prequalifications/${id}/documents/?question_key=licence&expires_on=2027-06-30`,
      headers: { ...bearer(setUp.tokens.acme!), ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'prequalification.document' });

    const licence = await uploadLicence(ctx, setUp.tokens.acme!, id);
    // Submitting before saving answers: the mandatory questions are missing.
    const early = await call('acme', 'POST', `portal/prequalifications/${id}/response/submit/`);
    expect(early.statusCode).toBe(400);

    const saved = await call('acme', 'PUT', `portal/prequalifications/${id}/response/`, {
      category_ids: [setUp.categoryId],
      answers: answers(licence.id),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ response: { status: 'draft' } });

    // Baobab's document cannot be used by Acme, and a choice must be one of the options.
    const wrongChoice = await call('acme', 'PUT', `portal/prequalifications/${id}/response/`, {
      category_ids: [setUp.categoryId],
      answers: answers(licence.id, { agpo: 'other' }),
    });
    expect(wrongChoice.json()).toMatchObject({ code: 'prequalification.answer' });

    const submitted = await call('acme', 'POST', `portal/prequalifications/${id}/response/submit/`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ response: { status: 'submitted' } });
    const locked = await call('acme', 'PUT', `portal/prequalifications/${id}/response/`, {
      category_ids: [setUp.categoryId],
      answers: answers(licence.id, { staff: 25 }),
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'prequalification.response_submitted' });

    const withdrawn = await call('acme', 'POST', `portal/prequalifications/${id}/response/withdraw/`);
    expect(withdrawn.json()).toMatchObject({ response: { status: 'withdrawn', submitted_at: null } });
    // A withdrawn response is not the buyer's to evaluate.
    expect((await call('otieno', 'GET', `sourcing/prequalifications/${id}/responses/`)).json()).toEqual({
      results: [],
    });
    const changed = await call('acme', 'PUT', `portal/prequalifications/${id}/response/`, {
      category_ids: [setUp.categoryId],
      answers: answers(licence.id, { staff: 25 }),
    });
    expect(changed.json()).toMatchObject({ response: { status: 'draft' } });
    expect(
      (await call('acme', 'POST', `portal/prequalifications/${id}/response/submit/`)).json(),
    ).toMatchObject({ response: { status: 'submitted' } });

    // Baobab fails a mandatory criterion (no tax compliance certificate).
    const baobabLicence = await uploadLicence(ctx, setUp.tokens.baobab!, id, '2027-09-30');
    const baobab = await call('baobab', 'PUT', `portal/prequalifications/${id}/response/`, {
      category_ids: [setUp.categoryId],
      answers: answers(baobabLicence.id, { tax: false, staff: 30, agpo: 'youth' }),
    });
    expect(baobab.statusCode, baobab.body).toBe(200);
    expect((await call('baobab', 'POST', `portal/prequalifications/${id}/response/submit/`)).statusCode).toBe(
      200,
    );

    const responses = (await call('otieno', 'GET', `sourcing/prequalifications/${id}/responses/`)).json() as {
      results: Array<{ supplier: { name: string }; automatic_scores: Record<string, number> }>;
    };
    expect(responses.results.map((r) => [r.supplier.name, r.automatic_scores])).toEqual([
      ['Acme Office Supplies Ltd', { tax: 100, licence: 100, staff: 100, agpo: 40 }],
      ['Baobab Stationers Ltd', { tax: 0, licence: 100, staff: 100, agpo: 100 }],
    ]);
  });

  it('shows another organisation nothing', async () => {
    for (const url of [
      `sourcing/prequalifications/${id}/`,
      `sourcing/prequalifications/${id}/responses/`,
      `sourcing/prequalifications/${id}/results/`,
    ]) {
      expect((await call('outsider', 'GET', url)).statusCode, url).toBe(404);
    }
    expect((await call('outsider', 'GET', 'sourcing/prequalifications/')).json()).toMatchObject({ count: 0 });
    expect((await call('wanjiru', 'GET', 'sourcing/prequalifications/')).json()).toMatchObject({
      count: 1,
      results: [{ id, status: 'published', responses: 2 }],
    });
    expect((await call('outsider', 'POST', `sourcing/prequalifications/${id}/publish/`)).statusCode).toBe(
      404,
    );
  });

  it('does not evaluate before closing, and refuses late answers with a clear code', async () => {
    const early = await call('eva1', 'PUT', `sourcing/prequalifications/${id}/evaluation/`, { scores: [] });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'prequalification.not_closed' });

    clock.advance(3 * DAY);
    for (const [who, method, url, body] of [
      ['acme', 'POST', 'response/withdraw/', undefined],
      ['baobab', 'PUT', 'response/', { category_ids: [setUp.categoryId], answers: [] }],
      ['baobab', 'POST', 'response/submit/', undefined],
    ] as const) {
      const late = await call(who, method, `portal/prequalifications/${id}/${url}`, body);
      expect(late.statusCode, `${url}: ${late.body}`).toBe(409);
      expect(late.json()).toMatchObject({ code: 'prequalification.closed' });
    }
  });

  it('keeps each evaluator from seeing another’s scores until they have submitted their own', async () => {
    const responses = (await call('eva1', 'GET', `sourcing/prequalifications/${id}/evaluation/`)).json() as {
      questions: Array<{ key: string }>;
      responses: Array<{ id: number; supplier: { name: string } }>;
    };
    expect(responses.questions.map((q) => q.key)).toEqual(['experience']);
    const [acme, baobab] = responses.responses.map((r) => r.id) as [number, number];
    const scores = (a: number, b: number) => ({
      scores: [
        { response_id: acme, question_key: 'experience', score: a },
        { response_id: baobab, question_key: 'experience', score: b },
      ],
    });
    // Off the committee: no evaluation screen, not even the administrator.
    for (const who of ['admin', 'otieno']) {
      expect((await call(who, 'GET', `sourcing/prequalifications/${id}/evaluation/`)).statusCode).toBe(403);
      expect(
        (await call(who, 'PUT', `sourcing/prequalifications/${id}/evaluation/`, scores(1, 1))).statusCode,
      ).toBe(403);
    }
    const outOfRange = await call(
      'eva1',
      'PUT',
      `sourcing/prequalifications/${id}/evaluation/`,
      scores(101, 1),
    );
    expect(outOfRange.statusCode).toBe(400);

    expect(
      (await call('eva1', 'PUT', `sourcing/prequalifications/${id}/evaluation/`, scores(70, 90))).statusCode,
    ).toBe(200);
    expect(
      (await call('eva2', 'PUT', `sourcing/prequalifications/${id}/evaluation/`, scores(85, 60))).statusCode,
    ).toBe(200);

    const othersSeenBy = async (who: string) =>
      (
        (await call(who, 'GET', `sourcing/prequalifications/${id}/evaluation/`)).json() as {
          responses: Array<{
            my_scores: Record<string, number>;
            others: Array<{ scores: Record<string, number> }>;
          }>;
        }
      ).responses.map((r) => [r.my_scores.experience, r.others.map((o) => o.scores.experience)]);
    // Neither has submitted: each sees only their own.
    expect(await othersSeenBy('eva1')).toEqual([
      [70, []],
      [90, []],
    ]);
    expect(await othersSeenBy('eva2')).toEqual([
      [85, []],
      [60, []],
    ]);

    // Results wait for the whole committee.
    const tooSoon = await call('admin', 'POST', `sourcing/prequalifications/${id}/results/`);
    expect(tooSoon.json()).toMatchObject({ code: 'prequalification.evaluation_incomplete' });

    expect(
      (await call('eva1', 'POST', `sourcing/prequalifications/${id}/evaluation/submit/`)).statusCode,
    ).toBe(200);
    // eva1 submitted, eva2's are still a draft: hidden from eva1; eva1's hidden from eva2 who has not submitted.
    expect(await othersSeenBy('eva1')).toEqual([
      [70, []],
      [90, []],
    ]);
    expect(await othersSeenBy('eva2')).toEqual([
      [85, []],
      [60, []],
    ]);
    // Submitted scores are fixed.
    const again = await call('eva1', 'PUT', `sourcing/prequalifications/${id}/evaluation/`, scores(10, 10));
    expect(again.json()).toMatchObject({ code: 'prequalification.sheet_submitted' });

    expect(
      (await call('eva2', 'POST', `sourcing/prequalifications/${id}/evaluation/submit/`)).statusCode,
    ).toBe(200);
    expect(await othersSeenBy('eva2')).toEqual([
      [85, [70]],
      [60, [90]],
    ]);
    expect(await othersSeenBy('eva1')).toEqual([
      [70, [85]],
      [90, [60]],
    ]);
  });

  it('weighs the result exactly, rejects a failed mandatory criterion, and decides through the approval engine', async () => {
    // The organisation's workflow: kamau decides prequalification results.
    const rule = await call('admin', 'POST', 'p2p/approval-workflows/', {
      name: 'Prequalification results',
      document_type: 'prequalification_result',
      steps: [{ mode: 'any', approvers: [{ kind: 'user', user_id: setUp.ids.kamau }] }],
    });
    expect(rule.statusCode, rule.body).toBe(201);

    const proposed = await call('admin', 'POST', `sourcing/prequalifications/${id}/results/`);
    expect(proposed.statusCode, proposed.body).toBe(200);
    const results = (
      proposed.json() as {
        results: Array<{
          id: number;
          supplier: { name: string };
          score: string;
          recommended: boolean;
          reasons: string[];
          status: string;
          under_workflow: boolean;
        }>;
      }
    ).results;
    // Acme: (1×100 + 1×100 + 2×100 + 1×40 + 3×77.5) / 8 = 84.0625; Baobab: (0 + 100 + 200 + 100 + 3×75) / 8 = 78.125.
    expect(
      results.map((r) => [r.supplier.name, r.score, r.recommended, r.reasons, r.status, r.under_workflow]),
    ).toEqual([
      ['Acme Office Supplies Ltd', '84.06', true, [], 'pending', true],
      ['Baobab Stationers Ltd', '78.13', false, ['mandatory_failed:tax'], 'pending', true],
    ]);
    const [acme, baobab] = results as [(typeof results)[number], (typeof results)[number]];
    expect((await call('admin', 'POST', `sourcing/prequalifications/${id}/results/`)).json()).toMatchObject({
      code: 'prequalification.results_exist',
    });

    // In kamau's one inbox.
    const inbox = (await call('kamau', 'GET', 'approvals/inbox/')).json() as {
      results: Array<{ document_type?: string; type?: string }>;
    };
    expect(JSON.stringify(inbox.results)).toContain('prequalification_result');

    // The inbox links a result by its own id: it leads to its exercise (another organisation: 404).
    expect(
      (await call('kamau', 'GET', `sourcing/prequalifications/results/${acme.id}/`)).json(),
    ).toMatchObject({
      id: acme.id,
      prequalification_id: id,
      status: 'pending',
    });
    expect((await call('outsider', 'GET', `sourcing/prequalifications/results/${acme.id}/`)).statusCode).toBe(
      404,
    );
    // Not their turn: the buyer, the administrator who proposed them.
    for (const who of ['otieno', 'admin']) {
      const refused = await call(who, 'POST', `sourcing/prequalifications/results/${acme.id}/approve/`, {});
      expect(refused.statusCode, `${who}: ${refused.body}`).toBe(403);
    }
    const noReason = await call(
      'kamau',
      'POST',
      `sourcing/prequalifications/results/${baobab.id}/reject/`,
      {},
    );
    expect(noReason.statusCode).toBe(400);

    expect(
      (await call('kamau', 'POST', `sourcing/prequalifications/results/${acme.id}/approve/`, {})).statusCode,
    ).toBe(200);
    const rejected = await call('kamau', 'POST', `sourcing/prequalifications/results/${baobab.id}/reject/`, {
      comment: 'No valid tax compliance certificate.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(
      rejected.json() as {
        complete: boolean;
        results: Array<{ status: string; valid_until: string | null; comment: string | null }>;
      },
    ).toMatchObject({
      complete: true,
      results: [
        { status: 'approved', valid_until: '2027-12-31' },
        { status: 'rejected', valid_until: null, comment: 'No valid tax compliance certificate.' },
      ],
    });
    const decidedTwice = await call(
      'kamau',
      'POST',
      `sourcing/prequalifications/results/${acme.id}/approve/`,
      {},
    );
    expect(decidedTwice.statusCode).toBe(409);

    expect((await mailsTo(ctx, 'sales@acme.example')).map((m) => m.subject)).toContainEqual(
      expect.stringContaining('You are prequalified by'),
    );
    const regret = (await mailsTo(ctx, 'sales@baobab.example')).find((m) =>
      m.subject.includes('not approved'),
    );
    expect(regret?.text).toContain('No valid tax compliance certificate.');
    expect((await call('acme', 'GET', `portal/prequalifications/${id}/`)).json()).toMatchObject({
      results: [{ status: 'approved', valid_until: '2027-12-31' }],
    });
    expect((await call('admin', 'GET', `sourcing/prequalifications/${id}/`)).json()).toMatchObject({
      status: 'completed',
    });
  });

  it('forms the prequalified list per category, for the screens and for RFQs and risk', async () => {
    const list = await call(
      'wanjiru',
      'GET',
      `sourcing/prequalifications/prequalified/?category_id=${setUp.categoryId}`,
    );
    expect(list.json()).toMatchObject({
      count: 1,
      results: [
        { supplier: { name: 'Acme Office Supplies Ltd' }, score: '84.06', valid_until: '2027-12-31' },
      ],
    });
    expect((await call('outsider', 'GET', 'sourcing/prequalifications/prequalified/')).json()).toMatchObject({
      count: 0,
    });

    const today = new Date(clock.now().getTime() + 3 * HOUR).toISOString().slice(0, 10);
    expect(
      await prequalifiedSuppliers(ctx.database.db, setUp.organisationId, [setUp.categoryId], today),
    ).toEqual([
      expect.objectContaining({ supplierId: setUp.supplierId, validUntil: '2027-12-31', score: '84.06' }),
    ]);
    // Past its validity the supplier is no longer on the list.
    expect(
      await prequalifiedSuppliers(ctx.database.db, setUp.organisationId, [setUp.categoryId], '2028-01-01'),
    ).toEqual([]);
    expect(
      await prequalifiedSuppliers(ctx.database.db, setUp.organisationId + 1_000, [setUp.categoryId], today),
    ).toEqual([]);
    expect(
      await prequalificationStanding(ctx.database.db, setUp.organisationId, setUp.baobabId, today),
    ).toEqual([
      expect.objectContaining({ status: 'rejected', current: false, reasons: ['mandatory_failed:tax'] }),
    ]);
  });

  it('alerts the supplier and the buyer 30 days before a document expires, once', async () => {
    // Acme's licence expires on 2027-06-30, Baobab's on 2027-09-30.
    clock.advance(Date.parse('2027-06-05T06:00:00Z') - clock.now().getTime());
    expect(await ctx.services.prequalifications.sendExpiryAlerts()).toBe(1);
    expect(await ctx.services.prequalifications.sendExpiryAlerts()).toBe(0);
    const subject = 'A prequalification document expires on 2027-06-30';
    expect((await mailsTo(ctx, 'sales@acme.example')).filter((m) => m.subject === subject)).toHaveLength(1);
    expect((await mailsTo(ctx, 'admin@umoja.example')).filter((m) => m.subject === subject)).toHaveLength(1);
    expect(
      (await mailsTo(ctx, 'sales@baobab.example')).filter((m) => m.subject.includes('expires')),
    ).toHaveLength(0);
  });

  it('keeps the owning organisation on every prequalification table', async () => {
    const { rows } = await ctx.database.db.execute<{ table_name: string; has: boolean }>(sql`
      SELECT t.table_name, EXISTS (
        SELECT 1 FROM information_schema.columns c
        WHERE c.table_name = t.table_name AND c.column_name = 'organisation_id' AND c.is_nullable = 'NO'
      ) AS has
      FROM information_schema.tables t
      WHERE t.table_schema = 'public' AND t.table_name LIKE 'prequalification%'`);
    expect(rows.length).toBe(9);
    expect(rows.filter((r) => !r.has)).toEqual([]);
  });
});
