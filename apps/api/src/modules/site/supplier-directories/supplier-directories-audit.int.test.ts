import { asc, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, nextClientAddress, tokenFor } from '../../../../test/identity.ts';
import { auditLog } from '../../../schema/audit.tables.ts';

/** Every operator change to a country supplier directory leaves an audit entry: who, what, which, which fields. */

let ctx: TestContext;
let moderator: string;
let moderatorId: number;
let kenya: number;

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, token?: string) =>
  ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: token ? bearer(token) : {},
    remoteAddress: nextClientAddress(),
  });

const form = (overrides: Record<string, unknown> = {}) => ({
  country: kenya,
  name: 'Kenya Supplier Directory',
  description: '<p>Every approved supplier.</p>',
  features: ['Names and cities'],
  directory_format: 'XLSX and CSV',
  software_requirements: 'Microsoft Excel or LibreOffice',
  os_requirements: 'Windows, macOS or Linux',
  currency: 'kes',
  amount: 5000,
  active: true,
  ...overrides,
});

const entries = () =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(like(auditLog.action, 'directory.%'))
    .orderBy(asc(auditLog.id));

beforeAll(async () => {
  ctx = await createTestContext();
  const countries = (
    await ctx.app.inject({ method: 'GET', url: '/api/v1/core/countries/?page_size=300' })
  ).json();
  kenya = (countries.results as { id: number; iso2: string }[]).find((c) => c.iso2 === 'KE')!.id;
  const m = await createMember(ctx, {
    kind: 'platform',
    role: 'moderator',
    email: 'audit-desk@zabuni.example',
  });
  moderatorId = m.userId;
  moderator = await tokenFor(ctx, m.email, m.password);
});

afterAll(async () => {
  await ctx?.close();
});

describe('operator changes to supplier directories are audited', () => {
  let directoryId = 0;

  it('creating a directory records who created which directory', async () => {
    const created = await send(
      'POST',
      '/api/v1/supplier-directory/moderation/directories/',
      form(),
      moderator,
    );
    expect(created.statusCode, created.body).toBe(201);
    directoryId = created.json().id;
    const rows = await entries();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'directory.created',
      actorUserId: moderatorId,
      detail: { directory_id: directoryId, country: kenya, currency: 'KES', amount: 5000, active: true },
    });
    expect(rows[0]!.ip).toBeTruthy();
  });

  it('an edit records the entry and the fields it changed, with before and after of the price and state', async () => {
    const edited = await send(
      'PUT',
      `/api/v1/supplier-directory/moderation/directories/${directoryId}/`,
      form({ amount: 7500, active: false, description: '<p>Updated text.</p>' }),
      moderator,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const rows = await entries();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      action: 'directory.updated',
      actorUserId: moderatorId,
      detail: {
        directory_id: directoryId,
        changed: ['description', 'amount', 'active'],
        amount: { from: 5000, to: 7500 },
        active: { from: true, to: false },
      },
    });
    // Texts are named, not copied.
    expect(JSON.stringify(rows[1]!.detail)).not.toContain('Updated text');
  });

  it('a refused edit leaves no entry', async () => {
    const refused = await send(
      'PUT',
      '/api/v1/supplier-directory/moderation/directories/999999/',
      form({ country: kenya }),
      moderator,
    );
    expect(refused.statusCode).toBe(404);
    expect(await entries()).toHaveLength(2);
  });

  it('sending a paid order again records the order, never the download token', async () => {
    await send('PUT', `/api/v1/supplier-directory/moderation/directories/${directoryId}/`, form(), moderator);
    const ordered = await send('POST', '/api/v1/supplier-directory/orders/', {
      directory: directoryId,
      name: 'Wanjiru Kamau',
      email: 'wanjiru@buyer.example',
      marketing: 'Referral',
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const { reference, order_reference } = ordered.json() as { reference: string; order_reference: string };
    // Paid and delivered, as its fulfilment leaves it.
    await ctx.database.db.execute(
      sql`UPDATE orders SET payment_state = 'paid', paid_at = now() WHERE code = ${reference}`,
    );
    await ctx.database.db.execute(
      sql`UPDATE supplier_directory_orders SET snapshot_at = now(), supplier_count = 0,
                 download_token = 'old-token', download_expires_at = now()
           WHERE order_id = (SELECT id FROM orders WHERE code = ${reference})`,
    );
    const resent = await send(
      'POST',
      `/api/v1/supplier-directory/moderation/orders/${reference}/resend/`,
      {},
      moderator,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    const last = (await entries()).at(-1)!;
    expect(last).toMatchObject({
      action: 'directory.delivery_resent',
      actorUserId: moderatorId,
      detail: { order_reference, directory_id: directoryId },
    });
    const [{ token }] = (
      await ctx.database.db.execute<{ token: string }>(
        sql`SELECT download_token AS token FROM supplier_directory_orders
             WHERE order_id = (SELECT id FROM orders WHERE code = ${reference})`,
      )
    ).rows as [{ token: string }];
    expect(JSON.stringify(last.detail)).not.toContain(token);
    expect(JSON.stringify(last.detail)).not.toContain(reference);
  });
});
