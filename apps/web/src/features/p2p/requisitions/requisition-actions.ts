import type { RequisitionView } from '@zabuni/contracts';
import type { RequisitionStatus } from '@zabuni/domain';

const EDITABLE: readonly RequisitionStatus[] = ['draft', 'returned'];
const CANCELLABLE: readonly RequisitionStatus[] = ['draft', 'submitted', 'returned', 'approved'];

export const isEditableBy = (view: Pick<RequisitionView, 'status' | 'requester'>, userId: number) =>
  view.requester.id === userId && EDITABLE.includes(view.status);

/** What the signed-in user can do to the requisition now (the server decides again on every click). */
export function availableActions(view: RequisitionView, userId: number) {
  const requester = view.requester.id === userId;
  const waiting = view.status === 'submitted' && Boolean(view.approval?.waiting_for_me);
  return {
    edit: requester && EDITABLE.includes(view.status),
    submit: requester && EDITABLE.includes(view.status),
    cancel: requester && CANCELLABLE.includes(view.status),
    approve: waiting,
    reject: waiting,
    return: waiting,
    /** Raise a purchase order from it: the server offers this to buyers while something is left to order. */
    order: view.actions.includes('order'),
  };
}

/** The comment of the return that sent it back to the requester, while it is returned. */
export function latestReturn(view: RequisitionView) {
  if (view.status !== 'returned' || !view.approval) return null;
  return view.approval.decisions.findLast((d) => d.decision === 'returned') ?? null;
}
