import { zodResolver } from '@hookform/resolvers/zod';
import { isMessageKey, MESSAGES, placeholdersOf, type MessageKey } from '@zabuni/contracts';
import { decimalTextToMinor } from '@zabuni/domain';
import i18next from 'i18next';
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from './api-client.ts';
import { translateCode } from './error-codes.ts';
import { loadErrorMessages } from './i18n.ts';

/**
 * Puts the API's field messages (`{ "field": ["message"] }`) on the form's fields, so the server's rules
 * show where the user types. `fields` lists the API fields the form shows under the same name, or maps API
 * field names to the form's. Returns true when at least one field got a message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[] | Readonly<Record<string, Path<T>>>,
): boolean {
  if (!(error instanceof ApiError) || !error.body) return false;
  const formField = (field: string): string | undefined =>
    Array.isArray(fields)
      ? fields.includes(field)
        ? field
        : undefined
      : (fields as Readonly<Record<string, string>>)[field];
  let applied = false;
  for (const [field, messages] of Object.entries(error.body)) {
    const target = field === 'detail' ? undefined : formField(field);
    if (!target || !Array.isArray(messages) || messages.length === 0) continue;
    // In the interface language when the error's code concerns this field (see ApiError.messageFor).
    setError(target as Path<T>, { type: 'server', message: error.messageFor(field) ?? String(messages[0]) });
    applied = true;
  }
  return applied;
}

/** A key of a form's own namespace (`requisitions:validation.price`), not a sentence. */
const NAMESPACED_KEY = /^[a-z][a-z0-9-]*:[\w.]+$/;

/**
 * A message in the interface language, found by its key, never by its English: an API error is already
 * translated by its code (`ApiError.message`); a zod issue of a contract schema carries a catalogue key
 * (`requisition.price`), translated from the `errors` namespace; a form's own check carries a key of its
 * namespace (`p2p-orders:validation.terms`). Anything else (a message not converted yet) is shown as it is.
 */
export function messageText(message: string | Error | undefined | null): string | undefined {
  if (message instanceof Error) return message.message;
  if (!message) return undefined;
  const byCode = translateCode(message);
  if (byCode !== undefined) return byCode;
  if (isMessageKey(message)) {
    // The `errors` namespace is not loaded yet (a public form before any API error): the catalogue's English
    // now, and the interface language from the next render on. Never the bare key.
    void loadErrorMessages();
    return MESSAGES[message].replace(/\{\w+\}/g, '…');
  }
  if (NAMESPACED_KEY.test(message) && i18next.exists(message)) return i18next.t(message);
  return message;
}

/** A failure as people read it (an ApiError's message is already in the interface language). */
export function failureText(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

/** The message of a react-hook-form field error, for a field's `error` prop. */
export function fieldError(error: { message?: string } | undefined): string | undefined {
  return messageText(error?.message);
}

type Issue = z.core.$ZodIssue;

/** A catalogue message's placeholders from its zod issue: a size check's bound, an enum's values, a refinement's params. */
function issueParams(issue: Issue, key: string): Record<string, string | number> {
  const extra = issue as { maximum?: unknown; minimum?: unknown; values?: unknown; params?: unknown };
  const custom = (typeof extra.params === 'object' && extra.params !== null ? extra.params : {}) as Record<
    string,
    unknown
  >;
  const params: Record<string, string | number> = {};
  for (const name of placeholdersOf(MESSAGES[key as MessageKey])) {
    const value =
      name === 'max'
        ? extra.maximum
        : name === 'min'
          ? extra.minimum
          : name === 'choices' && Array.isArray(extra.values)
            ? extra.values.map(String).join(', ')
            : custom[name];
    if (typeof value === 'number' || typeof value === 'string') params[name] = value;
    else if (typeof value === 'bigint') params[name] = Number(value);
  }
  return params;
}

/**
 * A zod issue's text: a catalogue key (`field.too_long`) is translated by its key with its placeholders
 * filled from the issue (the English catalogue text while the `errors` namespace is not loaded); any other
 * message (a key of the form's namespace, or text) is kept for `messageText` to show.
 */
export function issueText(issue: Issue): string {
  const key = issue.message;
  if (!isMessageKey(key)) return key;
  const params = issueParams(issue, key);
  return (
    translateCode(key, params) ??
    (MESSAGES[key] as string).replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    )
  );
}

/**
 * react-hook-form's `zodResolver` over a contract schema (or a form schema built on one), each issue's
 * catalogue key given in the interface language with its placeholders. `Values` is what the form edits
 * (text fields, pickers that start empty, form-only labels); `Output` is the request the schema yields.
 */
export function contractResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, unknown>,
): Resolver<Values, unknown, Output> {
  const readable = z
    .custom<FieldValues>(() => true)
    .transform(async (value, ctx) => {
      const result = await schema.safeParseAsync(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issueText(issue), input: value });
      }
      return z.NEVER;
    });
  return zodResolver(readable) as unknown as Resolver<Values, unknown, Output>;
}

/**
 * The services' price rule on a form's lines, for a zod refinement: each line's `unit_price` must be an
 * amount of 0 or more with at most the currency's decimals, refused on that line's price with the service's
 * own catalogue key. `include` skips lines the request leaves out.
 */
export function refineLinePrices(
  ctx: z.RefinementCtx,
  lines: unknown,
  currency: string,
  key: MessageKey,
  include: (line: unknown) => boolean = () => true,
): void {
  if (!Array.isArray(lines)) return;
  lines.forEach((line: unknown, index) => {
    if (!include(line)) return;
    const price = (line as { unit_price?: unknown } | null | undefined)?.unit_price;
    if (decimalTextToMinor(String(price ?? ''), currency.trim().toUpperCase()) === null) {
      ctx.addIssue({ code: 'custom', path: ['lines', index, 'unit_price'], message: key });
    }
  });
}
