import type { OrganisationKind, Role } from '@zabuni/domain';
import { decodeJwt } from 'jose';
import { authenticationRepository } from '../src/modules/identity/authentication/authentication.repository.ts';
import type { TestContext } from './harness.ts';

/** Test helpers that act as a client would, plus direct set-up of accounts that need no UI flow. */

export async function createMember(
  ctx: TestContext,
  options: {
    kind: OrganisationKind;
    role: Role;
    email: string;
    password?: string;
    organisationName?: string;
    organisationId?: number;
  },
) {
  const password = options.password ?? 'correct horse battery';
  const passwordHash = await ctx.services.authentication.hashPassword(password);
  return ctx.database.db.transaction(async (tx) => {
    const organisationId =
      options.organisationId ??
      (await ctx.services.organisations.create(tx, {
        kind: options.kind,
        name: options.organisationName ?? `${options.email} org`,
      }));
    const userId = await authenticationRepository(tx).insert({
      email: options.email,
      username: options.email,
      firstName: 'Test',
      lastName: options.email.split('@')[0]!,
      passwordHash,
      isActive: true,
    });
    await ctx.services.organisations.addMember(tx, userId, organisationId, options.role);
    return { userId, organisationId, password, email: options.email };
  });
}

/** Each test client gets its own loopback address, so per-IP limits apply per client as in real life. */
let clients = 0;
export const nextClientAddress = () => {
  clients += 1;
  return `127.0.${Math.floor(clients / 250) % 250}.${(clients % 250) + 2}`;
};

export async function login(
  ctx: TestContext,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
  remoteAddress = nextClientAddress(),
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/token/',
    payload: { username, password, ...extra },
    remoteAddress,
  });
  return {
    status: response.statusCode,
    body: response.json() as { access?: string; detail?: string },
    response,
  };
}

export async function tokenFor(ctx: TestContext, username: string, password: string): Promise<string> {
  const { status, body } = await login(ctx, username, password);
  if (status !== 200 || !body.access) throw new Error(`login failed: ${status} ${JSON.stringify(body)}`);
  return body.access;
}

export const claimsOf = (token: string) => decodeJwt(token) as Record<string, unknown>;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Newest mails to an address, through the development mailbox API as a tester would read them. */
export async function mailsTo(ctx: TestContext, to: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(to)}` });
  return (
    response.json() as { results: Array<{ subject: string; text: string; html: string; status: string }> }
  ).results;
}

export function linkToken(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(match[1]!);
}

/**
 * Platform tenancy set-up: a buying organisation (Umoja) with its administrator and the given members, and
 * a second one's administrator (Mavuno). Tokens and user ids by name; `admin` and `outsider` included.
 */
export async function buyingOrganisations(
  ctx: TestContext,
  members: ReadonlyArray<readonly [name: string, role: Role]> = [],
) {
  const umoja = await createMember(ctx, { kind: 'buyer', role: 'org_admin', email: 'admin@umoja.example' });
  const mavuno = await createMember(ctx, { kind: 'buyer', role: 'org_admin', email: 'admin@mavuno.example' });
  const tokens: Record<string, string> = {
    admin: await tokenFor(ctx, umoja.email, umoja.password),
    outsider: await tokenFor(ctx, mavuno.email, mavuno.password),
  };
  const ids: Record<string, number> = { admin: umoja.userId, outsider: mavuno.userId };
  for (const [name, role] of members) {
    const member = await createMember(ctx, {
      kind: 'buyer',
      role,
      email: `${name}@umoja.example`,
      organisationId: umoja.organisationId,
    });
    ids[name] = member.userId;
    tokens[name] = await tokenFor(ctx, member.email, member.password);
  }
  return { tokens, ids, organisationId: umoja.organisationId };
}
