import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { bearer, buyingOrganisations, linkToken, mailsTo, tokenFor } from '../../../../test/identity.ts';

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

/** One answer whoever the address belongs to (issue 13: invitations never reveal whether an account exists). */
const sent = (email: string) =>
  `We have emailed an invitation to ${email}. Access begins once the invitation is accepted.`;

const accept = (token: string | null, invitation: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/organisations/invitations/accept/',
    headers: token ? bearer(token) : {},
    payload: { token: invitation },
  });

/** The person's roles in Umoja, as its administrator sees them. */
async function rolesIn(email: string) {
  const members = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/organisations/members/?page_size=100',
    headers: bearer(tokens.admin!),
  });
  return (
    members.json() as { results: Array<{ email: string; role: string; organisation: { id: number } }> }
  ).results
    .filter((m) => m.email === email && m.organisation.id === organisationId)
    .map((m) => m.role)
    .sort();
}

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
    expect(response.json()).toEqual({ detail: sent('njeri@umoja.example') });
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
    expect(await rolesIn('njeri@umoja.example')).toEqual(['approver', 'finance']);
    expect(signedIn).toBeTruthy();
  });

  it('answers an existing account exactly like a new one, and grants nothing until it accepts', async () => {
    const existing = await invite('admin', {
      email: 'Admin@Mavuno.example',
      first_name: 'Ignored',
      last_name: 'Ignored',
      organisation_id: organisationId,
      roles: ['requester', 'auditor'],
    });
    const unknown = await invite('admin', {
      email: 'admin@new-company.example',
      first_name: 'New',
      last_name: 'Person',
      organisation_id: organisationId,
      roles: ['requester', 'auditor'],
    });
    expect(existing.statusCode).toBe(201);
    expect(unknown.statusCode).toBe(201);
    expect(existing.json()).toEqual({ detail: sent('admin@mavuno.example') });
    expect(unknown.json()).toEqual({ detail: sent('admin@new-company.example') });
    // No access yet: the invitation waits for the account holder.
    expect(await rolesIn('admin@mavuno.example')).toEqual([]);
    const mail = (await mailsTo(ctx, 'admin@mavuno.example'))[0]!;
    expect(mail.subject).toMatch(/invites you to join .* on Zabuni/);
    expect(mail.text).toContain('requester, auditor');
    expect(mail.text).not.toContain('/reset-password');
    const token = linkToken(mail.text, '/accept-invitation');

    // The link alone is not enough: the invited account must be the one signed in.
    expect((await accept(null, token)).statusCode).toBe(401);
    const wrongPerson = await accept(tokens.wanjiru!, token);
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.json().detail).toMatch(/another email address/);
    expect(await rolesIn('admin@mavuno.example')).toEqual([]);

    const accepted = await accept(tokens.outsider!, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().detail).toMatch(/You now have access to .* as requester, auditor\./);
    expect(await rolesIn('admin@mavuno.example')).toEqual(['auditor', 'requester']);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/authentication/me/',
      headers: bearer(tokens.outsider!),
    });
    expect(
      (me.json() as { organisations: Array<{ organisation: { id: number } }> }).organisations.map(
        (o) => o.organisation.id,
      ),
    ).toContain(organisationId);

    const again = await accept(tokens.outsider!, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/already been used/);
    expect((await accept(tokens.outsider!, 'not-a-real-token-not-a-real-token')).statusCode).toBe(400);
  });

  it('an invitation expires, and a newer one replaces an older one', async () => {
    const payload = {
      email: 'wanjiru@umoja.example',
      first_name: 'W',
      last_name: 'K',
      organisation_id: organisationId,
      roles: ['approver'],
    };
    expect((await invite('admin', payload)).statusCode).toBe(201);
    const older = linkToken((await mailsTo(ctx, 'wanjiru@umoja.example'))[0]!.text, '/accept-invitation');
    expect((await invite('admin', { ...payload, roles: ['buyer'] })).statusCode).toBe(201);
    const newer = linkToken((await mailsTo(ctx, 'wanjiru@umoja.example'))[0]!.text, '/accept-invitation');
    expect(newer).not.toBe(older);
    const replaced = await accept(tokens.wanjiru!, older);
    expect(replaced.statusCode).toBe(400);
    await ctx.database.db.execute(
      sql`UPDATE organisation_invitations SET expires_at = now() - interval '1 minute' WHERE retired_at IS NULL AND accepted_at IS NULL AND email = 'wanjiru@umoja.example'`,
    );
    const expired = await accept(tokens.wanjiru!, newer);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toMatch(/expired/);
    expect(await rolesIn('wanjiru@umoja.example')).toEqual(['requester']);
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
