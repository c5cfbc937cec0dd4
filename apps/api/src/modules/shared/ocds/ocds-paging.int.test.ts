import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { OCDS_RELEASE_SCHEMA, releasesOf, type OcdsProcess, type OcdsRelease } from './index.ts';
import type { OcdsFilter } from './ocds.service.ts';

/**
 * OCDS list paging: a page is read and built from the page's processes only, and `links.next` walks every
 * release once, in order, each valid against the OCDS 1.1 release schema.
 */

let ctx: TestContext;
const PROCESSES = 30;
/** How many processes the test source has built (what a page costs). */
let built = 0;

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();
function processOf(i: number): OcdsProcess {
  const awarded = i % 3 === 0;
  return {
    ocid: `ocds-paging-${String(i).padStart(3, '0')}`,
    buyer: { id: '1', name: 'Umoja County' },
    tender: {
      id: `T-${i}`,
      title: `Tender ${i}`,
      description: 'Supply of desks',
      status: awarded ? 'complete' : 'active',
      procurementMethod: 'open',
      procurementMethodDetails: 'PPADA 2015: open tender',
      procurementMethodRationale: null,
      mainProcurementCategory: 'goods',
      value: { amount: 1000 + i, currency: 'KES' },
      tenderPeriod: { startDate: day(i), endDate: day(i + 20) },
      publishedAt: day(i),
      tenderers: awarded ? [{ id: '9', name: 'Chui Contractors' }] : [],
      amendments: [],
      updatedAt: day(i + 21),
    },
    award: awarded
      ? {
          id: `T-${i}-award`,
          date: day(i + 22),
          status: 'active',
          value: { amount: 900 + i, currency: 'KES' },
          supplier: { id: '9', name: 'Chui Contractors' },
          standstillEnd: day(i + 36),
        }
      : null,
    contract: i % 6 === 0 ? { id: `contract-${i}`, date: day(i + 40), status: 'pending' } : null,
  };
}
const withTag = (releases: OcdsRelease[], filter: OcdsFilter) =>
  filter.tag ? releases.filter((r) => r.tag.some((tag) => tag.startsWith(filter.tag!))) : releases;
const everyRelease = (filter: OcdsFilter) =>
  Array.from({ length: PROCESSES }, (_, i) => withTag(releasesOf(processOf(i)), filter)).flat();

async function walk(first: string) {
  const pages: OcdsRelease[][] = [];
  const costs: number[] = [];
  let url: string | undefined = first;
  while (url) {
    const before = built;
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { version: string; releases: OcdsRelease[]; links: { next?: string } };
    expect(body.version).toBe('1.1');
    pages.push(body.releases);
    costs.push(built - before);
    url = body.links.next ? new URL(body.links.next).pathname + new URL(body.links.next).search : undefined;
    expect(pages.length).toBeLessThan(50);
  }
  return { pages, costs };
}

beforeAll(async () => {
  ctx = await createTestContext();
  // A second source after tendering (which has nothing published in this database).
  ctx.services.ocds.register({
    count: async (filter) => everyRelease(filter).length,
    releases: async (filter, offset, limit) => everyRelease(filter).slice(offset, offset + limit),
    record: async () => null,
    async processes(filter, offset, limit) {
      const ids = Array.from({ length: PROCESSES }, (_, i) => i).slice(offset, offset + limit);
      built += ids.length;
      return ids.map((i) => withTag(releasesOf(processOf(i)), filter));
    },
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('OCDS release list paging', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(OCDS_RELEASE_SCHEMA);

  it('walks every release once, in order, a page at a time through links.next, each valid', async () => {
    const expected = everyRelease({});
    expect(expected.length).toBeGreaterThan(7 * 3);
    const { pages, costs } = await walk('/api/v1/ocds/releases/?page_size=7');
    const seen = pages.flat();
    expect(seen.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    expect(pages.at(-1)!.length).toBeGreaterThan(0);
    for (const release of seen) {
      validate(release);
      expect(validate.errors ?? [], JSON.stringify(release)).toEqual([]);
    }
    // Only the page's processes are built (and at most one more, to know whether a next page exists).
    expect(Math.max(...costs)).toBeLessThanOrEqual(8);
    expect(costs.reduce((a, b) => a + b, 0)).toBeLessThan(PROCESSES * 2);
  });

  it('pages a tag filter the same way', async () => {
    const expected = everyRelease({ tag: 'award' });
    const { pages } = await walk('/api/v1/ocds/releases/?page_size=4&tag=award');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flat().map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });

  it('caps the page size and refuses a cursor it did not give', async () => {
    const big = await ctx.app.inject({ method: 'GET', url: '/api/v1/ocds/releases/?page_size=100000' });
    expect(big.statusCode, big.body).toBe(200);
    expect((big.json() as { releases: unknown[] }).releases.length).toBeLessThanOrEqual(100);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/ocds/releases/?cursor=drop-table' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'field.cursor' });
  });
});
