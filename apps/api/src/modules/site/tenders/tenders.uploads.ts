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
const ACCEPTED =
  'Accepted files: PDF, Word (DOC, DOCX), Excel (XLS, XLSX), ZIP and images (PNG, JPG, GIF, WEBP).';

function refusal(fileName: string, reason: 'extension' | 'content' | 'empty' | 'markup'): string {
  if (reason === 'empty') return `“${fileName}” is empty.`;
  if (reason === 'markup') {
    return `“${fileName}” is not a plain image: it also contains web page or script code. Save it again as a PNG, JPG, GIF or WEBP image and attach that.`;
  }
  if (reason === 'extension') return `“${fileName}” is not an accepted type of file. ${ACCEPTED}`;
  return `“${fileName}” is not what its name says: its content is not a valid file of that type. ${ACCEPTED}`;
}

/** Multipart limits → the same 400 answers as any other bad field, never a bare 413 or a 500. */
function translate(error: unknown, current: string | null): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return fieldError(
      FIELD,
      `“${current ?? 'A file'}” is larger than 20 MB. Each document may be 20 MB at most.`,
    );
  }
  if (code === 'FST_FILES_LIMIT') return fieldError(FIELD, `Attach at most ${MAX_TENDER_DOCUMENTS} files.`);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('validation', 'The form has too many fields.');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('validation', 'Send the form as multipart/form-data.');
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
