import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from '@fastify/type-provider-zod';
import {
  issueMessage,
  issueTarget,
  message,
  type IssueLike,
  type Message,
  type MessageKey,
} from '@zabuni/contracts';
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

/** Where an error points: one field of the request, and for a line item its index (from 0). */
export interface ErrorTarget {
  field?: string;
  line?: number;
}

/**
 * A failure of a use case. `code` is its class (and so its status); the message is either a catalogue
 * message (`message('requisition.not_editable')`, whose key travels as the body's `code`) or, for call
 * sites not converted yet, a plain English sentence (the body's `code` is then the class).
 */
export class AppError extends Error {
  /** The catalogue key, when the message came from the catalogue. */
  readonly key: MessageKey | undefined;
  readonly params: Readonly<Record<string, string | number>>;
  readonly target: ErrorTarget;

  constructor(
    readonly code: ErrorCode,
    message: string | Message,
    readonly fields: Record<string, string[]> = {},
    readonly headers: Record<string, string> = {},
    target: ErrorTarget = {},
  ) {
    super(typeof message === 'string' ? message : message.text);
    this.name = 'AppError';
    this.key = typeof message === 'string' ? undefined : message.key;
    this.params = typeof message === 'string' ? {} : message.params;
    this.target = target;
  }

  get status(): number {
    return STATUS[this.code];
  }

  /** The wire body (ARCHITECTURE §5). A request field named `field`, `line` or `params` keeps its messages. */
  body(): Record<string, unknown> {
    return {
      code: this.key ?? this.code,
      ...(Object.keys(this.params).length > 0 ? { params: this.params } : {}),
      ...(this.target.field === undefined ? {} : { field: this.target.field }),
      ...(this.target.line === undefined ? {} : { line: this.target.line }),
      ...this.fields,
      detail: this.message,
    };
  }
}

export const notFound = (what: string | Message = 'Not found.') => new AppError('not_found', what);

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
      // Fastify's copy of each zod issue: the issue's other fields (bounds, enum values) sit in `params`.
      const issues = error.validation.map((issue) => ({
        ...issue.params,
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? 'This value is not valid.',
      }));
      return reply.code(400).send(validationFailed(issues).body());
    }
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send(error.body());
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return reply.code(500).send({ detail: SERVER_ERROR, code: 'internal' });
    }
    if (isUnstorableText(error)) {
      request.log.warn({ route: request.routeOptions.url }, 'text the database cannot store reached it');
      return reply.code(400).send(new AppError('validation', message('system.unstorable_text')).body());
    }
    if (error.statusCode === 429) {
      return reply.code(429).send(new AppError('rate_limited', message('system.rate_limited')).body());
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

/**
 * A 400 from zod issues: a route's schema (through the error handler) or a zod result checked inside a use
 * case (e.g. multipart fields). Each top-level field keeps its messages in English; `detail` is the first
 * field's first message. When the first issue's message is a catalogue key (the contracts' schemas report
 * keys), the body's `code` is that key, with its `params`, `field` (the issue's path joined:
 * `lines.1.unit_price`) and, for a line item, `line`; zod's own English keeps the class `validation`.
 */
export function validationFailed(issues: ReadonlyArray<IssueLike>): AppError {
  const fields: Record<string, string[]> = {};
  const catalogued = issues[0] === undefined ? undefined : issueMessage(issues[0]);
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    (fields[field] ??= []).push(issueMessage(issue)?.text ?? issue.message);
  }
  const [first] = Object.entries(fields);
  const detail = first ? `${first[0]}: ${first[1][0]}` : 'The request is not valid.';
  if (catalogued === undefined || first === undefined) return new AppError('validation', detail, fields);
  return new AppError(
    'validation',
    { ...catalogued, text: detail },
    fields,
    {},
    issueTarget(issues[0]!.path),
  );
}

/** A 400 about one field. */
export const fieldError = (field: string, message: string | Message) => {
  const text = typeof message === 'string' ? message : message.text;
  const detail = `${field}: ${text}`;
  const reported = typeof message === 'string' ? detail : { ...message, text: detail };
  return new AppError('validation', reported, { [field]: [text] }, {}, { field });
};

/**
 * A 400 about one line item (`index` from 0) of a list field: the English keeps its "Line N: " prefix, the
 * body says `line` so a client places the message without reading the sentence.
 */
export const lineError = (field: string, index: number, message: Message) => {
  const text = `Line ${index + 1}: ${message.text}`;
  const reported = { ...message, text: `${field}: ${text}` };
  return new AppError('validation', reported, { [field]: [text] }, {}, { field, line: index });
};

/** A unique index refused the row (PostgreSQL 23505), as pg reports it directly or drizzle wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}
