import type { ApprovalDocumentType, DocumentParty } from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Executor, Tx } from '../../../../infra/database.ts';
import {
  engineStore,
  recordedDecisions,
  type ApprovalAdapter,
  type ApprovalSubject,
} from '../../../shared/approvals/index.ts';
import { rfqsRepository } from './rfqs.repository.ts';

export const rfqPath = (id: number) => `/app/sourcing/rfqs/${id}`;

type Found = NonNullable<Awaited<ReturnType<ReturnType<typeof rfqsRepository>['find']>>>;

/** What publication (`rfq`) or the award (`rfq_award`) does when its approval ends. */
export interface RfqApprovalOutcomes {
  published(tx: Tx, principal: Principal, found: Found): Promise<{ changed: boolean; mailIds: number[] }>;
  awarded(tx: Tx, principal: Principal, found: Found): Promise<{ changed: boolean; mailIds: number[] }>;
  /** Back to draft (publication) or to opened (award), WHERE still pending. */
  sentBack(tx: Tx, found: Found, type: 'rfq' | 'rfq_award', comment: string): Promise<boolean>;
}

/** The RFQ as the approval engine reads it, for its publication or its award. */
async function subjectOf(tx: Executor, type: 'rfq' | 'rfq_award', found: Found): Promise<ApprovalSubject> {
  const r = found.rfq;
  const repository = rfqsRepository(tx);
  const store = engineStore(type);
  const route = await store.current(tx, r.id);
  const lines = await repository.lines(r.id);
  const awarded = type === 'rfq_award' ? await repository.awardPlanTotal(r.id) : null;
  // Who raised it never decides it; for an award, neither does whoever proposed the award.
  const parties: DocumentParty[] = [
    { userId: String(r.createdByUserId), part: 'raised' },
    ...(type === 'rfq_award' && r.awardRequestedByUserId
      ? [{ userId: String(r.awardRequestedByUserId), part: 'raised' as const }]
      : []),
  ];
  return {
    id: r.id,
    organisationId: r.organisationId,
    pending: r.status === (type === 'rfq' ? 'pending_approval' : 'award_pending') && route !== null,
    status: r.status,
    round: route?.round ?? 0,
    route: route?.route ?? null,
    number: r.number,
    title: r.title,
    supplier: null,
    // An award's workflow rules on supplier risk read every awarded supplier; a publication has none.
    supplierIds: type === 'rfq_award' ? [...new Set((r.award ?? []).map((a) => a.supplierId))] : [],
    requester: { id: r.createdByUserId, name: `${found.creatorFirstName} ${found.creatorLastName}` },
    amountMinor: awarded ?? Number(found.estimateMinor),
    currency: r.currency,
    costCentreIds: [String(r.departmentId)],
    categoryIds: [...new Set(lines.map(({ line }) => String(line.categoryId)))],
    parties,
    submittedAt: r.updatedAt,
    createdAt: r.createdAt,
  };
}

export const rfqSubject = subjectOf;

/**
 * How an RFQ's publication (document type `rfq`) and its award (`rfq_award`) plug into the one approval
 * engine: routes and decisions kept by the engine; the end of the approval publishes (sealing the RFQ key
 * for the committee) or awards (draft purchase orders, the suppliers told).
 */
export function rfqApprovalAdapter(
  type: 'rfq' | 'rfq_award',
  outcomes: RfqApprovalOutcomes,
): ApprovalAdapter {
  const store = engineStore(type satisfies ApprovalDocumentType);
  const pendingStatus = type === 'rfq' ? 'pending_approval' : 'award_pending';
  return {
    type,
    words: {
      notFound: 'rfq.not_found',
      ownDocument: 'rfq.own_document',
      notYourTurn: 'rfq.not_your_turn',
      alreadyDecided: 'approval.already_decided',
      finished: 'rfq.finished',
      conflict: 'rfq.conflict',
      unassignable: 'rfq.unassignable',
      overBudgetUnassignable: 'rfq.unassignable',
      commentRequired: 'rfq.comment_required',
      notTaken: 'rfq.finished',
    },
    kinds: ['approved', 'rejected'],
    askTemplate: 'approval_requested',
    auditAction: (kind) =>
      type === 'rfq'
        ? kind === 'approved'
          ? 'rfq.publication_approved'
          : 'rfq.publication_rejected'
        : kind === 'approved'
          ? 'rfq.award_approved'
          : 'rfq.award_rejected',
    path: rfqPath,
    lock: (tx, organisationId, id) => rfqsRepository(tx).lock(organisationId, id),
    async load(tx, organisationId, id) {
      const found = await rfqsRepository(tx).find(organisationId, id);
      return found ? subjectOf(tx, type, found) : null;
    },
    async loadMany(tx, organisationId, ids) {
      const repository = rfqsRepository(tx);
      const found = await Promise.all(ids.map((id) => repository.find(organisationId, id)));
      return Promise.all(found.flatMap((f) => (f ? [subjectOf(tx, type, f)] : [])));
    },
    async waiting(tx, organisationId) {
      const rows = await rfqsRepository(tx).withStatus(organisationId, pendingStatus);
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
            parties: [
              { userId: String(row.createdByUserId), part: 'raised' as const },
              ...(type === 'rfq_award' && row.awardRequestedByUserId
                ? [{ userId: String(row.awardRequestedByUserId), part: 'raised' as const }]
                : []),
            ],
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
    // Neither publishing nor awarding commits money: the purchase orders the award makes are checked then.
    overBudgetAtApproval: async () => [],
    async finish(tx, principal, subject, state, comment) {
      const found = (await rfqsRepository(tx).find(subject.organisationId, subject.id))!;
      if (state === 'approved') {
        return type === 'rfq'
          ? outcomes.published(tx, principal, found)
          : outcomes.awarded(tx, principal, found);
      }
      return { changed: await outcomes.sentBack(tx, found, type, comment), mailIds: [] };
    },
  };
}
