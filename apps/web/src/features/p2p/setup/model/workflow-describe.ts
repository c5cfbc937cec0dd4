import type { WorkflowRuleView } from '@zabuni/contracts';
import type { TFunction } from 'i18next';
import { formatMoneyText } from './money.ts';

type Approver = WorkflowRuleView['steps'][number]['approvers'][number];

export interface Names {
  /** A member's name by user id (undefined when not, or no longer, a member). */
  user(id: number): string | undefined;
  department(id: number): string | undefined;
  category(id: number): string | undefined;
}

/** "Any amount", "KES 500,000.00 or more", "Under KES 500,000.00", "KES 500,000.00 to under KES 1,000,000.00". */
export function bandText(
  rule: Pick<WorkflowRuleView, 'min_amount' | 'max_amount' | 'currency'>,
  t: TFunction,
): string {
  const min = rule.min_amount === null ? null : formatMoneyText(rule.min_amount, rule.currency);
  const max = rule.max_amount === null ? null : formatMoneyText(rule.max_amount, rule.currency);
  if (min && max) return t('workflows.band.between', { min, max });
  if (min) return t('workflows.band.from', { min });
  if (max) return t('workflows.band.under', { max });
  return t('workflows.band.any');
}

export function approverText(approver: Approver, t: TFunction, names: Names): string {
  switch (approver.kind) {
    case 'role':
      return t(`roles.${approver.role}`, { ns: 'platform', defaultValue: approver.role });
    case 'user':
      return names.user(approver.user_id) ?? t('workflows.approver.unknownUser', { id: approver.user_id });
    case 'budget_owner':
      return t('workflows.approver.budgetOwner');
  }
}

/** One line per step: "1. Approver", "2. Finance, Budget owner (all must approve)". */
export function stepsSummary(rule: Pick<WorkflowRuleView, 'steps'>, t: TFunction, names: Names): string[] {
  return rule.steps.map((step, index) => {
    const who = step.approvers.map((approver) => approverText(approver, t, names)).join(', ');
    const mode = step.approvers.length > 1 ? ` (${t(`workflows.mode.short.${step.mode}`)})` : '';
    const purpose =
      step.purpose === 'budget_exception' ? ` · ${t('workflows.purpose.budget_exception')}` : '';
    return `${index + 1}. ${who}${mode}${purpose}`;
  });
}

/** "All departments", or their names. */
export function scopeText(
  ids: readonly number[],
  name: (id: number) => string | undefined,
  all: string,
): string {
  if (ids.length === 0) return all;
  return ids.map((id) => name(id) ?? `#${id}`).join(', ');
}
