import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fixedClock, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, tokenFor } from '../../../../test/identity.ts';
import { multipart } from '../../../../test/multipart.ts';

/**
 * The public tender list under load's rules: counts stop at 1,000 (count_capped), keyset pages
 * (cursor), and the shared answer cache that every change empties (in this process directly, from any
 * other writer through the table's NOTIFY trigger). The cache lives a minute here, so only an
 * invalidation can explain a fresh answer.
 */
const NOW = '2026-11-22T09:00:00.000Z';
const TOTAL = 1_205;
const LIST = '/api/v1/tender-alerts/available-tenders/';

let ctx: TestContext;
let moderatorToken: string;

interface ListBody {
  count: number;
  count_capped: boolean;
  next: string | null;
  previous: string | null;
  next_cursor: string | null;
  results: Array<{ id: number; title: string; closing_date: string }>;
}

async function list(query: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `${LIST}?${query}` });
  return { status: response.statusCode, body: response.json() as ListBody };
}

beforeAll(async () => {
  ctx = await createTestContext({ clock: fixedClock(NOW), env: { LIST_CACHE_TTL_MS: '60000' } });
  // 1,205 public tenders: 1,085 closing 2 hours to 50 days after NOW, in pairs that share their closing
  // instant (the keyset must order ties by id), and 120 (every tenth) already closed.
  await ctx.database.db.execute(sql`
    INSERT INTO tenders (title, company, country_id, job_type, closing_at, review, published_at)
    SELECT 'Bulletin tender ' || n, 'County Government of Kitui', (SELECT id FROM countries WHERE iso2 = 'KE'),
           'Tender', ${NOW}::timestamptz + make_interval(hours => CASE WHEN n % 10 = 0 THEN -n ELSE (n / 2) * 2 + 2 END),
           'published', ${NOW}::timestamptz
    FROM generate_series(1, ${TOTAL}) AS n`);
  const m = await createMember(ctx, { kind: 'platform', role: 'moderator', email: 'editor@zabuni.example' });
  moderatorToken = await tokenFor(ctx, m.email, m.password);
});
afterAll(() => ctx.close());

describe('counts', () => {
  it('stop at 1,000 and say so; a numbered page still links the next one', async () => {
    const first = await list('page_size=10');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(1_000);
    expect(first.body.count_capped).toBe(true);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.next).toBe(`http://zabuni.test${LIST}?page_size=10&page=2`);

    // Deeper than the cap: the count reaches the end of the page asked, and the next page is known.
    const deep = await list('page=110&page_size=10');
    expect(deep.body).toMatchObject({ count: 1_100, count_capped: true });
    expect(deep.body.results).toHaveLength(10);
    expect(deep.body.next).toBe(`http://zabuni.test${LIST}?page=111&page_size=10`);

    const last = await list('page=121&page_size=10');
    expect(last.body).toMatchObject({ count: TOTAL, count_capped: false, next: null, next_cursor: null });
    expect(last.body.results).toHaveLength(5);
  });

  it('are exact below the cap', async () => {
    const upcoming = await list('deadline=past&page_size=5');
    expect(upcoming.body).toMatchObject({ count: 120, count_capped: false });
  });
});

describe('cursor', () => {
  it('walks the same rows as numbered pages, ties ordered by id, in both directions', async () => {
    for (const deadline of ['upcoming', 'past']) {
      const numbered: number[] = [];
      for (let page = 1; page <= 4; page++) {
        numbered.push(
          ...(await list(`deadline=${deadline}&page=${page}&page_size=7`)).body.results.map((t) => t.id),
        );
      }
      const keyset: number[] = [];
      let next: string | null = `deadline=${deadline}&page_size=7`;
      for (let i = 0; i < 4 && next; i++) {
        const { status, body } = await list(next);
        expect(status).toBe(200);
        keyset.push(...body.results.map((t) => t.id));
        if (i > 0) expect(body.previous).toBeNull();
        next = body.next_cursor ? `deadline=${deadline}&page_size=7&cursor=${body.next_cursor}` : null;
      }
      expect(keyset).toHaveLength(28);
      expect(keyset).toEqual(numbered);
    }
  });

  it('links the next page by cursor and ends with no cursor', async () => {
    const first = await list('deadline=past&page_size=100');
    expect(first.body.results).toHaveLength(100);
    const cursor = first.body.next_cursor!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = await list(`deadline=past&page_size=100&cursor=${cursor}`);
    expect(second.body.results).toHaveLength(20);
    expect(second.body).toMatchObject({ count: 120, next: null, next_cursor: null, previous: null });
    const url = new URL(first.body.next!);
    expect(url.searchParams.get('page')).toBe('2');
  });

  it('refuses a cursor it did not give, on the cursor field', async () => {
    for (const bad of ['not-a-cursor', Buffer.from('["yesterday",1]').toString('base64url'), '%25%25']) {
      const response = await ctx.app.inject({ method: 'GET', url: `${LIST}?cursor=${bad}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'field.cursor',
        field: 'cursor',
        cursor: ['Invalid cursor.'],
      });
    }
  });
});

describe('the shared cache', () => {
  const firstPage = 'deadline=upcoming&page_size=3';

  it('answers repeated requests from one query, and shows an edit on the next call', async () => {
    const before = await list(firstPage);
    const top = before.body.results[0]!;
    // A change the cache cannot see by itself (no NOTIFY here): the same answer comes back.
    await ctx.database.db.execute(sql`ALTER TABLE tenders DISABLE TRIGGER tenders_public_lists_changed`);
    await ctx.database.db.execute(
      sql`UPDATE tenders SET title = 'Changed behind its back' WHERE id = ${top.id}`,
    );
    await ctx.database.db.execute(sql`ALTER TABLE tenders ENABLE TRIGGER tenders_public_lists_changed`);
    expect((await list(firstPage)).body.results[0]!.title).toBe(top.title);

    // An editor's correction through the API is on the very next list call.
    const body = multipart({
      tender_title: 'Construction of a dispensary (amended)',
      tender_closing_date: top.closing_date.slice(0, 10),
      closing_date: top.closing_date,
      company: 'County Government of Kitui',
      job_type: 'Tender',
    });
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/tender-alerts/moderation/tenders/${top.id}/`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(moderatorToken) },
    });
    expect(edited.statusCode).toBe(200);
    const after = await list(firstPage);
    expect(after.body.results.find((t) => t.id === top.id)?.title).toBe(
      'Construction of a dispensary (amended)',
    );
  });

  it('is emptied by a change another process commits (NOTIFY), well before it expires', async () => {
    const before = await list(firstPage);
    const top = before.body.results[0]!;
    // Another process (a worker, another API process, a hand-written fix) cancels it.
    await ctx.database.db.execute(sql`UPDATE tenders SET title = 'Cancelled elsewhere' WHERE id = ${top.id}`);
    let seen = '';
    for (let i = 0; i < 50 && seen !== 'Cancelled elsewhere'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = (await list(firstPage)).body.results[0]!.title;
    }
    expect(seen).toBe('Cancelled elsewhere');
  });
});
