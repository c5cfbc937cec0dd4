import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { createMember, mailsTo, tokenFor } from '../../../../test/identity.ts';
import { procurementSetUp } from '../../../../test/p2p.ts';
import { users } from '../../../schema/authentication.tables.ts';
import { memberships } from '../../../schema/organisations.tables.ts';

/**
 * Reminders of overdue risk treatments and of outsourcing reviews (issue 23, review): an owner who has left
 * the organisation is told nothing of its risks or its outsourcing; the reminder goes to the risk's owner
 * instead, or to the risk officers.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const inDays = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

type Json = Record<string, unknown> & { id: number };
const ok = async (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  status = 200,
) => {
  const response = await setUp.act(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as Json;
};

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx);
  for (const name of ['rita', 'amani']) {
    const member = await createMember(ctx, {
      kind: 'buyer',
      role: 'risk_officer',
      email: `${name}@umoja.example`,
      organisationId: setUp.organisationId,
    });
    setUp.ids[name] = member.userId;
    setUp.tokens[name] = await tokenFor(ctx, member.email, member.password);
  }
  // Amani reads his mail in Swahili.
  await ctx.database.db.update(users).set({ language: 'sw' }).where(eq(users.id, setUp.ids.amani!));
});
afterAll(async () => {
  await ctx?.close();
});

describe('reminders of overdue treatments to people who left', () => {
  it('go to the staff still there, never to a former member', async () => {
    const risk = await ok(
      'rita',
      'POST',
      'risk/risks/',
      {
        title: 'Merger talks leak',
        category: 'operational',
        cause: 'Advisers',
        effect: 'Price moves',
        owner_id: setUp.ids.amani,
        inherent: { likelihood: 3, impact: 5 },
      },
      201,
    );
    await ok(
      'rita',
      'POST',
      `risk/risks/${risk.id}/treatments/`,
      { action: 'Sign the advisers to confidentiality', due_on: inDays(-2), owner_id: setUp.ids.amani },
      201,
    );
    // Amani leaves Umoja: the treatment and the risk are still his on paper.
    await ctx.database.db.delete(memberships).where(eq(memberships.userId, setUp.ids.amani!));

    expect(await ctx.services.risk.sendTreatmentReminders()).toBe(1);
    expect(await mailsTo(ctx, 'amani@umoja.example')).toEqual([]);
    // Neither owner is staff any more: the organisation's risk officers are told.
    const rita = (await mailsTo(ctx, 'rita@umoja.example'))
      .map((m) => m.subject)
      .filter((subject) => subject.startsWith('Risk treatment overdue'));
    expect(rita).toEqual([
      `Risk treatment overdue since ${inDays(-2)}: Sign the advisers to confidentiality`,
    ]);
  });
});

describe('reminders of outsourcing reviews to people who left', () => {
  it('go to the risk officers, never to the former owner of the arrangement', async () => {
    const wanjiku = await createMember(ctx, {
      kind: 'buyer',
      role: 'risk_officer',
      email: 'wanjiku@umoja.example',
      organisationId: setUp.organisationId,
    });
    const arrangement = await ok(
      'rita',
      'POST',
      'risk/outsourcing/',
      {
        service: 'Card printing bureau',
        supplier_id: setUp.supplierId,
        materiality: {
          critical_function: false,
          customer_data: true,
          data_offshore: false,
          disruption_impact: 2,
          substitutability: 'easy',
          above_value_threshold: false,
        },
        data_location: 'Nairobi, Kenya',
        subcontractors: '',
        exit_strategy: 'Move to the second bureau',
        annual_value: '900000.00',
        owner_id: wanjiku.userId,
        next_review_on: inDays(5),
      },
      201,
    );
    // Wanjiku leaves Umoja: the arrangement is still his on paper.
    await ctx.database.db.delete(memberships).where(eq(memberships.userId, wanjiku.userId));

    expect(await ctx.services.risk.sendReviewReminders()).toBe(1);
    const about = (email: string) =>
      mailsTo(ctx, email).then((mails) => mails.filter((m) => m.subject.includes('Card printing bureau')));
    expect(await about('wanjiku@umoja.example')).toEqual([]);
    expect(await about('rita@umoja.example')).toHaveLength(1);
    expect(arrangement.id).toBeGreaterThan(0);
  });
});
