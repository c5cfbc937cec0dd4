import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/**
 * Puts the API's field messages (`{ "field": ["message"] }`) on the form's fields, so the server's rules
 * show where the user types. Returns true when at least one field got a message.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError) || !error.body) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(error.body)) {
    if (field === 'detail' || !fields.includes(field) || !Array.isArray(messages) || messages.length === 0)
      continue;
    setError(field as Path<T>, { type: 'server', message: String(messages[0]) });
    applied = true;
  }
  return applied;
}
