import type { RequisitionView } from '@zabuni/contracts';
import type { RequisitionStatus } from '@zabuni/domain';

export type StepState = 'done' | 'current' | 'rejected' | 'returned' | 'pending';

type Approval = NonNullable<RequisitionView['approval']>;

/**
 * Where each step of the current round stands, for the approval timeline: the steps before the current one
 * are done, the current one waits (or ended the round with a rejection or a return), the rest are pending.
 * A requisition cancelled while waiting leaves its current step pending.
 */
export function stepStates(approval: Approval, status: RequisitionStatus): StepState[] {
  const decisions = approval.decisions.filter((d) => d.round === approval.round);
  return approval.route.map((_, index) => {
    const step = index + 1;
    const ended = decisions.find((d) => d.step === step && d.decision !== 'approved');
    if (ended) return ended.decision === 'rejected' ? 'rejected' : 'returned';
    if (approval.state === 'approved') return 'done';
    if (approval.current_step === null) {
      // Finished without a decision on this step (e.g. rejected earlier): approved steps stay done.
      return decisions.some((d) => d.step === step) ? 'done' : 'pending';
    }
    if (step < approval.current_step) return 'done';
    if (step === approval.current_step && status === 'submitted') return 'current';
    return 'pending';
  });
}

/** "Step 2 of 3" reads from the inbox item's step and its route's length. */
export const stepOf = (step: number, route: readonly string[]) => ({
  step,
  of: Math.max(route.length, step),
});
