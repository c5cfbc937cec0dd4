import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

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
