import { and, eq, ilike, sql } from 'drizzle-orm';
import { createServices, type AppDeps } from '../app.ts';
import type { Principal } from '../infra/auth.ts';
import { users } from '../schema/authentication.tables.ts';
import { categories } from '../schema/core.tables.ts';
import { memberships, organisations } from '../schema/organisations.tables.ts';
import { prequalifications } from '../schema/prequalifications.tables.ts';
import { DEMO_SUPPLIER_EMAIL } from './demo-orders.ts';
import { DEMO_BUYER_EMAIL, DEMO_BUYER_ORGANISATIONS } from './demo-tenders.ts';

const DAY = 86_400_000;
const RIFT_VALLEY_EMAIL = 'sales@riftvalley-it.example';
const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n`);
const isoDay = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * Issue 20 demo data for Harambee Savings Sacco, made through the services as its people would, on a clock
 * set back six weeks: a prequalification of office-stationery suppliers published by Amina, answered by
 * Savannah and Rift Valley in the portal, scored by the committee (Grace and Daniel), its results proposed
 * and decided by Grace under a 'prequalification_result' workflow: Savannah approved (on the prequalified
 * list for a year), Rift Valley rejected for a failed mandatory criterion; Rift Valley's licence expires
 * within 30 days (the daily job alerts it). Runs once, after the orders demo.
 */
export async function seedDemoPrequalifications(deps: AppDeps): Promise<boolean> {
  const { db } = deps.database;
  const userId = async (email: string) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
    )[0]?.id;
  const buyerUser = await userId(DEMO_BUYER_EMAIL);
  const savannahUser = await userId(DEMO_SUPPLIER_EMAIL);
  const riftUser = await userId(RIFT_VALLEY_EMAIL);
  if (!buyerUser || !savannahUser || !riftUser) return false;
  const [harambee] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .innerJoin(memberships, eq(memberships.organisationId, organisations.id))
    .where(
      and(
        eq(organisations.name, DEMO_BUYER_ORGANISATIONS[0][0]),
        eq(memberships.userId, buyerUser),
        eq(memberships.role, 'org_admin'),
      ),
    )
    .limit(1);
  if (!harambee) return false;
  const [existing] = await db
    .select({ id: prequalifications.id })
    .from(prequalifications)
    .where(eq(prequalifications.organisationId, harambee.id))
    .limit(1);
  if (existing) return false;
  const [stationery] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(ilike(categories.name, '%stationery%'))
    .orderBy(categories.id)
    .limit(1);
  if (!stationery) return false;

  const today = Date.now();
  let now = today - 45 * DAY;
  const services = createServices({ ...deps, clock: { now: () => new Date(now) } });
  const principalOf = async (email: string): Promise<Principal> => {
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    const access = await services.organisations.accessOf(user!.id);
    return {
      userId: user!.id,
      email: user!.email,
      username: user!.username,
      firstName: user!.firstName,
      lastName: user!.lastName,
      grants: access.grants,
      twoFactorPending: false,
      buyerCompanyId: harambee.id,
      via: 'bearer',
    };
  };
  const amina = await principalOf(DEMO_BUYER_EMAIL);
  const grace = await principalOf('owner@zabuni.example');
  const daniel = await principalOf('finance@zabuni.example');
  const savannah = await principalOf(DEMO_SUPPLIER_EMAIL);
  const rift = await principalOf(RIFT_VALLEY_EMAIL);

  // Grace decides the organisation's prequalification results (the one approval engine).
  await services.approvalWorkflows.create(
    amina,
    {
      name: 'Prequalification results',
      document_type: 'prequalification_result',
      priority: 100,
      currency: 'KES',
      min_amount: null,
      max_amount: null,
      department_ids: [],
      category_ids: [],
      steps: [{ mode: 'any', purpose: 'approval', approvers: [{ kind: 'user', user_id: grace.userId }] }],
      active: true,
    },
    null,
  );

  const created = await services.prequalifications.create(
    amina,
    {
      title: 'Office stationery suppliers 2027',
      description:
        'Prequalification of suppliers of office stationery and consumables for Harambee’s branches in 2027.',
      category_ids: [stationery.id],
      opens_at: new Date(now).toISOString(),
      closes_at: new Date(now + 10 * DAY).toISOString(),
      pass_mark: 60,
      valid_until: isoDay(today + 320 * DAY),
      evaluator_ids: [grace.userId, daniel.userId],
      sections: [
        {
          title: 'Compliance',
          questions: [
            {
              key: 'tax',
              text: 'Do you hold a valid KRA tax compliance certificate?',
              type: 'yes_no',
              weight: 1,
              mandatory: true,
              rule: { kind: 'expected_answer', expected: true },
            },
            {
              key: 'licence',
              text: 'Single business permit (trading licence)',
              type: 'document',
              weight: 1,
              mandatory: true,
              rule: { kind: 'valid_document' },
            },
          ],
        },
        {
          title: 'Capacity and experience',
          questions: [
            {
              key: 'staff',
              text: 'How many permanent staff do you employ?',
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
              text: 'AGPO group (youth, women or persons with disability)',
              type: 'choice',
              weight: 1,
              mandatory: false,
              options: ['youth', 'women', 'pwd', 'none'],
              rule: { kind: 'option_scores', scores: { youth: 100, women: 100, pwd: 100, none: 40 } },
            },
            {
              key: 'experience',
              text: 'Describe similar supply contracts of the last three years.',
              type: 'text',
              weight: 3,
              mandatory: false,
            },
          ],
        },
      ],
    },
    null,
  );
  const id = created.id;
  await services.prequalifications.publish(amina, id, null);

  // Two days later both suppliers answer in the portal.
  now += 2 * DAY;
  const answer = async (
    who: Principal,
    licenceExpires: string,
    values: { tax: boolean; staff: number; agpo: string; experience: string },
  ) => {
    const licence = await services.prequalifications.uploadDocument(
      who,
      id,
      { question_key: 'licence', expires_on: licenceExpires },
      { fileName: 'single-business-permit.pdf', bytes: pdf('Single business permit') },
    );
    await services.prequalifications.saveResponse(who, id, {
      category_ids: [stationery.id],
      answers: [
        { key: 'tax', type: 'yes_no', value: values.tax },
        { key: 'licence', type: 'document', document_id: licence.id },
        { key: 'staff', type: 'number', value: values.staff },
        { key: 'agpo', type: 'choice', value: values.agpo },
        { key: 'experience', type: 'text', value: values.experience },
      ],
    });
    await services.prequalifications.submitResponse(who, id, null);
  };
  await answer(savannah, isoDay(today + 200 * DAY), {
    tax: true,
    staff: 24,
    agpo: 'women',
    experience: 'Stationery framework contracts with two county governments and a national bank since 2023.',
  });
  await answer(rift, isoDay(today + 20 * DAY), {
    tax: false,
    staff: 12,
    agpo: 'youth',
    experience: 'One supply contract for printer consumables with a secondary school.',
  });

  // After the closing the committee scores, each on their own.
  now += 10 * DAY;
  const evaluation = await services.prequalifications.evaluation(grace, id);
  const [first, second] = evaluation.responses;
  for (const [member, scores] of [
    [grace, [85, 55]],
    [daniel, [80, 45]],
  ] as const) {
    await services.prequalifications.saveScores(member, id, {
      scores: [
        { response_id: first!.id, question_key: 'experience', score: scores[0] },
        { response_id: second!.id, question_key: 'experience', score: scores[1] },
      ],
    });
    await services.prequalifications.submitScores(member, id, null);
  }

  now += 1 * DAY;
  const { results } = await services.prequalifications.proposeResults(amina, id, null);
  now += 1 * DAY;
  for (const result of results) {
    if (result.recommended) await services.prequalifications.decide(grace, result.id, 'approved', '', null);
    else
      await services.prequalifications.decide(
        grace,
        result.id,
        'rejected',
        'No valid KRA tax compliance certificate (a mandatory criterion).',
        null,
      );
  }
  return true;
}
