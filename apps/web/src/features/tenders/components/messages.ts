import type { TFunction } from 'i18next';
import en from '../../../locales/en/tenders.json';

/**
 * The contracts and the API speak English (SPEC texts verbatim). Known messages are shown in the
 * interface language by looking up their English text; anything else is shown as the server wrote it.
 */
const KEY_BY_ENGLISH = new Map(Object.entries(en.messages).map(([key, text]) => [text, key]));

export function translateMessage(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return message;
  const key = KEY_BY_ENGLISH.get(message);
  return key ? t(`messages.${key}`, { ns: 'tenders' }) : message;
}
