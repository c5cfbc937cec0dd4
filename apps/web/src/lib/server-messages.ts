import i18next, { type TFunction } from 'i18next';

/**
 * The contracts and the API speak English (SPEC texts verbatim). A lazily loaded namespace lists the
 * messages it knows under `messages`, in English in its English bundle: a known message is shown in the
 * interface language, anything else as the server wrote it. Messages a form builds itself are i18next
 * keys with their namespace (`phone:problems.tooShort`) and are translated as such.
 */
export function translateServerMessage(
  message: string | undefined,
  t: TFunction,
  namespaces: readonly string[],
): string | undefined {
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
