import { APPROVAL_DOCUMENT_TYPES, type SupplierRiskBand } from '@zabuni/domain';
import type { WorkflowRuleForm } from '@zabuni/contracts';
import {
  bigint,
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.tables.ts';

export const approvalDocumentType = pgEnum('approval_document_type', APPROVAL_DOCUMENT_TYPES);

/**
 * An organisation's routing rule: which documents (type, amount band in minor units with min inclusive and
 * max exclusive, departments, categories) go through which ordered approval steps. The steps are kept as
 * the administrator wrote them; they are resolved to people when a document is submitted.
 */
export const approvalWorkflowRules = pgTable(
  'approval_workflow_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    documentType: approvalDocumentType('document_type').notNull(),
    priority: integer('priority').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    minAmountMinor: bigint('min_amount_minor', { mode: 'number' }),
    maxAmountMinor: bigint('max_amount_minor', { mode: 'number' }),
    departmentIds: integer('department_ids').array().notNull(),
    categoryIds: integer('category_ids').array().notNull(),
    /**
     * Null: any supplier. Otherwise the rule matches only when one of the document's suppliers is in this
     * risk band or above (the bands of the supplier risk profile, issue 23).
     */
    minSupplierRiskBand: text('min_supplier_risk_band').$type<SupplierRiskBand>(),
    steps: jsonb('steps').$type<WorkflowRuleForm['steps']>().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_workflow_rules_organisation_idx').on(t.organisationId, t.documentType, t.priority)],
);

/**
 * An organisation's approval settings (segregation of duties). A missing row means the defaults: every
 * switch of segregation of duties on.
 */
export const organisationApprovalSettings = pgTable('organisation_approval_settings', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id),
  /** One person decides at most one step of the same document in the same approval round. */
  sodOneStepPerPerson: boolean('sod_one_step_per_person').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
