import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { bearer, buyingOrganisations, linkToken, mailsTo, tokenFor } from '../../../test/identity.ts';

let ctx: TestContext;
let tokens: Record<string, string> = {};
let organisationId = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const organisations = await buyingOrganisations(ctx, [['wanjiru', 'requester']]);
  tokens = organisations.tokens;
  organisationId = organisations.organisationId;
});
afterAll(async () => {
  await ctx.close();
});

const invite = (who: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/organisations/members/invite/',
    headers: bearer(tokens[who]!),
    payload,
  });

describe('inviting members by email', () => {
  const newcomer = {
    email: 'Njeri@Umoja.example',
    first_name: 'Njeri',
    last_name: 'Mwangi',
    roles: ['approver', 'finance'],
  };

  it('creates the account with the roles and mails a link to choose a password', async () => {
    const response = await invite('admin', { ...newcomer, organisation_id: organisationId });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      detail: 'We have sent njeri@umoja.example an invitation to choose a password.',
    });
    const mail = (await mailsTo(ctx, 'njeri@umoja.example'))[0]!;
    expect(mail.subject).toMatch(/invited to .* on Zabuni/);
    expect(mail.text).toContain('approver, finance');
    const token = linkToken(mail.text, '/reset-password');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/confirm/',
      payload: { token, password: 'Kahawa-Tamu-2026!', password2: 'Kahawa-Tamu-2026!' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await tokenFor(ctx, 'njeri@umoja.example', 'Kahawa-Tamu-2026!');
    const members = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/organisations/members/?page_size=100',
      headers: bearer(tokens.admin!),
    });
    const roles = (members.json() as { results: Array<{ email: string; role: string }> }).results
      .filter((m) => m.email === 'njeri@umoja.example')
      .map((m) => m.role)
      .sort();
    expect(roles).toEqual(['approver', 'finance']);
    expect(signedIn).toBeTruthy();
  });

  it('gives an existing account access without a new password', async () => {
    const response = await invite('admin', {
      email: 'admin@mavuno.example',
      first_name: 'Ignored',
      last_name: 'Ignored',
      organisation_id: organisationId,
      roles: ['requester'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      detail: 'admin@mavuno.example already has an account and now has access.',
    });
    expect((await mailsTo(ctx, 'admin@mavuno.example'))[0]!.subject).toMatch(/You now have access to/);
  });

  it('refuses non-administrators, other organisations, unknown roles and bad addresses', async () => {
    const payload = { ...newcomer, email: 'x@umoja.example', organisation_id: organisationId };
    expect((await invite('wanjiru', payload)).statusCode).toBe(403);
    expect((await invite('outsider', payload)).statusCode).toBe(403);
    const supplierRole = await invite('admin', { ...payload, roles: ['supplier_admin'] });
    expect(supplierRole.statusCode).toBe(400);
    expect(supplierRole.body).toContain('does not exist in a buyer organisation');
    const badEmail = await invite('admin', { ...payload, email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.body).toContain('Enter a valid email address.');
    const noRoles = await invite('admin', { ...payload, roles: [] });
    expect(noRoles.statusCode).toBe(400);
    expect((await mailsTo(ctx, 'x@umoja.example')).length).toBe(0);
  });
});
