import { workflowRuleForm } from '@zabuni/contracts';
import { addDays, eatDay } from '@zabuni/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { createServices, type AppDeps } from '../app.ts';
import type { Principal } from '../infra/auth.ts';
import { users } from '../schema/authentication.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../schema/organisations.tables.ts';
import { risks } from '../schema/risk.tables.ts';
import { DEMO_SUPPLIER_EMAIL } from './demo-orders.ts';
import { DEMO_STAFF } from './demo-p2p.ts';
import { DEMO_BUYER_EMAIL, DEMO_BUYER_ORGANISATIONS } from './demo-tenders.ts';

/**
 * Issue 23 demo data for Harambee Savings Sacco, made through the risk service as its people would: a
 * populated register (ratings across the heat map, treatments, one overdue, one risk waiting for acceptance
 * under a risk-acceptance workflow), critical services with their BIA, suppliers and tested continuity plans
 * (one single-sourced), an outsourcing register (one review falling due), the demo supplier's financial
 * statements answered in the portal and scored (which raises a threshold risk), and a due-diligence
 * questionnaire waiting in the supplier's portal. Runs once, after the orders demo.
 */
export async function seedDemoRisk(deps: AppDeps): Promise<boolean> {
  const { db } = deps.database;
  const [buyerUser] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_BUYER_EMAIL}`);
  const [supplierUser] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_SUPPLIER_EMAIL}`);
  const [ownerUser] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_STAFF[1].email}`);
  if (!buyerUser || !supplierUser || !ownerUser) return false;
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
  const [supplier] = await db
    .select({ id: memberships.organisationId })
    .from(memberships)
    .where(and(eq(memberships.userId, supplierUser.id), eq(memberships.role, 'supplier_admin')));
  if (!harambee || !supplier) return false;
  const [existing] = await db
    .select({ id: risks.id })
    .from(risks)
    .where(eq(risks.organisationId, harambee.id))
    .limit(1);
  if (existing) return false;
  const others = await db
    .select({ id: buyerSuppliers.supplierId, name: organisations.name })
    .from(buyerSuppliers)
    .innerJoin(organisations, eq(organisations.id, buyerSuppliers.supplierId))
    .where(and(eq(buyerSuppliers.buyerId, harambee.id), ne(buyerSuppliers.supplierId, supplier.id)))
    .limit(3);

  const services = createServices(deps);
  // The demo buyer manages risk too (README: amina signs in as the risk officer in the demo).
  const hasRiskOfficer = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, buyerUser.id),
        eq(memberships.organisationId, harambee.id),
        eq(memberships.role, 'risk_officer'),
      ),
    );
  if (hasRiskOfficer.length === 0)
    await db.transaction(async (tx) => {
      await services.organisations.addMember(tx, buyerUser.id, harambee.id, 'risk_officer');
      // Grace is a risk officer too: she decides what Amina raises for a high-risk supplier (see below).
      await services.organisations.addMember(tx, ownerUser.id, harambee.id, 'risk_officer');
    });
  const principalOf = async (userId: number): Promise<Principal> => {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const access = await services.organisations.accessOf(userId);
    return {
      userId,
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
  const amina = await principalOf(buyerUser.id);
  const achieng = await principalOf(supplierUser.id);
  const { risk } = services;
  const today = eatDay(new Date());
  const day = (n: number) => addDays(today, n);

  // The register: ratings spread over the heat map.
  const register = [
    {
      title: 'Core banking hosting depends on one data centre',
      category: 'operational',
      cause: 'A single hosting provider runs the core banking system',
      effect: 'Members cannot transact during an outage',
      supplier_id: supplier.id,
      inherent: { likelihood: 4, impact: 5 },
      residual: { likelihood: 3, impact: 4 },
      treatments: [
        { action: 'Contract a secondary hosting site in Mombasa', due_on: day(-5), status: 'in_progress' },
        { action: 'Test failover every quarter', due_on: day(40) },
      ],
    },
    {
      title: 'Card scheme fraud losses',
      category: 'financial',
      cause: 'Card-not-present fraud is rising',
      effect: 'Direct losses and chargebacks',
      inherent: { likelihood: 4, impact: 4 },
      residual: { likelihood: 2, impact: 4 },
      treatments: [{ action: 'Turn on 3-D Secure for every card', due_on: day(20), status: 'done' }],
    },
    {
      title: 'Member data exposed by a vendor',
      category: 'information_security',
      cause: 'Vendors process member data without encryption at rest',
      effect: 'Breach of the Data Protection Act, fines, loss of trust',
      supplier_id: others[0]?.id ?? supplier.id,
      inherent: { likelihood: 3, impact: 5 },
      residual: { likelihood: 2, impact: 5 },
      treatments: [{ action: 'Data-processing agreements with every vendor', due_on: day(-12) }],
    },
    {
      title: 'Late SASRA returns',
      category: 'compliance',
      cause: 'Returns are compiled by hand',
      effect: 'Regulatory penalties',
      inherent: { likelihood: 3, impact: 3 },
      residual: { likelihood: 2, impact: 2 },
      treatments: [],
    },
    {
      title: 'Fuel price swings on branch generators',
      category: 'supply_chain',
      cause: 'Frequent power cuts in upcountry branches',
      effect: 'Running costs above budget',
      inherent: { likelihood: 4, impact: 2 },
      residual: null,
      treatments: [],
    },
    {
      title: 'Reputation damage from loan recovery practices',
      category: 'reputational',
      cause: 'Collection agents act without oversight',
      effect: 'Complaints and negative press',
      inherent: { likelihood: 2, impact: 4 },
      residual: { likelihood: 1, impact: 3 },
      treatments: [],
    },
    {
      title: 'Key ICT staff leave',
      category: 'strategic',
      cause: 'Two people know the core system',
      effect: 'Changes stall, incidents last longer',
      inherent: { likelihood: 3, impact: 4 },
      residual: { likelihood: 3, impact: 4 },
      treatments: [{ action: 'Document the core system runbooks', due_on: day(30) }],
    },
  ] as const;
  const created: number[] = [];
  for (const entry of register) {
    const { treatments, ...form } = entry;
    const saved = await risk.create(
      amina,
      {
        ...form,
        cause: form.cause,
        effect: form.effect,
        owner_id: buyerUser.id,
        inherent: { ...form.inherent },
        residual: form.residual ? { ...form.residual } : null,
      },
      null,
    );
    created.push(saved.id);
    for (const treatment of treatments) {
      const withStatus = treatment as {
        action: string;
        due_on: string;
        status?: 'planned' | 'in_progress' | 'done';
      };
      await risk.addTreatment(
        amina,
        saved.id,
        {
          action: withStatus.action,
          due_on: withStatus.due_on,
          owner_id: buyerUser.id,
          status: withStatus.status,
        },
        null,
      );
    }
  }
  // A score changed after a control was added: the history shows it.
  await risk.update(
    amina,
    created[1]!,
    { residual: { likelihood: 1, impact: 4 }, note: '3-D Secure live on every card' },
    null,
  );

  // Acceptance above appetite goes to the budget owner under a risk-acceptance workflow.
  await services.approvalWorkflows.create(
    amina,
    workflowRuleForm.parse({
      name: 'Risk acceptance',
      document_type: 'risk_acceptance',
      steps: [{ mode: 'any', approvers: [{ kind: 'role', role: 'approver' }] }],
    }),
    null,
  );
  // The supplier risk profile as an input to approval (issue 23): an order to a supplier in the high risk band
  // or above asks a risk officer (Amina raises orders, so Grace decides them).
  await services.approvalWorkflows.create(
    amina,
    workflowRuleForm.parse({
      name: 'Orders to high-risk suppliers: risk officer',
      document_type: 'purchase_order',
      priority: 10,
      min_supplier_risk_band: 'high',
      steps: [
        {
          mode: 'any',
          approvers: [{ kind: 'role', role: 'risk_officer' }],
        },
      ],
    }),
    null,
  );
  await risk.requestAcceptance(
    amina,
    created[6]!,
    'Hiring and training take a year; the runbooks reduce the impact meanwhile.',
    null,
  );

  // Business continuity.
  const payments = await risk.saveService(
    amina,
    null,
    {
      name: 'Mobile banking and M-Pesa transfers',
      description: 'Members move money between their accounts and M-Pesa',
      owner_id: buyerUser.id,
      mtd_hours: 8,
      rto_hours: 4,
      rpo_hours: 1,
      impact_notes: 'Half of all transactions; complaints within the hour',
      suppliers: [{ supplier_id: supplier.id, role: 'primary' }],
    },
    null,
  );
  const branches = await risk.saveService(
    amina,
    null,
    {
      name: 'Branch cash services',
      description: 'Deposits and withdrawals at the branches',
      owner_id: buyerUser.id,
      mtd_hours: 24,
      rto_hours: 8,
      rpo_hours: 4,
      impact_notes: '',
      suppliers: [
        { supplier_id: supplier.id, role: 'primary' },
        ...others.slice(0, 1).map((o) => ({ supplier_id: o.id, role: 'alternate' as const })),
      ],
    },
    null,
  );
  await risk.savePlan(
    amina,
    null,
    {
      service_id: payments.id,
      supplier_id: supplier.id,
      alternates: 'USSD channel through a second aggregator',
      stock: '',
      exit_plan: 'Move the integration to the second aggregator within 30 days',
      last_tested_on: day(-60),
      test_result: 'partial',
      test_notes: 'Failover took 5 hours against an RTO of 4',
      next_test_on: day(30),
    },
    null,
  );
  await risk.savePlan(
    amina,
    null,
    {
      service_id: branches.id,
      supplier_id: supplier.id,
      alternates: others[0]?.name ?? 'A second cash-in-transit company',
      stock: 'Two days of branch stationery and cash bags',
      exit_plan: 'Notice of 90 days; the alternate takes over the routes',
      last_tested_on: day(-20),
      test_result: 'passed',
      test_notes: '',
      next_test_on: day(160),
    },
    null,
  );

  // Outsourcing register: the core banking hosting is material; its review falls due within the month.
  await risk.saveArrangement(
    amina,
    null,
    {
      service: 'Core banking hosting',
      supplier_id: supplier.id,
      contract_id: null,
      materiality: {
        critical_function: true,
        customer_data: true,
        data_offshore: false,
        disruption_impact: 5,
        substitutability: 'difficult',
        above_value_threshold: true,
      },
      data_location: 'Nairobi (primary), Mombasa (backup)',
      subcontractors: 'Power and cooling by the data centre operator',
      exit_strategy: 'Migrate to the secondary site and a new host within 6 months',
      annual_value: '18000000.00',
      currency: 'KES',
      owner_id: buyerUser.id,
      started_on: addDays(today, -700),
      last_reviewed_on: addDays(today, -345),
      next_review_on: day(20),
    },
    null,
  );
  if (others[0])
    await risk.saveArrangement(
      amina,
      null,
      {
        service: 'Payroll processing',
        supplier_id: others[0].id,
        contract_id: null,
        materiality: {
          critical_function: false,
          customer_data: false,
          data_offshore: true,
          disruption_impact: 2,
          substitutability: 'easy',
          above_value_threshold: false,
        },
        data_location: 'Johannesburg, South Africa',
        subcontractors: '',
        exit_strategy: 'Bring payroll back in-house',
        annual_value: '1200000.00',
        currency: 'KES',
        owner_id: buyerUser.id,
        started_on: addDays(today, -400),
        last_reviewed_on: addDays(today, -400),
        next_review_on: null,
      },
      null,
    );

  // The supplier's financial statements, answered in the portal and scored; a due-diligence questionnaire waits.
  const financial = await risk.sendQuestionnaire(
    amina,
    {
      supplier_id: supplier.id,
      kind: 'financial',
      message: 'Your audited statements for the last financial year, please.',
      due_on: day(14),
    },
    null,
  );
  await risk.answerQuestionnaire(
    achieng,
    financial.id,
    {
      financial: {
        fiscal_year: String(new Date().getUTCFullYear() - 1),
        currency: 'KES',
        current_assets: '4200000.00',
        inventory: '1500000.00',
        current_liabilities: '3800000.00',
        total_assets: '12500000.00',
        total_liabilities: '8100000.00',
        equity: '4400000.00',
        revenue: '30000000.00',
        net_income: '450000.00',
      },
    },
    null,
  );
  await risk.sendQuestionnaire(
    amina,
    {
      supplier_id: supplier.id,
      kind: 'due_diligence',
      message: 'Annual due diligence for the core banking hosting.',
      due_on: day(21),
    },
    null,
  );
  await risk.evaluateThresholds(amina);
  return true;
}
