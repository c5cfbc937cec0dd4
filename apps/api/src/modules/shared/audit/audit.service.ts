import {
  contentInput,
  firstUnsealedMismatch,
  GENESIS_HASH,
  linkEntries,
  verifyChain,
  type ChainBreak,
} from '@zabuni/domain';
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
  | 'tender.closing_changed'
  | 'tender.withdrawn'
  | 'tender.payment_changed'
  | 'subscription.paid'
  | 'prequalified_list.delivered'
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
  | 'tendering.addendum'
  | 'tendering.award_approved'
  | 'tendering.award_proposed'
  | 'tendering.award_rejected'
  | 'tendering.awarded'
  | 'tendering.bid_submitted'
  | 'tendering.cancelled'
  | 'tendering.clarified'
  | 'tendering.contract_linked'
  | 'tendering.created'
  | 'tendering.evaluation_submitted'
  | 'tendering.interest_registered'
  | 'tendering.justification_approved'
  | 'tendering.justification_asked'
  | 'tendering.justification_rejected'
  | 'tendering.financial_opened'
  | 'tendering.opening_confirmed'
  | 'tendering.published'
  | 'tendering.question_asked'
  | 'tendering.report_recorded'
  | 'tendering.settings_changed'
  | 'tendering.technical_evaluated'
  | 'tendering.technical_opened'
  | 'tendering.updated'
  | 'rfq.created'
  | 'rfq.updated'
  | 'rfq.submitted'
  | 'rfq.published'
  | 'rfq.publication_approved'
  | 'rfq.publication_rejected'
  | 'rfq.cancelled'
  | 'rfq.addendum'
  | 'rfq.question_asked'
  | 'rfq.question_answered'
  | 'rfq.document_added'
  | 'rfq.quote_sealed'
  | 'rfq.opening_confirmed'
  | 'rfq.opening_refused'
  | 'rfq.opened'
  | 'rfq.award_proposed'
  | 'rfq.award_approved'
  | 'rfq.award_rejected'
  | 'rfq.awarded'
  | 'auction.created'
  | 'auction.published'
  | 'auction.cancelled'
  | 'auction.award_proposed'
  | 'auction.award_approved'
  | 'auction.award_rejected'
  | 'auction.awarded'
  | 'disposal.registered'
  | 'disposal.updated'
  | 'disposal.method_requested'
  | 'disposal.method_approved'
  | 'disposal.method_rejected'
  | 'disposal.listed'
  | 'disposal.sold'
  | 'disposal.disposed'
  | 'disposal.withdrawn'
  | 'disposal.offer_submitted'
  | 'disposal.opening_confirmed'
  | 'disposal.offers_opened'
  | 'disposal.awarded'
  | 'disposal.award_requested'
  | 'disposal.award_approved'
  | 'disposal.award_rejected'
  | 'opening_key.set'
  | 'opening_key.refused'
  | 'invoice.submitted'
  | 'invoice.matched'
  | 'invoice.approved'
  | 'invoice.rejected'
  | 'invoice.exception_resolved'
  | 'invoice.payment_recorded'
  | 'credit_note.issued'
  | 'approval.started'
  | 'prequalification.created'
  | 'prequalification.updated'
  | 'prequalification.published'
  | 'prequalification.response_submitted'
  | 'prequalification.response_withdrawn'
  | 'prequalification.scores_submitted'
  | 'prequalification.results_proposed'
  | 'prequalification_result.approved'
  | 'prequalification_result.rejected'
  | 'contract.template_saved'
  | 'contract.clause_saved'
  | 'contract.created'
  | 'contract.updated'
  | 'contract.submitted'
  | 'contract.approved'
  | 'contract.rejected'
  | 'contract.sent_for_signature'
  | 'contract.signature_code_sent'
  | 'contract.signed'
  | 'contract.signature_refused'
  | 'contract.activated'
  | 'contract.expired'
  | 'contract.renewed'
  | 'contract.terminated'
  | 'contract.amended'
  | 'contract.notice_given'
  | 'contract.obligation_saved'
  | 'contract.settings_changed'
  | 'contract.award_linked'
  | 'contract.document_added'
  | 'approval.workflow_not_applied'
  | 'risk.created'
  | 'risk.updated'
  | 'risk.raised_by_threshold'
  | 'risk.treatment_saved'
  | 'risk.acceptance_requested'
  | 'risk_acceptance.approved'
  | 'risk_acceptance.rejected'
  | 'risk.settings_changed'
  | 'risk.service_saved'
  | 'risk.plan_saved'
  | 'risk.questionnaire_sent'
  | 'risk.questionnaire_answered'
  | 'risk.arrangement_saved'
  | 'risk.arrangement_reviewed'
  | 'risk.register_exported'
  | 'matching_settings.updated'
  | 'inquiry.answered'
  | 'inquiry.marked_spam'
  | 'inquiry.reopened'
  | 'supplier_registration.submitted'
  | 'supplier_registration.approved'
  | 'supplier_registration.rejected'
  | 'supplier_data.corrected'
  | 'supplier_data.exported'
  | 'supplier_data.erasure_requested'
  | 'supplier_data.erased'
  | 'webinar.created'
  | 'webinar.updated'
  | 'webinar.cancelled'
  | 'price.changed'
  | 'client_listing.changed'
  | 'directory.created'
  | 'directory.updated'
  | 'directory.delivery_resent'
  | 'tender_alerts.run'
  | 'contract_alerts.run';

export interface AuditEvent {
  action: AuditAction;
  actorUserId: number | null;
  organisationId?: number | null;
  ip?: string | null;
  /** Facts about the event; never passwords, tokens or codes. */
  detail?: Record<string, unknown>;
}

/** How many entries one sealing round links (one read, one UPDATE, one short transaction). */
const SEAL_BATCH = 2000;

export interface SealResult {
  /** Entries linked into the chain by this call. */
  sealed: number;
  /** Another sealer held the lock (only when not waiting for it). */
  busy: boolean;
  /** An unsealed entry that no longer matches its content hash: left unsealed, and sealing stops there. */
  stoppedAt: ChainBreak | null;
}

export interface VerifyResult {
  /** Sealed entries verified, in chain order. */
  entries: number;
  /** Entries not (yet) in the chain: committed after sealing finished, or stopped at a mismatch. */
  unsealed: number;
  firstBreak: ChainBreak | null;
}

/**
 * Security events, written in the same transaction as the change they record (so they commit or roll back
 * with it) and linked into the hash chain afterwards by `seal()`.
 */
export function createAuditService({ db, clock }: { db: Db; clock: Clock }) {
  /** Links every committed, unsealed entry into the chain, round by round; see `seal` below. */
  async function seal({ wait }: { wait: boolean }): Promise<SealResult> {
    let sealed = 0;
    for (;;) {
      const round = await db.transaction(async (tx) => {
        const repository = auditRepository(tx);
        if (!(await repository.lockSealer(wait))) return null;
        const last = await repository.lastLink();
        const rows = await repository.unsealed(0, SEAL_BATCH);
        const { links, stoppedAt } = linkEntries(last?.hash ?? GENESIS_HASH, rows.map(contentOf), sha256);
        const first = (last?.position ?? 0) + 1;
        const written = await repository.seal(links.map((link, i) => ({ ...link, position: first + i })));
        // The lock makes this sealer the only writer of links, and only committed rows are read.
        if (written !== links.length)
          throw new Error(`audit sealing wrote ${written} of ${links.length} links`);
        return { sealed: written, stoppedAt, full: rows.length === SEAL_BATCH };
      });
      if (round === null) return { sealed, busy: true, stoppedAt: null };
      sealed += round.sealed;
      if (round.stoppedAt || !round.full) return { sealed, busy: false, stoppedAt: round.stoppedAt };
    }
  }

  return {
    /** One INSERT in the caller's transaction, no lock: the content and its hash, no chain link yet. */
    async record(tx: Executor, event: AuditEvent): Promise<void> {
      // Millisecond precision, as the column stores it, so the hash can be recomputed from the row.
      const occurredAt = new Date(Math.floor(clock.now().getTime()));
      // Hashed as it will be stored (jsonb holds JSON: a Date becomes its ISO string, undefined is dropped).
      const detail = JSON.parse(JSON.stringify(event.detail ?? {})) as Record<string, unknown>;
      const content = {
        occurredAt: occurredAt.toISOString(),
        actorUserId: event.actorUserId,
        organisationId: event.organisationId ?? null,
        action: event.action,
        ip: event.ip ?? null,
        detail,
      };
      await auditRepository(tx).insert({
        ...content,
        occurredAt,
        contentHash: sha256(contentInput(content)),
      });
    },

    /**
     * Several entries in ONE INSERT of the caller's transaction (a batch of payment fulfilments), each
     * hashed as `record` hashes one; the sealer links them like any others, in the order of their ids.
     */
    async recordMany(tx: Executor, events: readonly AuditEvent[]): Promise<void> {
      if (events.length === 0) return;
      const occurredAt = new Date(Math.floor(clock.now().getTime()));
      await auditRepository(tx).insertMany(
        events.map((event) => {
          const detail = JSON.parse(JSON.stringify(event.detail ?? {})) as Record<string, unknown>;
          const content = {
            occurredAt: occurredAt.toISOString(),
            actorUserId: event.actorUserId,
            organisationId: event.organisationId ?? null,
            action: event.action,
            ip: event.ip ?? null,
            detail,
          };
          return { ...content, occurredAt, contentHash: sha256(contentInput(content)) };
        }),
      );
    },

    /**
     * Links committed, unsealed entries into the hash chain, in the order they are found committed: each
     * round (one short transaction under the sealer's advisory lock) reads what is committed and not yet
     * sealed, checks each entry against its content hash, and gives it the next place in the chain with a
     * hash over its content and the previous sealed entry's hash. An entry whose transaction commits later,
     * whatever its id, is found by a later round and placed after. The worker calls this every half second
     * (`wait: false`: skip while another process seals); readers that need the whole chain wait for the lock.
     */
    seal,

    /**
     * Seals what is committed, then recomputes the whole sealed chain in chain order and checks the entries
     * still unsealed against their content hashes. Returns the first broken entry, or null when intact.
     */
    async verify(): Promise<VerifyResult> {
      const sealing = await seal({ wait: true });
      const repository = auditRepository(db);
      let previous = GENESIS_HASH;
      let position = 0;
      let entries = 0;
      let firstBreak: ChainBreak | null = null;
      for (;;) {
        const rows = await repository.sealedPage(position, 1000);
        if (rows.length === 0) break;
        // Places are 1, 2, 3…: a missing one is a removed entry (even the last but one of the chain).
        const gap = rows.find((row, i) => row.position !== position + i + 1);
        const checked = gap ? rows.slice(0, rows.indexOf(gap)) : rows;
        firstBreak = verifyChain(
          checked.map((row) => ({ ...contentOf(row), previousHash: row.previousHash!, hash: row.hash! })),
          sha256,
          previous,
        );
        if (!firstBreak && gap) firstBreak = { id: gap.id, reason: 'link' };
        if (firstBreak) {
          entries += rows.findIndex((row) => row.id === firstBreak!.id) + 1;
          break;
        }
        entries += rows.length;
        previous = rows.at(-1)!.hash!;
        position = rows.at(-1)!.position!;
      }
      let unsealed = 0;
      for (let afterId = 0; ;) {
        const rows = await repository.unsealed(afterId, 1000);
        if (rows.length === 0) break;
        unsealed += rows.length;
        firstBreak ??= firstUnsealedMismatch(rows.map(contentOf), sha256);
        afterId = rows.at(-1)!.id;
      }
      return { entries, unsealed, firstBreak: firstBreak ?? sealing.stoppedAt };
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

/** A stored row as the chain hashes it. */
function contentOf(row: {
  id: number;
  occurredAt: Date;
  actorUserId: number | null;
  organisationId: number | null;
  action: string;
  ip: string | null;
  detail: Record<string, unknown>;
  contentHash: string | null;
}) {
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    actorUserId: row.actorUserId,
    organisationId: row.organisationId,
    action: row.action,
    ip: row.ip,
    detail: row.detail,
    contentHash: row.contentHash,
  };
}
