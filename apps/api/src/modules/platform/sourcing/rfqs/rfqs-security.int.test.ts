import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../../test/harness.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * The RFQ security review's findings, through the HTTP layer: passphrase guesses are limited and audited and
 * never hold the RFQ's row lock (F1); setting an opening passphrase is limited and safe when two first
 * settings race (F2); cancelling drops the confirmed members' held shares (F3); unparseable ids and months
 * are 400s with a code, not 500s (F7); only supported currencies (F11).
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
let rfqId = 0;
/** A second RFQ, cancelled after a member's confirmation (F3). */
let cancelledId = 0;

const rfqBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Toner cartridges',
  currency: 'KES',
  closing_at: '2026-11-26T12:00:00+03:00',
  department_id: setUp.ictId,
  committee: [setUp.ids.kamau, setUp.ids.akinyi],
  quorum: 2,
  suppliers: [setUp.supplierId],
  lines: [
    {
      description: 'Toner, black',
      category_id: setUp.categoryId,
      quantity: '20',
      unit: 'each',
      estimated_unit_price: '8000.00',
    },
  ],
  ...overrides,
});

const confirm = (who: string, passphrase: string) =>
  setUp.act(who, 'POST', `sourcing/rfqs/${rfqId}/opening/confirm/`, { passphrase });

async function auditCount(action: string, userId: number) {
  const result = await ctx.database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND actor_user_id = ${userId}`,
  );
  return result.rows[0]!.n;
}

const sleep = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  for (const [who, passphrase] of [
    ['kamau', 'kamau opens quotes'],
    ['akinyi', 'akinyi opens quotes'],
  ] as const) {
    const key = await setUp.act(who, 'PUT', 'sourcing/opening-key/', { passphrase });
    expect(key.statusCode, key.body).toBe(200);
  }
  const ids: number[] = [];
  for (let i = 0; i < 2; i++) {
    const created = await setUp.act('otieno', 'POST', 'sourcing/rfqs/', rfqBody());
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const published = await setUp.act('otieno', 'POST', `sourcing/rfqs/${id}/publish/`);
    expect(published.json()).toMatchObject({ status: 'published' });
    ids.push(id);
  }
  [rfqId, cancelledId] = ids as [number, number];
  clock.advance(3 * 3_600_000);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('F1: the opening passphrase', () => {
  it('is tried without holding the RFQ row lock', async () => {
    const answer = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM rfqs WHERE id = ${rfqId} FOR UPDATE`);
      // While another transaction holds the RFQ, a wrong passphrase is still refused at once.
      return Promise.race([confirm('akinyi', 'not akinyi passphrase'), sleep(5_000)]);
    });
    expect(answer).not.toBe('timeout');
    if (answer === 'timeout') return;
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'rfq.wrong_passphrase' });
  }, 30_000);

  it('allows five tries per RFQ in 15 minutes, each refusal audited, then 429 before any crypto', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await confirm('kamau', `guess number ${i}`);
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'rfq.wrong_passphrase' });
    }
    expect(await auditCount('rfq.opening_refused', setUp.ids.kamau!)).toBe(5);
    // The sixth try is refused even with the right passphrase.
    const limited = await confirm('kamau', 'kamau opens quotes');
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'system.rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await auditCount('rfq.opening_refused', setUp.ids.kamau!)).toBe(5);
    // Another member of the same committee is not locked out.
    const akinyi = await confirm('akinyi', 'akinyi opens quotes');
    expect(akinyi.statusCode, akinyi.body).toBe(200);
    expect(akinyi.json()).toMatchObject({ status: 'closed', quotes: null });
  }, 60_000);
});

describe('F3: cancelling an RFQ', () => {
  it('drops the held share of a member who had confirmed', async () => {
    const held = async () =>
      (
        await ctx.database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM rfq_committee_members WHERE rfq_id = ${cancelledId} AND held_share IS NOT NULL`,
        )
      ).rows[0]!.n;
    const confirmed = await setUp.act('kamau', 'POST', `sourcing/rfqs/${cancelledId}/opening/confirm/`, {
      passphrase: 'kamau opens quotes',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await held()).toBe(1);
    const cancelled = await setUp.act('otieno', 'POST', `sourcing/rfqs/${cancelledId}/cancel/`, {
      reason: 'The need went away.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(await held()).toBe(0);
  });
});

describe('F2: setting an opening passphrase', () => {
  it('is limited to five per user in 15 minutes, a wrong current passphrase audited', async () => {
    const first = await setUp.act('wanjiru', 'PUT', 'sourcing/opening-key/', {
      passphrase: 'wanjiru first passphrase',
    });
    expect(first.statusCode, first.body).toBe(200);
    for (let i = 0; i < 4; i++) {
      const guess = await setUp.act('wanjiru', 'PUT', 'sourcing/opening-key/', {
        passphrase: 'wanjiru new passphrase',
        current_passphrase: `guess number ${i}`,
      });
      expect(guess.statusCode, guess.body).toBe(400);
      expect(guess.json()).toMatchObject({ code: 'opening_key.current' });
    }
    expect(await auditCount('opening_key.refused', setUp.ids.wanjiru!)).toBe(4);
    const limited = await setUp.act('wanjiru', 'PUT', 'sourcing/opening-key/', {
      passphrase: 'wanjiru new passphrase',
      current_passphrase: 'wanjiru first passphrase',
    });
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'system.rate_limited' });
  }, 60_000);

  it('keeps the first of two first settings made at once; the other is asked for the current passphrase', async () => {
    const [a, b] = await Promise.all([
      setUp.act('admin', 'PUT', 'sourcing/opening-key/', { passphrase: 'admin passphrase one' }),
      setUp.act('admin', 'PUT', 'sourcing/opening-key/', { passphrase: 'admin passphrase two' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses, `${a.body}\n${b.body}`).toEqual([200, 400]);
    const loser = a.statusCode === 400 ? a : b;
    expect(loser.json()).toMatchObject({ code: 'opening_key.current' });
    // The winner's passphrase is the one kept: it changes the key.
    const kept = a.statusCode === 200 ? 'admin passphrase one' : 'admin passphrase two';
    const change = await setUp.act('admin', 'PUT', 'sourcing/opening-key/', {
      passphrase: 'admin passphrase three',
      current_passphrase: kept,
    });
    expect(change.statusCode, change.body).toBe(200);
  }, 60_000);
});

describe('F7: ids and months from the query string', () => {
  it('refuses a category id beyond an integer with 400, not 500', async () => {
    const response = await setUp.act(
      'otieno',
      'GET',
      'sourcing/rfqs/invitable-suppliers/?categories=99999999999',
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'field.integer' });
  });

  it.each([
    'sourcing/reports/savings/?from=2026-13',
    'sourcing/reports/savings/export/?to=2026-99',
    'sourcing/reports/savings/?from=0000-00',
    'sourcing/reports/savings/export/?from=2026-00',
  ])('refuses the month in %s with 400, not 500', async (url) => {
    const response = await setUp.act('otieno', 'GET', url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain('rfq.month');
  });

  it('still reports a valid range', async () => {
    const response = await setUp.act('otieno', 'GET', 'sourcing/reports/savings/?from=2026-01&to=2026-12');
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('F11: the RFQ currency', () => {
  it('refuses a code the platform does not support', async () => {
    const response = await setUp.act(
      'otieno',
      'POST',
      'sourcing/rfqs/',
      rfqBody({ currency: 'ZZZ', closing_at: '2026-12-03T12:00:00+03:00' }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain('rfq.currency');
    const usd = await setUp.act(
      'otieno',
      'POST',
      'sourcing/rfqs/',
      rfqBody({ currency: 'usd', closing_at: '2026-12-03T12:00:00+03:00' }),
    );
    expect(usd.statusCode, usd.body).toBe(201);
    expect(usd.json()).toMatchObject({ currency: 'USD' });
  });
});
