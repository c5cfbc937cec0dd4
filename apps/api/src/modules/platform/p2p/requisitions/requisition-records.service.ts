import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { message } from '@zabuni/contracts';
import type { Principal } from '../../../../infra/auth.ts';
import type { Db } from '../../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../../infra/errors.ts';
import { checkDocument, type DocumentKind } from '../../../../infra/file-types.ts';
import type { FileStorage } from '../../../../infra/storage.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import type { AuditService } from '../../../shared/audit/index.ts';
import type { Clock } from '../../../../infra/clock.ts';
import { requisitionsRepository } from './requisitions.repository.ts';

export const ATTACHMENT_FIELD = 'file';
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 20;
const KINDS: readonly DocumentKind[] = ['pdf', 'docx', 'xlsx', 'png', 'jpeg'];

const name = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** What surrounds a requisition: its attachments and its timeline (read from the audit log). */
export function createRequisitionRecordsService({
  db,
  audit,
  files,
  clock,
}: {
  db: Db;
  audit: AuditService;
  files: FileStorage;
  clock: Clock;
}) {
  async function visible(principal: Principal, id: number) {
    const organisationId = currentOrganisation(principal);
    const found = await requisitionsRepository(db).find(organisationId, id);
    if (!found) throw notFound(message('requisition.not_found'));
    return { organisationId, found };
  }

  const view = (
    requisitionId: number,
    row: Awaited<ReturnType<ReturnType<typeof requisitionsRepository>['attachments']>>[number],
  ) => ({
    id: row.attachment.id,
    file_name: row.attachment.fileName,
    content_type: row.attachment.contentType,
    size: row.attachment.size,
    uploaded_by: { id: row.attachment.uploadedByUserId, name: name(row.firstName, row.lastName) },
    uploaded_at: row.attachment.uploadedAt.toISOString(),
    download_url: `/api/v1/p2p/requisitions/${requisitionId}/attachments/${row.attachment.id}/download/`,
  });

  return {
    /** Every recorded change of the requisition, oldest first, with who made it. */
    async timeline(principal: Principal, id: number) {
      const { organisationId } = await visible(principal, id);
      const events = await audit.documentEvents(organisationId, 'requisition', id);
      const people = await requisitionsRepository(db).userNames([
        ...new Set(events.flatMap((e) => (e.actorUserId === null ? [] : [e.actorUserId]))),
      ]);
      return {
        results: events.map((event) => {
          const { requisition_id: _id, ...detail } = event.detail;
          const person = people.find((p) => p.id === event.actorUserId);
          return {
            id: event.id,
            occurred_at: event.occurredAt.toISOString(),
            action: event.action,
            actor: person ? { id: person.id, name: name(person.firstName, person.lastName) } : null,
            detail,
          };
        }),
      };
    },

    async attachments(principal: Principal, id: number) {
      await visible(principal, id);
      const rows = await requisitionsRepository(db).attachments(id);
      return { results: rows.map((row) => view(id, row)) };
    },

    /** Stores one checked file; only the requester, while the requisition can still be changed. */
    async attach(
      principal: Principal,
      id: number,
      file: { fileName: string; bytes: Buffer },
      ip: string | null,
    ) {
      const check = checkDocument(file.fileName, file.bytes);
      if (!check.ok || !KINDS.includes(check.kind)) {
        const reason = check.ok ? 'extension' : check.reason;
        throw fieldError(
          ATTACHMENT_FIELD,
          message(
            reason === 'empty'
              ? 'attachment.empty'
              : reason === 'content'
                ? 'attachment.mislabelled'
                : 'attachment.type',
            { file: file.fileName },
          ),
        );
      }
      const storageKey = `requisition-attachments/${clock.now().getUTCFullYear()}/${randomBytes(18).toString('base64url')}`;
      await files.put(storageKey, file.bytes, check.contentType);
      try {
        const attachmentId = await db.transaction(async (tx) => {
          const organisationId = currentOrganisation(principal);
          const repository = requisitionsRepository(tx);
          if (!(await repository.lockForDecision(organisationId, id)))
            throw notFound(message('requisition.not_found'));
          const found = (await repository.find(organisationId, id))!;
          assertChangeable(principal, found.requisition);
          if ((await repository.attachments(id)).length >= MAX_ATTACHMENTS) {
            throw fieldError(
              ATTACHMENT_FIELD,
              message('requisition.attachment_limit', { max: MAX_ATTACHMENTS }),
            );
          }
          const attachmentId = await repository.insertAttachment({
            requisitionId: id,
            fileName: file.fileName.slice(0, 255),
            contentType: check.contentType,
            size: file.bytes.length,
            storageKey,
            uploadedByUserId: principal.userId,
          });
          await audit.record(tx, {
            action: 'requisition.attachment_added',
            actorUserId: principal.userId,
            organisationId,
            ip,
            detail: { requisition_id: id, attachment_id: attachmentId, file_name: file.fileName },
          });
          return attachmentId;
        });
        const rows = await requisitionsRepository(db).attachments(id);
        return view(
          id,
          rows.find((row) => row.attachment.id === attachmentId)!,
        );
      } catch (error) {
        await files.delete(storageKey).catch(() => undefined);
        throw error;
      }
    },

    async detach(principal: Principal, id: number, attachmentId: number, ip: string | null) {
      const storageKey = await db.transaction(async (tx) => {
        const organisationId = currentOrganisation(principal);
        const repository = requisitionsRepository(tx);
        if (!(await repository.lockForDecision(organisationId, id)))
          throw notFound(message('requisition.not_found'));
        const found = (await repository.find(organisationId, id))!;
        assertChangeable(principal, found.requisition);
        const removed = await repository.deleteAttachment(id, attachmentId);
        if (!removed) throw notFound(message('attachment.not_found'));
        await audit.record(tx, {
          action: 'requisition.attachment_removed',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { requisition_id: id, attachment_id: attachmentId, file_name: removed.fileName },
        });
        return removed.storageKey;
      });
      await files.delete(storageKey).catch(() => undefined);
    },

    async open(
      principal: Principal,
      id: number,
      attachmentId: number,
    ): Promise<{ fileName: string; contentType: string; size: number; stream: Readable }> {
      await visible(principal, id);
      const row = (await requisitionsRepository(db).attachments(id)).find(
        (r) => r.attachment.id === attachmentId,
      );
      const stream = row ? await files.get(row.attachment.storageKey) : null;
      if (!row || !stream) throw notFound(message('attachment.not_found'));
      return { ...row.attachment, stream };
    },
  };
}

function assertChangeable(principal: Principal, requisition: { requesterUserId: number; status: string }) {
  if (requisition.requesterUserId !== principal.userId) {
    throw new AppError('forbidden', message('requisition.not_yours'));
  }
  if (requisition.status !== 'draft' && requisition.status !== 'returned') {
    throw new AppError('conflict', message('requisition.not_editable'));
  }
}
export type RequisitionRecordsService = ReturnType<typeof createRequisitionRecordsService>;
