import { formatMinor, purchaseOrderParties } from '@zabuni/domain';
import type { Clock } from '../../../infra/clock.ts';
import type { Executor } from '../../../infra/database.ts';
import {
  engineStore,
  recordedDecisions,
  type ApprovalAdapter,
  type ApprovalSubject,
} from '../../shared/approvals/index.ts';
import type { NotificationsService } from '../../shared/notifications/index.ts';
import { contractsRepository, type FoundContract } from './contracts.repository.ts';

export const contractPath = (id: number) => `/app/contracts/${id}`;

const store = engineStore('contract');

/** Who wrote the contract takes no decision on it (segregation of duties). */
export const contractParties = (createdByUserId: number) =>
  purchaseOrderParties({ raisedBy: createdByUserId, sourceRequesterIds: [] });

/** The contract as the approval engine reads it: its value, department and category match the rules. */
export async function contractSubject(tx: Executor, found: FoundContract): Promise<ApprovalSubject> {
  const c = found.contract;
  const author = await contractsRepository(tx).user(c.createdByUserId);
  return {
    id: c.id,
    organisationId: c.organisationId,
    pending: c.status === 'in_approval' && c.route !== null,
    status: c.status,
    round: c.round,
    route: c.route,
    number: c.number,
    // The approval mail reads "contract CTR-2026-00001 with <supplier>".
    title: found.supplierName,
    supplier: { id: c.supplierId, name: found.supplierName },
    requester: { id: c.createdByUserId, name: author ? `${author.firstName} ${author.lastName}` : '' },
    amountMinor: c.valueMinor,
    currency: c.currency,
    costCentreIds: c.departmentId ? [String(c.departmentId)] : [],
    categoryIds: c.categoryId ? [String(c.categoryId)] : [],
    parties: contractParties(c.createdByUserId),
    submittedAt: c.submittedAt,
    createdAt: c.createdAt,
  };
}

/**
 * How contracts plug into the one approval engine: the route is resolved at submission (the organisation's
 * contract rule by value, category and department, else the department's budget owner) and kept on the
 * contract; decisions are kept by the engine. The final approval makes it `approved` (ready to be sent
 * for signature); a rejection sends it back to its author as a draft, with the reason.
 */
export function contractApprovalAdapter({
  notifications,
  clock,
}: {
  notifications: NotificationsService;
  clock: Clock;
}): ApprovalAdapter {
  return {
    type: 'contract',
    words: {
      notFound: 'contract.not_found',
      ownDocument: 'contract.own_document',
      notYourTurn: 'contract.not_your_turn',
      alreadyDecided: 'approval.already_decided',
      finished: 'contract.finished',
      conflict: 'contract.conflict',
      unassignable: 'contract.unassignable',
      overBudgetUnassignable: 'contract.unassignable',
      commentRequired: 'contract.reason',
      notTaken: 'contract.not_taken',
    },
    kinds: ['approved', 'rejected'],
    askTemplate: 'contract_approval_requested',
    auditAction: (kind) => (kind === 'approved' ? 'contract.approved' : 'contract.rejected'),
    path: contractPath,
    lock: (tx, organisationId, id) => contractsRepository(tx).lock(organisationId, id),
    async load(tx, organisationId, id) {
      const found = await contractsRepository(tx).find(organisationId, id);
      return found ? contractSubject(tx, found) : null;
    },
    async loadMany(tx, organisationId, ids) {
      const rows = await contractsRepository(tx).findMany(organisationId, ids);
      return Promise.all(rows.map((found) => contractSubject(tx, found)));
    },
    async waiting(tx, organisationId) {
      const pending = await contractsRepository(tx).pendingWithRoutes(organisationId);
      const decisions = await store.decisionsOf(
        tx,
        pending.map((row) => row.id),
      );
      return pending.flatMap((row) =>
        row.route
          ? [
              {
                id: row.id,
                route: row.route,
                parties: contractParties(row.createdByUserId),
                submittedAt: row.submittedAt,
                decisions: recordedDecisions(
                  decisions.filter((d) => d.decision.documentId === row.id && d.decision.round === row.round),
                ),
              },
            ]
          : [],
      );
    },
    decisions: (tx, id, round) => store.decisions(tx, id, round),
    insertDecision: (tx, subject, decision) => store.insertDecision(tx, subject.id, decision),
    saveRoute: (tx, subject, route) =>
      contractsRepository(tx).saveRoute(subject.organisationId, subject.id, route),
    // A contract commits no budget itself: the orders placed under it do, at their own approval.
    overBudgetAtApproval: async () => [],
    async finish(tx, principal, subject, state, comment) {
      const repository = contractsRepository(tx);
      if (state === 'approved') {
        const changed = await repository.updateWhere(subject.organisationId, subject.id, ['in_approval'], {
          status: 'approved',
          approvedAt: clock.now(),
        });
        return { changed, mailIds: [] };
      }
      const changed = await repository.updateWhere(subject.organisationId, subject.id, ['in_approval'], {
        status: 'draft',
      });
      if (!changed) return { changed, mailIds: [] };
      const found = (await repository.find(subject.organisationId, subject.id))!;
      const mailIds = await notifications.announce(tx, {
        userIds: [found.contract.ownerUserId, found.contract.createdByUserId],
        organisationId: subject.organisationId,
        template: 'contract_rejected',
        params: {
          reference: subject.number,
          title: found.contract.title,
          approver: `${principal.firstName} ${principal.lastName}`,
          reason: comment,
        },
        path: contractPath(subject.id),
      });
      return { changed, mailIds };
    },
  };
}

/** The amount an approver reads in the inbox. */
export const contractAmount = (found: FoundContract) =>
  formatMinor(found.contract.valueMinor, found.contract.currency);
