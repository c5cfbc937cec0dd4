import type { DocumentParty } from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Executor, Tx } from '../../../../infra/database.ts';
import {
  engineStore,
  recordedDecisions,
  type ApprovalAdapter,
  type ApprovalSubject,
} from '../../../shared/approvals/index.ts';
import { tenderingRepository } from './tendering.repository.ts';

export const tenderPath = (id: number) => `/app/sourcing/tenders/${id}`;

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof tenderingRepository>['find']>>>;

/** What the end of an award's approval does (the service's use cases). */
export interface TenderAwardOutcomes {
  /** Awarded: every bidder told at the same moment, the standstill started. */
  awarded(tx: Tx, principal: Principal, found: Found): Promise<{ changed: boolean; mailIds: number[] }>;
  /** Back to financially opened, WHERE still pending. */
  sentBack(tx: Tx, found: Found, comment: string): Promise<boolean>;
}

const store = engineStore('tender_award');

/**
 * The tenders waiting on one of the two approvals (award, justification) as the inbox lists them: each with
 * its latest route and that round's decisions; raised by its author and by whoever asked for the approval.
 */
async function waitingOf<Row extends { id: number; createdByUserId: number; updatedAt: Date }>(
  tx: Executor,
  documents: ReturnType<typeof engineStore>,
  rows: Row[],
  requestedBy: (row: Row) => number | null,
) {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const routes = await documents.latestRoutes(tx, ids);
  const decisions = await documents.decisionsOf(tx, ids);
  return rows.flatMap((row) => {
    const route = routes.find((r) => r.documentId === row.id);
    if (!route) return [];
    const asker = requestedBy(row);
    return [
      {
        id: row.id,
        route: route.route,
        parties: [
          { userId: String(row.createdByUserId), part: 'raised' as const },
          ...(asker ? [{ userId: String(asker), part: 'raised' as const }] : []),
        ],
        submittedAt: row.updatedAt,
        decisions: recordedDecisions(
          decisions.filter((d) => d.decision.documentId === row.id && d.decision.round === route.round),
        ),
      },
    ];
  });
}

/** The tender's award as the approval engine reads it. */
export async function tenderAwardSubject(tx: Executor, found: Found): Promise<ApprovalSubject> {
  const t = found.tender;
  const route = await store.current(tx, t.id);
  const bid = t.awardBidId
    ? (await tenderingRepository(tx).bids(t.id)).find((b) => b.bid.id === t.awardBidId)
    : null;
  // Who raised the tender never decides its award; neither does whoever asked for the award.
  const parties: DocumentParty[] = [
    { userId: String(t.createdByUserId), part: 'raised' },
    ...(t.awardRequestedByUserId
      ? [{ userId: String(t.awardRequestedByUserId), part: 'raised' as const }]
      : []),
  ];
  return {
    id: t.id,
    organisationId: t.organisationId,
    pending: t.status === 'award_pending' && route !== null,
    status: t.status,
    round: route?.round ?? 0,
    route: route?.route ?? null,
    number: t.number,
    title: t.title,
    supplier: bid ? { id: bid.bid.supplierId, name: bid.supplierName } : null,
    requester: { id: t.createdByUserId, name: '' },
    amountMinor: bid?.bid.priceMinor ?? t.estimateMinor,
    currency: t.currency,
    costCentreIds: [],
    categoryIds: t.categoryId ? [String(t.categoryId)] : [],
    parties,
    submittedAt: t.updatedAt,
    createdAt: t.createdAt,
  };
}

/**
 * How a tender's award (document type `tender_award`) plugs into the one approval engine: the route and
 * decisions kept by the engine; the final approval awards the tender and tells every bidder at once.
 */
export function tenderAwardApprovalAdapter(outcomes: TenderAwardOutcomes): ApprovalAdapter {
  return {
    type: 'tender_award',
    words: {
      notFound: 'tendering.not_found',
      ownDocument: 'tendering.own_document',
      notYourTurn: 'tendering.not_your_turn',
      alreadyDecided: 'approval.already_decided',
      finished: 'tendering.finished',
      conflict: 'tendering.conflict',
      unassignable: 'tendering.unassignable',
      overBudgetUnassignable: 'tendering.unassignable',
      commentRequired: 'tendering.comment_required',
      notTaken: 'tendering.finished',
    },
    kinds: ['approved', 'rejected'],
    askTemplate: 'approval_requested',
    auditAction: (kind) => (kind === 'approved' ? 'tendering.award_approved' : 'tendering.award_rejected'),
    path: tenderPath,
    lock: (tx, organisationId, id) => tenderingRepository(tx).lock(organisationId, id),
    async load(tx, organisationId, id) {
      const found = await tenderingRepository(tx).find(organisationId, id);
      return found ? tenderAwardSubject(tx, found) : null;
    },
    async loadMany(tx, organisationId, ids) {
      const repository = tenderingRepository(tx);
      const found = await Promise.all(ids.map((id) => repository.find(organisationId, id)));
      return Promise.all(found.flatMap((f) => (f ? [tenderAwardSubject(tx, f)] : [])));
    },
    async waiting(tx, organisationId) {
      const rows = await tenderingRepository(tx).withStatus(organisationId, 'award_pending');
      return waitingOf(tx, store, rows, (row) => row.awardRequestedByUserId);
    },
    decisions: (tx, id, round) => store.decisions(tx, id, round),
    insertDecision: (tx, subject, decision) => store.insertDecision(tx, subject.id, decision),
    saveRoute: (tx, subject, route) => store.saveRoute(tx, subject.id, subject.round, route),
    // An award commits no money: the contract and its orders are checked then.
    overBudgetAtApproval: async () => [],
    async finish(tx, principal, subject, state, comment) {
      const found = (await tenderingRepository(tx).find(subject.organisationId, subject.id))!;
      if (state === 'approved') return outcomes.awarded(tx, principal, found);
      return { changed: await outcomes.sentBack(tx, found, comment), mailIds: [] };
    },
  };
}

// The method's justification ----------------------------------------------------------------------------

/** What the end of a justification's approval does (the service's use case). */
export interface TenderJustificationOutcomes {
  /** Approved or rejected, WHERE the draft is still waiting. */
  decided(tx: Tx, found: Found, state: 'approved' | 'rejected', comment: string): Promise<boolean>;
}

const justificationStore = engineStore('tender_justification');

/** A draft tender's method justification as the approval engine reads it. */
export async function tenderJustificationSubject(tx: Executor, found: Found): Promise<ApprovalSubject> {
  const t = found.tender;
  const route = await justificationStore.current(tx, t.id);
  // Who raised the tender, and who asked for the approval, never decide it.
  const parties: DocumentParty[] = [
    { userId: String(t.createdByUserId), part: 'raised' },
    ...(t.justificationRequestedByUserId
      ? [{ userId: String(t.justificationRequestedByUserId), part: 'raised' as const }]
      : []),
  ];
  return {
    id: t.id,
    organisationId: t.organisationId,
    pending: t.status === 'draft' && t.justificationStatus === 'pending' && route !== null,
    status: t.justificationStatus ?? t.status,
    round: route?.round ?? 0,
    route: route?.route ?? null,
    number: t.number,
    title: t.title,
    supplier: null,
    requester: { id: t.createdByUserId, name: '' },
    amountMinor: t.estimateMinor,
    currency: t.currency,
    costCentreIds: [],
    categoryIds: t.categoryId ? [String(t.categoryId)] : [],
    parties,
    submittedAt: t.updatedAt,
    createdAt: t.createdAt,
  };
}

/**
 * How a tender's method justification (document type `tender_justification`) plugs into the one approval
 * engine: a method outside its threshold, or one that limits competition, is published only once approved.
 */
export function tenderJustificationApprovalAdapter(outcomes: TenderJustificationOutcomes): ApprovalAdapter {
  return {
    type: 'tender_justification',
    words: {
      notFound: 'tendering.not_found',
      ownDocument: 'tendering.own_justification',
      notYourTurn: 'tendering.not_your_turn',
      alreadyDecided: 'approval.already_decided',
      finished: 'tendering.finished',
      conflict: 'tendering.conflict',
      unassignable: 'tendering.unassignable',
      overBudgetUnassignable: 'tendering.unassignable',
      commentRequired: 'tendering.comment_required',
      notTaken: 'tendering.finished',
    },
    kinds: ['approved', 'rejected'],
    askTemplate: 'approval_requested',
    auditAction: (kind) =>
      kind === 'approved' ? 'tendering.justification_approved' : 'tendering.justification_rejected',
    path: tenderPath,
    lock: (tx, organisationId, id) => tenderingRepository(tx).lock(organisationId, id),
    async load(tx, organisationId, id) {
      const found = await tenderingRepository(tx).find(organisationId, id);
      return found ? tenderJustificationSubject(tx, found) : null;
    },
    async loadMany(tx, organisationId, ids) {
      const repository = tenderingRepository(tx);
      const found = await Promise.all(ids.map((id) => repository.find(organisationId, id)));
      return Promise.all(found.flatMap((f) => (f ? [tenderJustificationSubject(tx, f)] : [])));
    },
    async waiting(tx, organisationId) {
      const rows = await tenderingRepository(tx).justificationPending(organisationId);
      return waitingOf(tx, justificationStore, rows, (row) => row.justificationRequestedByUserId);
    },
    decisions: (tx, id, round) => justificationStore.decisions(tx, id, round),
    insertDecision: (tx, subject, decision) => justificationStore.insertDecision(tx, subject.id, decision),
    saveRoute: (tx, subject, route) => justificationStore.saveRoute(tx, subject.id, subject.round, route),
    // A justification commits no money.
    overBudgetAtApproval: async () => [],
    async finish(tx, _principal, subject, state, comment) {
      const found = (await tenderingRepository(tx).find(subject.organisationId, subject.id))!;
      return {
        changed: await outcomes.decided(tx, found, state === 'approved' ? 'approved' : 'rejected', comment),
        mailIds: [],
      };
    },
  };
}
