import {
  CONTINUITY_TEST_RESULTS,
  QUESTIONNAIRE_KINDS,
  QUESTIONNAIRE_STATUSES,
  RISK_CATEGORIES,
  RISK_SOURCES,
  RISK_STATUSES,
  SERVICE_SUPPLIER_ROLES,
  SUBSTITUTABILITY,
  TREATMENT_STATUSES,
  THRESHOLD_KINDS,
  type FinancialThresholds,
  type RiskMatrix,
} from '@zabuni/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './authentication.tables.ts';
import { categories } from './core.tables.ts';
import { organisations } from './organisations.tables.ts';

/*
 * Risk management (issue 23): the register and matrix, business continuity, financial risk and outsourcing.
 * Every row carries its buying organisation; the repository scopes every query to it. `contract_id` is the
 * contracts module's id (issue 22): kept without a foreign key, as that module's tables land separately.
 */

export const riskCategory = pgEnum('risk_category', RISK_CATEGORIES);
export const riskStatus = pgEnum('risk_status', RISK_STATUSES);
export const riskSource = pgEnum('risk_source', RISK_SOURCES);
export const riskThresholdKind = pgEnum('risk_threshold_kind', THRESHOLD_KINDS);
export const riskTreatmentStatus = pgEnum('risk_treatment_status', TREATMENT_STATUSES);
export const riskQuestionnaireKind = pgEnum('risk_questionnaire_kind', QUESTIONNAIRE_KINDS);
export const riskQuestionnaireStatus = pgEnum('risk_questionnaire_status', QUESTIONNAIRE_STATUSES);
export const continuityTestResult = pgEnum('continuity_test_result', CONTINUITY_TEST_RESULTS);
export const serviceSupplierRole = pgEnum('service_supplier_role', SERVICE_SUPPLIER_ROLES);
export const outsourcingSubstitutability = pgEnum('outsourcing_substitutability', SUBSTITUTABILITY);

/** The organisation's matrix and thresholds (defaults from the domain until an administrator sets them). */
export const riskSettings = pgTable('risk_settings', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id),
  matrix: jsonb('matrix').$type<RiskMatrix>().notNull(),
  thresholds: jsonb('thresholds').$type<FinancialThresholds>().notNull(),
  /** The currency of the exposure threshold and of the concentration figures. */
  currency: char('currency', { length: 3 }).notNull().default('KES'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const risks = pgTable(
  'risks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    title: text('title').notNull(),
    category: riskCategory('category').notNull(),
    cause: text('cause').notNull().default(''),
    effect: text('effect').notNull().default(''),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    supplierId: integer('supplier_id').references(() => organisations.id),
    contractId: integer('contract_id'),
    categoryId: integer('category_id').references(() => categories.id),
    inherentLikelihood: integer('inherent_likelihood').notNull(),
    inherentImpact: integer('inherent_impact').notNull(),
    inherentScore: integer('inherent_score').notNull(),
    residualLikelihood: integer('residual_likelihood'),
    residualImpact: integer('residual_impact'),
    residualScore: integer('residual_score'),
    status: riskStatus('status').notNull().default('open'),
    source: riskSource('source').notNull().default('manual'),
    thresholdKind: riskThresholdKind('threshold_kind'),
    /** Why the risk above appetite should be accepted (asked of the approvers). */
    acceptanceReason: text('acceptance_reason'),
    acceptanceRequestedByUserId: integer('acceptance_requested_by_user_id').references(() => users.id),
    acceptanceRequestedAt: timestamp('acceptance_requested_at', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('risks_organisation_status_idx').on(t.organisationId, t.status, t.id),
    index('risks_organisation_supplier_idx').on(t.organisationId, t.supplierId),
    // One open risk per supplier and threshold: a threshold crossed again does not raise it twice.
    uniqueIndex('risks_threshold_open_idx')
      .on(t.organisationId, t.supplierId, t.thresholdKind)
      .where(sql`${t.source} = 'threshold' AND ${t.status} <> 'closed'`),
  ],
);

/** Every change of a risk's scores, kept (never edited). */
export const riskScoreChanges = pgTable(
  'risk_score_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    riskId: integer('risk_id')
      .notNull()
      .references(() => risks.id),
    /** 'inherent' or 'residual'. */
    rating: text('rating').notNull(),
    likelihood: integer('likelihood').notNull(),
    impact: integer('impact').notNull(),
    score: integer('score').notNull(),
    previousScore: integer('previous_score'),
    /** Null when the platform raised it (a threshold). */
    changedByUserId: integer('changed_by_user_id').references(() => users.id),
    note: text('note').notNull().default(''),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('risk_score_changes_risk_idx').on(t.riskId, t.id)],
);

export const riskTreatments = pgTable(
  'risk_treatments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    riskId: integer('risk_id')
      .notNull()
      .references(() => risks.id),
    action: text('action').notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: riskTreatmentStatus('status').notNull().default('planned'),
    completedOn: date('completed_on', { mode: 'string' }),
    /** The due date an overdue reminder was sent for: once per treatment and due date (a new date reminds again). */
    remindedForDueOn: date('reminded_for_due_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('risk_treatments_risk_idx').on(t.riskId),
    index('risk_treatments_organisation_due_idx').on(t.organisationId, t.status, t.dueOn),
  ],
);

/** A critical service and its business impact analysis (hours). */
export const criticalServices = pgTable(
  'critical_services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    mtdHours: integer('mtd_hours').notNull(),
    rtoHours: integer('rto_hours').notNull(),
    rpoHours: integer('rpo_hours').notNull(),
    impactNotes: text('impact_notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('critical_services_organisation_idx').on(t.organisationId, t.id)],
);

export const criticalServiceSuppliers = pgTable(
  'critical_service_suppliers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => criticalServices.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    role: serviceSupplierRole('role').notNull().default('primary'),
  },
  (t) => [uniqueIndex('critical_service_suppliers_unique_idx').on(t.serviceId, t.supplierId)],
);

/** A continuity plan for a critical service's supplier: alternates, stock, exit plan, and its last test. */
export const continuityPlans = pgTable(
  'continuity_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => criticalServices.id),
    supplierId: integer('supplier_id').references(() => organisations.id),
    alternates: text('alternates').notNull().default(''),
    stock: text('stock').notNull().default(''),
    exitPlan: text('exit_plan').notNull().default(''),
    lastTestedOn: date('last_tested_on', { mode: 'string' }),
    testResult: continuityTestResult('test_result'),
    testNotes: text('test_notes').notNull().default(''),
    nextTestOn: date('next_test_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('continuity_plans_organisation_idx').on(t.organisationId, t.serviceId)],
);

/** An outsourcing arrangement (CBK/PG/16 register). */
export const outsourcingArrangements = pgTable(
  'outsourcing_arrangements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    service: text('service').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    contractId: integer('contract_id'),
    criticalFunction: boolean('critical_function').notNull(),
    customerData: boolean('customer_data').notNull(),
    dataOffshore: boolean('data_offshore').notNull(),
    disruptionImpact: integer('disruption_impact').notNull(),
    substitutability: outsourcingSubstitutability('substitutability').notNull(),
    aboveValueThreshold: boolean('above_value_threshold').notNull(),
    material: boolean('material').notNull(),
    materialityScore: integer('materiality_score').notNull(),
    dataLocation: text('data_location').notNull(),
    subcontractors: text('subcontractors').notNull().default(''),
    exitStrategy: text('exit_strategy').notNull().default(''),
    annualValueMinor: bigint('annual_value_minor', { mode: 'number' }).notNull().default(0),
    currency: char('currency', { length: 3 }).notNull().default('KES'),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    startedOn: date('started_on', { mode: 'string' }),
    lastReviewedOn: date('last_reviewed_on', { mode: 'string' }),
    nextReviewOn: date('next_review_on', { mode: 'string' }).notNull(),
    /** The review date whose reminder went out: one reminder per review. */
    remindedForReviewOn: date('reminded_for_review_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outsourcing_arrangements_organisation_idx').on(t.organisationId, t.id),
    index('outsourcing_arrangements_review_idx').on(t.nextReviewOn),
  ],
);

/**
 * A questionnaire sent to a supplier in the portal: its financial statements (scored into ratios and a
 * financial health score) or a due-diligence questionnaire (scored against its weights).
 */
export const riskQuestionnaires = pgTable(
  'risk_questionnaires',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    kind: riskQuestionnaireKind('kind').notNull(),
    arrangementId: integer('arrangement_id').references(() => outsourcingArrangements.id),
    status: riskQuestionnaireStatus('status').notNull().default('sent'),
    message: text('message').notNull().default(''),
    dueOn: date('due_on', { mode: 'string' }),
    sentByUserId: integer('sent_by_user_id')
      .notNull()
      .references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    answers: jsonb('answers').$type<Record<string, unknown>>(),
    /** The score (financial health or due diligence, 0–100) and the method's parts. */
    score: integer('score'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    answeredByUserId: integer('answered_by_user_id').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('risk_questionnaires_organisation_idx').on(t.organisationId, t.supplierId, t.kind, t.id),
    index('risk_questionnaires_supplier_idx').on(t.supplierId, t.organisationId),
  ],
);
