import { MESSAGES } from '@zabuni/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { bearer, createMember, tokenFor } from '../../test/identity.ts';

/**
 * Typed errors (issue 14 §4): a request refused by a contract schema answers the schema's catalogue key as
 * `code`, the offending path as `field` and, on a line item, its index as `line`, beside the same English
 * `detail` and field messages as before.
 */
let ctx: TestContext;
let requester: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const member = await createMember(ctx, {
    kind: 'buyer',
    role: 'requester',
    email: 'wanjiru@umoja.example',
  });
  requester = await tokenFor(ctx, member.email, member.password);
});
afterAll(async () => {
  await ctx.close();
});

const line = (overrides: object = {}) => ({
  description: 'Printer paper, A4',
  category_id: 1,
  department_id: 1,
  quantity: '10',
  unit_price: '650.00',
  ...overrides,
});
const createRequisition = (payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/p2p/requisitions/',
    headers: bearer(requester),
    payload,
  });

describe('a validation error from a contract schema', () => {
  it('carries the catalogue key, the field path and the line of a bad line item', async () => {
    const response = await createRequisition({
      title: 'Paper for the year',
      lines: [line(), line({ unit_price: null })],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'requisition.price',
      field: 'lines.1.unit_price',
      line: 1,
      lines: [MESSAGES['requisition.price']],
      detail: `lines: ${MESSAGES['requisition.price']}`,
    });
  });

  it('fills a placeholder from the schema’s bound, and keeps every field’s messages when there are several', async () => {
    const response = await createRequisition({ title: 'x'.repeat(201), lines: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'field.too_long',
      params: { max: 200 },
      field: 'title',
      title: ['Ensure this field has no more than 200 characters.'],
      lines: [MESSAGES['field.no_lines']],
      detail: 'title: Ensure this field has no more than 200 characters.',
    });
  });

  it('names a query parameter the same way', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/core/countries/?page=first' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'field.integer',
      field: 'page',
      page: ['A valid integer is required.'],
      detail: 'page: A valid integer is required.',
    });
  });

  it('keeps zod’s own message, with the class as its code, where the schema gives no key', async () => {
    const response = await createRequisition({ title: 'Paper', justification: 42, lines: [line()] });
    expect(response.statusCode).toBe(400);
    const body = response.json() as Record<string, unknown>;
    expect(body.code).toBe('validation');
    expect(body).not.toHaveProperty('field');
    expect(body.justification).toEqual([expect.stringMatching(/^Invalid input/)]);
    expect(body.detail).toBe(`justification: ${(body.justification as string[])[0]}`);
  });
});
