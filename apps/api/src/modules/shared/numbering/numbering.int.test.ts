import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { organisations } from '../../../schema/organisations.tables.ts';
import { createNumberingService } from './numbering.service.ts';

let ctx: TestContext;
let now = new Date('2026-06-01T09:00:00Z');
const numbering = createNumberingService({ clock: { now: () => now } });
let umoja: number;
let mavuno: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.database.db
    .insert(organisations)
    .values([
      { kind: 'buyer', name: 'Umoja Bank', countryIso2: 'KE' },
      { kind: 'buyer', name: 'Mavuno Cooperative', countryIso2: 'KE' },
    ])
    .returning({ id: organisations.id });
  [umoja, mavuno] = rows.map((row) => row.id) as [number, number];
});
afterAll(async () => {
  await ctx.close();
});

const take = (organisationId: number, fail = false) =>
  ctx.database.db.transaction(async (tx) => {
    const number = await numbering.next(tx, organisationId, 'requisition');
    // The document's own work happens here, holding the counter row; some of them fail.
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (fail) throw new Error(`rolled back ${number}`);
    return number;
  });

describe('document numbers', () => {
  it('numbers per organisation from 1, formatted REQ-YYYY-NNNNN', async () => {
    expect(await take(umoja)).toBe('REQ-2026-00001');
    expect(await take(umoja)).toBe('REQ-2026-00002');
    expect(await take(mavuno)).toBe('REQ-2026-00001');
  });

  it('leaves no gap and no duplicate when many documents are created at once and some roll back', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, index) => take(umoja, index % 4 === 0)),
    );
    const issued = results
      .filter((result): result is PromiseFulfilledResult<string> => result.status === 'fulfilled')
      .map((result) => result.value)
      .sort();
    expect(issued).toHaveLength(45);
    // Numbers 3 to 47: the 15 rolled-back documents gave theirs back.
    expect(issued).toEqual(
      Array.from({ length: 45 }, (_, index) => `REQ-2026-${String(index + 3).padStart(5, '0')}`),
    );
  });

  it('starts again at 1 in a new year, by the Nairobi calendar', async () => {
    now = new Date('2026-12-31T20:59:00Z'); // 23:59 in Nairobi
    expect(await take(mavuno)).toBe('REQ-2026-00002');
    now = new Date('2026-12-31T21:00:00Z'); // midnight in Nairobi
    expect(await take(mavuno)).toBe('REQ-2027-00001');
  });
});
