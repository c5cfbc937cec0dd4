import { chainInput, GENESIS_HASH, verifyChain, type ChainBreak } from '@zabuni/domain';
import type { Db, Executor } from '../../../infra/database.ts';
import { sha256 } from '../../../infra/crypto.ts';
import type { Clock } from '../../../infra/clock.ts';
import { auditRepository } from './audit.repository.ts';

export type AuditAction =
  | 'login.success'
  | 'login.failure'
  | 'login.locked'
  | 'two_factor.verified'
  | 'two_factor.failed'
  | 'two_factor.enabled'
  | 'two_factor.disabled'
  | 'two_factor.email_code_sent'
  | 'password.changed'
  | 'password.reset_requested'
  | 'password.reset'
  | 'account.registered'
  | 'account.activated'
  | 'role.granted'
  | 'role.revoked'
  | 'organisation.switched'
  | 'session.refreshed'
  | 'session.logout'
  | 'tender.submitted'
  | 'tender.created'
  | 'tender.updated'
  | 'tender.approved'
  | 'tender.rejected'
  | 'tender.cancelled'
  | 'tender.payment_changed'
  | 'subscription.paid'
  | 'department.created'
  | 'department.updated'
  | 'fiscal_year.created'
  | 'fiscal_year.updated'
  | 'tax_rate.created'
  | 'tax_rate.updated'
  | 'budget.created'
  | 'budget.updated'
  | 'approval_workflow.created'
  | 'approval_workflow.updated'
  | 'approval_settings.updated'
  | 'requisition.created'
  | 'requisition.updated'
  | 'requisition.cancelled'
  | 'requisition.submitted'
  | 'requisition.approved'
  | 'requisition.rejected'
  | 'requisition.returned'
  | 'requisition.attachment_added'
  | 'requisition.attachment_removed'
  | 'delegation.created'
  | 'delegation.removed'
  | 'member.invited'
  | 'member.invitation_accepted'
  | 'supplier.added'
  | 'supplier.updated'
  | 'purchase_order.created'
  | 'purchase_order.updated'
  | 'purchase_order.submitted'
  | 'purchase_order.approved'
  | 'purchase_order.rejected'
  | 'purchase_order.sent'
  | 'purchase_order.acknowledged'
  | 'purchase_order.declined'
  | 'purchase_order.received'
  | 'purchase_order.closed'
  | 'purchase_order.cancelled'
  | 'invoice.submitted'
  | 'invoice.matched'
  | 'invoice.approved'
  | 'invoice.rejected'
  | 'invoice.exception_resolved'
  | 'invoice.payment_recorded'
  | 'approval.started'
  | 'approval.workflow_not_applied'
  | 'matching_settings.updated';

export interface AuditEvent {
  action: AuditAction;
  actorUserId: number | null;
  organisationId?: number | null;
  ip?: string | null;
  /** Facts about the event; never passwords, tokens or codes. */
  detail?: Record<string, unknown>;
}

/** Security events, appended to the hash-chained log in the same transaction as the change they record. */
export function createAuditService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async record(tx: Executor, event: AuditEvent): Promise<void> {
      const repository = auditRepository(tx);
      const link = await repository.lockAndReadLastHashAndNextId();
      const previousHash = link.previousHash ?? GENESIS_HASH;
      const id = link.id;
      // Millisecond precision, as the column stores it, so the hash can be recomputed from the row.
      const occurredAt = new Date(Math.floor(clock.now().getTime()));
      const content = {
        id,
        occurredAt: occurredAt.toISOString(),
        actorUserId: event.actorUserId,
        organisationId: event.organisationId ?? null,
        action: event.action,
        ip: event.ip ?? null,
        detail: event.detail ?? {},
      };
      await repository.insert({
        ...content,
        occurredAt,
        previousHash,
        hash: sha256(chainInput(previousHash, content)),
      });
    },

    /** Recomputes the whole chain; returns the first broken entry, or null when intact. */
    async verify(): Promise<{ entries: number; firstBreak: ChainBreak | null }> {
      const repository = auditRepository(db);
      let previous = GENESIS_HASH;
      let afterId = 0;
      let entries = 0;
      for (;;) {
        const rows = await repository.page(afterId, 1000);
        if (rows.length === 0) return { entries, firstBreak: null };
        const firstBreak = verifyChain(
          rows.map((row) => ({
            id: row.id,
            occurredAt: row.occurredAt.toISOString(),
            actorUserId: row.actorUserId,
            organisationId: row.organisationId,
            action: row.action,
            ip: row.ip,
            detail: row.detail,
            previousHash: row.previousHash,
            hash: row.hash,
          })),
          sha256,
          previous,
        );
        if (firstBreak) return { entries: entries + rows.length, firstBreak };
        entries += rows.length;
        previous = rows.at(-1)!.hash;
        afterId = rows.at(-1)!.id;
      }
    },

    /** A document's timeline, for those who may read the document (the caller checks that). */
    documentEvents(organisationId: number, documentType: 'requisition', documentId: number) {
      return auditRepository(db).documentEvents(organisationId, documentType, documentId);
    },

    async newest(limit: number, offset: number) {
      const repository = auditRepository(db);
      const [rows, count] = await Promise.all([repository.newest(limit, offset), repository.count()]);
      return { count, rows };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
