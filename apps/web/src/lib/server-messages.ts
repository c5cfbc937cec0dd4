import i18next, { type TFunction } from 'i18next';
import { ApiError } from './api-client.ts';

/**
 * What to show for a message from the API or from a form's own checks. An `ApiError` whose `code` is a key
 * of the message catalogue is already in the interface language (translated by code and params, see
 * lib/error-codes.ts). Messages a form builds itself are i18next keys with their namespace
 * (`phone:problems.tooShort`). What is left are the English texts of the contracts' zod schemas, which the
 * browser runs itself and which carry no code: a lazily loaded namespace lists those it knows under
 * `messages` in its English bundle, and a known one is shown in the interface language.
 */
export function translateServerMessage(
  message: string | Error | undefined,
  t: TFunction,
  namespaces: readonly string[],
): string | undefined {
  if (message instanceof ApiError) {
    if (message.message !== message.detail) return message.message;
    return translateServerMessage(message.detail, t, namespaces);
  }
  if (message instanceof Error) return translateServerMessage(message.message, t, namespaces);
  if (!message) return message;
  if (/^[a-z]+:[\w.]+$/.test(message)) return t(message);
  for (const ns of namespaces) {
    const messages = (
      i18next.getResourceBundle('en', ns) as { messages?: Record<string, unknown> } | undefined
    )?.messages;
    const key = messages && Object.keys(messages).find((k) => messages[k] === message);
    if (key) return t(`messages.${key}`, { ns });
  }
  return message;
}
