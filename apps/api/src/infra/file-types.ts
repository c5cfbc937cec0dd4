import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
/**
 * What an uploaded file really is, decided by its first bytes (its "magic number"), never by the name or
 * the Content-Type the browser sent. A name's extension must agree with the content.
 */

export type DocumentKind = 'pdf' | 'doc' | 'xls' | 'docx' | 'xlsx' | 'zip' | 'png' | 'jpeg' | 'gif' | 'webp';

const CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Extensions accepted for tender documents, and the content each must have. */
const EXTENSIONS: Record<string, DocumentKind> = {
  pdf: 'pdf',
  doc: 'doc',
  xls: 'xls',
  docx: 'docx',
  xlsx: 'xlsx',
  zip: 'zip',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
};

export const DOCUMENT_EXTENSIONS = Object.keys(EXTENSIONS);

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_ENTRY = [0x50, 0x4b, 0x03, 0x04];
const ZIP_EMPTY = [0x50, 0x4b, 0x05, 0x06];

/** Office Open XML files are ZIP archives whose entries live under word/ or xl/. */
function zipHoldsFolder(bytes: Buffer, folder: string): boolean {
  return bytes.includes(Buffer.from(folder, 'latin1'));
}

/** The kinds the content is compatible with (an OLE2 file may be a .doc or a .xls). */
function contentKinds(bytes: Buffer): DocumentKind[] {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return ['pdf'];
  if (startsWith(bytes, OLE2)) return ['doc', 'xls'];
  if (startsWith(bytes, ZIP_ENTRY) || startsWith(bytes, ZIP_EMPTY)) {
    const kinds: DocumentKind[] = ['zip'];
    if (zipHoldsFolder(bytes, 'word/')) kinds.push('docx');
    if (zipHoldsFolder(bytes, 'xl/')) kinds.push('xlsx');
    return kinds;
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return ['png'];
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return ['jpeg'];
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  )
    return ['gif'];
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return ['webp'];
  return [];
}

export type DocumentCheck =
  | { ok: true; kind: DocumentKind; contentType: string }
  | { ok: false; reason: 'extension' | 'content' | 'empty' | 'markup' };

const IMAGE_KINDS: ReadonlySet<DocumentKind> = new Set(['png', 'jpeg', 'gif', 'webp']);

/**
 * What a browser or an XML reader would take for a page or a script. An image never needs these bytes, and
 * a file that is both (a GIF header followed by `<html><script>…`, a "polyglot") is refused: sniffed as HTML
 * somewhere, it would run in our origin. `<svg` only when a tag follows, so compressed pixel data (random
 * bytes) almost never matches by chance.
 */
const MARKUP = [
  /<script/i,
  /<html/i,
  /<svg[\s>/]/i,
  /<!doctype/i,
  /<\?xml/i,
  /<iframe/i,
  /<body/i,
  /<object/i,
  /<embed/i,
  /javascript:/i,
];

/** Whether the bytes carry markup anywhere (read as latin1: one character per byte, nothing lost). */
export function carriesMarkup(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  return MARKUP.some((pattern) => pattern.test(text));
}

/**
 * Accepts a document when its extension is allowed and its bytes are what the extension promises. An
 * image must be nothing but an image: one that carries markup anywhere is refused (`markup`). There is no
 * image library to re-encode with, so refusing is the rule; images are also only ever served as downloads
 * with their own type and `nosniff` (`sendFile`).
 */
export function checkDocument(fileName: string, bytes: Buffer): DocumentCheck {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const expected = EXTENSIONS[extension];
  if (!expected) return { ok: false, reason: 'extension' };
  if (!contentKinds(bytes).includes(expected)) return { ok: false, reason: 'content' };
  if (IMAGE_KINDS.has(expected) && carriesMarkup(bytes)) return { ok: false, reason: 'markup' };
  return { ok: true, kind: expected, contentType: CONTENT_TYPES[expected] };
}

/** RFC 6266 header with an ASCII fallback and the exact UTF-8 name. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends a stored file as a download: its type, size and name, never sniffed, never cached by proxies. */
export function sendFile(
  reply: FastifyReply,
  file: { contentType: string; size: number; fileName: string; stream: Readable },
) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', attachmentDisposition(file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-cache')
    .send(file.stream);
}
