import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, mailsTo, nextClientAddress, tokenFor } from '../../../../test/identity.ts';

let ctx: TestContext;
let moderator: string;
let buyerToken: string;

const form = (overrides: Record<string, unknown> = {}) => ({
  contact_name: 'Jane Wanjiru',
  email: 'Jane@Builders.example',
  message: 'Do you run RFQs for road works in Uganda?\nWe are 40 people.',
  company_name: 'Wanjiru Builders Ltd',
  phone_number: '+254 712 345 678',
  ...overrides,
});

const send = (payload: object, remoteAddress = nextClientAddress()) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/core/contact-us/', payload, remoteAddress });

beforeAll(async () => {
  ctx = await createTestContext();
  const m = await createMember(ctx, { kind: 'platform', role: 'moderator', email: 'desk@zabuni.example' });
  moderator = await tokenFor(ctx, m.email, m.password);
  const b = await createMember(ctx, { kind: 'buyer', role: 'org_admin', email: 'admin@umoja.example' });
  buyerToken = await tokenFor(ctx, b.email, b.password);
});
afterAll(() => ctx.close());

describe('POST /api/v1/core/contact-us/', () => {
  it('stores the inquiry, mails support and acknowledges the sender (SPEC success text)', async () => {
    const response = await send(form());
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      contact_name: 'Jane Wanjiru',
      email: 'jane@builders.example',
      phone_number: '+254712345678',
      company_name: 'Wanjiru Builders Ltd',
      detail: 'Your inquiry has been submitted successfully. We will get back to you soon.',
    });

    const [toSupport] = await mailsTo(ctx, ctx.config.supportEmail);
    expect(toSupport!.subject).toBe('New inquiry from Jane Wanjiru (Wanjiru Builders Ltd)');
    expect(toSupport!.text).toContain('Email: jane@builders.example · Phone: +254712345678');
    expect(toSupport!.text).toContain('Do you run RFQs for road works in Uganda?');
    expect(toSupport!.text).toContain(`http://zabuni.test/moderation/inquiries/${body.id}`);

    const [ack] = await mailsTo(ctx, 'jane@builders.example');
    expect(ack!.subject).toBe('We received your inquiry');
    expect(ack!.text).toContain(
      'Your inquiry has been submitted successfully. We will get back to you soon.',
    );

    const stored = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/core/moderation/inquiries/${body.id}/`,
      headers: bearer(moderator),
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ status: 'new', answer: null, message: form().message });
  });

  it('acknowledges in the language of the page', async () => {
    const response = await send(form({ email: 'amina@example.org', language: 'sw' }));
    expect(response.statusCode).toBe(201);
    const [ack] = await mailsTo(ctx, 'amina@example.org');
    expect(ack!.subject).toBe('Tumepokea ombi lako');
  });

  it('requires all five fields, with catalogue codes per field', async () => {
    const response = await send({ email: 'not-an-email', phone_number: '12' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('field.required');
    expect(Object.keys(body).sort()).toEqual(
      expect.arrayContaining(['contact_name', 'company_name', 'message', 'email', 'phone_number']),
    );
    expect(body.email).toEqual(['Enter a valid email address.']);
    expect(body.phone_number).toEqual(['Enter a valid phone number, e.g. +254712345678.']);
    const blank = await send(form({ message: '   ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'field.required', field: 'message' });
  });

  it('is rate-limited per address (5 an hour) and per email (3 an hour)', async () => {
    const address = nextClientAddress();
    for (let i = 0; i < 5; i += 1) {
      const ok = await send(form({ email: `sender${i}@example.org` }), address);
      expect(ok.statusCode, ok.body).toBe(201);
    }
    const sixth = await send(form({ email: 'sender6@example.org' }), address);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('system.rate_limited');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing was stored or mailed for the refused one.
    expect(await mailsTo(ctx, 'sender6@example.org')).toHaveLength(0);

    for (let i = 0; i < 3; i += 1)
      expect((await send(form({ email: 'loop@example.org' }))).statusCode).toBe(201);
    expect((await send(form({ email: 'loop@example.org' }))).statusCode).toBe(429);
  });
});

describe('the operator’s inquiries', () => {
  it('lists newest first, filters by status, answers by mail and marks spam', async () => {
    const created = (await send(form({ email: 'otieno@example.org', contact_name: 'Otieno' }))).json();
    const spam = (await send(form({ email: 'spam@example.org', message: 'Cheap backlinks' }))).json();

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/core/moderation/inquiries/?status=new',
      headers: bearer(moderator),
    });
    expect(list.statusCode).toBe(200);
    const ids = list.json().results.map((row: { id: number }) => row.id);
    expect(ids.slice(0, 2)).toEqual([spam.id, created.id]);

    const marked = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/core/moderation/inquiries/${spam.id}/status/`,
      headers: bearer(moderator),
      payload: { status: 'spam' },
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().status).toBe('spam');
    const spamList = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/core/moderation/inquiries/?status=spam',
      headers: bearer(moderator),
    });
    expect(spamList.json().results.map((row: { id: number }) => row.id)).toEqual([spam.id]);

    const empty = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/core/moderation/inquiries/${created.id}/answer/`,
      headers: bearer(moderator),
      payload: { answer: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('inquiry.answer_required');

    const answered = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/core/moderation/inquiries/${created.id}/answer/`,
      headers: bearer(moderator),
      payload: { answer: 'Yes: Zabuni runs RFQs in Uganda. A colleague will call you today.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'answered',
      answer: 'Yes: Zabuni runs RFQs in Uganda. A colleague will call you today.',
      answered_by: 'Test desk',
    });
    const [mail] = await mailsTo(ctx, 'otieno@example.org');
    expect(mail!.subject).toBe('Our answer to your inquiry');
    expect(mail!.text).toContain('Yes: Zabuni runs RFQs in Uganda. A colleague will call you today.');
    expect(mail!.text).toContain('Hello Otieno,');

    // An answered inquiry is not marked spam.
    const conflict = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/core/moderation/inquiries/${created.id}/status/`,
      headers: bearer(moderator),
      payload: { status: 'spam' },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('inquiry.status');
  });

  it('is the operator’s only: anonymous 401, a buyer 403, unknown 404', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/core/moderation/inquiries/' });
    expect(anonymous.statusCode).toBe(401);
    const buyer = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/core/moderation/inquiries/',
      headers: bearer(buyerToken),
    });
    expect(buyer.statusCode).toBe(403);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/core/moderation/inquiries/999999/',
      headers: bearer(moderator),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('inquiry.not_found');
  });
});
