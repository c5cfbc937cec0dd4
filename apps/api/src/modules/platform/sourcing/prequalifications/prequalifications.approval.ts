import { formatHundredths, requisitionParties } from '@zabuni/domain';
import type { Clock } from '../../../../infra/clock.ts';
import type { Executor } from '../../../../infra/database.ts';
import {
  engineStore,
  recordedDecisions,
  type ApprovalAdapter,
  type ApprovalSubject,
} from '../../../shared/approvals/index.ts';
import type { NotificationsService } from '../../../shared/notifications/index.ts';
import { prequalificationReads } from './prequalifications.queries.ts';
import { prequalificationsRepository } from './prequalifications.repository.ts';

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof prequalificationsRepository>['result']>>>;

export const prequalificationResultPath = (id: number) => `/app/sourcing/prequalifications/results/${id}`;
export const portalPrequalificationPath = (id: number) => `/portal/prequalifications/${id}`;

const store = engineStore('prequalification_result');

/** A result as the approval engine reads it: who proposed it is a party and may not decide it. */
export async function resultSubject(tx: Executor, found: Found): Promise<ApprovalSubject> {
  const r = found.result;
  const route = await store.current(tx, r.id);
  const proposer = { id: r.proposedByUserId, name: `${found.proposerFirstName} ${found.proposerLastName}` };
  // Whoever proposed the results raised this document: they may not decide it.
  const parties = requisitionParties(r.proposedByUserId);
  return {
    id: r.id,
    organisationId: r.organisationId,
    pending: r.status === 'pending' && route !== null,
    status: r.status,
    round: route?.round ?? 0,
    route: route?.route ?? null,
    number: `PQ-${r.prequalificationId}-${r.id}`,
    title: `${found.supplierName}: ${found.categoryName} (${formatHundredths(r.scoreHundredths)})`,
    supplier: { id: r.supplierId, name: found.supplierName },
    requester: proposer,
    // A result spends nothing: a workflow rule for it matches from 0 in any band starting at 0.
    amountMinor: 0,
    currency: 'KES',
    costCentreIds: [],
    categoryIds: [String(r.categoryId)],
    parties,
    submittedAt: r.proposedAt,
    createdAt: r.proposedAt,
  };
}

/**
 * What deciding a result does (through the engine or directly): the status moved WHERE still pending, the
 * approval valid until the exercise's date, the exercise completed once every result is decided, and the
 * supplier told in the portal and by mail with the reason.
 */
export async function finishResult(
  tx: Executor,
  notifications: NotificationsService,
  clock: Clock,
  found: Found,
  decidedBy: number,
  state: 'approved' | 'rejected',
  comment: string,
  validUntil: string,
) {
  const repository = prequalificationsRepository(tx);
  const r = found.result;
  const changed = await repository.decideResult(r.organisationId, r.id, {
    status: state,
    comment: comment || null,
    validUntil: state === 'approved' ? validUntil : null,
    decidedAt: clock.now(),
    decidedByUserId: decidedBy,
  });
  if (!changed) return { changed, mailIds: [] as number[] };
  if ((await repository.undecidedCount(r.prequalificationId)) === 0)
    await repository.update(r.organisationId, r.prequalificationId, ['results'], { status: 'completed' });
  const users = await prequalificationReads(tx).supplierUsers([r.supplierId]);
  const common = { buyer: found.buyerName, title: found.title, category: found.categoryName };
  const reason = comment || r.reasons.join(', ');
  const mailIds = await notifications.announce(tx, {
    userIds: users.map((u) => u.userId),
    organisationId: r.supplierId,
    ...(state === 'approved'
      ? { template: 'prequalification_approved' as const, params: { ...common, valid_until: validUntil } }
      : { template: 'prequalification_rejected' as const, params: { ...common, reason } }),
    path: portalPrequalificationPath(r.prequalificationId),
  });
  return { changed, mailIds };
}

/**
 * How a prequalification result plugs into the one approval engine ('prequalification_result'): under a
 * workflow rule for that type, the named approvers decide in order; approving puts the supplier on the
 * buyer's prequalified list for the category, rejecting tells it why.
 */
export function prequalificationResultApprovalAdapter({
  notifications,
  clock,
}: {
  notifications: NotificationsService;
  clock: Clock;
}): ApprovalAdapter {
  const load = async (tx: Executor, organisationId: number, id: number) =>
    prequalificationsRepository(tx).result(organisationId, id);
  return {
    type: 'prequalification_result',
    words: {
      notFound: 'prequalification.result_not_found',
      ownDocument: 'prequalification.own_result',
      notYourTurn: 'prequalification.not_your_turn',
      alreadyDecided: 'approval.already_decided',
      finished: 'prequalification.result_decided',
      conflict: 'prequalification.result_conflict',
      unassignable: 'prequalification.unassignable',
      overBudgetUnassignable: 'prequalification.unassignable',
      commentRequired: 'prequalification.reason',
      notTaken: 'prequalification.not_taken',
    },
    kinds: ['approved', 'rejected'],
    askTemplate: 'approval_requested',
    auditAction: (kind) =>
      kind === 'approved' ? 'prequalification_result.approved' : 'prequalification_result.rejected',
    path: prequalificationResultPath,
    lock: (tx, organisationId, id) => prequalificationsRepository(tx).lockResult(organisationId, id),
    async load(tx, organisationId, id) {
      const found = await load(tx, organisationId, id);
      return found ? resultSubject(tx, found) : null;
    },
    async loadMany(tx, organisationId, ids) {
      const subjects = [];
      for (const id of ids) {
        const found = await load(tx, organisationId, id);
        if (found) subjects.push(await resultSubject(tx, found));
      }
      return subjects;
    },
    async waiting(tx, organisationId) {
      const pending = await prequalificationsRepository(tx).pendingResults(organisationId);
      const ids = pending.map((p) => p.id);
      const routes = await store.latestRoutes(tx, ids);
      if (routes.length === 0) return [];
      const decisions = await store.decisionsOf(tx, ids);
      const waiting = [];
      for (const row of pending) {
        const route = routes.find((r) => r.documentId === row.id);
        if (!route) continue;
        const found = (await load(tx, organisationId, row.id))!;
        waiting.push({
          id: row.id,
          route: route.route,
          parties: (await resultSubject(tx, found)).parties,
          submittedAt: row.proposedAt,
          decisions: recordedDecisions(
            decisions.filter((d) => d.decision.documentId === row.id && d.decision.round === route.round),
          ),
        });
      }
      return waiting;
    },
    decisions: (tx, id, round) => store.decisions(tx, id, round),
    insertDecision: (tx, subject, decision) => store.insertDecision(tx, subject.id, decision),
    saveRoute: (tx, subject, route) => store.saveRoute(tx, subject.id, subject.round, route),
    overBudgetAtApproval: async () => [],
    async finish(tx, principal, subject, state, comment) {
      const found = (await load(tx, subject.organisationId, subject.id))!;
      if (state === 'returned') return { changed: false, mailIds: [] };
      const exercise = await prequalificationsRepository(tx).find(
        subject.organisationId,
        found.result.prequalificationId,
      );
      return finishResult(
        tx,
        notifications,
        clock,
        found,
        principal.userId,
        state,
        comment,
        exercise!.validUntil,
      );
    },
  };
}
