import { hash as argonHash, type Algorithm } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import { createServices, type AppDeps } from '../app.ts';
import type { Principal } from '../infra/auth.ts';
import { users } from '../schema/authentication.tables.ts';
import { categories } from '../schema/core.tables.ts';
import { departments } from '../schema/departments.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../schema/organisations.tables.ts';
import { purchaseOrders } from '../schema/purchase-orders.tables.ts';
import { requisitionLines, requisitions } from '../schema/requisitions.tables.ts';
import { DEMO_BUYER_EMAIL, DEMO_BUYER_ORGANISATIONS, DEMO_PASSWORD } from './demo-tenders.ts';

/** The demo supplier's sign-in (README): its portal shows Harambee's orders, invoices and statement. */
export const DEMO_SUPPLIER_EMAIL = 'supplier@zabuni.example';

const nairobiToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

/**
 * Issue 7 demo data for Harambee Savings Sacco, made through the services as its people would: two
 * suppliers (one with a portal sign-in), purchase orders in each state, goods received in full and in
 * part, a matched and paid invoice, an over-billed one in the exception queue, and matching tolerances.
 * Runs once: when the procure-to-pay demo exists and the demo organisation has no purchase order yet.
 */
export async function seedDemoOrders(deps: AppDeps): Promise<boolean> {
  const { db } = deps.database;
  const [buyerUser] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_BUYER_EMAIL}`);
  if (!buyerUser) return false;
  const [harambee] = await db
    .select({ id: organisations.id, name: organisations.name })
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
  const [hasDepartments] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(eq(departments.organisationId, harambee.id))
    .limit(1);
  const [hasOrders] = await db
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.organisationId, harambee.id))
    .limit(1);
  if (!hasDepartments || hasOrders) return false;

  const services = createServices(deps);
  const principalOf = async (email: string): Promise<Principal> => {
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
      grants: access.grants,
      twoFactorPending: false,
      buyerCompanyId: harambee.id,
      via: 'bearer',
    };
  };
  const amina = await principalOf(DEMO_BUYER_EMAIL);
  const grace = await principalOf('owner@zabuni.example');
  const daniel = await principalOf('finance@zabuni.example');
  const peter = await principalOf('requester@zabuni.example');

  // The supplier with a portal sign-in, listed by both demo organisations; and one without.
  const passwordHash = await argonHash(DEMO_PASSWORD, {
    algorithm: 2 as Algorithm,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  const savannah = await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organisations)
      .values({
        kind: 'supplier',
        name: 'Savannah Office Supplies Ltd',
        countryIso2: 'KE',
        email: DEMO_SUPPLIER_EMAIL,
        phone: '+254 722 000 111',
        taxPin: 'P051234567X',
        contactPerson: 'Achieng Odhiambo',
      })
      .returning({ id: organisations.id });
    const [user] = await tx
      .insert(users)
      .values({
        email: DEMO_SUPPLIER_EMAIL,
        username: DEMO_SUPPLIER_EMAIL,
        firstName: 'Achieng',
        lastName: 'Odhiambo',
        passwordHash,
        isActive: true,
      })
      .returning({ id: users.id });
    await tx
      .insert(memberships)
      .values({ userId: user!.id, organisationId: org!.id, role: 'supplier_admin' });
    const buyers = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(
        sql`${organisations.kind} = 'buyer' AND ${organisations.name} IN (${DEMO_BUYER_ORGANISATIONS[0][0]}, ${DEMO_BUYER_ORGANISATIONS[1][0]})`,
      );
    await tx
      .insert(buyerSuppliers)
      .values(buyers.map((b) => ({ buyerId: b.id, supplierId: org!.id, paymentTermsDays: 30 })))
      .onConflictDoNothing();
    return org!.id;
  });
  const riftValley = await services.suppliers.invite(
    amina,
    {
      name: 'Rift Valley IT Solutions',
      email: 'sales@riftvalley-it.example',
      first_name: 'Kiprono',
      last_name: 'Langat',
      country: 'KE',
      category_ids: [],
      payment_terms_days: 45,
    },
    null,
  );
  const savannahUser = await principalOf(DEMO_SUPPLIER_EMAIL);
  const supplierPrincipal: Principal = { ...savannahUser, buyerCompanyId: harambee.id };

  await services.matchingSettings.put(
    amina,
    {
      organisation: {
        level: 'three_way',
        price: { percent: '2.00', absolute: '500.00', combine: 'either' },
        quantity: { percent: '0.00', absolute: null, combine: 'either' },
        total: { percent: '1.00', absolute: null, combine: 'either' },
      },
      overrides: [],
    },
    null,
  );

  const [dept] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.organisationId, harambee.id), eq(departments.code, 'OPS')));
  const categoryOf = async (name: string) =>
    (await db.select({ id: categories.id }).from(categories).where(eq(categories.name, name)))[0]?.id ??
    (await db.select({ id: categories.id }).from(categories).limit(1))[0]!.id;
  const stationery = await categoryOf('Office Supplies and Stationery');
  const direct = (title: string, lines: Array<[string, string, string]>, supplierId = savannah) => ({
    supplier_id: supplierId,
    justification: title,
    currency: 'KES',
    delivery_address: 'Harambee House, Kenyatta Avenue, Nairobi',
    delivery_date: null,
    lines: lines.map(([description, quantity, unitPrice]) => ({
      description,
      category_id: stationery,
      department_id: dept!.id,
      quantity,
      unit: 'each',
      unit_price: unitPrice,
      requisition_line_id: null,
      tax_rate_id: null,
    })),
  });
  const route = async (id: number, upTo: 'submitted' | 'approved' | 'sent' | 'acknowledged') => {
    await services.purchaseOrders.submit(amina, id, null);
    if (upTo === 'submitted') return;
    await services.purchaseOrders.decide(grace, id, 'approved', {}, null);
    if (upTo === 'approved') return;
    await services.purchaseOrders.send(amina, id, null);
    if (upTo === 'sent') return;
    await services.purchaseOrders.respond(supplierPrincipal, savannah, id, 'acknowledge', undefined, null);
  };

  // 1. The approved "Network switches" requisition, ordered from Rift Valley, received, invoiced, part-paid.
  const [switches] = await db
    .select({ line: requisitionLines })
    .from(requisitionLines)
    .innerJoin(requisitions, eq(requisitions.id, requisitionLines.requisitionId))
    .where(
      and(
        eq(requisitions.organisationId, harambee.id),
        eq(requisitions.title, 'Network switches for head office'),
      ),
    );
  if (switches) {
    const lines = await db
      .select()
      .from(requisitionLines)
      .where(eq(requisitionLines.requisitionId, switches.line.requisitionId));
    const order = await services.purchaseOrders.create(
      amina,
      {
        supplier_id: riftValley.id,
        justification: '',
        currency: 'KES',
        delivery_address: 'Harambee House, Kenyatta Avenue, Nairobi',
        delivery_date: null,
        lines: lines.map((line) => ({
          requisition_line_id: line.id,
          description: line.description,
          category_id: line.categoryId,
          department_id: line.departmentId,
          quantity: String(line.quantityThousandths / 1000),
          unit: line.unit,
          unit_price: String(line.unitPriceMinor / 100),
          tax_rate_id: null,
        })),
      },
      null,
    );
    await services.purchaseOrders.submit(amina, order.id, null);
    await services.purchaseOrders.decide(grace, order.id, 'approved', {}, null);
    await services.purchaseOrders.send(amina, order.id, null);
    await services.goodsReceipts.receive(
      peter,
      order.id,
      {
        received_on: nairobiToday(),
        note: 'Delivered to the server room',
        lines: order.lines.map((line) => ({
          purchase_order_line_id: line.id,
          received: line.quantity,
          accepted: line.quantity,
          rejected: '0',
          rejection_reason: '',
        })),
      },
      null,
    );
    // Rift Valley sends its invoice from the portal; finance approves it (finance may not approve an
    // invoice it entered itself: segregation of duties).
    const riftValleyUser: Principal = {
      ...(await principalOf('sales@riftvalley-it.example')),
      buyerCompanyId: harambee.id,
    };
    const invoice = await services.invoices.submit(
      riftValleyUser,
      {
        purchase_order_id: order.id,
        invoice_number: 'RV-2026-118',
        invoice_date: nairobiToday(),
        lines: order.lines.map((line) => ({
          purchase_order_line_id: line.id,
          description: line.description,
          quantity: line.quantity,
          unit_price: line.unit_price,
        })),
      },
      riftValley.id,
      null,
    );
    await services.invoices.approve(daniel, invoice.id, null);
    await services.invoices.recordPayment(
      daniel,
      {
        invoice_id: invoice.id,
        reference: 'EFT-HSS-20418',
        paid_on: nairobiToday(),
        amount: '200000.00',
        method: 'bank_transfer',
      },
      null,
    );
  }

  // 2. Stationery from Savannah: acknowledged, received in part, over-billed: in the exception queue.
  const stationeryOrder = await services.purchaseOrders.create(
    amina,
    direct('Quarterly stationery contract call-off', [
      ['A4 paper, 80 g, box of 5 reams', '10', '2950'],
      ['Blue ballpoint pens, box of 50', '4', '1200'],
    ]),
    null,
  );
  await route(stationeryOrder.id, 'acknowledged');
  await services.goodsReceipts.receive(
    peter,
    stationeryOrder.id,
    {
      received_on: nairobiToday(),
      note: 'Two boxes of paper damaged by rain',
      lines: [
        {
          purchase_order_line_id: stationeryOrder.lines[0]!.id,
          received: '8',
          accepted: '6',
          rejected: '2',
          rejection_reason: 'Boxes wet and torn',
        },
      ],
    },
    null,
  );
  await services.invoices.submit(
    supplierPrincipal,
    {
      purchase_order_id: stationeryOrder.id,
      invoice_number: 'SOS-INV-0457',
      invoice_date: nairobiToday(),
      lines: [
        {
          purchase_order_line_id: stationeryOrder.lines[0]!.id,
          description: 'A4 paper, 80 g, box of 5 reams',
          quantity: '8',
          unit_price: '2950',
        },
        {
          purchase_order_line_id: null,
          description: 'Delivery to Nairobi CBD',
          quantity: '1',
          unit_price: '1500',
        },
      ],
    },
    savannah,
    null,
  );

  // 3–5. An order sent and awaiting the supplier's answer, one awaiting approval, one still a draft.
  const toAnswer = await services.purchaseOrders.create(
    amina,
    direct('Branch opening supplies', [['Whiteboard markers, box of 12', '6', '850']]),
    null,
  );
  await route(toAnswer.id, 'sent');
  const pending = await services.purchaseOrders.create(
    amina,
    direct('Printer paper for the Nakuru branch', [['A4 paper, 80 g, box of 5 reams', '20', '2950']]),
    null,
  );
  await route(pending.id, 'submitted');
  await services.purchaseOrders.create(
    amina,
    direct('Filing cabinets', [['Four-drawer steel filing cabinet', '3', '18500']]),
    null,
  );
  return true;
}
