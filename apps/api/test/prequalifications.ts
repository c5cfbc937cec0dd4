import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { prequalificationResults } from '../src/schema/prequalifications.tables.ts';
import type { TestContext } from './harness.ts';
import { bearer, createMember, linkToken, mailsTo, tokenFor } from './identity.ts';
import { multipart, sampleFiles } from './multipart.ts';
import { procurementSetUp } from './p2p.ts';

/**
 * Prequalification set-up (issue 20): Umoja (procurementSetUp: admin, otieno the buyer, wanjiru, kamau,
 * akinyi; Acme on its supplier list), a second supplier Baobab whose user has signed in, and a committee of
 * two evaluators (eva1, eva2). Mavuno's administrator is the outsider.
 */
export async function prequalificationSetUp(ctx: TestContext) {
  const setUp = await procurementSetUp(ctx);
  const { tokens, ids, created } = setUp;
  const baobab = await created('otieno', 'p2p/suppliers/', {
    name: 'Baobab Stationers Ltd',
    email: 'sales@baobab.example',
    first_name: 'Baraka',
    last_name: 'Mwangi',
  });
  const token = linkToken((await mailsTo(ctx, 'sales@baobab.example'))[0]!.text, '/reset-password');
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/confirm/',
    payload: { token, password: 'Baobab-Stationers-2026', password2: 'Baobab-Stationers-2026' },
  });
  tokens.baobab = await tokenFor(ctx, 'sales@baobab.example', 'Baobab-Stationers-2026');
  for (const name of ['eva1', 'eva2']) {
    const member = await createMember(ctx, {
      kind: 'buyer',
      role: 'evaluator',
      email: `${name}@umoja.example`,
      organisationId: setUp.organisationId,
    });
    ids[name] = member.userId;
    tokens[name] = await tokenFor(ctx, member.email, member.password);
  }
  return { ...setUp, baobabId: baobab.id };
}

/** The questionnaire of the tests: every question type, two mandatory criteria, a committee question. */
export function prequalificationBody(
  setUp: { categoryId: number; ids: Record<string, number> },
  opensAt: Date,
  closesAt: Date,
) {
  return {
    title: 'Office supplies 2027',
    description: 'Prequalification of stationery and office equipment suppliers.',
    category_ids: [setUp.categoryId],
    opens_at: opensAt.toISOString(),
    closes_at: closesAt.toISOString(),
    pass_mark: 60,
    valid_until: '2027-12-31',
    evaluator_ids: [setUp.ids.eva1!, setUp.ids.eva2!],
    sections: [
      {
        title: 'Compliance',
        questions: [
          {
            key: 'tax',
            text: 'Do you hold a valid tax compliance certificate?',
            type: 'yes_no',
            weight: 1,
            mandatory: true,
            rule: { kind: 'expected_answer', expected: true },
          },
          {
            key: 'licence',
            text: 'Trading licence',
            type: 'document',
            weight: 1,
            mandatory: true,
            rule: { kind: 'valid_document' },
          },
        ],
      },
      {
        title: 'Capacity',
        questions: [
          {
            key: 'staff',
            text: 'Permanent staff',
            type: 'number',
            weight: 2,
            mandatory: false,
            rule: {
              kind: 'bands',
              bands: [
                { from: 5, score: 50 },
                { from: 10, score: 80 },
                { from: 20, score: 100 },
              ],
            },
          },
          {
            key: 'agpo',
            text: 'AGPO group',
            type: 'choice',
            weight: 1,
            mandatory: false,
            options: ['youth', 'women', 'none'],
            rule: { kind: 'option_scores', scores: { youth: 100, women: 100, none: 40 } },
          },
          {
            key: 'experience',
            text: 'Describe similar contracts of the last three years',
            type: 'text',
            weight: 3,
            mandatory: false,
          },
        ],
      },
    ],
  };
}

/** A supplier's upload of its licence (PDF), valid until `expiresOn`. */
export async function uploadLicence(ctx: TestContext, token: string, id: number, expiresOn = '2027-06-30') {
  const upload = multipart({}, [{ field: 'file', name: 'licence.pdf', bytes: sampleFiles.pdf('licence') }]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/portal/prequalifications/${id}/documents/?question_key=licence&expires_on=${expiresOn}`,
    headers: { ...bearer(token), ...upload.headers },
    payload: upload.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

/**
 * The authorisation matrix's prequalification (issue 20): A's exercise, published (S1 and S2, on A's list,
 * are invited), its committee A's evaluator; S1 has uploaded a document and saved a draft; one result
 * proposed by A's administrator waits for a decision (no workflow: a buyer decides it).
 */
export async function matrixPrequalification(
  ctx: TestContext,
  world: {
    tokens: Partial<Record<string, string>>;
    ids: { category: number; buyerA: number; supplierS1: number };
  },
) {
  const userId = async (email: string) =>
    Number(
      (await ctx.database.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`))
        .rows[0]!.id,
    );
  const evaluator = await userId('evaluator@umoja.example');
  const admin = world.tokens['a:org_admin']!;
  const now = Date.now();
  const body = prequalificationBody(
    { categoryId: world.ids.category, ids: { eva1: evaluator, eva2: evaluator } },
    new Date(now - 3_600_000),
    new Date(now + 7 * 86_400_000),
  );
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sourcing/prequalifications/',
    headers: bearer(admin),
    payload: body,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { id: number }).id;
  const published = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/sourcing/prequalifications/${id}/publish/`,
    headers: bearer(admin),
  });
  expect(published.statusCode, published.body).toBe(200);
  const document = await uploadLicence(ctx, world.tokens['s1:supplier_admin']!, id);
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/portal/prequalifications/${id}/response/`,
    headers: bearer(world.tokens['s1:supplier_admin']!),
    payload: {
      category_ids: [world.ids.category],
      answers: [{ key: 'licence', type: 'document', document_id: document.id }],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const responseId = (saved.json() as { response: { id: number } }).response.id;
  const [result] = await ctx.database.db
    .insert(prequalificationResults)
    .values({
      prequalificationId: id,
      organisationId: world.ids.buyerA,
      responseId,
      supplierId: world.ids.supplierS1,
      categoryId: world.ids.category,
      scoreHundredths: 7000,
      recommended: true,
      reasons: [],
      proposedByUserId: await userId('admin@umoja.example'),
    })
    .returning({ id: prequalificationResults.id });
  return { id, resultId: result!.id, documentId: document.id };
}
