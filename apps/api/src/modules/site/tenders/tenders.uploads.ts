import { message, type Message } from '@zabuni/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../../infra/errors.ts';
import { checkDocument } from '../../../infra/file-types.ts';
import {
  MAX_TENDER_DOCUMENTS,
  MAX_TENDER_DOCUMENT_BYTES,
  type StagedDocument,
  type TendersService,
} from './tenders.service.ts';

const FIELD = 'tender_documents';

function refusal(fileName: string, reason: 'extension' | 'content' | 'empty' | 'markup'): Message {
  const file = { file: fileName };
  if (reason === 'empty') return message('tender.document_empty', file);
  if (reason === 'markup') return message('tender.document_markup', file);
  if (reason === 'extension') return message('tender.document_type', file);
  return message('tender.document_mislabelled', file);
}

/** Multipart limits → the same 400 answers as any other bad field, never a bare 413 or a 500. */
function translate(error: unknown, current: string | null): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return fieldError(FIELD, message('tender.document_too_large', { file: current ?? 'A file' }));
  }
  if (code === 'FST_FILES_LIMIT')
    return fieldError(FIELD, message('tender.too_many_documents', { max: MAX_TENDER_DOCUMENTS }));
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('validation', message('tender.too_many_fields'));
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('validation', message('tender.not_multipart'));
  }
  return error;
}

/**
 * Reads a tender form: text fields into a record, each document checked by its content and stored under
 * a random key as it arrives (one file in memory at a time). If anything fails, stored files are deleted.
 */
export async function readTenderUpload(
  request: FastifyRequest,
  tenders: TendersService,
): Promise<{ fields: Record<string, string>; documents: StagedDocument[] }> {
  const fields: Record<string, string> = {};
  const documents: StagedDocument[] = [];
  let current: string | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_TENDER_DOCUMENT_BYTES,
        files: MAX_TENDER_DOCUMENTS,
        fields: 40,
        fieldSize: 1024 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      current = part.filename;
      if (part.fieldname !== FIELD || !part.filename) {
        // An unknown file field, or an empty file input: read and ignore.
        await part.toBuffer();
        continue;
      }
      const bytes = await part.toBuffer();
      const check = checkDocument(part.filename, bytes);
      if (!check.ok) throw fieldError(FIELD, refusal(part.filename, check.reason));
      documents.push(
        await tenders.stageDocument({ fileName: part.filename, bytes, contentType: check.contentType }),
      );
      current = null;
    }
  } catch (error) {
    await tenders.discardDocuments(documents);
    throw translate(error, current);
  }
  return { fields, documents };
}

/**
 * Runs a use case on an uploaded tender form; the documents stored while reading are deleted again
 * when the use case refuses the form, so a failed request leaves no file behind.
 */
export async function withTenderUpload<T>(
  request: FastifyRequest,
  tenders: TendersService,
  useCase: (fields: Record<string, string>, documents: StagedDocument[]) => Promise<T>,
): Promise<T> {
  const { fields, documents } = await readTenderUpload(request, tenders);
  try {
    return await useCase(fields, documents);
  } catch (error) {
    await tenders.discardDocuments(documents);
    throw error;
  }
}
