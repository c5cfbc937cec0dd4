import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../../test/harness.ts';
import { bearer, linkToken, mailsTo, tokenFor } from '../../../../../test/identity.ts';
import { multipart, sampleFiles } from '../../../../../test/multipart.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * Issue 21, asset disposal through the HTTP layer: an asset registered with a photo (an image disguised as
 * one refused), its method asked for by procurement and approved by someone else (never by whoever asked),
 * listed publicly, sold by a forward eAuction (highest wins, the reserve price as reserve), the sale recorded
 * as invoiced, disposed with the proceeds; a trade-in; another organisation sees nothing.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
const suppliers: Record<string, number> = {};

async function supplier(name: string, email: string) {
  const created = await setUp.created('otieno', 'p2p/suppliers/', {
    name,
    email,
    first_name: 'Bidder',
    last_name: 'One',
  });
  const token = linkToken((await mailsTo(ctx, email))[0]!.text, '/reset-password');
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/confirm/',
    payload: { token, password: 'Supplier-Pass-2026', password2: 'Supplier-Pass-2026' },
  });
  const signedIn = await tokenFor(ctx, email, 'Supplier-Pass-2026');
  const switched = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/switch-buyer/',
    headers: bearer(signedIn),
    payload: { buyer_company_id: setUp.organisationId },
  });
  return { id: created.id, token: (switched.json() as { access: string }).access };
}

const at = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());

const asset = {
  title: 'Toyota Hilux KBZ 123A',
  description: 'Double cabin pick-up, 2014, 310,000 km, runs.',
  condition: 'fair',
  grounds: 'unserviceable',
  location: 'Umoja House yard, Nairobi',
  book_value: '850000.00',
  reserve_price: '600000.00',
};

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  suppliers.acme = setUp.supplierId;
  const baobab = await supplier('Baobab Motors', 'sales@baobab-motors.example');
  suppliers.baobab = baobab.id;
  setUp.tokens.baobab = baobab.token;
});
afterAll(async () => {
  await ctx?.close();
});

describe('asset disposal', () => {
  let id = 0;

  it('registers an asset with a photo checked by content', async () => {
    id = (await setUp.created('otieno', 'sourcing/disposals/', asset)).id;
    const fake = multipart({}, [
      { field: 'file', name: 'truck.jpg', bytes: Buffer.from('<html><script>x</script>') },
    ]);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/sourcing/disposals/${id}/photos/`,
      headers: { ...bearer(setUp.tokens.otieno!), ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ file: [expect.stringContaining('JPEG')] });
    const photo = multipart({}, [{ field: 'file', name: 'truck.png', bytes: sampleFiles.png() }]);
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/sourcing/disposals/${id}/photos/`,
      headers: { ...bearer(setUp.tokens.otieno!), ...photo.headers },
      payload: photo.payload,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      status: 'registered',
      photos: [{ index: 0, file_name: 'truck.png' }],
    });
    const download = await setUp.act('otieno', 'GET', `sourcing/disposals/${id}/photos/0/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('needs the method approved by someone other than who asked for it', async () => {
    const asked = await setUp.act('otieno', 'POST', `sourcing/disposals/${id}/method/`, {
      method: 'public_auction',
      justification: 'Unserviceable vehicle; a public auction reaches the most buyers (PPADA s.165(1)(c)).',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const early = await setUp.act('otieno', 'POST', `sourcing/disposals/${id}/listing/`, {});
    expect(early.statusCode).toBe(409);
    const ownApproval = await setUp.act('otieno', 'POST', `sourcing/disposals/${id}/method/approve/`, {});
    expect(ownApproval.statusCode).toBe(403); // a buyer is not an approver
    const approved = await setUp.act('admin', 'POST', `sourcing/disposals/${id}/method/approve/`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'method_approved', method: 'public_auction' });
  });

  it('is listed publicly as a forward auction and sold to the highest bidder', async () => {
    const listed = await setUp.act('otieno', 'POST', `sourcing/disposals/${id}/listing/`, {
      starts_at: '2026-11-26T08:00:00Z',
      ends_at: '2026-11-26T09:00:00Z',
      suppliers: [suppliers.acme, suppliers.baobab],
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const view = listed.json();
    expect(view.status).toBe('listed');
    const publicList = await ctx.app.inject({ method: 'GET', url: '/api/v1/asset-sales/' });
    expect(publicList.json().results).toEqual([
      expect.objectContaining({
        code: view.public_code,
        title: asset.title,
        reserve_price: '600000.00',
        method: 'public_auction',
      }),
    ]);
    expect(publicList.body).not.toContain('850000'); // no book value in public
    const auctionId = view.auction_id as number;
    const auction = (await setUp.act('otieno', 'GET', `sourcing/auctions/${auctionId}/`)).json();
    expect(auction).toMatchObject({
      direction: 'forward',
      reserve_price: '600000.00',
      source: 'disposal',
      source_id: id,
    });
    at('2026-11-26T08:00:00Z');
    const below = await setUp.act('acme', 'POST', `portal/auctions/${auctionId}/bids/`, {
      amount: '599999.99',
    });
    expect(below.json().code).toBe('auction.bid_reserve');
    expect(
      (await setUp.act('acme', 'POST', `portal/auctions/${auctionId}/bids/`, { amount: '600000.00' }))
        .statusCode,
    ).toBe(201);
    // best-price visibility: the next bid must beat the best by 1 %
    const tooLow = await setUp.act('baobab', 'POST', `portal/auctions/${auctionId}/bids/`, {
      amount: '605000.00',
    });
    expect(tooLow.json().code).toBe('auction.bid_step');
    expect(
      (await setUp.act('baobab', 'POST', `portal/auctions/${auctionId}/bids/`, { amount: '650000.00' }))
        .statusCode,
    ).toBe(201);
    const early = await setUp.act('otieno', 'POST', `sourcing/disposals/${id}/sale/`, {
      settlement: 'invoiced',
      reference: 'INV-1',
    });
    expect(early.json().code).toBe('disposal.not_sold');
    at('2026-11-26T09:00:00Z');
    expect((await setUp.act('otieno', 'POST', `sourcing/auctions/${auctionId}/award/`)).json().status).toBe(
      'awarded',
    );
    const sold = await setUp.act('otieno', 'POST', `sourcing/disposals/${id}/sale/`, {
      settlement: 'invoiced',
      reference: 'INV-2026-0042',
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()).toMatchObject({
      status: 'sold',
      sale_amount: '650000.00',
      buyer: { name: 'Baobab Motors' },
      settlement: 'invoiced',
    });
    const disposed = await setUp.act('otieno', 'POST', `sourcing/disposals/${id}/dispose/`);
    expect(disposed.json()).toMatchObject({ status: 'disposed', proceeds: '650000.00' });
  });

  it('sells by trade-in at the agreed value', async () => {
    const other = (
      await setUp.created('otieno', 'sourcing/disposals/', {
        ...asset,
        title: 'Photocopier',
        reserve_price: '20000.00',
      })
    ).id;
    await setUp.act('otieno', 'POST', `sourcing/disposals/${other}/method/`, {
      method: 'trade_in',
      justification: 'Replaced by the supplier.',
    });
    await setUp.act('admin', 'POST', `sourcing/disposals/${other}/method/approve/`, {});
    const listed = await setUp.act('otieno', 'POST', `sourcing/disposals/${other}/listing/`, {
      trade_in_supplier_id: suppliers.acme,
      trade_in_value: '25000.00',
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const sold = await setUp.act('otieno', 'POST', `sourcing/disposals/${other}/sale/`, {
      settlement: 'paid',
      reference: 'Credit note CN-7',
    });
    expect(sold.json()).toMatchObject({
      status: 'sold',
      sale_amount: '25000.00',
      buyer: { id: suppliers.acme },
    });
  });

  it('is invisible to another organisation', async () => {
    expect((await setUp.act('outsider', 'GET', `sourcing/disposals/${id}/`)).statusCode).toBe(404);
    expect((await setUp.act('outsider', 'GET', 'sourcing/disposals/')).json().count).toBe(0);
    expect((await setUp.act('outsider', 'POST', `sourcing/disposals/${id}/dispose/`)).statusCode).toBe(404);
  });
});
