import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, tokenFor } from '../../../../test/identity.ts';

/**
 * Issue 19, saved searches: a signed-in user saves public tender filters under a name with instant or daily
 * alerts; an alert lists the tenders that became public since the last one and match, once; a daily one
 * waits a day; nobody else deletes it; the one-click link stops it without signing in.
 */
const clock = manualClock(new Date('2026-11-26T07:00:00Z'));
const MINUTE = 60_000;
let ctx: TestContext;
let user: string;
let other: string;
let kenya: number;
let category: number;

const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await ctx.database.db.execute<T>(query)).rows;

async function tender(title: string, options: { category?: number; sector?: string } = {}) {
  const [row] = await rows<{ id: number }>(sql`
    INSERT INTO tenders (title, company, country_id, category_id, sector, job_type, closing_at, review, published_at)
    VALUES (${title}, 'Kenya Power', ${kenya}, ${options.category ?? category}, ${options.sector ?? 'Public'}, 'Tender',
      ${new Date(clock.now().getTime() + 10 * 86_400_000)}, 'published', ${clock.now()})
    RETURNING id`);
  return row!.id;
}

const mailsTo = (email: string) =>
  rows<{ subject: string; text_body: string; headers: Record<string, string> | null }>(
    sql`SELECT subject, text_body, headers FROM mail_outbox WHERE to_address = ${email} ORDER BY id`,
  );

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  const a = await createMember(ctx, { kind: 'advertiser', role: 'advertiser', email: 'saver@example.com' });
  const b = await createMember(ctx, { kind: 'advertiser', role: 'advertiser', email: 'other@example.com' });
  user = await tokenFor(ctx, a.email, a.password);
  other = await tokenFor(ctx, b.email, b.password);
  kenya = (await rows<{ id: number }>(sql`SELECT id FROM countries WHERE iso2 = 'KE'`))[0]!.id;
  category = (await rows<{ id: number }>(sql`SELECT id FROM categories ORDER BY id LIMIT 1`))[0]!.id;
});
afterAll(() => ctx?.close());

describe('saved searches', () => {
  it('alert instantly on what became public since, once; daily ones wait a day; only the owner deletes', async () => {
    const save = (payload: object, token = user) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/tender-alerts/saved-searches/',
        headers: bearer(token),
        payload,
      });
    const instant = await save({
      name: 'Water in Kenya',
      frequency: 'instant',
      filters: { country: kenya, category, search: 'water' },
    });
    expect(instant.statusCode, instant.body).toBe(201);
    const daily = await save({ name: 'NGO tenders', frequency: 'daily', filters: { sector: 'NGO' } });
    expect(daily.statusCode).toBe(201);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/tender-alerts/saved-searches/', payload: {} }))
        .statusCode,
    ).toBe(401);

    clock.advance(MINUTE);
    const match = await tender('Water meters for Kisumu');
    await tender('Office chairs');
    const ngo = await tender('Water kiosks', { sector: 'NGO' });
    clock.advance(MINUTE);
    expect(await ctx.services.tenderAlerts.runSavedSearches()).toBe(1);
    const [mail, ...more] = await mailsTo('saver@example.com');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('2 new tenders for “Water in Kenya”');
    expect(mail!.text_body).toContain(`/tenders/show/${ngo}`);
    expect(mail!.text_body).toContain(`http://zabuni.test/tenders/show/${match}`);
    expect(mail!.text_body).not.toContain('Office chairs');
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Nothing new: nothing more. The daily search waits its day, then lists the NGO tender.
    clock.advance(MINUTE);
    expect(await ctx.services.tenderAlerts.runSavedSearches()).toBe(0);
    clock.advance(24 * 60 * MINUTE);
    expect(await ctx.services.tenderAlerts.runSavedSearches()).toBe(1);
    const daily2 = (await mailsTo('saver@example.com')).at(-1)!;
    expect(daily2.subject).toBe('1 new tenders for “NGO tenders”');
    expect(daily2.text_body).toContain(`/tenders/show/${ngo}`);
    expect(await ctx.services.tenderAlerts.runSavedSearches()).toBe(0);

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tender-alerts/saved-searches/',
      headers: bearer(user),
    });
    expect(list.json().results.map((s: { name: string }) => s.name)).toEqual([
      'NGO tenders',
      'Water in Kenya',
    ]);
    const id = instant.json().id as number;
    const stranger = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/tender-alerts/saved-searches/${id}/`,
      headers: bearer(other),
    });
    expect(stranger.statusCode).toBe(404);
    const mine = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/tender-alerts/saved-searches/${id}/`,
      headers: bearer(user),
    });
    expect(mine.statusCode).toBe(204);
  });

  it('stop by the one-click link without signing in', async () => {
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tender-alerts/saved-searches/',
      headers: bearer(other),
      payload: { name: 'Everything', frequency: 'instant', filters: {} },
    });
    const token = ctx.services.tenderAlerts.savedTokenFor(saved.json().id);
    const stop = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/tender-alerts/saved-searches/unsubscribe/${token}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toMatchObject({ name: 'Everything' });
    // A subscription's token does not open a saved search (another purpose).
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/tender-alerts/saved-searches/unsubscribe/${ctx.services.tenderAlerts.tokenFor(saved.json().id)}/`,
    });
    expect(wrong.statusCode).toBe(404);
    clock.advance(MINUTE);
    await tender('Anything at all');
    clock.advance(MINUTE);
    await ctx.services.tenderAlerts.runSavedSearches();
    expect(await mailsTo('other@example.com')).toHaveLength(0);
  });
});
