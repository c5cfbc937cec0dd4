import {
  REQUIRED_MESSAGE,
  WORKFLOW_MESSAGES,
  workflowRuleForm,
  type WorkflowRuleForm,
  type WorkflowRuleView,
} from '@zabuni/contracts';
import {
  decimalTextToMinor,
  ROLES_BY_KIND,
  type ApprovalDocumentType,
  type StepMode,
  type StepPurpose,
  type SupplierRiskBand,
} from '@zabuni/domain';
import { z } from 'zod';
import { contractResolver } from '../../../../lib/form-errors.ts';

export type BuyerRole = (typeof ROLES_BY_KIND.buyer)[number];
export const BUYER_ROLES: readonly BuyerRole[] = ROLES_BY_KIND.buyer;
export const APPROVER_KINDS = ['role', 'user', 'budget_owner'] as const;
export type ApproverKind = (typeof APPROVER_KINDS)[number];

/** One approver as the editor holds it: a kind, and the role or person when the kind needs one. */
export interface ApproverValues {
  kind: ApproverKind;
  role: BuyerRole | null;
  user_id: number | null;
}

export interface StepValues {
  mode: StepMode;
  purpose: StepPurpose;
  approvers: ApproverValues[];
}

export interface WorkflowFormValues {
  name: string;
  document_type: ApprovalDocumentType;
  priority: number | string;
  currency: string;
  /** Decimal text in major units; empty for an open end. */
  min_amount: string;
  max_amount: string;
  department_ids: number[];
  category_ids: number[];
  /** Null: any supplier; otherwise only documents with a supplier in this risk band or above. */
  min_supplier_risk_band: SupplierRiskBand | null;
  active: boolean;
  steps: StepValues[];
}

export const emptyApprover = (): ApproverValues => ({ kind: 'role', role: null, user_id: null });
export const emptyStep = (): StepValues => ({
  mode: 'any',
  purpose: 'approval',
  approvers: [emptyApprover()],
});

export const emptyWorkflowForm = (): WorkflowFormValues => ({
  name: '',
  document_type: 'requisition',
  priority: 100,
  currency: 'KES',
  min_amount: '',
  max_amount: '',
  department_ids: [],
  category_ids: [],
  min_supplier_risk_band: null,
  active: true,
  steps: [emptyStep()],
});

export function workflowFormOf(rule: WorkflowRuleView): WorkflowFormValues {
  return {
    name: rule.name,
    document_type: rule.document_type,
    priority: rule.priority,
    currency: rule.currency,
    min_amount: rule.min_amount ?? '',
    max_amount: rule.max_amount ?? '',
    department_ids: [...rule.department_ids],
    category_ids: [...rule.category_ids],
    min_supplier_risk_band: rule.min_supplier_risk_band,
    active: rule.active,
    steps: rule.steps.map((step) => ({
      mode: step.mode,
      purpose: step.purpose,
      approvers: step.approvers.map((approver) => ({
        kind: approver.kind,
        role: approver.kind === 'role' ? approver.role : null,
        user_id: approver.kind === 'user' ? approver.user_id : null,
      })),
    })),
  };
}

/** The request body (the contract's input): empty band limits are open ends, approvers lose unused fields. */
export function workflowRequestOf(values: WorkflowFormValues) {
  const limit = (text: string) => (text.trim() === '' ? null : text.trim().replace(/,/g, ''));
  return {
    name: values.name,
    document_type: values.document_type,
    priority: typeof values.priority === 'number' ? values.priority : Number(values.priority),
    currency: values.currency,
    min_amount: limit(values.min_amount),
    max_amount: limit(values.max_amount),
    department_ids: values.department_ids,
    category_ids: values.category_ids,
    min_supplier_risk_band: values.min_supplier_risk_band,
    active: values.active,
    steps: values.steps.map((step) => ({
      mode: step.mode,
      purpose: step.purpose,
      approvers: step.approvers.map((approver) =>
        approver.kind === 'role'
          ? { kind: 'role' as const, role: approver.role }
          : approver.kind === 'user'
            ? { kind: 'user' as const, user_id: approver.user_id }
            : { kind: 'budget_owner' as const },
      ),
    })),
  };
}

/**
 * The editor's schema, the API's own rules where it has them: the request the values make is checked with the
 * contract's `workflowRuleForm` (what the API runs on the body), beside the domain's band and step checks
 * (the service runs the same ones) and a chosen role or person for every approver that needs one, all at
 * once, each on its field. It yields the request. Messages are catalogue keys (or the form's own keys).
 */
export const workflowFormSchema = z
  .custom<WorkflowFormValues>((value) => typeof value === 'object' && value !== null)
  .superRefine((values, ctx) => {
    const failed = new Set<string>();
    const fail = (path: PropertyKey[], message: string, params?: Record<string, string | number>) => {
      failed.add(path.join('.'));
      ctx.addIssue({ code: 'custom', path, message, ...(params ? { params } : {}) });
    };
    const request = workflowRequestOf(values);
    values.steps.forEach((step, stepIndex) => {
      if (step.approvers.length === 0) {
        const message: string = WORKFLOW_MESSAGES.stepWithoutApprovers;
        // A catalogue key takes the step as a parameter; an English text has it filled in.
        fail(['steps', stepIndex, 'root'], message.replace('{step}', String(stepIndex + 1)), {
          step: stepIndex + 1,
        });
      }
      step.approvers.forEach((approver, index) => {
        if (approver.kind === 'role' && !approver.role)
          fail(['steps', stepIndex, 'approvers', index, 'role'], REQUIRED_MESSAGE);
        if (approver.kind === 'user' && !approver.user_id)
          fail(['steps', stepIndex, 'approvers', index, 'user_id'], REQUIRED_MESSAGE);
      });
    });
    if (values.steps.length === 0) fail(['root', 'steps'], WORKFLOW_MESSAGES.noSteps);
    const currency = values.currency.trim().toUpperCase();
    const minor = (text: string | null) => (text === null ? null : decimalTextToMinor(text, currency));
    const min = minor(request.min_amount);
    const max = minor(request.max_amount);
    if (request.min_amount !== null && min === null) fail(['min_amount'], WORKFLOW_MESSAGES.amount);
    if (request.max_amount !== null && max === null) fail(['max_amount'], WORKFLOW_MESSAGES.amount);
    if (min !== null && max !== null && min >= max) fail(['max_amount'], WORKFLOW_MESSAGES.emptyBand);
    const priority = request.priority;
    if (!Number.isInteger(priority) || priority < 0 || priority > 10_000) {
      fail(['priority'], 'p2p-setup:validation.priority');
    }

    const parsed = workflowRuleForm.safeParse(request);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      // Steps are reported above, per approver; fields checked above keep their more precise message.
      if (issue.path[0] === 'steps' || issue.path.length === 0 || failed.has(issue.path.join('.'))) continue;
      failed.add(issue.path.join('.'));
      ctx.addIssue({ ...issue, input: undefined } as Parameters<typeof ctx.addIssue>[0]);
    }
    if (failed.size === 0) {
      fail(['root', 'steps'], parsed.error.issues[0]?.message ?? WORKFLOW_MESSAGES.noSteps);
    }
  })
  .transform((values) => workflowRuleForm.parse(workflowRequestOf(values)));

export const workflowResolver = contractResolver<WorkflowFormValues, WorkflowRuleForm>(workflowFormSchema);
