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

/**
 * One place turns every failure into the wire format of ARCHITECTURE §5: `{ detail }`, plus the
 * messages of each offending field for validation errors. A user's mistake is always a 4xx.
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
      return reply.code(400).send({ ...fields, detail });
    }
    if (error instanceof AppError) {
      return reply
        .code(error.status)
        .headers(error.headers)
        .send({ ...error.fields, detail: error.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return reply.code(500).send({ detail: SERVER_ERROR });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ detail: 'Too many requests. Please wait a moment and try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type …).
      return reply.code(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(status >= 500 ? status : 500).send({ detail: SERVER_ERROR });
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
