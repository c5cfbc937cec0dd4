import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../../test/harness.ts';
import { bearer, linkToken, mailsTo, tokenFor } from '../../../../../test/identity.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * Issue 21: a tender's clarifications and addenda are mailed (templates in five languages, sent by the
 * outbox jobs) to the suppliers concerned: those that bid, registered their interest or asked. Never to the
 * others, and never naming who asked.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
type Json = Record<string, unknown>;
const COMMITTEE = ['kamau', 'akinyi', 'wanjiru'] as const;
// Acme (setUp's supplier) bids; Baobab registers interest; Chui asks the question; Duma does nothing.
const SUPPLIERS = {
  baobab: { name: 'Baobab Builders', email: 'sales@baobab.example' },
  chui: { name: 'Chui Contractors', email: 'sales@chui.example' },
  duma: { name: 'Duma Works', email: 'sales@duma.example' },
} as const;
const QUESTION = 'May the works at the Kisumu branch run on Saturdays?';
const ANSWER = 'Yes, from 8 am to 4 pm, with the branch manager present.';
const NOTE = 'The bill of quantities adds 40 m² of glass partitions on the first floor.';
let tenderId = 0;

const act = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  setUp.act(who, method, url, payload);
async function ok(who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200) {
  const response = await act(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as Json;
}
const tenderMails = async (email: string, reference: string) =>
  (await mailsTo(ctx, email)).filter((m) => m.subject.includes(reference));

async function supplier(key: keyof typeof SUPPLIERS) {
  const { name, email } = SUPPLIERS[key];
  await setUp.created('otieno', 'p2p/suppliers/', {
    name,
    email,
    first_name: 'Neema',
    last_name: 'Supplier',
  });
  const token = linkToken((await mailsTo(ctx, email))[0]!.text, '/reset-password');
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/confirm/',
    payload: { token, password: 'Supplier-Pass-2026', password2: 'Supplier-Pass-2026' },
  });
  const signedIn = await tokenFor(ctx, email, 'Supplier-Pass-2026');
  const switched = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/switch-buyer/',
    headers: bearer(signedIn),
    payload: { buyer_company_id: setUp.organisationId },
  });
  setUp.tokens[key] = (switched.json() as { access: string }).access;
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  for (const key of Object.keys(SUPPLIERS) as Array<keyof typeof SUPPLIERS>) await supplier(key);
  // Baobab reads its mail in Swahili.
  await ctx.database.db.execute(
    sql`UPDATE users SET language = 'sw' WHERE email = ${SUPPLIERS.baobab.email}`,
  );
  for (const who of COMMITTEE)
    await ok(who, 'PUT', 'sourcing/opening-key/', { passphrase: `${who} opens the tenders` });
  const created = await ok(
    'otieno',
    'POST',
    'sourcing/tenders/',
    {
      title: 'Refurbishment of the Kisumu branch',
      description: 'Civil works, partitions and wiring of the Kisumu branch.',
      method: 'open_tender',
      category: 'works',
      currency: 'KES',
      estimate: '5000000.00',
      bid_security: '0',
      pass_mark: 70,
      closing_at: '2026-12-18T12:00:00+03:00',
      committee: [setUp.ids.kamau, setUp.ids.akinyi, setUp.ids.wanjiru],
      quorum: 3,
    },
    201,
  );
  tenderId = created.id as number;
  await ok('otieno', 'POST', `sourcing/tenders/${tenderId}/publish/`);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

describe('clarifications and addenda reach the suppliers concerned by mail', () => {
  let reference = '';

  it('a supplier registers its interest; a bid and a question count as interest too', async () => {
    reference = (await ok('otieno', 'GET', `sourcing/tenders/${tenderId}/`)).number as string;
    expect((await ok('baobab', 'GET', `portal/tenders/${tenderId}/`)).interested).toBe(false);
    expect((await ok('baobab', 'POST', `portal/tenders/${tenderId}/interest/`)).interested).toBe(true);
    // Twice is once.
    expect((await ok('baobab', 'POST', `portal/tenders/${tenderId}/interest/`)).interested).toBe(true);
    await ok('acme', 'PUT', `portal/tenders/${tenderId}/bid/`, {
      technical_summary: 'Eight weeks with our own electricians.',
      price: '4700000.00',
      security: null,
      agpo_certificate: null,
    });
    const asked = await ok('chui', 'POST', `portal/tenders/${tenderId}/clarifications/`, {
      question: QUESTION,
    });
    expect(asked.interested).toBe(true);
    expect((await ok('duma', 'GET', `portal/tenders/${tenderId}/`)).interested).toBe(false);
  });

  it('an answer is mailed to the bidder, the interested and the asker, never naming the asker; not to others', async () => {
    const tender = await ok('otieno', 'GET', `sourcing/tenders/${tenderId}/`);
    const question = (tender.clarifications as Array<{ id: number; question: string }>).find(
      (c) => c.question === QUESTION,
    )!;
    await ok('otieno', 'POST', `sourcing/tenders/${tenderId}/clarifications/${question.id}/answer/`, {
      answer: ANSWER,
    });
    for (const email of ['sales@acme.example', SUPPLIERS.chui.email]) {
      const [mail, ...more] = await tenderMails(email, reference);
      expect(more, email).toHaveLength(0);
      expect(mail!.subject).toBe(`Tender ${reference}: a question answered`);
      expect(mail!.text).toContain(QUESTION);
      expect(mail!.text).toContain(ANSWER);
      expect(mail!.text).toContain(`/portal/tenders/${tenderId}`);
      // Neither the asking supplier's name nor its user's.
      expect(mail!.text).not.toContain('Chui');
      expect(mail!.html).not.toContain('Chui');
    }
    // In the interested supplier's language.
    const [swahili] = await tenderMails(SUPPLIERS.baobab.email, reference);
    expect(swahili!.subject).toBe(`Zabuni ${reference}: swali limejibiwa`);
    expect(swahili!.text).toContain(ANSWER);
    expect(swahili!.text).not.toContain('Chui');
    expect(await tenderMails(SUPPLIERS.duma.email, reference)).toHaveLength(0);
  });

  it('an addendum is mailed to the same suppliers with the new closing', async () => {
    const after = await ok('otieno', 'POST', `sourcing/tenders/${tenderId}/addenda/`, { note: NOTE });
    expect(after.closing_at).toBe('2026-12-18T09:00:00.000Z');
    for (const email of ['sales@acme.example', SUPPLIERS.chui.email, SUPPLIERS.baobab.email]) {
      const mails = await tenderMails(email, reference);
      expect(mails, email).toHaveLength(2);
      const addendum = mails.find((m) => m.text.includes(NOTE));
      expect(addendum, email).toBeDefined();
      expect(addendum!.text).toContain('18 December 2026 at 12:00 EAT');
    }
    expect(
      (await tenderMails(SUPPLIERS.baobab.email, reference)).some((m) => m.subject.includes('nyongeza')),
    ).toBe(true);
    expect(await tenderMails(SUPPLIERS.duma.email, reference)).toHaveLength(0);
  });
});
