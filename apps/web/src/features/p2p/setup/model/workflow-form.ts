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
} from '@zabuni/domain';
import { set, type FieldErrors, type Resolver } from 'react-hook-form';

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
 * The editor's rules, the API's own where it has them: the contract's schema, the domain's band and step
 * checks (the service runs the same ones), and a chosen role or person for every approver that needs one.
 * Messages are the contract's English texts; the page shows them in the interface language.
 */
export const workflowResolver: Resolver<WorkflowFormValues, unknown, WorkflowRuleForm> = async (values) => {
  const errors: FieldErrors<WorkflowFormValues> = {};
  const fail = (path: string, message: string) => {
    set(errors, path, { type: 'validate', message });
  };
  const request = workflowRequestOf(values);
  values.steps.forEach((step, stepIndex) => {
    if (step.approvers.length === 0) {
      fail(
        `steps.${stepIndex}.root`,
        WORKFLOW_MESSAGES.stepWithoutApprovers.replace('{step}', String(stepIndex + 1)),
      );
    }
    step.approvers.forEach((approver, index) => {
      if (approver.kind === 'role' && !approver.role)
        fail(`steps.${stepIndex}.approvers.${index}.role`, REQUIRED_MESSAGE);
      if (approver.kind === 'user' && !approver.user_id)
        fail(`steps.${stepIndex}.approvers.${index}.user_id`, REQUIRED_MESSAGE);
    });
  });
  if (values.steps.length === 0) fail('root.steps', WORKFLOW_MESSAGES.noSteps);
  const currency = values.currency.trim().toUpperCase();
  const minor = (text: string | null) => (text === null ? null : decimalTextToMinor(text, currency));
  const min = minor(request.min_amount);
  const max = minor(request.max_amount);
  if (request.min_amount !== null && min === null) fail('min_amount', WORKFLOW_MESSAGES.amount);
  if (request.max_amount !== null && max === null) fail('max_amount', WORKFLOW_MESSAGES.amount);
  if (min !== null && max !== null && min >= max) fail('max_amount', WORKFLOW_MESSAGES.emptyBand);
  const priority = request.priority;
  if (!Number.isInteger(priority) || priority < 0 || priority > 10_000) {
    fail('priority', 'p2p-setup:validation.priority');
  }

  const parsed = workflowRuleForm.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [field] = issue.path;
      if (field === 'steps') continue; // reported above, per approver
      const path = issue.path.join('.');
      if (!path) continue;
      // Fields checked above keep their more precise message.
      if (!hasError(errors, path)) fail(path, issue.message);
    }
  }
  if (!parsed.success && Object.keys(errors).length === 0) {
    fail('root.steps', parsed.error.issues[0]?.message ?? WORKFLOW_MESSAGES.noSteps);
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { values: {}, errors };
  return { values: parsed.data, errors: {} };
};

function hasError(errors: FieldErrors<WorkflowFormValues>, path: string): boolean {
  return (
    path
      .split('.')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) !==
    undefined
  );
}
