import { message, type Message } from '@zabuni/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, fieldError } from './errors.ts';

/**
 * Input PostgreSQL cannot hold is refused at the contract layer, once for every operation (issue 13 §7).
 *
 * Why a hook and not the zod building blocks of packages/contracts: many fields are a bare `z.string()`
 * (search boxes, comments, codes in paths, discriminators) or come from `z.enum`, `z.union`, records and
 * arrays, and new routes keep adding more; a rule inside `required()`/`email` would cover only the fields
 * that happen to use them. This hook sees every JSON body, query string and path parameter after Fastify
 * parsed them and before the route's schema and handler run, whatever their schema says, including keys
 * the schema would strip. (Multipart fields and file names are read inside handlers; the error handler
 * turns PostgreSQL's refusal of the same characters into a 400 for them.)
 */

export const TEXT_MESSAGES = {
  nul: message('system.nul_character'),
  surrogate: message('system.lone_surrogate'),
  nothingToChange: message('system.nothing_to_change'),
} as const;

/** A lone UTF-16 surrogate: half of a character, which UTF-8, PostgreSQL and JSONB cannot represent. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a text cannot be stored, or null when it can. */
export function unstorableText(text: string): Message | null {
  if (text.includes('\u0000')) return TEXT_MESSAGES.nul;
  if (LONE_SURROGATE.test(text)) return TEXT_MESSAGES.surrogate;
  return null;
}

/**
 * The first unstorable string in a parsed value (keys included), with the top-level field it sits in
 * (`lines` for `lines[2].description`, as validation errors name fields). Iterative: a deeply nested body
 * cannot exhaust the stack.
 */
export function findUnstorableText(value: unknown): { field: string; message: Message } | null {
  const pending: Array<{ value: unknown; field: string | null }> = [{ value, field: null }];
  while (pending.length > 0) {
    const { value: current, field } = pending.pop()!;
    if (typeof current === 'string') {
      const message = unstorableText(current);
      if (message) return { field: field ?? 'non_field_errors', message };
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push({ value: item, field });
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        const keyProblem = unstorableText(key);
        // An odd key is reported on its parent field, never echoed back as a field name.
        if (keyProblem) return { field: field ?? 'non_field_errors', message: keyProblem };
        pending.push({ value: item, field: field ?? key });
      }
    }
  }
  return null;
}

/**
 * Parsed JSON, query strings and path parameters are plain objects. A route that parses its own body into
 * something else (the M-Pesa callback keeps whatever arrives as a RawCallbackBody, to store and acknowledge
 * it whatever it holds) has taken charge of its input and is left to it.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function refuseUnstorableText(request: FastifyRequest): void {
  // Fastify builds query and params on prototypes of its own: copied, they are walked like a JSON body.
  const parts = [{ ...(request.params as object) }, { ...(request.query as object) }, request.body];
  for (const value of parts) {
    const problem = findUnstorableText(value);
    if (problem) {
      throw fieldError(problem.field, problem.message);
    }
  }
}

/** A change that names no field the schema knows (`{}`, or only unknown keys the schema stripped). */
function isEmptyChange(body: unknown): boolean {
  return (
    body !== null &&
    typeof body === 'object' &&
    !Array.isArray(body) &&
    Object.values(body).every((value) => value === undefined)
  );
}

export function registerInputHardening(app: FastifyInstance): void {
  // Before the route's schema: every string of every body, query and path, whatever its schema.
  app.addHook('preValidation', async (request) => refuseUnstorableText(request));
  // After the schema (the body is its output) and after authentication and access (route-level hooks run
  // after the app's): a PATCH that changes nothing is the caller's mistake, never a database error.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('PATCH') || !route.schema?.body) return;
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...existing, refuseEmptyChange];
  });
}

async function refuseEmptyChange(request: FastifyRequest): Promise<void> {
  if (request.method === 'PATCH' && isEmptyChange(request.body)) {
    throw new AppError('validation', TEXT_MESSAGES.nothingToChange, {
      non_field_errors: [TEXT_MESSAGES.nothingToChange.text],
    });
  }
}
