import { and, desc, eq, sql } from 'drizzle-orm';
import { addDays, nairobiDate } from '@zabuni/domain';
import { createServices, type AppDeps } from '../app.ts';
import type { Principal } from '../infra/auth.ts';
import { users } from '../schema/authentication.tables.ts';
import { contracts } from '../schema/contracts.tables.ts';
import { departments } from '../schema/departments.tables.ts';
import { mailOutbox } from '../schema/mail.tables.ts';
import { memberships, organisations } from '../schema/organisations.tables.ts';
import { DEMO_SUPPLIER_EMAIL } from './demo-orders.ts';
import { DEMO_BUYER_EMAIL, DEMO_BUYER_ORGANISATIONS } from './demo-tenders.ts';

const TEMPLATE = `<h2>{{contract_title}}</h2>
<p>This agreement is made between <strong>{{buyer_name}}</strong> (the Buyer) and <strong>{{supplier_name}}</strong> (the Supplier).</p>
<h3>1. Term</h3><p>It runs from {{start_date}} to {{end_date}}.</p>
<h3>2. Price</h3><p>The contract value is {{contract_value}}. Payment terms: {{payment_terms}}.</p>
{{clauses}}`;

/**
 * Issue 22 demo data for Harambee Savings Sacco with the demo supplier (Savannah), made through the contracts
 * service as its people would: a template and clause library, and contracts in every state (draft, in
 * approval, approved, waiting for the supplier's signature, active, two ending within 30 and 60 days, one
 * renewing by notice, expired and terminated). Runs once, after the orders demo.
 */
export async function seedDemoContracts(deps: AppDeps): Promise<boolean> {
  const { db } = deps.database;
  const [buyerUser] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_BUYER_EMAIL}`);
  const [supplierUser] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_SUPPLIER_EMAIL}`);
  if (!buyerUser || !supplierUser) return false;
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
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.organisationId, harambee.id))
    .limit(1);
  if (existing) return false;
  // A department whose budget owner is not the demo buyer approves the contracts.
  const [department] = await db
    .select({ id: departments.id, ownerId: departments.budgetOwnerUserId })
    .from(departments)
    .where(
      and(
        eq(departments.organisationId, harambee.id),
        sql`${departments.budgetOwnerUserId} IS NOT NULL AND ${departments.budgetOwnerUserId} <> ${buyerUser.id}`,
      ),
    )
    .limit(1);
  if (!department) return false;

  const services = createServices(deps);
  const principalOf = async (userId: number, buyerCompanyId: number): Promise<Principal> => {
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
      buyerCompanyId,
      via: 'bearer',
    };
  };
  const amina = await principalOf(buyerUser.id, harambee.id);
  const approver = await principalOf(department.ownerId!, harambee.id);
  const achieng = await principalOf(supplierUser.id, harambee.id);
  const { contracts: service } = services;
  /** The code just mailed to a signer, read from the outbox as the signer would read their mail. */
  const lastCode = async (email: string) => {
    const [mail] = await db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return /(\d{6})/.exec(mail?.subject ?? '')?.[1] ?? '';
  };

  const template = await service.saveTemplate(
    amina,
    null,
    { name: 'Services agreement', language: 'en', body_html: TEMPLATE, active: true },
    null,
  );
  const law = await service.saveClause(
    amina,
    null,
    {
      title: 'Governing law',
      language: 'en',
      body_html: '<p>This agreement is governed by the laws of Kenya.</p>',
      alternative_of: null,
      approved: true,
    },
    null,
  );
  await service.saveClause(
    amina,
    null,
    {
      title: 'Governing law (arbitration)',
      language: 'en',
      body_html: '<p>Disputes are settled by arbitration in Nairobi under the Arbitration Act, 1995.</p>',
      alternative_of: law.id,
      approved: true,
    },
    null,
  );
  const confidentiality = await service.saveClause(
    amina,
    null,
    {
      title: 'Confidentiality',
      language: 'en',
      body_html:
        '<p>Each party keeps the other’s information confidential during the term and two years after.</p>',
      alternative_of: null,
      approved: true,
    },
    null,
  );

  const today = nairobiDate(new Date());
  type Stage = 'draft' | 'in_approval' | 'approved' | 'signing' | 'active';
  const write = async (
    title: string,
    valueKes: number,
    start: string,
    end: string,
    stage: Stage,
    extra: { renewal?: 'none' | 'automatic' | 'by_notice'; notice?: number } = {},
  ) => {
    const created = await service.create(
      amina,
      {
        title,
        supplier_id: supplier.id,
        language: 'en',
        template_id: template.id,
        clause_ids: [law.id, confidentiality.id],
        body_html: '',
        value_minor: valueKes * 100,
        currency: 'KES',
        start_date: start,
        end_date: end,
        renewal: extra.renewal ?? 'none',
        renewal_term_months: extra.renewal && extra.renewal !== 'none' ? 12 : null,
        notice_days: extra.renewal === 'by_notice' ? (extra.notice ?? 60) : null,
        payment_terms: '30 days after a correct invoice',
        department_id: department.id,
        category_id: null,
        alert_days: null,
        alert_user_ids: [],
        purchase_order_ids: [],
      },
      null,
    );
    const id = created.id;
    if (stage === 'draft') return id;
    await service.submit(amina, id, null);
    if (stage === 'in_approval') return id;
    await service.decide(approver, id, 'approved', {}, null);
    if (stage === 'approved') return id;
    await service.sendForSignature(amina, id, null);
    await service.requestSignatureCode(amina, id, null);
    await service.sign(amina, id, await lastCode(DEMO_BUYER_EMAIL), null);
    if (stage === 'signing') return id;
    await service.portalRequestCode(achieng, id, null);
    await service.portalSign(achieng, id, await lastCode(DEMO_SUPPLIER_EMAIL), null);
    return id;
  };

  await write('Staff canteen catering', 2_400_000, addDays(today, 30), addDays(today, 395), 'draft');
  await write('ICT helpdesk outsourcing', 6_000_000, addDays(today, 15), addDays(today, 380), 'in_approval');
  await write('Branch security guarding', 9_600_000, addDays(today, 10), addDays(today, 375), 'approved');
  await write('Printer fleet managed service', 3_200_000, addDays(today, 7), addDays(today, 372), 'signing');
  await write('Office cleaning services', 1_800_000, addDays(today, -340), addDays(today, 20), 'active');
  await write('Generator maintenance', 950_000, addDays(today, -310), addDays(today, 50), 'active');
  await write('Courier services', 1_200_000, addDays(today, -200), addDays(today, 165), 'active', {
    renewal: 'by_notice',
    notice: 90,
  });
  await write('Stationery framework 2025', 700_000, addDays(today, -400), addDays(today, -1), 'active');
  const terminated = await write(
    'Pest control',
    300_000,
    addDays(today, -100),
    addDays(today, 265),
    'active',
  );
  const termination = await service.createChange(
    amina,
    terminated,
    {
      kind: 'termination',
      title: 'Termination of the pest control contract',
      body_html: '<p>The parties end the pest control contract by mutual agreement, effective today.</p>',
      end_date: null,
      value_minor: null,
    },
    null,
  );
  await service.submit(amina, termination.id, null);
  await service.decide(approver, termination.id, 'approved', {}, null);
  await service.sendForSignature(amina, termination.id, null);
  await service.requestSignatureCode(amina, termination.id, null);
  await service.sign(amina, termination.id, await lastCode(DEMO_BUYER_EMAIL), null);
  await service.portalRequestCode(achieng, termination.id, null);
  await service.portalSign(achieng, termination.id, await lastCode(DEMO_SUPPLIER_EMAIL), null);
  // The morning run: the stationery framework expires; the alerts for 30 and 60 days go out.
  await service.runAlerts();
  return true;
}
