import type { ApprovalDocumentType, DocumentParty } from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Executor, Tx } from '../../../../infra/database.ts';
import {
  engineStore,
  recordedDecisions,
  type ApprovalAdapter,
  type ApprovalSubject,
} from '../../../shared/approvals/index.ts';
import { disposalsRepository, type DisposalRow } from './disposals.repository.ts';

export const disposalPath = (id: number) => `/app/sourcing/disposals/${id}`;

type DisposalDocument = 'disposal_method' | 'disposal_award';

/** What the end of a disposal's approval does (status moved WHERE it is still pending). */
export interface DisposalApprovalOutcomes {
  decided(
    tx: Tx,
    principal: Principal,
    type: DisposalDocument,
    asset: DisposalRow,
    approved: boolean,
  ): Promise<boolean>;
}

const requesterOf = (type: DisposalDocument, a: DisposalRow) =>
  type === 'disposal_method' ? a.methodRequestedByUserId : a.awardRequestedByUserId;

const partiesOf = (type: DisposalDocument, a: DisposalRow): DocumentParty[] => {
  const asker = requesterOf(type, a);
  return [
    { userId: String(a.createdByUserId), part: 'raised' },
    ...(asker !== null ? [{ userId: String(asker), part: 'raised' as const }] : []),
  ];
};

const isPending = (type: DisposalDocument, a: DisposalRow) =>
  type === 'disposal_method'
    ? a.status === 'method_pending'
    : a.status === 'listed' && a.awardStatus === 'pending' && a.awardedAt === null;

/** The winner a public tender's award goes to: the highest opened offer at or above the reserve. */
export async function proposedWinner(tx: Executor, assetId: number) {
  const winner = (await disposalsRepository(tx).offers(assetId)).find(
    (o) => o.offer.rank !== null && o.offer.belowReserve === false,
  );
  return winner && winner.offer.amountMinor !== null
    ? { supplierId: winner.offer.supplierId, amountMinor: winner.offer.amountMinor }
    : null;
}

/**
 * A disposal's method or award as the approval engine reads it: what rules can test is the value (the book
 * value for the method, the winning offer for the award). The asset register keeps no department or category.
 */
export async function disposalSubject(
  tx: Executor,
  type: DisposalDocument,
  a: DisposalRow,
): Promise<ApprovalSubject> {
  const route = await engineStore(type).current(tx, a.id);
  const winner = type === 'disposal_award' ? await proposedWinner(tx, a.id) : null;
  const asker = requesterOf(type, a);
  return {
    id: a.id,
    organisationId: a.organisationId,
    pending: isPending(type, a) && route !== null,
    status: type === 'disposal_award' ? (a.awardStatus ?? a.status) : a.status,
    round: route?.round ?? 0,
    route: route?.route ?? null,
    number: `DSP-${a.id}`,
    title: a.title,
    supplier: null,
    supplierIds: winner ? [winner.supplierId] : [],
    requester: { id: asker ?? a.createdByUserId, name: '' },
    amountMinor: winner ? winner.amountMinor : a.bookValue,
    currency: a.currency,
    costCentreIds: [],
    categoryIds: [],
    // Who registered the asset or asked for the decision never takes it.
    parties: partiesOf(type, a),
    submittedAt: a.updatedAt,
    createdAt: a.createdAt,
  };
}

/**
 * How an asset disposal plugs into the one approval engine: `disposal_method` (the method asked for before
 * listing) and `disposal_award` (the award of a sale by public tender). Approval moves the asset on,
 * rejection sends it back (method cleared; award withdrawn, to be proposed again).
 */
export function disposalApprovalAdapter(
  type: DisposalDocument,
  outcomes: DisposalApprovalOutcomes,
): ApprovalAdapter {
  const store = engineStore(type);
  const method = type === 'disposal_method';
  return {
    type: type satisfies ApprovalDocumentType,
    words: {
      notFound: 'disposal.not_found',
      ownDocument: method ? 'disposal.own_request' : 'disposal.own_award',
      notYourTurn: 'disposal.not_your_turn',
      alreadyDecided: 'approval.already_decided',
      finished: 'disposal.decided',
      conflict: 'disposal.conflict',
      unassignable: 'disposal.unassignable',
      overBudgetUnassignable: 'disposal.unassignable',
      commentRequired: 'disposal.comment_required',
      notTaken: 'disposal.decided',
    },
    kinds: ['approved', 'rejected'],
    askTemplate: 'approval_requested',
    auditAction: (kind) =>
      method
        ? kind === 'approved'
          ? 'disposal.method_approved'
          : 'disposal.method_rejected'
        : kind === 'approved'
          ? 'disposal.award_approved'
          : 'disposal.award_rejected',
    path: disposalPath,
    lock: (tx, organisationId, id) => disposalsRepository(tx).lock(organisationId, id),
    async load(tx, organisationId, id) {
      const found = await disposalsRepository(tx).find(organisationId, id);
      return found ? disposalSubject(tx, type, found.asset) : null;
    },
    async loadMany(tx, organisationId, ids) {
      const repository = disposalsRepository(tx);
      const found = await Promise.all(ids.map((id) => repository.find(organisationId, id)));
      return Promise.all(found.flatMap((f) => (f ? [disposalSubject(tx, type, f.asset)] : [])));
    },
    async waiting(tx, organisationId) {
      const rows = (await disposalsRepository(tx).waiting(organisationId)).filter((a) => isPending(type, a));
      const ids = rows.map((row) => row.id);
      if (ids.length === 0) return [];
      const routes = await store.latestRoutes(tx, ids);
      const decisions = await store.decisionsOf(tx, ids);
      return rows.flatMap((row) => {
        const route = routes.find((r) => r.documentId === row.id);
        if (!route) return [];
        return [
          {
            id: row.id,
            route: route.route,
            parties: partiesOf(type, row),
            submittedAt: row.updatedAt,
            decisions: recordedDecisions(
              decisions.filter((d) => d.decision.documentId === row.id && d.decision.round === route.round),
            ),
          },
        ];
      });
    },
    decisions: (tx, id, round) => store.decisions(tx, id, round),
    insertDecision: (tx, subject, decision) => store.insertDecision(tx, subject.id, decision),
    saveRoute: (tx, subject, route) => store.saveRoute(tx, subject.id, subject.round, route),
    // A disposal brings money in: no budget to check.
    overBudgetAtApproval: async () => [],
    async finish(tx, principal, subject, state) {
      const found = (await disposalsRepository(tx).find(subject.organisationId, subject.id))!;
      return {
        changed: await outcomes.decided(tx, principal, type, found.asset, state === 'approved'),
        mailIds: [],
      };
    },
  };
}
