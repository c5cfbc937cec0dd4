import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { createMember, mailsTo, tokenFor } from '../../../../test/identity.ts';
import { procurementSetUp } from '../../../../test/p2p.ts';
import { users } from '../../../schema/authentication.tables.ts';

/**
 * Reminders of overdue risk treatments (issue 23): the daily job mails each overdue treatment's owner (or the
 * risk's owner) once per treatment and due date, in the recipient's language; a treatment not yet due, done,
 * or of a closed risk is not reminded; a moved due date reminds again.
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

describe('reminders of overdue treatments', () => {
  it('are sent once per treatment and due date, in the recipient’s language, and again for a new date', async () => {
    const risk = await ok(
      'rita',
      'POST',
      'risk/risks/',
      {
        title: 'Single data centre provider',
        category: 'operational',
        cause: 'One hosting provider',
        effect: 'Customer services down',
        owner_id: setUp.ids.rita,
        inherent: { likelihood: 4, impact: 5 },
      },
      201,
    );
    const treat = async (action: string, dueOn: string, extra: object = {}) => {
      const detail = await ok(
        'rita',
        'POST',
        `risk/risks/${risk.id}/treatments/`,
        { action, due_on: dueOn, ...extra },
        201,
      );
      return (detail.treatments as Json[]).find((t) => t.action === action)!.id;
    };
    const secondSite = await treat('Contract a second hosting site', inDays(-3), {
      owner_id: setUp.ids.amani,
    });
    // No owner of its own: the risk's owner (Rita) is reminded.
    await treat('Test the failover', inDays(-1));
    await treat('Review the hosting contract', inDays(5), { owner_id: setUp.ids.amani });
    await treat('Write the runbook', inDays(-10), { owner_id: setUp.ids.amani, status: 'done' });

    // Another organisation's closed risk with an overdue treatment is not reminded either.
    const closed = await ok(
      'rita',
      'POST',
      'risk/risks/',
      {
        title: 'Old courier contract',
        category: 'operational',
        cause: 'Courier',
        effect: 'Late documents',
        owner_id: setUp.ids.rita,
        inherent: { likelihood: 2, impact: 2 },
      },
      201,
    );
    await ok(
      'rita',
      'POST',
      `risk/risks/${closed.id}/treatments/`,
      { action: 'Replace the courier', due_on: inDays(-2) },
      201,
    );
    await ok('rita', 'PATCH', `risk/risks/${closed.id}/`, { status: 'closed' });

    const english = async () =>
      (await mailsTo(ctx, 'rita@umoja.example')).filter((m) =>
        m.subject.startsWith('Risk treatment overdue'),
      );
    const swahili = async () =>
      (await mailsTo(ctx, 'amani@umoja.example')).filter((m) =>
        m.subject.startsWith('Hatua ya kudhibiti hatari imechelewa'),
      );

    expect(await ctx.services.risk.sendTreatmentReminders()).toBe(2);
    expect(await ctx.services.risk.sendTreatmentReminders()).toBe(0);
    const rita = await english();
    expect(rita.map((m) => m.subject)).toEqual([
      `Risk treatment overdue since ${inDays(-1)}: Test the failover`,
    ]);
    expect(rita[0]!.text).toContain('Single data centre provider');
    expect(rita[0]!.text).toContain(`/app/risk/register/${risk.id}`);
    const amani = await swahili();
    expect(amani.map((m) => m.subject)).toEqual([
      `Hatua ya kudhibiti hatari imechelewa tangu ${inDays(-3)}: Contract a second hosting site`,
    ]);
    // Nothing about the treatment not yet due, the one done, or the closed risk's.
    const everything = [
      ...(await mailsTo(ctx, 'rita@umoja.example')),
      ...(await mailsTo(ctx, 'amani@umoja.example')),
    ].map((m) => m.subject);
    for (const action of ['Review the hosting contract', 'Write the runbook', 'Replace the courier'])
      expect(everything.join('\n')).not.toContain(action);

    // A new due date, still past: reminded again, once.
    await ok('amani', 'PATCH', `risk/risks/${risk.id}/treatments/${secondSite}/`, { due_on: inDays(-1) });
    expect(await ctx.services.risk.sendTreatmentReminders()).toBe(1);
    expect(await ctx.services.risk.sendTreatmentReminders()).toBe(0);
    expect(await swahili()).toHaveLength(2);
  });
});
