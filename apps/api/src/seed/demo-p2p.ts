import { hash as argonHash, type Algorithm } from '@node-rs/argon2';
import type { WorkflowRuleForm } from '@zabuni/contracts';
import { lineAmountMinor, workflowProgress, type RecordedDecision, type Role } from '@zabuni/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../infra/database.ts';
import { createApprovalWorkflowsService } from '../modules/platform/setup/approval-workflows/approval-workflows.service.ts';
import { approvalWorkflowRules } from '../schema/approval-workflows.tables.ts';
import { createAuditService, type AuditAction } from '../modules/shared/audit/audit.service.ts';
import { users } from '../schema/authentication.tables.ts';
import { budgets } from '../schema/budgets.tables.ts';
import { categories } from '../schema/core.tables.ts';
import { departments } from '../schema/departments.tables.ts';
import { fiscalYears } from '../schema/fiscal-years.tables.ts';
import { createNumberingService } from '../modules/shared/numbering/numbering.service.ts';
import { memberships, organisations } from '../schema/organisations.tables.ts';
import { requisitionDecisions, requisitionLines, requisitions } from '../schema/requisitions.tables.ts';
import { DEMO_BUYER_EMAIL, DEMO_BUYER_ORGANISATIONS, DEMO_PASSWORD } from './demo-tenders.ts';

/** Demo colleagues of the demo buyer, so each approval role has someone to sign in as (README). */
export const DEMO_STAFF = [
  { email: 'requester@zabuni.example', firstName: 'Peter', lastName: 'Otieno', roles: ['requester'] },
  {
    email: 'owner@zabuni.example',
    firstName: 'Grace',
    lastName: 'Njeri',
    roles: ['budget_owner', 'approver'],
  },
  {
    email: 'finance@zabuni.example',
    firstName: 'Daniel',
    lastName: 'Kiprop',
    roles: ['finance', 'budget_exception_approver'],
  },
] as const satisfies ReadonlyArray<{
  email: string;
  firstName: string;
  lastName: string;
  roles: readonly Role[];
}>;

type Person = 'buyer' | 'requester' | 'owner' | 'finance';

interface DemoDepartment {
  code: string;
  name: string;
  owner: Person;
  /** Annual budget in KES for all categories; null: no budget. */
  budget: number | null;
  control: 'stop' | 'warn' | 'ignore';
}

type Outcome =
  | { state: 'draft' }
  | { state: 'cancelled' }
  /** Submitted, with the first `approvedSteps` steps approved. */
  | { state: 'submitted'; approvedSteps: number }
  | { state: 'approved' }
  | { state: 'rejected'; comment: string }
  | { state: 'returned'; comment: string };

interface DemoRequisition {
  title: string;
  justification: string;
  requester: Person;
  department: string;
  category: string;
  lines: ReadonlyArray<readonly [description: string, quantity: string, unit: string, unitPriceKes: number]>;
  daysAgo: number;
  outcome: Outcome;
}

interface DemoOrganisation {
  departments: DemoDepartment[];
  rules: Array<
    Omit<WorkflowRuleForm, 'currency' | 'department_ids' | 'category_ids' | 'active' | 'priority'>
  >;
  requisitions: DemoRequisition[];
}

const HARAMBEE: DemoOrganisation = {
  departments: [
    {
      code: 'ICT',
      name: 'Information and Communication Technology',
      owner: 'owner',
      budget: 6_000_000,
      control: 'stop',
    },
    { code: 'OPS', name: 'Branch Operations', owner: 'owner', budget: 2_500_000, control: 'warn' },
    // Budgets are owned outside finance: finance is the second step of large requisitions, and segregation
    // of duties lets one person decide one step of a document only.
    { code: 'HR', name: 'Human Resources', owner: 'owner', budget: 1_200_000, control: 'warn' },
    { code: 'FIN', name: 'Finance and Treasury', owner: 'owner', budget: null, control: 'ignore' },
  ],
  rules: [
    {
      name: 'Small purchases (below KES 100,000)',
      document_type: 'requisition',
      min_amount: null,
      max_amount: '100000',
      steps: [{ mode: 'any', purpose: 'approval', approvers: [{ kind: 'role', role: 'approver' }] }],
    },
    {
      name: 'KES 100,000 and above',
      document_type: 'requisition',
      min_amount: '100000',
      max_amount: null,
      steps: [
        { mode: 'any', purpose: 'approval', approvers: [{ kind: 'budget_owner' }] },
        { mode: 'any', purpose: 'approval', approvers: [{ kind: 'role', role: 'finance' }] },
      ],
    },
  ],
  requisitions: [
    {
      title: 'Office chairs for the Nakuru branch',
      justification: 'The new Nakuru branch opens next month with twelve desks.',
      requester: 'requester',
      department: 'OPS',
      category: 'Furniture and Fittings',
      lines: [
        ['Ergonomic office chair, black mesh', '12', 'each', 14_500],
        ['Visitor chair, stackable', '6', 'each', 4_800],
      ],
      daysAgo: 1,
      outcome: { state: 'draft' },
    },
    {
      title: 'Laptops for loan officers',
      justification: 'Six loan officers still share two desktop machines; field appraisals need laptops.',
      requester: 'requester',
      department: 'ICT',
      category: 'ICT Hardware and Accessories',
      lines: [
        ['14-inch business laptop, 16 GB RAM, 512 GB SSD', '6', 'each', 98_000],
        ['Laptop bag with rain cover', '6', 'each', 3_500],
      ],
      daysAgo: 3,
      outcome: { state: 'submitted', approvedSteps: 0 },
    },
    {
      title: 'Core banking licence renewal',
      justification: 'Annual licence and support renewal due at the end of the month.',
      requester: 'buyer',
      department: 'ICT',
      category: 'ICT Software and Services',
      lines: [['Core banking annual licence and support', '1', 'year', 1_450_000]],
      daysAgo: 6,
      outcome: { state: 'submitted', approvedSteps: 1 },
    },
    {
      title: 'Network switches for head office',
      justification: 'Replace the end-of-life switches on floors 2 and 3.',
      requester: 'requester',
      department: 'ICT',
      category: 'ICT Hardware and Accessories',
      lines: [
        ['48-port managed PoE switch', '2', 'each', 165_000],
        ['Installation and configuration', '1', 'lot', 48_000],
      ],
      daysAgo: 20,
      outcome: { state: 'approved' },
    },
    {
      title: 'Staff team-building retreat',
      justification: 'Two-day retreat in Naivasha for the operations team.',
      requester: 'requester',
      department: 'HR',
      category: 'Training, Events and Travel',
      lines: [['Venue, meals and transport for 25 staff', '25', 'person', 11_000]],
      daysAgo: 15,
      outcome: { state: 'rejected', comment: 'Not in this year’s training plan; propose it for next year.' },
    },
    {
      title: 'Printer toner for branches',
      justification: 'Toner stock is down to two weeks.',
      requester: 'requester',
      department: 'OPS',
      category: 'Office Supplies and Stationery',
      lines: [['Toner cartridge, HP 89A', '10', 'each', 6_800]],
      daysAgo: 9,
      outcome: { state: 'returned', comment: 'Please attach the supplier quote and split by branch.' },
    },
    {
      title: 'Generator servicing',
      justification: 'Quarterly service of the branch generators.',
      requester: 'requester',
      department: 'OPS',
      category: 'Electrical and Mechanical Works',
      lines: [['Generator service, 3 sites', '3', 'visit', 18_000]],
      daysAgo: 25,
      outcome: { state: 'cancelled' },
    },
    {
      title: 'Stationery for the fourth quarter',
      justification: 'Routine quarterly stationery order.',
      requester: 'requester',
      department: 'OPS',
      category: 'Office Supplies and Stationery',
      lines: [
        ['A4 paper, 80 g, box of 5 reams', '10', 'box', 2_950],
        ['Blue ballpoint pens, box of 50', '4', 'box', 1_200],
      ],
      daysAgo: 2,
      outcome: { state: 'submitted', approvedSteps: 0 },
    },
    {
      title: 'Cleaning supplies',
      justification: 'Monthly cleaning supplies for head office.',
      requester: 'requester',
      department: 'OPS',
      category: 'Cleaning, Hygiene and Waste Management',
      lines: [['Cleaning supplies bundle', '1', 'lot', 32_400]],
      daysAgo: 1,
      outcome: { state: 'submitted', approvedSteps: 0 },
    },
  ],
};

const UMOJA: DemoOrganisation = {
  departments: [
    { code: 'ICT', name: 'Technology', owner: 'owner', budget: 12_000_000, control: 'stop' },
    { code: 'FAC', name: 'Facilities', owner: 'owner', budget: 4_000_000, control: 'warn' },
    { code: 'MKT', name: 'Marketing', owner: 'owner', budget: 3_000_000, control: 'warn' },
  ],
  rules: [
    {
      name: 'All requisitions: budget owner, then finance',
      document_type: 'requisition',
      min_amount: null,
      max_amount: null,
      steps: [
        { mode: 'any', purpose: 'approval', approvers: [{ kind: 'budget_owner' }] },
        { mode: 'any', purpose: 'approval', approvers: [{ kind: 'role', role: 'finance' }] },
      ],
    },
  ],
  requisitions: [
    {
      title: 'ATM lobby security cameras',
      justification: 'Cameras at four ATM lobbies are past their service life.',
      requester: 'requester',
      department: 'FAC',
      category: 'Security Services and Equipment',
      lines: [['IP camera with installation', '8', 'each', 42_000]],
      daysAgo: 4,
      outcome: { state: 'submitted', approvedSteps: 0 },
    },
    {
      title: 'Branded umbrellas for the customer week',
      justification: 'Customer service week giveaways.',
      requester: 'requester',
      department: 'MKT',
      category: 'Printing, Branding and Publishing',
      lines: [['Branded golf umbrella', '300', 'each', 950]],
      daysAgo: 12,
      outcome: { state: 'approved' },
    },
    {
      title: 'Data centre cooling upgrade',
      justification: 'Second precision cooling unit for redundancy.',
      requester: 'requester',
      department: 'ICT',
      category: 'Electrical and Mechanical Works',
      lines: [['Precision cooling unit, 20 kW, installed', '1', 'each', 2_350_000]],
      daysAgo: 8,
      outcome: { state: 'submitted', approvedSteps: 1 },
    },
    {
      title: 'Office partitioning, 5th floor',
      justification: 'Open-plan area for the new digital team.',
      requester: 'requester',
      department: 'FAC',
      category: 'Building and Civil Works',
      lines: [['Glass partitioning', '40', 'm²', 9_500]],
      daysAgo: 18,
      outcome: { state: 'returned', comment: 'Get a second quote before we decide.' },
    },
    {
      title: 'Radio advertising campaign',
      justification: 'Six-week campaign for the new mobile loan product.',
      requester: 'requester',
      department: 'MKT',
      category: 'Printing, Branding and Publishing',
      lines: [['Radio slots, 6 weeks', '6', 'week', 180_000]],
      daysAgo: 22,
      outcome: { state: 'rejected', comment: 'The campaign moves to next quarter.' },
    },
    {
      title: 'Replacement UPS batteries',
      justification: 'Batteries of the branch UPS units fail the monthly test.',
      requester: 'requester',
      department: 'ICT',
      category: 'ICT Hardware and Accessories',
      lines: [['UPS battery, 12 V 9 Ah', '40', 'each', 3_100]],
      daysAgo: 2,
      outcome: { state: 'draft' },
    },
    {
      title: 'Courier services for card delivery',
      justification: 'Duplicate of another request.',
      requester: 'requester',
      department: 'FAC',
      category: 'Logistics, Courier and Clearing',
      lines: [['Card courier, monthly', '1', 'month', 85_000]],
      daysAgo: 30,
      outcome: { state: 'cancelled' },
    },
  ],
};

/** The Kenyan fiscal year (1 July to 30 June) containing `now`. */
function fiscalYearOf(now: Date) {
  const nairobi = new Date(now.getTime() + 3 * 3_600_000);
  const start = nairobi.getUTCMonth() >= 6 ? nairobi.getUTCFullYear() : nairobi.getUTCFullYear() - 1;
  return {
    name: `FY ${start}/${String(start + 1).slice(2)}`,
    startsOn: `${start}-07-01`,
    endsOn: `${start + 1}-06-30`,
  };
}

/**
 * Procure-to-pay demo data for the demo buyer's two organisations: departments, a fiscal year, budgets,
 * approval workflows and requisitions in every state, with their decisions and audit trail, written the
 * way the services write them. Runs once: only when the demo buyer exists and its organisations have no
 * departments yet, so it never touches an organisation someone has set up.
 */
export async function seedDemoProcurement(db: Db, { now }: { now: Date }): Promise<boolean> {
  const passwordHash = await argonHash(DEMO_PASSWORD, {
    algorithm: 2 as Algorithm,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7231005)`);
    const [buyer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_BUYER_EMAIL}`);
    if (!buyer) return false;
    const orgs = [];
    for (const [name] of DEMO_BUYER_ORGANISATIONS) {
      const [row] = await tx
        .select({ id: organisations.id })
        .from(organisations)
        .innerJoin(memberships, eq(memberships.organisationId, organisations.id))
        .where(
          and(
            eq(organisations.name, name),
            eq(memberships.userId, buyer.id),
            eq(memberships.role, 'org_admin'),
          ),
        )
        .limit(1);
      if (!row) return false;
      orgs.push(row.id);
    }
    const [setUp] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(inArray(departments.organisationId, orgs))
      .limit(1);
    if (setUp) return false;

    const people: Record<Person, number> = { buyer: buyer.id, requester: 0, owner: 0, finance: 0 };
    for (const [key, staff] of [
      ['requester', DEMO_STAFF[0]],
      ['owner', DEMO_STAFF[1]],
      ['finance', DEMO_STAFF[2]],
    ] as const) {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${staff.email}`);
      people[key] =
        existing?.id ??
        (
          await tx
            .insert(users)
            .values({
              email: staff.email,
              username: staff.email,
              firstName: staff.firstName,
              lastName: staff.lastName,
              passwordHash,
              isActive: true,
            })
            .returning({ id: users.id })
        )[0]!.id;
      for (const organisationId of orgs) {
        await tx
          .insert(memberships)
          .values(staff.roles.map((role) => ({ userId: people[key], organisationId, role })))
          .onConflictDoNothing();
      }
    }

    const categoryRows = await tx.select({ id: categories.id, name: categories.name }).from(categories);
    const categoryId = (name: string) => (categoryRows.find((c) => c.name === name) ?? categoryRows[0]!).id;
    const [harambee, umoja] = orgs as [number, number];
    for (const [organisationId, plan] of [
      [harambee, HARAMBEE],
      [umoja, UMOJA],
    ] as const) {
      await seedOrganisation(db, tx, { organisationId, plan, people, categoryId, now });
    }
    return true;
  });
}

async function seedOrganisation(
  db: Db,
  tx: Tx,
  {
    organisationId,
    plan,
    people,
    categoryId,
    now,
  }: {
    organisationId: number;
    plan: DemoOrganisation;
    people: Record<Person, number>;
    categoryId: (name: string) => number;
    now: Date;
  },
) {
  let at = now;
  const clock = { now: () => at };
  // The services write through the transaction they are given; `db` is only their default.
  const audit = createAuditService({ db, clock });
  const workflows = createApprovalWorkflowsService({ db, audit, clock });
  const numbering = createNumberingService({ clock });
  const record = (action: AuditAction, actor: number, detail: Record<string, unknown>) =>
    audit.record(tx, { action, actorUserId: actor, organisationId, ip: null, detail });

  const year = fiscalYearOf(now);
  const [fiscalYear] = await tx
    .insert(fiscalYears)
    .values({ organisationId, ...year })
    .returning({ id: fiscalYears.id });
  const departmentIds = new Map<string, number>();
  for (const department of plan.departments) {
    const [row] = await tx
      .insert(departments)
      .values({
        organisationId,
        code: department.code,
        name: department.name,
        budgetOwnerUserId: people[department.owner],
      })
      .returning({ id: departments.id });
    departmentIds.set(department.code, row!.id);
    if (department.budget !== null) {
      await tx.insert(budgets).values({
        organisationId,
        fiscalYearId: fiscalYear!.id,
        departmentId: row!.id,
        categoryId: null,
        name: `${department.name} ${year.name}`,
        currency: 'KES',
        amountMinor: department.budget * 100,
        period: 'annual',
        controlRequisition: department.control,
        controlPurchaseOrder: department.control === 'ignore' ? 'warn' : 'stop',
        controlInvoice: 'warn',
      });
    }
  }
  await tx.insert(approvalWorkflowRules).values(
    plan.rules.map((rule, index) => ({
      organisationId,
      name: rule.name,
      documentType: rule.document_type,
      priority: (index + 1) * 10,
      currency: 'KES',
      minAmountMinor: rule.min_amount ? Number(rule.min_amount) * 100 : null,
      maxAmountMinor: rule.max_amount ? Number(rule.max_amount) * 100 : null,
      departmentIds: [],
      categoryIds: [],
      steps: rule.steps,
    })),
  );

  // Oldest first, so numbers rise with creation dates.
  for (const demo of [...plan.requisitions].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const created = new Date(now.getTime() - demo.daysAgo * 86_400_000);
    const later = (hours: number) => new Date(Math.min(now.getTime(), created.getTime() + hours * 3_600_000));
    at = created;
    const departmentId = departmentIds.get(demo.department)!;
    const lines = demo.lines.map(([description, quantity, unit, price], index) => ({
      lineNo: index + 1,
      description,
      categoryId: categoryId(demo.category),
      departmentId,
      quantityThousandths: Math.round(Number(quantity) * 1000),
      unit,
      unitPriceMinor: price * 100,
      amountMinor: lineAmountMinor(Math.round(Number(quantity) * 1000), price * 100),
      neededBy: new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
    }));
    const totalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
    const requester = people[demo.requester];
    const number = await numbering.next(tx, organisationId, 'requisition');
    const [row] = await tx
      .insert(requisitions)
      .values({
        organisationId,
        number,
        title: demo.title,
        justification: demo.justification,
        requesterUserId: requester,
        currency: 'KES',
        totalMinor,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: requisitions.id });
    const id = row!.id;
    await tx.insert(requisitionLines).values(lines.map((line) => ({ ...line, requisitionId: id })));
    await record('requisition.created', requester, {
      requisition_id: id,
      number,
      total_minor: totalMinor,
      currency: 'KES',
    });

    const { outcome } = demo;
    if (outcome.state === 'draft') continue;
    if (outcome.state === 'cancelled') {
      at = later(2);
      await tx
        .update(requisitions)
        .set({ status: 'cancelled', updatedAt: at })
        .where(eq(requisitions.id, id));
      await record('requisition.cancelled', requester, { requisition_id: id, from: 'draft', comment: null });
      continue;
    }

    at = later(1);
    const { rule, route } = await workflows.routeFor(
      tx,
      organisationId,
      {
        documentType: 'requisition',
        amountMinor: totalMinor,
        currency: 'KES',
        requesterId: String(requester),
        costCentreIds: [String(departmentId)],
        categoryIds: [String(categoryId(demo.category))],
      },
      at,
    );
    await tx
      .update(requisitions)
      .set({
        status: 'submitted',
        submittedAt: at,
        round: 1,
        route,
        workflowRuleId: rule?.id ?? null,
        updatedAt: at,
      })
      .where(eq(requisitions.id, id));
    await record('requisition.submitted', requester, {
      requisition_id: id,
      round: 1,
      rule_id: rule?.id ?? null,
      over_budget: [],
    });

    const steps =
      outcome.state === 'submitted'
        ? outcome.approvedSteps
        : outcome.state === 'approved'
          ? route.steps.length
          : route.steps.length - 1;
    const decided: RecordedDecision[] = [];
    const decide = async (
      stepIndex: number,
      decision: 'approved' | 'rejected' | 'returned',
      comment: string,
    ) => {
      at = later(4 + stepIndex * 20);
      const progress = workflowProgress(route, decided);
      const slot = progress.waitingFor.find((s) => s.stepIndex === stepIndex)!;
      // Segregation of duties: nobody decides two steps of the same requisition.
      const candidate =
        slot.candidates.find((c) => !decided.some((d) => d.userId === c.userId)) ?? slot.candidates[0]!;
      const userId = Number(candidate.userId);
      await tx.insert(requisitionDecisions).values({
        requisitionId: id,
        round: 1,
        stepIndex,
        slotIndex: slot.slotIndex,
        userId,
        onBehalfOf: candidate.onBehalfOf.map(Number),
        decision,
        comment,
        decidedAt: at,
      });
      decided.push({
        stepIndex,
        slotIndex: slot.slotIndex,
        userId: candidate.userId,
        decision,
        at,
        onBehalfOf: [],
      });
      const final = decision !== 'approved' || stepIndex === route.steps.length - 1;
      await record(`requisition.${decision}`, userId, {
        requisition_id: id,
        round: 1,
        step: stepIndex + 1,
        final,
        on_behalf_of: [],
        comment: comment || null,
      });
    };
    for (let step = 0; step < steps; step++)
      await decide(step, 'approved', step === 0 ? '' : 'Within budget.');
    if (outcome.state === 'rejected' || outcome.state === 'returned') {
      await decide(steps, outcome.state, outcome.comment);
    }
    if (outcome.state !== 'submitted') {
      await tx
        .update(requisitions)
        .set({ status: outcome.state, updatedAt: at })
        .where(eq(requisitions.id, id));
    }
  }
}
