import { and, eq, sql } from 'drizzle-orm';
import { createServices, type AppDeps } from '../app.ts';
import type { Principal } from '../infra/auth.ts';
import { auctions } from '../schema/auctions.tables.ts';
import { users } from '../schema/authentication.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../schema/organisations.tables.ts';
import { DEMO_BUYER_EMAIL, DEMO_BUYER_ORGANISATIONS } from './demo-tenders.ts';

/**
 * Issue 21 demo data for Harambee Savings Sacco: a finished reverse auction for toner (open rules with
 * anti-sniping, its end extended once by a late bid) between the suppliers that have a sign-in, awarded to
 * the lowest; an unserviceable pick-up registered for disposal with its method (public auction) approved by
 * Grace, ready to list; and a scheduled auction tomorrow that invited suppliers see in the portal. Made
 * through the services on a clock set back two days. Runs once, after the RFQ demo.
 */
export async function seedDemoAuctions(deps: AppDeps): Promise<boolean> {
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
    .select({ id: auctions.id })
    .from(auctions)
    .where(eq(auctions.organisationId, harambee.id))
    .limit(1);
  if (existing) return false;
  // Suppliers on Harambee's list with a user who can sign in to bid.
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

  let now = Date.now() - 2 * 86_400_000;
  const clock = { now: () => new Date(now) };
  const services = createServices({ ...deps, clock });
  const principalOf = async (email: string, supplier = false): Promise<Principal> => {
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    const access = await services.organisations.accessOf(user!.id);
    return {
      userId: user!.id,
      email: user!.email,
      username: user!.username,
      firstName: user!.firstName,
      lastName: user!.lastName,
      grants: supplier ? access.grants.filter((g) => g.role.startsWith('supplier')) : access.grants,
      twoFactorPending: false,
      buyerCompanyId: harambee.id,
      via: 'bearer',
    };
  };
  const amina = await principalOf(DEMO_BUYER_EMAIL);
  const grace = await principalOf('owner@zabuni.example');
  const startsAt = new Date(now + 3_600_000);
  const toner = await services.auctions.create(
    amina,
    {
      title: 'Toner cartridges for the branches, lot 2',
      currency: 'KES',
      direction: 'reverse',
      rules: 'open',
      visibility: 'rank_only',
      source: 'standalone',
      source_id: null,
      lot_reference: null,
      starts_at: startsAt.toISOString(),
      ends_at: new Date(startsAt.getTime() + 30 * 60_000).toISOString(),
      rounds: null,
      anti_sniping: { window_seconds: 120, extension_seconds: 120, max_extensions: 5 },
      step_kind: 'amount',
      step: '250.00',
      reserve_price: '180000.00',
      reference_value: null,
      suppliers: unique.map((b) => b.id),
    },
    null,
  );
  await services.auctions.publish(amina, toner.id, null);
  // The bids: minutes apart, the last one inside the final two minutes (the end moves by two).
  const bids: Array<[number, number, string]> = [
    [0, 2, '178000.00'],
    [1, 5, '176500.00'],
    [0, 9, '175000.00'],
    [1, 17, '174250.00'],
    [0, 29, '172900.00'],
  ];
  for (const [index, minute, amount] of bids) {
    const bidder = unique[index % unique.length]!;
    now = startsAt.getTime() + minute * 60_000;
    await services.auctions.bid(await principalOf(bidder.email, true), toner.id, { amount });
  }
  now = startsAt.getTime() + 40 * 60_000;
  await services.auctions.award(amina, toner.id, null);

  // An asset for disposal, its method approved by Grace (not by who asked for it).
  const pickUp = await services.disposals.register(amina, {
    title: 'Toyota Hilux double cabin, KBZ 123A',
    description: 'Branch pick-up, 2014, 310,000 km; gearbox worn. Surveyed by the transport officer.',
    condition: 'poor',
    grounds: 'unserviceable',
    location: 'Harambee head office yard, Nairobi',
    currency: 'KES',
    book_value: '850000.00',
    reserve_price: '600000.00',
  });
  await services.disposals.requestMethod(amina, pickUp.id, {
    method: 'public_auction',
    justification: 'Unserviceable vehicle; a public auction reaches the most buyers (PPADA s.165(1)(c)).',
  });
  await services.disposals.decideMethod(grace, pickUp.id, true);

  // Tomorrow: a scheduled auction the invited suppliers see in the portal.
  now = Date.now();
  const tomorrow = new Date(now + 86_400_000);
  tomorrow.setUTCHours(7, 0, 0, 0);
  const paper = await services.auctions.create(
    amina,
    {
      title: 'A4 paper, 400 reams',
      currency: 'KES',
      direction: 'reverse',
      rules: 'rounds',
      visibility: 'rank_only',
      source: 'standalone',
      source_id: null,
      lot_reference: null,
      starts_at: tomorrow.toISOString(),
      ends_at: null,
      rounds: { first_pause_seconds: 300, rounds: 3, turn_seconds: 120, pause_seconds: 120 },
      anti_sniping: null,
      step_kind: 'percent',
      step: '1',
      reserve_price: '260000.00',
      reference_value: null,
      suppliers: unique.map((b) => b.id),
    },
    null,
  );
  await services.auctions.publish(amina, paper.id, null);
  return true;
}
