import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { bearer, createMember, tokenFor } from '../../test/identity.ts';
import { procurementSetUp, sentOrder } from '../../test/p2p.ts';
import { ACCESS_MESSAGES, createTokenSigner, registerAuthentication, type Access } from './auth.ts';

/**
 * Issue 13, point 1: one scope check for the platform. A supplier's user with a buyer selected, an auditor
 * writing, a token whose roles the database no longer grants: each is refused by the route's declared side.
 */
let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
let orderId: number;
let requisitionId: number;
let attachmentId: number;

const call = (
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) =>
  ctx.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx);
  orderId = (await sentOrder(setUp, [['2', '1000.00']])).id;
  const requisition = await setUp.created('wanjiru', 'p2p/requisitions/', {
    title: 'Laptops for the ICT desk',
    justification: 'Replacement of broken machines',
    lines: [
      {
        description: 'Laptop',
        category_id: setUp.categoryId,
        department_id: setUp.ictId,
        quantity: '1',
        unit_price: '1000.00',
      },
    ],
  });
  requisitionId = requisition.id;
  const boundary = 'zabuni-access-test';
  const upload = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/p2p/requisitions/${requisitionId}/attachments/`,
    headers: {
      ...bearer(setUp.tokens.wanjiru!),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="quote.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  attachmentId = (upload.json() as { id: number }).id;
});

afterAll(async () => {
  await ctx?.close();
});

describe('the platform serves the staff of the current buyer only', () => {
  it("refuses a supplier's user with the buyer selected on every buyer-side read the hole exposed", async () => {
    const supplier = setUp.tokens.acme!;
    // The portal is theirs, and it works.
    expect((await call(supplier, 'GET', 'portal/purchase-orders/')).statusCode).toBe(200);
    for (const url of [
      'p2p/purchase-orders/',
      `p2p/purchase-orders/${orderId}/`,
      `p2p/purchase-orders/${orderId}/pdf/`,
      'p2p/invoices/',
      'p2p/payments/',
      'p2p/budgets/',
      'p2p/suppliers/',
      'p2p/reports/spend/',
      'p2p/requisitions/',
      `p2p/requisitions/${requisitionId}/attachments/${attachmentId}/download/`,
      'p2p/approvals/inbox/',
    ]) {
      const response = await call(supplier, 'GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
      expect(response.json()).toMatchObject({ detail: ACCESS_MESSAGES.notBuyerStaff });
    }
  });

  it('refuses a supplier-raised requisition, before even reading the body', async () => {
    const response = await call(setUp.tokens.acme, 'POST', 'p2p/requisitions/', { title: 'x' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ detail: ACCESS_MESSAGES.notBuyerStaff });
    // Anonymous callers learn they must sign in, not what the body lacks.
    expect((await call(undefined, 'POST', 'p2p/requisitions/', {})).statusCode).toBe(401);
  });

  it('refuses buyer staff in the portal', async () => {
    const response = await call(setUp.tokens.otieno, 'GET', 'portal/purchase-orders/');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ detail: ACCESS_MESSAGES.notSupplier });
  });

  it('lets an auditor read and never write', async () => {
    const auditor = await createMember(ctx, {
      kind: 'buyer',
      role: 'auditor',
      email: 'auditor@umoja.example',
      organisationId: setUp.organisationId,
    });
    const token = await tokenFor(ctx, auditor.email, auditor.password);
    expect((await call(token, 'GET', 'p2p/requisitions/')).statusCode).toBe(200);
    expect((await call(token, 'GET', `p2p/purchase-orders/${orderId}/`)).statusCode).toBe(200);
    const before = await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM requisitions`);
    const create = await call(token, 'POST', 'p2p/requisitions/', {
      title: 'Auditor laptops',
      justification: 'Should never be stored',
      lines: [
        {
          description: 'Laptop',
          category_id: setUp.categoryId,
          department_id: setUp.ictId,
          quantity: '1',
          unit_price: '1000.00',
        },
      ],
    });
    expect(create.statusCode, create.body).toBe(403);
    expect(create.json()).toMatchObject({ detail: ACCESS_MESSAGES.readOnly, code: 'access.read_only' });
    const after = await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM requisitions`);
    expect(after.rows[0]).toEqual(before.rows[0]);
    // A computation that stores nothing is a read.
    const check = await call(token, 'POST', 'p2p/requisitions/budget-check/', { lines: [] });
    expect(check.statusCode, check.body).not.toBe(403);
  });

  it("another buyer's administrator reaches none of this buyer's documents", async () => {
    const outsider = setUp.tokens.outsider!;
    for (const url of [`p2p/purchase-orders/${orderId}/`, `p2p/requisitions/${requisitionId}/`]) {
      expect((await call(outsider, 'GET', url)).statusCode).toBe(404);
    }
  });
});

describe('roles come from the database, not from the token', () => {
  it('a role removed takes effect on the next request with the same token', async () => {
    const member = await createMember(ctx, {
      kind: 'buyer',
      role: 'finance',
      email: 'leaving@umoja.example',
      organisationId: setUp.organisationId,
    });
    const token = await tokenFor(ctx, member.email, member.password);
    expect((await call(token, 'GET', 'p2p/invoices/')).statusCode).toBe(200);
    await ctx.database.db.execute(sql`DELETE FROM memberships WHERE user_id = ${member.userId}`);
    const response = await call(token, 'GET', 'p2p/invoices/');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ detail: ACCESS_MESSAGES.notBuyerStaff });
  });

  it('a deactivated account is signed out at once', async () => {
    const member = await createMember(ctx, {
      kind: 'buyer',
      role: 'requester',
      email: 'deactivated@umoja.example',
      organisationId: setUp.organisationId,
    });
    const token = await tokenFor(ctx, member.email, member.password);
    await ctx.database.db.execute(sql`UPDATE users SET is_active = false WHERE id = ${member.userId}`);
    expect((await call(token, 'GET', 'p2p/requisitions/')).statusCode).toBe(401);
    expect((await call(token, 'GET', 'authentication/me/')).statusCode).toBe(401);
  });

  it('a validly signed token that claims roles and a buyer the user does not hold is refused', async () => {
    const outsiderId = setUp.ids.outsider!;
    const forged = await ctx.services.signer.sign(
      {
        user_id: outsiderId,
        email: 'admin@mavuno.example',
        username: 'admin@mavuno.example',
        first_name: 'Test',
        last_name: 'admin',
        roles: ['org_admin'],
        grants: [{ organisationId: setUp.organisationId, role: 'org_admin' }],
        two_fa: 'no',
        buyer_company_id: setUp.organisationId,
      },
      15,
    );
    const response = await call(forged, 'GET', 'p2p/requisitions/');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ detail: ACCESS_MESSAGES.notBuyerStaff });
  });

  it('a token without an expiry is refused', async () => {
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const eternal = await new SignJWT({
      user_id: setUp.ids.admin,
      email: 'admin@umoja.example',
      username: 'admin@umoja.example',
      first_name: 'Test',
      last_name: 'admin',
      roles: ['org_admin'],
      two_fa: 'no',
      buyer_company_id: setUp.organisationId,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(setUp.ids.admin))
      .setIssuer(ctx.config.publicUrl)
      .setIssuedAt()
      .sign(key);
    const response = await call(eternal, 'GET', 'authentication/me/');
    expect(response.statusCode).toBe(401);
  });
});

describe('every route declares its side', () => {
  const build = async (url: string, access: Access | undefined) => {
    const app = Fastify();
    registerAuthentication(app, createTokenSigner('x'.repeat(32), 'http://zabuni.test'), async () => null);
    app.get(url, { config: access ? { access } : {} }, async () => ({}));
    return app.ready();
  };

  it('the server refuses to start with a route that declares none', async () => {
    await expect(build('/api/v1/things/', undefined)).rejects.toThrow(/declares no access rule/);
  });

  it('a platform route that serves another side than buyer staff stops the start', async () => {
    await expect(build('/api/v1/p2p/things/', { side: 'signed_in' })).rejects.toThrow(/buyer side/);
    await expect(build('/api/v1/sourcing/things/', { side: 'public' })).rejects.toThrow(/buyer side/);
    await expect(build('/api/v1/portal/things/', { side: 'buyer' })).rejects.toThrow(/supplier side/);
    await expect(build('/api/v1/p2p/things/', { side: 'buyer' })).resolves.toBeDefined();
  });
});
