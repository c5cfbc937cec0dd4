import { translateCode } from './error-codes.ts';

/**
 * The contracts' rules for a few common fields, checked before sending, for light public forms that do
 * not carry a form library (contact us, webinar registration): each answers its catalogue message in the
 * interface language (the page loads the `errors` namespace with itself), or nothing when the value is fine.
 * The API checks the same rules again.
 */
const say = (code: string) => translateCode(code) ?? code;

export const checkRequired = (value: string) => (value.trim() ? undefined : say('field.required'));

/** `fields.ts` email: something@something.tld. */
export const checkEmail = (value: string) =>
  checkRequired(value) ?? (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? undefined : say('field.email'));

/** `fields.ts` phone: a plus, then 7 to 15 digits; spaces, parentheses and hyphens allowed in the input. */
export const checkPhone = (value: string) =>
  checkRequired(value) ??
  (/^\+?\d{7,15}$/.test(value.trim().replace(/[\s()-]/g, '')) ? undefined : say('field.phone'));
