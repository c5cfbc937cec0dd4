import type { DocumentParty } from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Executor, Tx } from '../../../../infra/database.ts';
import {
  engineStore,
  recordedDecisions,
  type ApprovalAdapter,
  type ApprovalSubject,
} from '../../../shared/approvals/index.ts';
import { auctionsRepository } from './auctions.repository.ts';

export const auctionPath = (id: number) => `/app/sourcing/auctions/${id}`;

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof auctionsRepository>['find']>>>;

/** What the award (`auction_award`) does when its approval ends. */
export interface AuctionApprovalOutcomes {
  awarded(tx: Tx, principal: Principal, found: Found): Promise<{ changed: boolean; mailIds: number[] }>;
  /** Back to published (ended, no award), WHERE still pending. */
  sentBack(tx: Tx, found: Found, comment: string): Promise<boolean>;
}

const partiesOf = (row: {
  createdByUserId: number;
  awardRequestedByUserId: number | null;
}): DocumentParty[] => [
  { userId: String(row.createdByUserId), part: 'raised' },
  ...(row.awardRequestedByUserId
    ? [{ userId: String(row.awardRequestedByUserId), part: 'raised' as const }]
    : []),
];

/** The auction's award as the approval engine reads it. */
export async function auctionSubject(tx: Executor, found: Found): Promise<ApprovalSubject> {
  const a = found.auction;
  const route = await engineStore('auction_award').current(tx, a.id);
  return {
    id: a.id,
    organisationId: a.organisationId,
    pending: a.status === 'award_pending' && route !== null,
    status: a.status,
    round: route?.round ?? 0,
    route: route?.route ?? null,
    number: `AUC-${a.id}`,
    title: a.title,
    supplier: null,
    // The proposed winner, for workflow rules on supplier risk.
    supplierIds: a.awardSupplierId === null ? [] : [a.awardSupplierId],
    requester: { id: a.createdByUserId, name: '' },
    amountMinor: a.awardAmount ?? 0,
    currency: a.currency,
    costCentreIds: [],
    categoryIds: [],
    // Who set the auction up or proposed the award never decides it.
    parties: partiesOf(a),
    submittedAt: a.updatedAt,
    createdAt: a.createdAt,
  };
}

/**
 * How an auction's award (document type `auction_award`) plugs into the one approval engine: routes and
 * decisions kept by the engine; approval awards the ranking's first, rejection sends it back (ended, no award).
 */
export function auctionApprovalAdapter(outcomes: AuctionApprovalOutcomes): ApprovalAdapter {
  const store = engineStore('auction_award');
  return {
    type: 'auction_award',
    words: {
      notFound: 'auction.not_found',
      ownDocument: 'auction.own_document',
      notYourTurn: 'auction.not_your_turn',
      alreadyDecided: 'approval.already_decided',
      finished: 'auction.finished',
      conflict: 'auction.conflict',
      unassignable: 'auction.unassignable',
      overBudgetUnassignable: 'auction.unassignable',
      commentRequired: 'auction.comment_required',
      notTaken: 'auction.finished',
    },
    kinds: ['approved', 'rejected'],
    askTemplate: 'approval_requested',
    auditAction: (kind) => (kind === 'approved' ? 'auction.award_approved' : 'auction.award_rejected'),
    path: auctionPath,
    lock: (tx, organisationId, id) => auctionsRepository(tx).lock(organisationId, id),
    async load(tx, organisationId, id) {
      const found = await auctionsRepository(tx).find(organisationId, id);
      return found ? auctionSubject(tx, found) : null;
    },
    async loadMany(tx, organisationId, ids) {
      const repository = auctionsRepository(tx);
      const found = await Promise.all(ids.map((id) => repository.find(organisationId, id)));
      return Promise.all(found.flatMap((f) => (f ? [auctionSubject(tx, f)] : [])));
    },
    async waiting(tx, organisationId) {
      const rows = await auctionsRepository(tx).withStatus(organisationId, 'award_pending');
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
            parties: partiesOf(row),
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
    overBudgetAtApproval: async () => [],
    async finish(tx, principal, subject, state, comment) {
      const found = (await auctionsRepository(tx).find(subject.organisationId, subject.id))!;
      if (state === 'approved') return outcomes.awarded(tx, principal, found);
      return { changed: await outcomes.sentBack(tx, found, comment), mailIds: [] };
    },
  };
}
