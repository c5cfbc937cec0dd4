import { and, eq, sql } from 'drizzle-orm';
import { createServices, type AppDeps } from '../app.ts';
import type { Principal } from '../infra/auth.ts';
import { users } from '../schema/authentication.tables.ts';
import { categories } from '../schema/core.tables.ts';
import { departments } from '../schema/departments.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../schema/organisations.tables.ts';
import { rfqs } from '../schema/rfqs.tables.ts';
import { DEMO_BUYER_EMAIL, DEMO_BUYER_ORGANISATIONS } from './demo-tenders.ts';

/** The demo committee's opening passphrase (README): Grace and Daniel open Harambee's RFQs with it. */
export const DEMO_OPENING_PASSPHRASE = 'zabuni-demo-opening';

/**
 * Issue 20 demo data for Harambee Savings Sacco: an RFQ for branch laptops and toner to its suppliers, sealed
 * quotes (one supplier declining a line), opened by Grace and Daniel with their opening passphrases, and
 * awarded split across two suppliers: two draft purchase orders and the savings in the report. Made through
 * the services with a clock that starts ten days ago, so the closing has passed when the committee opens it.
 * The laptops' supplier gets a draft contract from the award (issue 22). Runs once, after the orders and
 * contracts demos.
 */
export async function seedDemoRfqs(deps: AppDeps): Promise<boolean> {
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
    .select({ id: rfqs.id })
    .from(rfqs)
    .where(eq(rfqs.organisationId, harambee.id))
    .limit(1);
  if (existing) return false;
  const listed = await db
    .select({ id: buyerSuppliers.supplierId, name: organisations.name })
    .from(buyerSuppliers)
    .innerJoin(organisations, eq(organisations.id, buyerSuppliers.supplierId))
    .where(and(eq(buyerSuppliers.buyerId, harambee.id), eq(buyerSuppliers.status, 'active')))
    .orderBy(organisations.name);
  const [ict] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.organisationId, harambee.id), eq(departments.code, 'ICT')));
  if (listed.length < 2 || !ict) return false;

  // Ten days ago: created and published, quoted, closed three days later; opened and awarded now.
  let now = Date.now() - 10 * 86_400_000;
  const clock = { now: () => new Date(now) };
  const services = createServices({ ...deps, clock });
  const principalOf = async (email: string, supplier = false): Promise<Principal> => {
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
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
  const daniel = await principalOf('finance@zabuni.example');
  for (const member of [grace, daniel]) {
    const status = await services.rfqs.openingKeyStatus(member);
    if (!status.has_key)
      await services.rfqs.setOpeningKey(member, { passphrase: DEMO_OPENING_PASSPHRASE }, null);
  }
  const categoryOf = async (name: string) =>
    (await db.select({ id: categories.id }).from(categories).where(eq(categories.name, name)))[0]?.id ??
    (await db.select({ id: categories.id }).from(categories).limit(1))[0]!.id;
  const hardware = await categoryOf('ICT Hardware and Accessories');
  const suppliers = listed.slice(0, 3);
  const rfq = await services.rfqs.create(
    amina,
    {
      title: 'Branch laptops and toner',
      currency: 'KES',
      closing_at: new Date(now + 3 * 86_400_000).toISOString(),
      department_id: ict.id,
      terms: 'Delivery to Harambee House within 30 days of the order; one-year warranty on laptops.',
      committee: [grace.userId, daniel.userId],
      quorum: 2,
      suppliers: suppliers.map((s) => s.id),
      lines: [
        {
          description: 'Laptop, 14", 16 GB RAM, 512 GB SSD',
          category_id: hardware,
          quantity: '12',
          unit: 'each',
          estimated_unit_price: '95000.00',
        },
        {
          description: 'Toner cartridge, HP 26A',
          category_id: hardware,
          quantity: '40',
          unit: 'each',
          estimated_unit_price: '9800.00',
        },
      ],
    },
    null,
  );
  await services.rfqs.publish(amina, rfq.id, null);
  now += 86_400_000;
  // Every listed supplier quotes through its own organisation's grant (the demo supplier has a sign-in).
  const supplierPrincipal = async (supplierId: number) => {
    const [member] = await db
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.organisationId, supplierId))
      .limit(1);
    return member ? principalOf(member.email.toLowerCase(), true) : null;
  };
  const prices: Array<[string, string | null]> = [
    ['86500.00', '9150.00'],
    ['84900.00', null],
    ['91200.00', '8990.00'],
  ];
  for (const [index, supplier] of suppliers.entries()) {
    const principal = await supplierPrincipal(supplier.id);
    if (!principal) continue;
    const [laptop, toner] = prices[index]!;
    await services.rfqs.submitQuote(
      principal,
      rfq.id,
      {
        decline: false,
        lines: [
          { line_no: 1, unit_price: laptop },
          { line_no: 2, unit_price: toner },
        ],
        delivery_days: 21 + index * 7,
        validity_days: 60,
        notes: '',
        documents: [],
      },
      null,
    );
    now += 3_600_000;
  }
  now = Date.now();
  await services.rfqs.confirmOpening(grace, rfq.id, DEMO_OPENING_PASSPHRASE, null);
  await services.rfqs.confirmOpening(daniel, rfq.id, DEMO_OPENING_PASSPHRASE, null);
  // Laptops to the lowest; toner to the lowest who priced it (the other declined that line).
  const comparison = await services.rfqs.comparison(amina, rfq.id);
  const lowest = (lineNo: number) =>
    comparison.lines.find((l) => l.line_no === lineNo)!.quotes.find((q) => q.lowest)!.supplier.id;
  await services.rfqs.award(
    amina,
    rfq.id,
    {
      allocations: [
        { line_no: 1, supplier_id: lowest(1), quantity: '12' },
        { line_no: 2, supplier_id: lowest(2), quantity: '40' },
      ],
    },
    null,
  );
  // Issue 22: the laptops' contract drafted from the award with the contracts demo's template (when that demo
  // ran first, as `npm start` runs it): linked to the award, its items and value with tax filled in.
  const template = (await services.contracts.listTemplates(amina)).find(
    (t) => t.active && t.name === 'Services agreement',
  );
  if (template)
    await services.rfqs.draftContract(
      amina,
      rfq.id,
      { supplier_id: lowest(1), template_id: template.id },
      null,
    );
  return true;
}
