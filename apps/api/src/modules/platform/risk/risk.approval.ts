import type { Executor } from '../../../infra/database.ts';
import {
  engineStore,
  recordedDecisions,
  type ApprovalAdapter,
  type ApprovalSubject,
} from '../../shared/approvals/index.ts';
import { organisationNames, peopleNames } from './risk.queries.ts';
import { riskRepository, type RiskRow } from './risk.repository.ts';

export const riskPath = (id: number) => `/app/risk/register/${id}`;
export const riskReference = (id: number) => `RSK-${id}`;

const store = engineStore('risk_acceptance');

/** The risk acceptance as the approval engine reads it: whoever asked for it may not decide it. */
export async function riskSubject(tx: Executor, row: RiskRow): Promise<ApprovalSubject> {
  const [route, settings, people, suppliers] = await Promise.all([
    store.current(tx, row.id),
    riskRepository(tx).settings(row.organisationId),
    peopleNames(tx, [row.acceptanceRequestedByUserId]),
    organisationNames(tx, row.supplierId === null ? [] : [row.supplierId]),
  ]);
  const requesterId = row.acceptanceRequestedByUserId ?? row.createdByUserId ?? 0;
  return {
    id: row.id,
    organisationId: row.organisationId,
    pending: row.status === 'acceptance_pending' && route !== null,
    status: row.status,
    round: route?.round ?? 0,
    route: route?.route ?? null,
    number: riskReference(row.id),
    title: row.title,
    supplier:
      row.supplierId === null ? null : { id: row.supplierId, name: suppliers.get(row.supplierId) ?? '' },
    requester: { id: requesterId, name: people.get(requesterId) ?? '' },
    // A risk has no amount: rules for risk acceptance match on the currency alone (any amount band from 0).
    amountMinor: 0,
    currency: settings?.currency ?? 'KES',
    costCentreIds: [],
    categoryIds: row.categoryId === null ? [] : [String(row.categoryId)],
    parties: requesterId ? [{ userId: String(requesterId), part: 'raised' }] : [],
    submittedAt: row.acceptanceRequestedAt,
    createdAt: row.createdAt,
  };
}

/**
 * How a risk acceptance plugs into the one approval engine (document type `risk_acceptance`): a risk whose
 * residual score stays above the appetite is put forward with a reason; the workflow's steps decide; the
 * final approval marks it accepted, a rejection sends it back to open (it must be treated further).
 */
export function riskAcceptanceApprovalAdapter(): ApprovalAdapter {
  return {
    type: 'risk_acceptance',
    words: {
      notFound: 'risk.not_found',
      ownDocument: 'risk.own_acceptance',
      notYourTurn: 'risk.not_your_turn',
      alreadyDecided: 'approval.already_decided',
      finished: 'risk.acceptance_finished',
      conflict: 'risk.conflict',
      unassignable: 'risk.unassignable',
      overBudgetUnassignable: 'risk.unassignable',
      commentRequired: 'risk.comment_required',
      notTaken: 'risk.not_taken',
    },
    kinds: ['approved', 'rejected'],
    askTemplate: 'risk_acceptance_requested',
    auditAction: (kind) => (kind === 'approved' ? 'risk_acceptance.approved' : 'risk_acceptance.rejected'),
    path: riskPath,
    lock: (tx, organisationId, id) => riskRepository(tx).lockRisk(organisationId, id),
    async load(tx, organisationId, id) {
      const row = await riskRepository(tx).findRisk(organisationId, id);
      return row ? riskSubject(tx, row) : null;
    },
    async loadMany(tx, organisationId, ids) {
      const rows = await riskRepository(tx).findRisks(organisationId, ids);
      return Promise.all(rows.map((row) => riskSubject(tx, row)));
    },
    async waiting(tx, organisationId) {
      const pending = await riskRepository(tx).acceptancePending(organisationId);
      const ids = pending.map((row) => row.id);
      if (ids.length === 0) return [];
      const routes = await store.latestRoutes(tx, ids);
      const decisions = await store.decisionsOf(tx, ids);
      return pending.flatMap((row) => {
        const route = routes.find((r) => r.documentId === row.id);
        if (!route) return [];
        const requester = row.acceptanceRequestedByUserId;
        return [
          {
            id: row.id,
            route: route.route,
            parties: requester ? [{ userId: String(requester), part: 'raised' as const }] : [],
            submittedAt: row.acceptanceRequestedAt,
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
    // No budget is spent by accepting a risk.
    overBudgetAtApproval: async () => [],
    async finish(tx, _principal, subject, state) {
      const changed = await riskRepository(tx).updateRisk(
        subject.organisationId,
        subject.id,
        ['acceptance_pending'],
        state === 'approved' ? { status: 'accepted' } : { status: 'open', acceptanceRequestedAt: null },
      );
      return { changed, mailIds: [] };
    },
  };
}
