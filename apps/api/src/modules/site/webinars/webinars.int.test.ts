import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobDefinitions } from '../../../app.ts';
import { createTestContext, manualClock, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, nextClientAddress, tokenFor } from '../../../../test/identity.ts';

const START = new Date('2026-11-26T06:00:00.000Z');
const clock = manualClock(START);
const HOUR = 3_600_000;
const at = (hours: number) => new Date(clock.now().getTime() + hours * HOUR).toISOString();

let ctx: TestContext;
let moderator: string;

interface DevMail {
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; content_type: string; content: string }>;
}
async function mailsTo(to: string): Promise<DevMail[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(to)}` });
  return (response.json() as { results: DevMail[] }).results;
}

const webinarForm = (overrides: Record<string, unknown> = {}) => ({
  title: 'eAuctions in practice',
  organizer: 'Zabuni Academy',
  module: 'Supplier Sourcing',
  organizer_website: 'https://academy.zabuni.example',
  date: at(72),
  duration_minutes: 90,
  pdf_link: 'https://academy.zabuni.example/eauctions.pdf',
  link: 'https://meet.zabuni.example/eauctions',
  description: 'How a reverse auction runs, step by step.',
  ...overrides,
});

async function createWebinar(overrides: Record<string, unknown> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/core/moderation/webinars/',
    headers: bearer(moderator),
    payload: webinarForm(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; title: string };
}

const register = (payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/core/webinar-registrations/',
    payload,
    remoteAddress: nextClientAddress(),
  });

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  const m = await createMember(ctx, { kind: 'platform', role: 'moderator', email: 'events@zabuni.example' });
  moderator = await tokenFor(ctx, m.email, m.password);
});
afterAll(() => ctx.close());

describe('the public webinars', () => {
  it('lists the SPEC fields, upcoming first, with the module filter and a page size of 100', async () => {
    const later = await createWebinar({ title: 'Later sourcing', date: at(200) });
    const sooner = await createWebinar({ title: 'Sooner sourcing', date: at(30) });
    const risk = await createWebinar({ title: 'Risk matrix', module: 'Risk Management', date: at(50) });

    const all = await ctx.app.inject({ method: 'GET', url: '/api/v1/core/webinars/' });
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.next).toBeNull();
    const first = body.results.find((w: { id: number }) => w.id === sooner.id);
    expect(first).toMatchObject({
      id: sooner.id,
      title: 'Sooner sourcing',
      organizer: 'Zabuni Academy',
      module: 'Supplier Sourcing',
      organizer_website: 'https://academy.zabuni.example',
      date: at(30),
      pdf_link: 'https://academy.zabuni.example/eauctions.pdf',
      link: 'https://meet.zabuni.example/eauctions',
      state: 'upcoming',
    });

    const sourcing = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/core/webinars/?module=${encodeURIComponent('Supplier Sourcing')}`,
    });
    const ids = sourcing.json().results.map((w: { id: number }) => w.id);
    expect(ids).toEqual([sooner.id, later.id]);
    expect(ids).not.toContain(risk.id);
    // Page size 100 (SPEC §9): the next link asks for 100.
    for (let i = 0; i < 100; i += 1)
      await createWebinar({ title: `Risk ${i}`, module: 'Risk Management', date: at(300 + i) });
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/core/webinars/?module=${encodeURIComponent('Risk Management')}`,
    });
    expect(page.json().results).toHaveLength(100);
    expect(page.json().next).toContain('page_size=100');

    const wrong = await ctx.app.inject({ method: 'GET', url: '/api/v1/core/webinars/?module=Cooking' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('webinar.module');

    const one = await ctx.app.inject({ method: 'GET', url: `/api/v1/core/webinars/${risk.id}/` });
    expect(one.statusCode).toBe(200);
    expect(one.json().title).toBe('Risk matrix');
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/core/webinars/999999/' });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('webinar.not_found');
  });
});

describe('POST /api/v1/core/webinar-registrations/', () => {
  it('registers (201, SPEC toast text) and mails a confirmation with an RFC 5545 invite', async () => {
    const webinar = await createWebinar({ title: 'Contracts, signed online', module: 'Contract Management' });
    const response = await register({
      webinar: webinar.id,
      name: 'Amina Hassan',
      email: 'Amina@Example.org',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      webinar: webinar.id,
      name: 'Amina Hassan',
      email: 'amina@example.org',
      organization: null,
      detail: 'You have successfully registered for Contracts, signed online',
    });

    const [mail] = await mailsTo('amina@example.org');
    expect(mail!.subject).toBe('You are registered: Contracts, signed online');
    expect(mail!.text).toContain('It starts on Sunday, 29 November 2026 at 09:00 EAT.');
    expect(mail!.text).toContain('Join the webinar: https://meet.zabuni.example/eauctions');
    expect(mail!.attachments).toHaveLength(1);
    const [ics] = mail!.attachments;
    expect(ics!.filename).toBe('webinar.ics');
    expect(ics!.content_type).toContain('text/calendar');
    const lines = ics!.content.split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'BEGIN:VEVENT',
        `UID:webinar-${webinar.id}-registration-${response.json().id}@zabuni.test`,
        'DTSTART:20261129T060000Z',
        'DTEND:20261129T073000Z',
        'SUMMARY:Contracts\\, signed online',
        'URL:https://meet.zabuni.example/eauctions',
        'END:VCALENDAR',
      ]),
    );
  });

  it('takes one registration per email and webinar (409 webinar.already_registered)', async () => {
    const webinar = await createWebinar();
    const payload = { webinar: webinar.id, name: 'Kamau', email: 'kamau@example.org', organization: 'KeNHA' };
    expect((await register(payload)).statusCode).toBe(201);
    const again = await register({ ...payload, email: 'KAMAU@example.org ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'webinar.already_registered',
      field: 'email',
      email: ['This email address is already registered for this webinar.'],
    });
    expect(await mailsTo('kamau@example.org')).toHaveLength(1);
  });

  it('refuses a full, a past and a cancelled webinar with their codes, and an unknown one', async () => {
    const full = await createWebinar({ capacity: 1 });
    expect((await register({ webinar: full.id, name: 'One', email: 'one@example.org' })).statusCode).toBe(
      201,
    );
    const second = await register({ webinar: full.id, name: 'Two', email: 'two@example.org' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'webinar.full', params: { capacity: 1 } });
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/v1/core/webinars/${full.id}/` });
    expect(shown.json()).toMatchObject({ capacity: 1, places_left: 0 });

    const cancelled = await createWebinar();
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/core/moderation/webinars/${cancelled.id}/cancel/`,
      headers: bearer(moderator),
    });
    expect(cancel.statusCode).toBe(200);
    const late = await register({ webinar: cancelled.id, name: 'Late', email: 'late@example.org' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('webinar.cancelled');

    const soon = await createWebinar({ date: at(1) });
    clock.advance(2 * HOUR);
    try {
      const past = await register({ webinar: soon.id, name: 'Past', email: 'past@example.org' });
      expect(past.statusCode).toBe(409);
      expect(past.json().code).toBe('webinar.past');
      const detail = await ctx.app.inject({ method: 'GET', url: `/api/v1/core/webinars/${soon.id}/` });
      expect(detail.json().state).toBe('past');
    } finally {
      clock.advance(-2 * HOUR);
    }

    const unknown = await register({ webinar: 999999, name: 'X', email: 'x@example.org' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'webinar.not_found', field: 'webinar' });
    const missing = await register({ webinar: full.id, email: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'field.required' });
    expect(Object.keys(missing.json())).toEqual(expect.arrayContaining(['name', 'email']));
  });
});

describe('reminders the day before (job webinars.remind)', () => {
  it('is scheduled, reminds each registrant once within 24 hours of the start, and again after a move', async () => {
    const job = jobDefinitions(ctx.services).find((definition) => definition.name === 'webinars.remind');
    expect(job?.cron).toBe('*/10 * * * *');
    const webinar = await createWebinar({ title: 'P2P matching', module: 'Procure to Pay', date: at(72) });
    await register({ webinar: webinar.id, name: 'Wairimu', email: 'wairimu@example.org', language: 'fr' });
    // Registered 10 hours before another webinar: the confirmation is the reminder.
    const close = await createWebinar({ title: 'Tonight', date: at(10) });
    await register({ webinar: close.id, name: 'Night', email: 'night@example.org' });

    await job!.handle({});
    expect((await mailsTo('wairimu@example.org')).map((m) => m.subject)).toEqual([
      'Inscription confirmée : P2P matching',
    ]);

    clock.advance(49 * HOUR); // 23 hours before the start
    try {
      await job!.handle({});
      await job!.handle({});
      const subjects = (await mailsTo('wairimu@example.org')).map((m) => m.subject);
      expect(subjects).toEqual(['Demain : P2P matching', 'Inscription confirmée : P2P matching']);
      const [reminder] = await mailsTo('wairimu@example.org');
      expect(reminder!.text).toContain('https://meet.zabuni.example/eauctions');
      expect(await mailsTo('night@example.org')).toHaveLength(1);

      // Moved two days later: reminded again before the new date, not now.
      const moved = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/core/moderation/webinars/${webinar.id}/`,
        headers: bearer(moderator),
        payload: webinarForm({ title: 'P2P matching', module: 'Procure to Pay', date: at(71) }),
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await job!.handle({});
      expect(await mailsTo('wairimu@example.org')).toHaveLength(2);
      clock.advance(48 * HOUR);
      await job!.handle({});
      expect(await mailsTo('wairimu@example.org')).toHaveLength(3);
    } finally {
      clock.advance(-97 * HOUR);
    }
  });
});

describe('the operator’s webinars', () => {
  it('edits, refuses a capacity below the registrations, lists registrations, cancels with mails', async () => {
    const webinar = await createWebinar({ title: 'Business continuity', module: 'Risk Management' });
    await register({
      webinar: webinar.id,
      name: 'Achieng',
      email: 'achieng@example.org',
      organization: 'KPLC',
    });
    await register({ webinar: webinar.id, name: 'Baraka', email: 'baraka@example.org' });

    const tooSmall = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/core/moderation/webinars/${webinar.id}/`,
      headers: bearer(moderator),
      payload: webinarForm({ module: 'Risk Management', capacity: 1 }),
    });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json()).toMatchObject({
      code: 'webinar.capacity_below_registrations',
      field: 'capacity',
      params: { registered: 2 },
    });
    const past = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/core/moderation/webinars/',
      headers: bearer(moderator),
      payload: webinarForm({ date: at(-1) }),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'webinar.date_past', field: 'date' });

    const registrations = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/core/moderation/webinars/${webinar.id}/registrations/`,
      headers: bearer(moderator),
    });
    expect(registrations.statusCode).toBe(200);
    expect(registrations.json().results.map((r: { name: string }) => r.name)).toEqual(['Achieng', 'Baraka']);
    expect(registrations.json().results[0].organization).toBe('KPLC');

    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/core/moderation/webinars/${webinar.id}/cancel/`,
      headers: bearer(moderator),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', registrations: 2 });
    for (const email of ['achieng@example.org', 'baraka@example.org']) {
      const [mail] = await mailsTo(email);
      expect(mail!.subject).toBe('Cancelled: Business continuity');
      const ics = mail!.attachments[0]!.content.split('\r\n');
      expect(ics).toEqual(expect.arrayContaining(['METHOD:CANCEL', 'STATUS:CANCELLED', 'SEQUENCE:1']));
    }
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/core/moderation/webinars/${webinar.id}/cancel/`,
      headers: bearer(moderator),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('webinar.cancelled');

    // Gone from the public list, still in the operator's.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/core/webinars/?module=Risk%20Management',
    });
    expect(list.json().results.map((w: { id: number }) => w.id)).not.toContain(webinar.id);
    const operatorList = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/core/moderation/webinars/?module=Risk%20Management',
      headers: bearer(moderator),
    });
    expect(operatorList.json().results.map((w: { id: number }) => w.id)).toContain(webinar.id);

    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/core/moderation/webinars/',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
