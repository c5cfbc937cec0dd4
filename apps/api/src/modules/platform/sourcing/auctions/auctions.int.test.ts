import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../../test/harness.ts';
import { bearer, linkToken, mailsTo, tokenFor } from '../../../../../test/identity.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * Issue 21, live eAuctions through the HTTP layer: the open rules (time, step, reserve, anti-sniping
 * extension, at most Z times), the rounds rules (initial bids, turns worst first, not your turn), many
 * concurrent bids ordered and none lost, the live view over Server-Sent Events (every bid within a second,
 * a reconnect with Last-Event-ID replays what was missed), names hidden until the end from bidders and
 * buyer alike, the award through the approval engine, and tenancy.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
const suppliers: Record<string, number> = {};
const NAMES = ['Acme Office Supplies Ltd', 'Baobab Traders', 'Chui Stationers'];
let baseUrl = '';

async function supplier(name: string, email: string) {
  const created = await setUp.created('otieno', 'p2p/suppliers/', {
    name,
    email,
    first_name: name.split(' ')[0],
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
  return { id: created.id, token: (switched.json() as { access: string }).access };
}

const openAuction = (overrides: Record<string, unknown> = {}) => ({
  title: 'Toner cartridges, lot 1',
  currency: 'KES',
  direction: 'reverse',
  rules: 'open',
  visibility: 'rank_only',
  starts_at: '2026-11-26T07:00:00Z',
  ends_at: '2026-11-26T07:10:00Z',
  anti_sniping: { window_seconds: 120, extension_seconds: 120, max_extensions: 2 },
  step_kind: 'amount',
  step: '500.00',
  reserve_price: '100000.00',
  suppliers: [suppliers.acme, suppliers.baobab, suppliers.chui],
  ...overrides,
});

async function published(body: object) {
  const made = await setUp.created('otieno', 'sourcing/auctions/', body);
  const response = await setUp.act('otieno', 'POST', `sourcing/auctions/${made.id}/publish/`);
  expect(response.statusCode, response.body).toBe(200);
  return made.id;
}

const bid = (who: string, id: number, amount: string) =>
  setUp.act(who, 'POST', `portal/auctions/${id}/bids/`, { amount });

const at = (iso: string) => {
  const target = new Date(iso).getTime();
  clock.advance(target - clock.now().getTime());
};

/** A Server-Sent Events client over fetch: collects events as they arrive. */
function listen(path: string, token: string, lastEventId?: number) {
  const events: Array<{
    event: string;
    id: number | null;
    data: Record<string, unknown>;
    receivedAt: number;
  }> = [];
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const opened = fetch(`${baseUrl}/api/v1/${path}`, { headers, signal: controller.signal }).then(
    async (response) => {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            buffer += decoder.decode(value, { stream: true });
            let cut;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              const fields = Object.fromEntries(
                block
                  .split('\n')
                  .filter((l) => l && !l.startsWith(':'))
                  .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
              );
              if (!fields.event) continue;
              events.push({
                event: fields.event,
                id: fields.id ? Number(fields.id) : null,
                data: JSON.parse(fields.data ?? '{}') as Record<string, unknown>,
                receivedAt: Date.now(),
              });
            }
          }
        } catch {
          // aborted
        }
      })();
    },
  );
  const waitFor = async (predicate: () => boolean, ms = 2_000) => {
    const until = Date.now() + ms;
    while (!predicate()) {
      if (Date.now() > until)
        throw new Error(`timed out; events: ${JSON.stringify(events.map((e) => [e.event, e.id]))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { events, opened, waitFor, close: () => controller.abort() };
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  suppliers.acme = setUp.supplierId;
  for (const [key, name, email] of [
    ['baobab', NAMES[1]!, 'sales@baobab.example'],
    ['chui', NAMES[2]!, 'sales@chui.example'],
  ] as const) {
    const made = await supplier(name, email);
    suppliers[key] = made.id;
    setUp.tokens[key] = made.token;
  }
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await ctx?.close();
});

describe('open reverse auction with anti-sniping', () => {
  let id = 0;

  it('is set up as a draft, refuses a step outside the bounds for rounds, and is published', async () => {
    const refused = await setUp.act('otieno', 'POST', 'sourcing/auctions/', {
      ...openAuction(),
      rules: 'rounds',
      step_kind: 'percent',
      step: '5',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ step: [expect.stringContaining('0.5 %')] });
    const requester = await setUp.act('wanjiru', 'POST', 'sourcing/auctions/', openAuction());
    expect(requester.statusCode).toBe(403);
    id = await published(openAuction());
    const view = (await setUp.act('otieno', 'GET', `sourcing/auctions/${id}/`)).json();
    expect(view).toMatchObject({ status: 'published', phase: 'scheduled', bidders: 3 });
  });

  it('refuses a bid before the start, and on the wrong side of the reserve', async () => {
    const early = await bid('acme', id, '99000.00');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('auction.bid_not_started');
    at('2026-11-26T07:00:00Z');
    const over = await bid('acme', id, '100000.01');
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('auction.bid_reserve');
  });

  it('accepts a first bid, then only bids that improve by the step', async () => {
    const first = await bid('acme', id, '99000.00');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ seq: 1, rank: 1, extended: false });
    const small = await bid('acme', id, '98500.01');
    expect(small.statusCode).toBe(409);
    expect(small.json()).toMatchObject({ code: 'auction.bid_step' });
    expect(small.json().detail).toContain('98500.00');
    const raised = await bid('acme', id, '99500.00');
    expect(raised.statusCode).toBe(409);
    const second = await bid('baobab', id, '98000.00');
    expect(second.json()).toMatchObject({ seq: 2, rank: 1 });
    const mine = (await setUp.act('acme', 'GET', `portal/auctions/${id}/`)).json();
    expect(mine).toMatchObject({
      own_rank: 2,
      own_amount: '99000.00',
      required: '98500.00',
      best_amount: null,
    });
  });

  it('streams every bid to the buyer and bidders within a second, by alias, with the bidder’s own rank', async () => {
    const buyer = listen(`sourcing/auctions/${id}/live/`, setUp.tokens.otieno!);
    const acme = listen(`portal/auctions/${id}/live/`, setUp.tokens.acme!);
    await Promise.all([buyer.opened, acme.opened]);
    await buyer.waitFor(() => buyer.events.some((e) => e.event === 'state'));
    await acme.waitFor(() => acme.events.some((e) => e.event === 'state'));
    const sent = Date.now();
    expect((await bid('chui', id, '97000.00')).statusCode).toBe(201);
    await buyer.waitFor(() => buyer.events.some((e) => e.id === 3), 1_000);
    await acme.waitFor(() => acme.events.some((e) => e.id === 3), 1_000);
    const buyerEvent = buyer.events.find((e) => e.id === 3)!;
    expect(buyerEvent.receivedAt - sent).toBeLessThan(1_000);
    expect(buyerEvent.data).toMatchObject({
      seq: 3,
      amount: '97000.00',
      alias: expect.stringMatching(/^Bidder \d$/),
    });
    expect((buyerEvent.data.ranking as unknown[]).length).toBe(3);
    expect(acme.events.find((e) => e.id === 3)!.data).toMatchObject({ own_rank: 3, own_amount: '99000.00' });
    // No name anywhere on either stream.
    const everything = JSON.stringify([buyer.events, acme.events]);
    for (const name of NAMES) expect(everything).not.toContain(name);
    buyer.close();
    acme.close();
  });

  it('replays missed bids after a reconnect (Last-Event-ID), in order, then carries on live', async () => {
    expect((await bid('acme', id, '96000.00')).statusCode).toBe(201); // 4
    expect((await bid('baobab', id, '95000.00')).statusCode).toBe(201); // 5
    const back = listen(`sourcing/auctions/${id}/live/`, setUp.tokens.otieno!, 2);
    await back.opened;
    await back.waitFor(() => back.events.filter((e) => e.event === 'bid').length >= 3);
    expect(back.events.filter((e) => e.event === 'bid').map((e) => e.id)).toEqual([3, 4, 5]);
    expect(back.events.find((e) => e.id === 3)!.data).toMatchObject({ amount: '97000.00' });
    expect((await bid('chui', id, '94000.00')).statusCode).toBe(201); // 6
    await back.waitFor(() => back.events.some((e) => e.id === 6), 1_000);
    expect(back.events.filter((e) => e.event === 'bid').map((e) => e.id)).toEqual([3, 4, 5, 6]);
    back.close();
  });

  it('hides names from the buyer until the end; results wait for the end', async () => {
    const view = (await setUp.act('otieno', 'GET', `sourcing/auctions/${id}/`)).json();
    expect(view.participants.every((p: { name: string | null }) => p.name === null)).toBe(true);
    expect(view.ranking.every((p: { name: string | null }) => p.name === null)).toBe(true);
    for (const name of NAMES) expect(JSON.stringify(view)).not.toContain(name);
    const early = await setUp.act('otieno', 'GET', `sourcing/auctions/${id}/results/`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('auction.not_ended');
  });

  it('extends the end by 2 minutes for a bid in the last 2 minutes, at most twice', async () => {
    at('2026-11-26T07:07:59Z'); // 121 s left: no extension
    expect((await bid('acme', id, '93000.00')).json()).toMatchObject({
      extended: false,
      ends_at: '2026-11-26T07:10:00.000Z',
    });
    at('2026-11-26T07:08:00Z'); // 120 s left: extended to 07:12
    expect((await bid('baobab', id, '92000.00')).json()).toMatchObject({
      extended: true,
      ends_at: '2026-11-26T07:12:00.000Z',
    });
    at('2026-11-26T07:11:30Z'); // extended again to 07:14
    expect((await bid('chui', id, '91000.00')).json()).toMatchObject({
      extended: true,
      ends_at: '2026-11-26T07:14:00.000Z',
    });
    at('2026-11-26T07:13:59Z'); // the third time: no more extensions
    expect((await bid('acme', id, '90000.00')).json()).toMatchObject({
      extended: false,
      ends_at: '2026-11-26T07:14:00.000Z',
    });
    at('2026-11-26T07:14:00Z');
    const late = await bid('baobab', id, '80000.00');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('auction.bid_ended');
  });

  it('after the end: names revealed, full history, award through the approval engine', async () => {
    const results = await setUp.act('otieno', 'GET', `sourcing/auctions/${id}/results/`);
    expect(results.statusCode, results.body).toBe(200);
    const body = results.json();
    expect(body.ranking[0]).toMatchObject({ rank: 1, name: NAMES[0], amount: '90000.00' });
    expect(body.bids.map((b: { seq: number }) => b.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(body.reserve_met).toBe(true);
    const other = await setUp.act('wanjiru', 'POST', `sourcing/auctions/${id}/award/`);
    expect(other.statusCode).toBe(403);
    const awarded = await setUp.act('otieno', 'POST', `sourcing/auctions/${id}/award/`);
    expect(awarded.statusCode, awarded.body).toBe(200);
    expect(awarded.json()).toMatchObject({
      status: 'awarded',
      award: { supplier: { name: NAMES[0] }, amount: '90000.00' },
    });
  });

  it('is invisible to another organisation and to suppliers not invited', async () => {
    const outsider = await setUp.act('outsider', 'GET', `sourcing/auctions/${id}/`);
    expect(outsider.statusCode).toBe(404);
    const outsiderLive = await setUp.act('outsider', 'GET', `sourcing/auctions/${id}/live/`);
    expect(outsiderLive.statusCode).toBe(404);
    const list = (await setUp.act('outsider', 'GET', 'sourcing/auctions/')).json();
    expect(list.count).toBe(0);
    const uninvited = await published(
      openAuction({
        suppliers: [suppliers.baobab, suppliers.chui],
        starts_at: '2026-11-26T08:00:00Z',
        ends_at: '2026-11-26T08:10:00Z',
      }),
    );
    expect((await setUp.act('acme', 'GET', `portal/auctions/${uninvited}/`)).statusCode).toBe(404);
    expect((await bid('acme', uninvited, '1000.00')).statusCode).toBe(404);
    expect((await setUp.act('acme', 'GET', `portal/auctions/${uninvited}/live/`)).statusCode).toBe(404);
  });
});

describe('concurrent bids', () => {
  it('are decided one at a time in the server’s order: none lost, none applied out of order', async () => {
    const id = await published(
      openAuction({
        starts_at: '2026-11-26T09:00:00Z',
        ends_at: '2026-11-26T10:00:00Z',
        reserve_price: null,
        step: '1.00',
      }),
    );
    at('2026-11-26T09:00:00Z');
    const watcher = listen(`sourcing/auctions/${id}/live/`, setUp.tokens.otieno!);
    await watcher.opened;
    await watcher.waitFor(() => watcher.events.some((e) => e.event === 'state'));
    // 60 bids at once: each bidder sends 20 descending amounts in parallel; some lose the race to the step.
    const attempts = ['acme', 'baobab', 'chui'].flatMap((who, b) =>
      Array.from({ length: 20 }, (_, i) => ({ who, amount: `${50000 - i * 100 - b * 7}.00` })),
    );
    const answers = await Promise.all(attempts.map((a) => bid(a.who, id, a.amount)));
    const accepted = answers
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json() as { seq: number; amount: string });
    const refused = answers.filter((r) => r.statusCode !== 201);
    // Refused only by the rules (a bid that lost the race to the step), never by a lost update.
    expect(refused.map((r) => `${r.statusCode} ${r.json().code}`)).toEqual(
      refused.map(() => '409 auction.bid_step'),
    );
    expect(accepted.length).toBeGreaterThan(3);
    expect(accepted.map((a) => a.seq).sort((x, y) => x - y)).toEqual(accepted.map((_, i) => i + 1));
    await watcher.waitFor(
      () => watcher.events.filter((e) => e.event === 'bid').length === accepted.length,
      3_000,
    );
    expect(watcher.events.filter((e) => e.event === 'bid').map((e) => e.id)).toEqual(
      accepted.map((_, i) => i + 1),
    );
    // Each bidder's accepted amounts, in seq order, only ever improve.
    const bySeq = new Map(
      accepted.map((a, i) => [
        a.seq,
        { ...a, who: attempts[answers.indexOf(answers.filter((r) => r.statusCode === 201)[i]!)]!.who },
      ]),
    );
    for (const who of ['acme', 'baobab', 'chui']) {
      const amounts = [...bySeq.values()]
        .filter((a) => a.who === who)
        .sort((x, y) => x.seq - y.seq)
        .map((a) => Number(a.amount));
      expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
    }
    watcher.close();
    const view = (await setUp.act('otieno', 'GET', `sourcing/auctions/${id}/`)).json();
    expect(view.last_seq).toBe(accepted.length);
  });
});

describe('rounds (Prozorro)', () => {
  it('takes initial bids before the start, then one turn each, worst bid first', async () => {
    const id = await published(
      openAuction({
        rules: 'rounds',
        starts_at: '2026-11-26T11:00:00Z',
        ends_at: null,
        anti_sniping: null,
        rounds: { first_pause_seconds: 60, rounds: 2, turn_seconds: 30, pause_seconds: 30 },
        step_kind: 'percent',
        step: '1',
        reserve_price: null,
      }),
    );
    expect((await bid('acme', id, '10000.00')).statusCode).toBe(201);
    expect((await bid('baobab', id, '9000.00')).statusCode).toBe(201);
    expect((await bid('chui', id, '9500.00')).statusCode).toBe(201);
    at('2026-11-26T11:00:30Z'); // first pause
    const paused = await bid('baobab', id, '8000.00');
    expect(paused.json().code).toBe('auction.bid_not_started');
    at('2026-11-26T11:01:00Z'); // round 1, turn 1: acme (the worst bid)
    const view = (await setUp.act('otieno', 'GET', `sourcing/auctions/${id}/`)).json();
    expect(view).toMatchObject({ phase: 'turn', turn: { round: 1 } });
    expect((await setUp.act('acme', 'GET', `portal/auctions/${id}/`)).json()).toMatchObject({
      my_turn: true,
      own_rank: 3,
    });
    const notYours = await bid('chui', id, '9000.00');
    expect(notYours.statusCode).toBe(409);
    expect(notYours.json().code).toBe('auction.bid_not_your_turn');
    const small = await bid('acme', id, '9950.00');
    expect(small.json().code).toBe('auction.bid_step'); // 1 % of 10 000 = 100
    expect((await bid('acme', id, '8500.00')).statusCode).toBe(201);
    at('2026-11-26T11:01:30Z'); // turn 2: chui (9 500)
    expect((await setUp.act('chui', 'GET', `portal/auctions/${id}/`)).json()).toMatchObject({
      my_turn: true,
    });
    at('2026-11-26T11:02:00Z'); // turn 3: baobab (9 000); chui did nothing and keeps 9 500
    expect((await bid('baobab', id, '8400.00')).statusCode).toBe(201);
    at('2026-11-26T11:03:00Z'); // round 2 after the pause: chui (9 500) first
    expect((await setUp.act('chui', 'GET', `portal/auctions/${id}/`)).json()).toMatchObject({
      my_turn: true,
      turn: { round: 2 },
    });
    at('2026-11-26T11:05:00Z'); // 60 + 2 × 90 + 30 = 270 s: ended at 11:04:30
    const late = await bid('acme', id, '1000.00');
    expect(late.json().code).toBe('auction.bid_ended');
    const results = (await setUp.act('otieno', 'GET', `sourcing/auctions/${id}/results/`)).json();
    expect(results.ranking.map((r: { name: string }) => r.name)).toEqual([NAMES[1], NAMES[0], NAMES[2]]);
  });
});

describe('the live views of every process', () => {
  it('show a bid whose announcement was lost, read from the table, in order before the next', async () => {
    const id = await published(
      openAuction({
        starts_at: '2026-11-26T12:00:00Z',
        ends_at: '2026-11-26T13:00:00Z',
        reserve_price: null,
        step: '1.00',
      }),
    );
    at('2026-11-26T12:00:00Z');
    const buyer = listen(`sourcing/auctions/${id}/live/`, setUp.tokens.otieno!);
    const acme = listen(`portal/auctions/${id}/live/`, setUp.tokens.acme!);
    await Promise.all([buyer.opened, acme.opened]);
    await buyer.waitFor(() => buyer.events.some((e) => e.event === 'state'));
    await acme.waitFor(() => acme.events.some((e) => e.event === 'state'));
    expect((await bid('acme', id, '50000.00')).statusCode).toBe(201); // 1, announced with its bid
    await buyer.waitFor(() => buyer.events.some((e) => e.id === 1));
    // Bid 2 is committed as a bid is, but its announcement is lost (as while a listener reconnects).
    await ctx.database.db.execute(sql`
      WITH saved AS (
        UPDATE auction_states SET last_seq = 2,
          standings = standings || jsonb_build_array(jsonb_build_object(
            'bidderId', ${String(suppliers.baobab)}::text, 'amount', 4900000, 'seq', 2, 'at', ${clock.now().toISOString()}::text))
        WHERE auction_id = ${id} AND last_seq = 1 RETURNING auction_id)
      INSERT INTO auction_bids (auction_id, seq, supplier_id, amount, placed_at, extended, ends_at_after)
      SELECT auction_id, 2, ${suppliers.baobab}, 4900000, ${clock.now()}, false, ${new Date('2026-11-26T13:00:00Z')} FROM saved`);
    const third = await bid('chui', id, '48000.00');
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json()).toMatchObject({ seq: 3 });
    await buyer.waitFor(() => buyer.events.some((e) => e.id === 3));
    await acme.waitFor(() => acme.events.some((e) => e.id === 3));
    expect(buyer.events.filter((e) => e.event === 'bid').map((e) => e.id)).toEqual([1, 2, 3]);
    expect(acme.events.filter((e) => e.event === 'bid').map((e) => e.id)).toEqual([1, 2, 3]);
    expect(buyer.events.find((e) => e.id === 2)!.data).toMatchObject({ amount: '49000.00' });
    expect(acme.events.find((e) => e.id === 3)!.data).toMatchObject({ own_rank: 3, bidders: 3 });
    buyer.close();
    acme.close();
  });
});

describe('mails to the bidders', () => {
  it('invite every invited supplier on publication, then tell the winner and the others the outcome', async () => {
    const id = await published(
      openAuction({
        title: 'Mail lot',
        starts_at: '2026-11-26T14:00:00Z',
        ends_at: '2026-11-26T14:10:00Z',
        reserve_price: null,
      }),
    );
    const subjects = async (email: string) => (await mailsTo(ctx, email)).map((m) => m.subject);
    for (const email of ['sales@acme.example', 'sales@baobab.example', 'sales@chui.example'])
      expect(await subjects(email)).toContainEqual(expect.stringMatching(/^eAuction "Mail lot" from \S/));
    const invitation = (await mailsTo(ctx, 'sales@baobab.example')).find((m) =>
      m.subject.startsWith('eAuction "Mail lot"'),
    )!;
    expect(invitation.text).toContain('It starts at');
    expect(invitation.text).toContain(`/portal/auctions/${id}`);
    at('2026-11-26T14:00:00Z');
    expect((await bid('baobab', id, '90000.00')).statusCode).toBe(201);
    expect((await bid('chui', id, '89000.00')).statusCode).toBe(201);
    at('2026-11-26T14:11:00Z');
    const awarded = await setUp.act('otieno', 'POST', `sourcing/auctions/${id}/award/`);
    expect(awarded.statusCode, awarded.body).toBe(200);
    expect(awarded.json()).toMatchObject({ status: 'awarded' });
    const won = (await mailsTo(ctx, 'sales@chui.example')).find(
      (m) => m.subject === 'You won the eAuction "Mail lot"',
    );
    expect(won?.text).toContain('KES 89000.00');
    for (const email of ['sales@acme.example', 'sales@baobab.example'])
      expect(await subjects(email)).toContain('The outcome of the eAuction "Mail lot"');
    expect(await subjects('sales@chui.example')).not.toContain('The outcome of the eAuction "Mail lot"');
    expect(await subjects('sales@baobab.example')).not.toContain('You won the eAuction "Mail lot"');
  });
});
