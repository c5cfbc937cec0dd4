import { count, eq } from 'drizzle-orm';
import { isMessageKey } from '@zabuni/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { bearer, buyingOrganisations } from '../../test/identity.ts';
import { multipart, sampleFiles } from '../../test/multipart.ts';
import { approvalWorkflowRules } from '../schema/approval-workflows.tables.ts';
import { categories, countries } from '../schema/core.tables.ts';
import { fiscalYears } from '../schema/fiscal-years.tables.ts';
import { requisitions } from '../schema/requisitions.tables.ts';
import { subscriptions } from '../schema/subscriptions.tables.ts';

/**
 * Issue 13 §7: input that PostgreSQL or the audit log cannot hold (NUL, lone UTF-16 surrogates, integers
 * beyond PostgreSQL's `integer`), empty changes and empty bodies are refused with a 400 at the contract
 * layer, for every operation, before anything is stored. Each case used to answer 500.
 */
let ctx: TestContext;
let admin: string;
let categoryId: number;
let kenya: number;
let departmentId: number;
let fiscalYearId: number;
let taxRateId: number;

const NUL = 'Laptops\u0000';
const LONE_SURROGATE = 'Laptops \ud800';
const BEYOND_INTEGER = 99_999_999_999;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await buyingOrganisations(ctx)).tokens.admin!;
  [{ id: categoryId }] = (await ctx.database.db.select({ id: categories.id }).from(categories).limit(1)) as [
    { id: number },
  ];
  [{ id: kenya }] = (await ctx.database.db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso2, 'KE'))) as [{ id: number }];
  const created = async (url: string, payload: object) => {
    const response = await call('POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: number }).id;
  };
  departmentId = await created('p2p/departments/', { code: 'ICT', name: 'ICT' });
  fiscalYearId = await created('p2p/fiscal-years/', {
    name: 'FY 2026',
    starts_on: '2026-01-01',
    ends_on: '2026-12-31',
  });
  taxRateId = await created('p2p/tax-rates/', { name: 'Zero rated', rate: '0' });
});
afterAll(async () => {
  await ctx?.close();
});

function call(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  token: string | null = admin,
) {
  return ctx.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    // As written on the wire: lone surrogates travel as `\ud800` escapes, null as `null`.
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/**
 * A 400 in the wire format of ARCHITECTURE §5: a `detail`, the field's messages, and a code: the catalogue
 * key of the message (typed errors), or the class `validation` for zod's own English.
 */
function expectRefused(response: Awaited<ReturnType<typeof call>>, field?: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as Record<string, unknown>;
  expect(body.detail).toEqual(expect.any(String));
  // A field called `code` keeps its messages under that key; the 400 then says `validation`.
  if (field !== 'code')
    expect(body.code === 'validation' || isMessageKey(body.code), response.body).toBe(true);
  if (field) expect(body[field], response.body).toEqual([expect.any(String)]);
  return body;
}

const requisition = (overrides: Record<string, unknown> = {}, line: Record<string, unknown> = {}) => ({
  title: 'Laptops for the data team',
  justification: 'Four analysts join in January.',
  lines: [
    {
      description: 'Laptop, 16 GB RAM',
      category_id: categoryId,
      department_id: departmentId,
      quantity: '4',
      unit_price: '187500.00',
      ...line,
    },
  ],
  ...overrides,
});

const workflow = (overrides: Record<string, unknown> = {}) => ({
  name: 'ICT from KES 500,000',
  document_type: 'requisition',
  min_amount: '500000',
  steps: [{ mode: 'any', approvers: [{ kind: 'role', role: 'org_admin' }] }],
  ...overrides,
});

const subscription = (overrides: Record<string, unknown> = {}) => ({
  company_name: 'Wanjiru Builders Ltd',
  email: 'jane@builders.example',
  phone_number: '+254712345678',
  first_name: 'Jane',
  last_name: 'Wanjiru',
  country: kenya,
  city: 'Nakuru',
  payment_plan: 'Annual',
  categories: [categoryId],
  ...overrides,
});

const rows = async (table: typeof requisitions | typeof approvalWorkflowRules | typeof subscriptions) =>
  Number((await ctx.database.db.select({ n: count() }).from(table))[0]!.n);

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL in the query of public lists', async () => {
    for (const url of [
      'tender-alerts/available-tenders/?search=%00',
      'core/available-jobs/?search=ab%00cd',
      'core/categories/?search=%00',
    ]) {
      expectRefused(await call('GET', url, undefined, null), 'search');
    }
    expectRefused(
      await call('GET', 'tender-alerts/subscription/search_subscription_code/?code=%00', undefined, null),
      'code',
    );
  });

  it('refuses a NUL in a path parameter', async () => {
    expectRefused(await call('GET', 'tender-alerts/subscription/retrieve/AB%00CD/', undefined, null), 'code');
    expectRefused(await call('GET', 'core/available-jobs/1%00/', undefined, null), 'id');
  });

  it('refuses a NUL or a lone surrogate at sign-in', async () => {
    for (const username of ['admin@umoja.example\u0000', 'admin@umoja.example\udfff']) {
      expectRefused(
        await call('POST', 'authentication/token/', { username, password: 'x' }, null),
        'username',
      );
    }
  });

  it('refuses a NUL or a lone surrogate in a subscription, and stores none', async () => {
    expectRefused(
      await call('POST', 'tender-alerts/subscription/subscribe/', subscription({ city: NUL }), null),
      'city',
    );
    expectRefused(
      await call(
        'POST',
        'tender-alerts/subscription/subscribe/',
        subscription({ company_name: LONE_SURROGATE }),
        null,
      ),
      'company_name',
    );
    expect(await rows(subscriptions)).toBe(0);
  });

  it('refuses a NUL or a lone surrogate in a requisition, anywhere in it, and stores none', async () => {
    expectRefused(await call('POST', 'p2p/requisitions/', requisition({ title: NUL })), 'title');
    expectRefused(
      await call('POST', 'p2p/requisitions/', requisition({ justification: LONE_SURROGATE })),
      'justification',
    );
    expectRefused(await call('POST', 'p2p/requisitions/', requisition({}, { description: NUL })), 'lines');
    expectRefused(
      await call('POST', 'p2p/requisitions/', requisition({}, { unit: LONE_SURROGATE })),
      'lines',
    );
    expect(await rows(requisitions)).toBe(0);
    // The same requisition without them is accepted.
    expect((await call('POST', 'p2p/requisitions/', requisition())).statusCode).toBe(201);
  });

  it('refuses a NUL or a lone surrogate in an approval workflow, and stores none', async () => {
    expectRefused(await call('POST', 'p2p/approval-workflows/', workflow({ name: NUL })), 'name');
    expectRefused(await call('POST', 'p2p/approval-workflows/', workflow({ name: LONE_SURROGATE })), 'name');
    // In a key the schema does not know, too: nothing odd travels further.
    expectRefused(await call('POST', 'p2p/approval-workflows/', { ...workflow(), ['x\u0000']: 1 }));
    expect(await rows(approvalWorkflowRules)).toBe(0);
  });

  it('refuses a NUL in an uploaded file name (multipart, read inside the handler) with a 400', async () => {
    const created = await call('POST', 'p2p/requisitions/', requisition({ title: 'With a quote' }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    const upload = multipart({}, [
      { field: 'file', name: 'quote\u0000.pdf', bytes: sampleFiles.pdf(), type: 'application/pdf' },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/p2p/requisitions/${id}/attachments/`,
      headers: { ...bearer(admin), ...upload.headers },
      payload: upload.payload,
    });
    expectRefused(response);
    expect(response.json().detail).toMatch(/cannot be stored/);
    expect((await call('GET', `p2p/requisitions/${id}/attachments/`)).json()).toEqual({ results: [] });
  });

  it('refuses a NUL in a change of a fiscal year and keeps its name', async () => {
    expectRefused(await call('PATCH', `p2p/fiscal-years/${fiscalYearId}/`, { name: NUL }), 'name');
    const [year] = await ctx.database.db.select().from(fiscalYears).where(eq(fiscalYears.id, fiscalYearId));
    expect(year!.name).toBe('FY 2026');
  });
});

describe('integers beyond PostgreSQL integer', () => {
  it('refuses them in query filters', async () => {
    expectRefused(await call('GET', 'p2p/budgets/?fiscal_year=1e10'), 'fiscal_year');
    expectRefused(await call('GET', `p2p/budgets/?department=${BEYOND_INTEGER}`), 'department');
    expectRefused(
      await call('GET', `p2p/goods-receipts/?purchase_order=${BEYOND_INTEGER}`),
      'purchase_order',
    );
    expectRefused(
      await call('GET', `core/available-jobs/?country=${BEYOND_INTEGER}`, undefined, null),
      'country',
    );
  });

  it('refuses them as ids in paths', async () => {
    for (const url of [
      `p2p/requisitions/${BEYOND_INTEGER}/`,
      `p2p/purchase-orders/${BEYOND_INTEGER}/`,
      `p2p/invoices/${BEYOND_INTEGER}/`,
      `p2p/suppliers/${BEYOND_INTEGER}/`,
      `p2p/requisitions/1/attachments/${BEYOND_INTEGER}/download/`,
    ]) {
      expectRefused(await call('GET', url));
    }
    expectRefused(await call('PATCH', `p2p/fiscal-years/${BEYOND_INTEGER}/`, { name: 'FY' }), 'id');
    expectRefused(await call('PATCH', `p2p/tax-rates/${BEYOND_INTEGER}/`, { name: 'VAT' }), 'id');
  });

  it('refuses them as ids in bodies, and stores nothing', async () => {
    const before = await rows(requisitions);
    expectRefused(
      await call('POST', 'p2p/requisitions/', requisition({}, { category_id: BEYOND_INTEGER })),
      'lines',
    );
    expectRefused(
      await call('POST', 'p2p/requisitions/', requisition({}, { department_id: BEYOND_INTEGER })),
      'lines',
    );
    expectRefused(
      await call('POST', 'p2p/approval-workflows/', workflow({ department_ids: [BEYOND_INTEGER] })),
      'department_ids',
    );
    expectRefused(
      await call('POST', 'p2p/budgets/', {
        name: 'ICT',
        fiscal_year_id: BEYOND_INTEGER,
        department_id: departmentId,
        amount: '1000',
      }),
      'fiscal_year_id',
    );
    expect(await rows(requisitions)).toBe(before);
  });
});

describe('empty input', () => {
  it('answers an empty change of a fiscal year or a tax rate with "nothing to change"', async () => {
    for (const url of [`p2p/fiscal-years/${fiscalYearId}/`, `p2p/tax-rates/${taxRateId}/`]) {
      const body = expectRefused(await call('PATCH', url, {}));
      expect(body.detail).toMatch(/nothing to change/i);
      // Fields the schema does not know change nothing either.
      expect(expectRefused(await call('PATCH', url, { colour: 'red' })).detail).toMatch(/nothing to change/i);
    }
  });

  it('answers a null or empty two-factor verification with a 400', async () => {
    expect(expectRefused(await call('POST', 'authentication/tfa/verify/', null)).detail).toBeTruthy();
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/tfa/verify/',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '',
    });
    expectRefused(empty);
  });
});

describe('error bodies carry a stable code', () => {
  it('on a validation error, a refusal and an unknown address', async () => {
    expect(expectRefused(await call('GET', 'core/available-jobs/?page=x', undefined, null), 'page')).toEqual({
      page: ['A valid integer is required.'],
      detail: 'page: A valid integer is required.',
      code: 'field.integer',
      field: 'page',
    });
    const anonymous = await call('GET', 'authentication/me/', undefined, null);
    expect(anonymous.statusCode).toBe(401);
    // The catalogue key of the refusal (typed errors); the status still tells the class.
    expect(anonymous.json()).toMatchObject({ detail: expect.any(String), code: 'access.unauthenticated' });
    // A field called `code` keeps its messages (the department form shows them under its code box).
    const taken = await call('POST', 'p2p/departments/', { code: 'ICT', name: 'Another ICT' });
    expect(taken.statusCode, taken.body).toBeGreaterThanOrEqual(400);
    expect(taken.json()).toMatchObject({
      code: [expect.any(String)],
      detail: expect.stringMatching(/^code: /),
    });
    const unknown = await call('GET', 'no-such-thing/', undefined, null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });
});
