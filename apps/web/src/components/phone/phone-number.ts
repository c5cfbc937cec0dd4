/**
 * Telephone numbers as the phone input reads and checks them (SPEC §3 telephone input, §5, §9). The
 * mobile metadata of libphonenumber-js checks the length per country and the number type: like the
 * classic telephone widget, only numbers that can be mobile count as valid, which is what M-Pesa and the
 * alert texts need. It is ~25 kB gzip, so this module is imported only by lazily loaded pages.
 */
import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
} from 'libphonenumber-js/mobile';

export type { CountryCode };

/** SPEC §9 and §5. */
export const PHONE_RULES = {
  defaultCountry: 'KE' as CountryCode,
  maxLength: 25,
  minDigits: 2,
  maxDigits: 17,
} as const;

/** SPEC §5: the input can be restricted to digits, spaces, parentheses, plus and hyphen. */
const NOT_ALLOWED = /[^\d\s()+-]/g;

/** What a person typed, kept to the allowed characters and the maximum length. */
export function sanitisePhoneText(text: string): string {
  return text.replace(NOT_ALLOWED, '').slice(0, PHONE_RULES.maxLength);
}

export const digitCount = (text: string) => text.replace(/\D/g, '').length;

export const phoneCountries = (): CountryCode[] => getCountries();

export const callingCode = (country: CountryCode): string => getCountryCallingCode(country);

export function isPhoneCountry(value: string | null | undefined): value is CountryCode {
  return Boolean(value) && (getCountries() as string[]).includes(value ?? '');
}

export interface PhoneReading {
  /** The number to store and send: E.164 (`+254712345678`) when it can be read, else the text as typed. */
  value: string;
  /** The country the number belongs to, when the text says so (an international number typed with +). */
  country: CountryCode | undefined;
}

/**
 * Reads what a person typed with the selected country: "0712 345 678", "712345678", "254712345678" and
 * "+254 712 345 678" all give +254712345678. A number typed with its + and calling code names its own
 * country; a calling code shared by several countries keeps the selected one when the number fits it.
 */
export function readPhone(text: string, selected: CountryCode): PhoneReading {
  const trimmed = text.trim();
  if (!trimmed) return { value: '', country: undefined };
  const parsed = parsePhoneNumberFromString(trimmed, selected);
  if (!parsed) return { value: trimmed, country: undefined };
  let country = parsed.country;
  if (
    country !== selected &&
    parsed.countryCallingCode === getCountryCallingCode(selected) &&
    parsePhoneNumberFromString(parsed.nationalNumber, selected)?.isValid()
  ) {
    country = selected;
  }
  return { value: parsed.number, country };
}

export type PhoneProblem = 'tooShort' | 'tooLong' | 'invalid' | 'notAllowed';

/**
 * Why a stored value (see `readPhone`) is not a usable number, or null when it is. An empty value is not
 * a problem here: whether the number is required is the form's rule.
 */
export function phoneProblem(value: string, allowed?: readonly CountryCode[]): PhoneProblem | null {
  const text = value.trim();
  if (!text) return null;
  const digits = digitCount(text);
  if (digits < PHONE_RULES.minDigits) return 'tooShort';
  if (digits > PHONE_RULES.maxDigits) return 'tooLong';
  if (!text.startsWith('+')) return 'invalid';
  const length = validatePhoneNumberLength(text);
  if (length === 'TOO_SHORT') return 'tooShort';
  if (length === 'TOO_LONG') return 'tooLong';
  const parsed = parsePhoneNumberFromString(text);
  if (!parsed?.isValid()) return 'invalid';
  if (allowed && !allowed.some((country) => isNumberOf(text, country))) {
    return 'notAllowed';
  }
  return null;
}

/** Is a valid E.164 number one of that country's (countries sharing a calling code are told apart)? */
function isNumberOf(e164: string, country: CountryCode): boolean {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed || parsed.countryCallingCode !== getCountryCallingCode(country)) return false;
  return parsePhoneNumberFromString(parsed.nationalNumber, country)?.isValid() ?? false;
}

/** SPEC §5 hint for M-Pesa: international digits without the plus, 2547XXXXXXXX. */
export const withoutPlus = (e164: string) => e164.replace(/^\+/, '');

/** A stored number's country, to show its selector when a form opens with a number already filled in. */
export function countryOf(value: string): CountryCode | undefined {
  return value.trim().startsWith('+') ? parsePhoneNumberFromString(value.trim())?.country : undefined;
}

/** The number as a person would read it ("+254 712 345678"), or the value unchanged when it is not one. */
export function displayPhone(value: string): string {
  const parsed = value.trim().startsWith('+') ? parsePhoneNumberFromString(value.trim()) : undefined;
  return parsed ? parsed.formatInternational() : value;
}

/**
 * A stored number as typed beside its country's selector ("0712 000111"): the calling code is already
 * shown by the selector. A number with no known country stays international.
 */
export function nationalText(value: string): string {
  const parsed = value.trim().startsWith('+') ? parsePhoneNumberFromString(value.trim()) : undefined;
  if (!parsed) return value;
  return parsed.country ? parsed.formatNational() : parsed.formatInternational();
}
