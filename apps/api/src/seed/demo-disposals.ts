import { deflateSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { createServices, type AppDeps } from '../app.ts';
import type { Principal } from '../infra/auth.ts';
import { users } from '../schema/authentication.tables.ts';
import { disposalAssets } from '../schema/disposals.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../schema/organisations.tables.ts';
import { DEMO_OPENING_PASSPHRASE } from './demo-rfqs.ts';
import { DEMO_BUYER_EMAIL, DEMO_BUYER_ORGANISATIONS } from './demo-tenders.ts';

/**
 * Issue 21 demo data for asset disposal by public tender, at Harambee Savings Sacco: a standby generator
 * offered by sealed public tender (closing in 16 days, its opening committee Grace, Daniel and Peter with the
 * demo opening passphrase), listed on the public /asset-sales page with two photos, and sealed offers from
 * the suppliers with a sign-in; and a lot of office furniture whose tender has closed with two sealed offers,
 * waiting for the committee to open them. Made through the services; runs once, after the auction demo.
 */
export async function seedDemoDisposals(deps: AppDeps): Promise<boolean> {
  const { db } = deps.database;
  const [buyerUser] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_BUYER_EMAIL}`);
  if (!buyerUser) return false;
  const [harambee] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .innerJoin(memberships, eq(memberships.organisationId, organisations.id))
    .where(
      and(
        eq(organisations.name, DEMO_BUYER_ORGANISATIONS[0][0]),
        eq(memberships.userId, buyerUser.id),
        eq(memberships.role, 'org_admin'),
      ),
    )
    .limit(1);
  if (!harambee) return false;
  const [existing] = await db
    .select({ id: disposalAssets.id })
    .from(disposalAssets)
    .where(and(eq(disposalAssets.organisationId, harambee.id), eq(disposalAssets.method, 'public_tender')))
    .limit(1);
  if (existing) return false;
  const bidders = await db
    .selectDistinct({ id: buyerSuppliers.supplierId, email: users.email })
    .from(buyerSuppliers)
    .innerJoin(memberships, eq(memberships.organisationId, buyerSuppliers.supplierId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(buyerSuppliers.buyerId, harambee.id),
        eq(buyerSuppliers.status, 'active'),
        eq(users.isActive, true),
      ),
    );
  const unique = [...new Map(bidders.map((b) => [b.id, b])).values()];
  if (unique.length < 2) return false;

  // A clock set back 20 days, so the furniture's tender has closed by now.
  let now = Date.now() - 20 * 86_400_000;
  const clock = { now: () => new Date(now) };
  const services = createServices({ ...deps, clock });
  const principalOf = async (email: string, supplier = false): Promise<Principal | null> => {
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (!user) return null;
    const access = await services.organisations.accessOf(user.id);
    return {
      userId: user.id,
      email: user.email,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      grants: supplier ? access.grants.filter((g) => g.role.startsWith('supplier')) : access.grants,
      twoFactorPending: false,
      buyerCompanyId: harambee.id,
      via: 'bearer',
    };
  };
  const amina = (await principalOf(DEMO_BUYER_EMAIL))!;
  const grace = await principalOf('owner@zabuni.example');
  const committee = (
    await Promise.all(
      ['owner@zabuni.example', 'finance@zabuni.example', 'requester@zabuni.example'].map((e) =>
        principalOf(e),
      ),
    )
  ).filter((p): p is Principal => p !== null);
  if (!grace || committee.length < 3) return false;
  for (const member of committee) {
    const status = await services.rfqs.openingKeyStatus(member);
    if (!status.has_key)
      await services.rfqs.setOpeningKey(member, { passphrase: DEMO_OPENING_PASSPHRASE }, null);
  }

  async function tendered(
    form: Parameters<typeof services.disposals.register>[1],
    photos: Buffer[],
    closingInDays: number,
    offers: string[],
  ) {
    const asset = await services.disposals.register(amina, form);
    for (const [index, bytes] of photos.entries())
      await services.disposals.addPhoto(amina, asset.id, { fileName: `photo-${index + 1}.png`, bytes });
    await services.disposals.requestMethod(amina, asset.id, {
      method: 'public_tender',
      justification:
        'Surplus to requirements; a sealed public tender reaches dealers across the country (PPADA s.165(1)(b)).',
    });
    await services.disposals.decideMethod(grace!, asset.id, true);
    await services.disposals.list_(amina, asset.id, {
      closing_at: new Date(now + closingInDays * 86_400_000).toISOString(),
      committee: committee.map((m) => m.userId),
      quorum: 3,
      starts_at: null,
      ends_at: null,
      suppliers: [],
      trade_in_supplier_id: null,
      trade_in_value: null,
    });
    for (const [index, amount] of offers.entries()) {
      const bidder = await principalOf(unique[index % unique.length]!.email, true);
      now += 3_600_000;
      await services.disposals.submitOffer(bidder!, asset.id, amount);
    }
    return asset;
  }

  // Closed 4 days ago, its two sealed offers waiting for the committee.
  await tendered(
    {
      title: 'Office furniture lot: 24 desks and 40 chairs',
      description:
        'Steel-frame desks and upholstered chairs from the Nakuru branch refit. Sold as one lot, collected from the branch.',
      condition: 'fair',
      grounds: 'surplus',
      location: 'Harambee Nakuru branch, Kenyatta Avenue',
      currency: 'KES',
      book_value: '180000.00',
      reserve_price: '90000.00',
    },
    [demoPhoto([121, 85, 61], [226, 232, 240])],
    16,
    ['96500.00', '104000.00'],
  );
  // Open for offers until 16 days from today.
  now = Date.now() - 2 * 86_400_000;
  await tendered(
    {
      title: 'Caterpillar standby generator, 250 kVA',
      description:
        'Diesel standby generator, 2011, 9,800 running hours, serviced yearly; replaced by a solar and battery system. Buyer removes it from the plant room.',
      condition: 'good',
      grounds: 'surplus',
      location: 'Harambee head office, Nairobi',
      currency: 'KES',
      book_value: '1200000.00',
      reserve_price: '850000.00',
    },
    [demoPhoto([234, 179, 8], [203, 213, 225]), demoPhoto([202, 138, 4], [148, 163, 184])],
    18,
    ['880000.00'],
  );
  return true;
}

/** A small demo picture (a machine's block on a floor under a wall), as a PNG made here. */
function demoPhoto(body: [number, number, number], wall: [number, number, number]): Buffer {
  const width = 480;
  const height = 360;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const inBody = x > 110 && x < 370 && y > 120 && y < 290;
      const floor = y >= 270;
      const shade = 1 - (y / height) * 0.25;
      const [r, g, b] = inBody
        ? body.map((c) => Math.round(c * (x % 40 < 4 ? 0.7 : 1)))
        : floor
          ? [100, 116, 139]
          : wall.map((c) => Math.round(c * shade));
      raw[row + 1 + x * 3] = r!;
      raw[row + 2 + x * 3] = g!;
      raw[row + 3 + x * 3] = b!;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
