import { and, eq, sql } from 'drizzle-orm';
import { createServices, type AppDeps } from '../app.ts';
import type { Principal } from '../infra/auth.ts';
import { users } from '../schema/authentication.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../schema/organisations.tables.ts';
import { tenderingTenders } from '../schema/tendering.tables.ts';
import { DEMO_OPENING_PASSPHRASE } from './demo-rfqs.ts';
import { DEMO_BUYER_EMAIL, DEMO_BUYER_ORGANISATIONS } from './demo-tenders.ts';

/**
 * Issue 21 demo data for Harambee Savings Sacco: an open tender for the Eldoret branch refurbishment, bid by
 * its suppliers in two sealed envelopes, opened by Grace, Daniel and Peter (the demo opening passphrase),
 * evaluated (one bid below the pass mark), the financial envelopes of the passing bids opened, the report and
 * professional opinion recorded and awarded: every bidder told, the 14-day standstill running. A second
 * tender (office furniture) is open for bids. Made through the services on a clock set back 30 days; runs
 * once, after the RFQ demo (whose committee already has opening keys).
 */
export async function seedDemoTendering(deps: AppDeps): Promise<boolean> {
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
    .select({ id: tenderingTenders.id })
    .from(tenderingTenders)
    .where(eq(tenderingTenders.organisationId, harambee.id))
    .limit(1);
  if (existing) return false;
  const listed = await db
    .select({ id: buyerSuppliers.supplierId, name: organisations.name })
    .from(buyerSuppliers)
    .innerJoin(organisations, eq(organisations.id, buyerSuppliers.supplierId))
    .where(and(eq(buyerSuppliers.buyerId, harambee.id), eq(buyerSuppliers.status, 'active')))
    .orderBy(organisations.name);
  if (listed.length < 2) return false;

  let now = Date.now() - 30 * 86_400_000;
  const clock = { now: () => new Date(now) };
  const services = createServices({ ...deps, clock });
  const principalOf = async (email: string, supplier = false): Promise<Principal | null> => {
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
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
  const committee = (
    await Promise.all(
      ['owner@zabuni.example', 'finance@zabuni.example', 'requester@zabuni.example'].map((e) =>
        principalOf(e),
      ),
    )
  ).filter((p): p is Principal => p !== null);
  if (committee.length < 3) return false;
  for (const member of committee) {
    const status = await services.rfqs.openingKeyStatus(member);
    if (!status.has_key)
      await services.rfqs.setOpeningKey(member, { passphrase: DEMO_OPENING_PASSPHRASE }, null);
  }
  const form = (title: string, description: string, estimate: string, closingInDays: number) => ({
    title,
    description,
    method: 'open_tender' as const,
    category: 'works' as const,
    currency: 'KES',
    estimate,
    bid_security: '40000.00',
    pass_mark: 70,
    closing_at: new Date(now + closingInDays * 86_400_000).toISOString(),
    agpo_reserved: false,
    committee: committee.map((m) => m.userId),
    quorum: 3,
    invited_suppliers: [],
  });
  const tender = await services.tendering.create(
    amina,
    form(
      'Refurbishment of the Eldoret branch',
      'Partitioning, electrical rewiring, a new banking hall counter and painting of the Eldoret branch (about 420 m²). Works within 10 weeks of the contract.',
      '8500000.00',
      15,
    ),
    null,
  );
  await services.tendering.publish(amina, tender.id, null);
  now += 86_400_000;
  const supplierPrincipal = async (supplierId: number) => {
    const [member] = await db
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.organisationId, supplierId))
      .limit(1);
    return member ? principalOf(member.email.toLowerCase(), true) : null;
  };
  const bids: Array<[string, string]> = [
    ['7940000.00', 'Eight weeks, our own electricians (NCA 4 licence), two similar branches done in 2025.'],
    ['7420000.00', 'Ten weeks with subcontracted electrical works; references on request.'],
    ['8130000.00', 'Nine weeks; NCA 3 contractor, site manager full-time, five bank branches in 2024–2026.'],
  ];
  const bidders: number[] = [];
  for (const [index, supplier] of listed.slice(0, 3).entries()) {
    const principal = await supplierPrincipal(supplier.id);
    if (!principal) continue;
    const [price, summary] = bids[index]!;
    await services.tendering.submitBid(
      principal,
      tender.id,
      {
        technical_summary: summary,
        price,
        security: {
          kind: 'bank guarantee',
          issuer: 'KCB Bank',
          reference: `BG-ELD-${index + 1}`,
          amount: '50000.00',
        },
        agpo_certificate: index === 2 ? 'AGPO/2026/00417' : null,
      },
      null,
    );
    bidders.push(supplier.id);
    now += 3_600_000;
  }
  if (bidders.length < 2) return false;
  now = Date.now() - 14 * 86_400_000;
  for (const member of committee)
    await services.tendering.confirmOpening(member, tender.id, 'technical', DEMO_OPENING_PASSPHRASE, null);
  const opened = await services.tendering.get(amina, tender.id);
  // The second bidder's method falls short of the pass mark; the others pass.
  const scores = [82, 58, 76];
  now += 5 * 86_400_000;
  for (const [m, member] of committee.entries()) {
    await services.tendering.saveEvaluation(member, tender.id, {
      scores: opened.bid_list.map((bid, index) => ({
        bid_id: bid.id,
        preliminary_pass: true,
        technical_score: (scores[index] ?? 75) + m,
        comment: '',
      })),
    });
    await services.tendering.submitEvaluation(member, tender.id, null);
  }
  now += 86_400_000;
  for (const member of committee)
    await services.tendering.confirmOpening(member, tender.id, 'financial', DEMO_OPENING_PASSPHRASE, null);
  await services.tendering.report(
    amina,
    tender.id,
    {
      evaluation_report:
        'Three bids received and opened at closing. Two passed the technical evaluation (pass mark 70); the financial envelopes of those two were opened and the lowest evaluated price is recommended.',
      professional_opinion:
        'The procurement followed the open tender method under the Act; the recommended award is within the approved budget. I concur with the evaluation committee.',
    },
    null,
  );
  now = Date.now() - 3_600_000;
  const evaluated = await services.tendering.get(amina, tender.id);
  const winner = evaluated.bid_list.find((b) => b.financial_rank === 1)!;
  await services.tendering.award(amina, tender.id, winner.id, null);
  // A second tender, open for bids (closing in three weeks).
  now = Date.now() - 86_400_000;
  const open = await services.tendering.create(
    amina,
    form(
      'Office furniture for the Nakuru branch',
      'Desks, chairs, filing cabinets and a 12-seat meeting table; delivery and assembly included.',
      '2400000.00',
      22,
    ),
    null,
  );
  await services.tendering.publish(amina, open.id, null);
  return true;
}
