import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/health', () => {
  it('answers 200 when the database answers, with the last worker heartbeat', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ status: 'ok', database: 'ok', worker_seen_at: null });
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI 3 document with the core paths', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/v1/core/countries/',
      '/api/v1/core/buyers/',
      '/api/v1/core/category-types/',
      '/api/v1/core/countries/available-jobs/',
      '/api/v1/core/available-jobs/',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
  });

  it('serves the browsable docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('unknown paths', () => {
  it('answer a JSON 404 under /api', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-thing/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('serve country flags as SVG', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/flags/ke.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });
});
