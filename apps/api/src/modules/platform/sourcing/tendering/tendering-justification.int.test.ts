import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../../test/harness.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * Issue 21: a procurement method outside its threshold (or one that limits competition) needs a recorded
 * justification AND its approval through the one approval engine (document type `tender_justification`)
 * before the notice is published. Before this, the justification was recorded and the notice published at once.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
type Json = Record<string, unknown>;
const COMMITTEE = ['kamau', 'akinyi', 'wanjiru'] as const;

const act = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  setUp.act(who, method, url, payload);
async function ok(who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200) {
  const response = await act(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as Json;
}
async function refused(
  who: string,
  method: 'POST' | 'PUT',
  url: string,
  status: number,
  code: string,
  payload?: object,
) {
  const response = await act(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  expect(response.json()).toMatchObject({ code });
}

const tenderBody = (overrides: Json = {}) => ({
  title: 'Maintenance of the strongroom door',
  description: 'Annual maintenance of the head office strongroom door by its manufacturer.',
  method: 'direct_procurement',
  category: 'services',
  currency: 'KES',
  estimate: '900000.00',
  bid_security: '0',
  pass_mark: 70,
  closing_at: '2026-12-18T12:00:00+03:00',
  committee: [setUp.ids.kamau, setUp.ids.akinyi, setUp.ids.wanjiru],
  quorum: 3,
  justification: 'Only the manufacturer may service this strongroom door under its warranty (s.103 PPADA).',
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  for (const who of COMMITTEE)
    await ok(who, 'PUT', 'sourcing/opening-key/', { passphrase: `${who} opens the tenders` });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('a method outside its threshold is published only with its justification approved', () => {
  let tenderId = 0;

  it('refuses to publish a justified direct procurement before its approval', async () => {
    const draft = await ok('otieno', 'POST', 'sourcing/tenders/', tenderBody(), 201);
    tenderId = draft.id as number;
    expect(draft).toMatchObject({ justification_to_approve: true, justification_status: null });
    await refused(
      'otieno',
      'POST',
      `sourcing/tenders/${tenderId}/publish/`,
      409,
      'tendering.justification_not_approved',
    );
    expect((await ok('otieno', 'GET', `sourcing/tenders/${tenderId}/`)).status).toBe('draft');
  });

  it('without a workflow rule nobody could approve it: asking is refused with what to do', async () => {
    await refused(
      'otieno',
      'POST',
      `sourcing/tenders/${tenderId}/justification/ask/`,
      400,
      'tendering.justification_no_rule',
    );
    expect((await ok('otieno', 'GET', `sourcing/tenders/${tenderId}/`)).justification_status).toBeNull();
  });

  it('goes through the engine: the approver decides, not who raised it; then the notice is published', async () => {
    await ok(
      'admin',
      'POST',
      'p2p/approval-workflows/',
      {
        name: 'Tender method justifications',
        document_type: 'tender_justification',
        steps: [{ mode: 'any', approvers: [{ kind: 'user', user_id: setUp.ids.kamau }] }],
      },
      201,
    );
    const asked = await ok('otieno', 'POST', `sourcing/tenders/${tenderId}/justification/ask/`);
    expect(asked).toMatchObject({ justification_status: 'pending', status: 'draft' });
    // In the approver's inbox, as the one engine lists it.
    const inbox = (await ok('kamau', 'GET', 'approvals/inbox/?page_size=100')) as {
      results?: Array<{ document_type: string; id: number }>;
    };
    expect(inbox.results).toContainEqual(
      expect.objectContaining({ document_type: 'tender_justification', id: tenderId }),
    );
    expect((await ok('kamau', 'GET', `sourcing/tenders/${tenderId}/`)).can_decide_justification).toBe(true);
    // While it waits: neither published nor changed, nor asked again.
    await refused(
      'otieno',
      'POST',
      `sourcing/tenders/${tenderId}/publish/`,
      409,
      'tendering.justification_pending',
    );
    await refused(
      'otieno',
      'PUT',
      `sourcing/tenders/${tenderId}/`,
      409,
      'tendering.justification_pending',
      tenderBody(),
    );
    await refused(
      'otieno',
      'POST',
      `sourcing/tenders/${tenderId}/justification/ask/`,
      409,
      'tendering.justification_pending',
    );
    // Who raised the tender and asked cannot approve it; someone not on the route cannot either.
    const own = await act('otieno', 'POST', `sourcing/tenders/${tenderId}/justification/approve/`, {});
    expect(own.statusCode, own.body).toBeGreaterThanOrEqual(400);
    expect((await ok('otieno', 'GET', `sourcing/tenders/${tenderId}/`)).justification_status).toBe('pending');
    const other = await act('akinyi', 'POST', `sourcing/tenders/${tenderId}/justification/approve/`, {});
    expect(other.statusCode, other.body).toBeGreaterThanOrEqual(400);

    const approved = await ok('kamau', 'POST', `sourcing/tenders/${tenderId}/justification/approve/`, {});
    expect(approved).toMatchObject({ justification_status: 'approved', status: 'draft' });
    const published = await ok('otieno', 'POST', `sourcing/tenders/${tenderId}/publish/`);
    expect(published.status).toBe('published');
  });

  it('a rejected justification keeps the tender unpublished; changing the tender asks for a new approval', async () => {
    const draft = await ok(
      'otieno',
      'POST',
      'sourcing/tenders/',
      tenderBody({ method: 'request_for_quotations', category: 'goods', estimate: '3500000.00' }),
      201,
    );
    const id = draft.id as number;
    expect(draft.justification_to_approve).toBe(true);
    await ok('otieno', 'POST', `sourcing/tenders/${id}/justification/ask/`);
    await refused(
      'kamau',
      'POST',
      `sourcing/tenders/${id}/justification/reject/`,
      400,
      'tendering.comment_required',
      {},
    );
    const rejected = await ok('kamau', 'POST', `sourcing/tenders/${id}/justification/reject/`, {
      comment: 'Split the order or run an open tender.',
    });
    expect(rejected.justification_status).toBe('rejected');
    await refused(
      'otieno',
      'POST',
      `sourcing/tenders/${id}/publish/`,
      409,
      'tendering.justification_not_approved',
    );
    // Approved once, then the estimate raised: the approval no longer covers it.
    await ok('otieno', 'POST', `sourcing/tenders/${id}/justification/ask/`);
    await ok('kamau', 'POST', `sourcing/tenders/${id}/justification/approve/`, {});
    const changed = await ok(
      'otieno',
      'PUT',
      `sourcing/tenders/${id}/`,
      tenderBody({ method: 'request_for_quotations', category: 'goods', estimate: '4500000.00' }),
    );
    expect(changed.justification_status).toBeNull();
    await refused(
      'otieno',
      'POST',
      `sourcing/tenders/${id}/publish/`,
      409,
      'tendering.justification_not_approved',
    );
  });

  it('a method within its threshold needs no approval and publishes at once', async () => {
    const draft = await ok(
      'otieno',
      'POST',
      'sourcing/tenders/',
      tenderBody({ method: 'open_tender', justification: null }),
      201,
    );
    expect(draft.justification_to_approve).toBe(false);
    await refused(
      'otieno',
      'POST',
      `sourcing/tenders/${draft.id as number}/justification/ask/`,
      409,
      'tendering.justification_not_needed',
    );
    expect((await ok('otieno', 'POST', `sourcing/tenders/${draft.id as number}/publish/`)).status).toBe(
      'published',
    );
  });
});
