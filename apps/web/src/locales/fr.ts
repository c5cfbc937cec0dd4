/** The fr texts, by file, each loaded when a page asks for its namespace (see lib/i18n.ts). */
export const translations = import.meta.glob<{ default: Record<string, unknown> }>([
  './fr/*.json',
  '!./fr/mail.json',
]);
