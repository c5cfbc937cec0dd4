import {
  APPROVAL_DOCUMENT_TYPES,
  ROLES_BY_KIND,
  STEP_MODES,
  STEP_PURPOSES,
  SUPPLIER_RISK_BANDS,
} from '@zabuni/domain';
import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { recordId, required } from './fields.ts';
import { paginationQuery } from './pagination.ts';

/** Issue 6 approval workflows: an organisation's rules routing documents to ordered approval steps. */
export const WORKFLOW_MESSAGES = {
  amount: 'workflow.amount',
  emptyBand: 'workflow.empty_band',
  currency: 'workflow.currency',
  noSteps: 'workflow.no_steps',
  stepWithoutApprovers: 'workflow.step_without_approvers',
  userNotMember: 'workflow.user_not_member',
  department: 'workflow.department',
  category: 'workflow.category',
  notAdmin: 'workflow.not_admin',
} as const satisfies Record<string, MessageKey>;

const approver = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('role'), role: z.enum(ROLES_BY_KIND.buyer) }),
  z.object({ kind: z.literal('user'), user_id: recordId() }),
  z.object({ kind: z.literal('budget_owner') }),
]);
export type ApproverForm = z.infer<typeof approver>;

const step = z.object({
  mode: z.enum(STEP_MODES).default('any'),
  purpose: z.enum(STEP_PURPOSES).default('approval'),
  approvers: z.array(approver).max(10),
});

/** The supplier risk profile's bands, riskiest first (issue 23). */
export const supplierRiskBand = z.enum(
  SUPPLIER_RISK_BANDS.map((b) => b.key) as ['critical', 'high', 'medium', 'low'],
);

/** Decimal text in major units, or null for an open end of the band. */
const bandLimit = z.union([z.string(), z.number()]).transform(String).nullable().optional();

export const workflowRuleForm = z.object({
  name: required(120),
  document_type: z.enum(APPROVAL_DOCUMENT_TYPES),
  /** Lower first. */
  priority: z.number().int().min(0).max(10_000).default(100),
  currency: z
    .string({ error: WORKFLOW_MESSAGES.currency })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: WORKFLOW_MESSAGES.currency })
    .default('KES'),
  /** Inclusive. */
  min_amount: bandLimit,
  /** Exclusive: bands [0, 500000) and [500000, …) neither overlap nor leave a gap. */
  max_amount: bandLimit,
  department_ids: z.array(recordId()).max(200).default([]),
  category_ids: z.array(recordId()).max(500).default([]),
  /** Null: any supplier. Otherwise only documents with a supplier in this risk band or above. */
  min_supplier_risk_band: supplierRiskBand.nullable().optional(),
  steps: z.array(step).max(10),
  active: z.boolean().default(true),
});
export type WorkflowRuleForm = z.output<typeof workflowRuleForm>;

export const workflowRule = z
  .object({
    id: z.number().int(),
    name: z.string(),
    document_type: z.enum(APPROVAL_DOCUMENT_TYPES),
    priority: z.number().int(),
    currency: z.string(),
    min_amount: z.string().nullable(),
    max_amount: z.string().nullable(),
    department_ids: z.array(z.number().int()),
    category_ids: z.array(z.number().int()),
    min_supplier_risk_band: supplierRiskBand.nullable(),
    steps: z.array(
      z.object({
        mode: z.enum(STEP_MODES),
        purpose: z.enum(STEP_PURPOSES),
        approvers: z.array(approver),
      }),
    ),
    active: z.boolean(),
  })
  .meta({ id: 'ApprovalWorkflowRule' });
export type WorkflowRuleView = z.infer<typeof workflowRule>;

export const workflowRulesQuery = paginationQuery.extend({
  document_type: z.enum(APPROVAL_DOCUMENT_TYPES).optional(),
});

/** "This requisition of KES 750,000 for IT would go to: …" */
export const workflowPreviewRequest = z.object({
  document_type: z.enum(APPROVAL_DOCUMENT_TYPES).default('requisition'),
  amount: z.union([z.string(), z.number()]).transform(String),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: WORKFLOW_MESSAGES.currency })
    .default('KES'),
  department_ids: z.array(recordId()).max(200).default([]),
  category_ids: z.array(recordId()).max(500).default([]),
  /** The supplier's risk band, for previewing rules with a risk band condition; null: no supplier. */
  supplier_risk_band: supplierRiskBand.nullable().default(null),
});

export const workflowPreview = z.object({
  /** The rule that applies, or null: the departments' budget owners approve (the default route). */
  rule: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  steps: z.array(z.string()),
  /** False: some step has nobody who may approve it, and such a document would be refused at submission. */
  assignable: z.boolean(),
});
