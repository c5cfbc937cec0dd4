import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from '@fastify/type-provider-zod';
import type { FastifyError, FastifyInstance } from 'fastify';

/** The failures a use case can report; each maps to exactly one HTTP status (ARCHITECTURE §10.7). */
export type ErrorCode =
  'validation' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited' | 'unavailable';

const STATUS: Record<ErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields: Record<string, string[]> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export const notFound = (what = 'Not found.') => new AppError('not_found', what);

const SERVER_ERROR = 'Something went wrong on our side. Please try again in a moment.';

/** The `code` of an error body (ARCHITECTURE §5): what the web translates by, never the English sentence. */
export type WireErrorCode = ErrorCode | 'internal';

/** The code of an answer whose status was decided outside a use case (Fastify's own errors, 404 pages). */
export function codeForStatus(status: number): WireErrorCode {
  const known = (Object.keys(STATUS) as ErrorCode[]).find((code) => STATUS[code] === status);
  if (known) return known;
  if (status === 405) return 'not_found';
  // Malformed JSON, an empty JSON body, a body too large, an unsupported media type …
  if (status >= 400 && status < 500) return 'validation';
  return 'internal';
}

/**
 * PostgreSQL refused text it cannot hold: a NUL (22021 character_not_in_repertoire, "invalid byte sequence
 * for encoding UTF8: 0x00") or an escape it cannot store (22P05 untranslatable_character, a lone surrogate
 * in JSON). The contract layer (infra/input-hardening.ts) refuses these in every JSON body, query and path
 * before a handler runs; this catches what it cannot see (multipart fields, file names).
 */
function isUnstorableText(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as Error & { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}

/**
 * One place turns every failure into the wire format of ARCHITECTURE §5: `{ detail, code }`, plus the
 * messages of each offending field for validation errors. A user's mistake is always a 4xx. When a field
 * is itself called `code`, its messages win the key (each code has exactly one status, which still says it).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.split('/').filter(Boolean)[0] ?? 'non_field_errors';
        (fields[field] ??= []).push(issue.message ?? 'This value is not valid.');
      }
      const [first] = Object.entries(fields);
      const detail = first ? `${first[0]}: ${first[1][0]}` : 'The request is not valid.';
      // `code` first: a field named `code` (a department's code) keeps its messages; see errorBody.
      return reply.code(400).send({ code: 'validation', ...fields, detail });
    }
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .send({ code: error.code, ...error.fields, detail: error.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return reply.code(500).send({ detail: SERVER_ERROR, code: 'internal' });
    }
    if (isUnstorableText(error)) {
      request.log.warn({ route: request.routeOptions.url }, 'text the database cannot store reached it');
      return reply.code(400).send({
        detail:
          'The request contains a character that cannot be stored (a NUL or a broken Unicode character).',
        code: 'validation',
      });
    }
    if (error.statusCode === 429) {
      return reply
        .code(429)
        .send({ detail: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type …).
      return reply.code(status).send({ detail: error.message, code: codeForStatus(status) });
    }
    request.log.error({ err: error }, 'request failed');
    const serverStatus = status >= 500 ? status : 500;
    return reply.code(serverStatus).send({ detail: SERVER_ERROR, code: codeForStatus(serverStatus) });
  });
}

/** A 400 from a zod result checked inside a use case (e.g. multipart fields), in the same wire format. */
export function validationFailed(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): AppError {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    (fields[field] ??= []).push(issue.message);
  }
  const [first] = Object.entries(fields);
  return new AppError(
    'validation',
    first ? `${first[0]}: ${first[1][0]}` : 'The request is not valid.',
    fields,
  );
}

/** A 400 about one field. */
export const fieldError = (field: string, message: string) =>
  new AppError('validation', `${field}: ${message}`, { [field]: [message] });

/** A unique index refused the row (PostgreSQL 23505), as pg reports it directly or drizzle wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}
