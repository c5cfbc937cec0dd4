import { MESSAGE_KEYS, MESSAGES, placeholdersOf } from '@zabuni/contracts';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { translateCode } from './error-codes.ts';
import { messageText } from './form-errors.ts';

// The API's message catalogue in the web's `errors` namespace, every language.
const bundles = import.meta.glob<Record<string, Record<string, unknown>>>('../locales/*/errors.json', {
  eager: true,
  import: 'default',
});
const LANGUAGES = ['en', 'sw', 'fr', 'pt', 'am'] as const;
const bundle = (code: string) => bundles[`../locales/${code}/errors.json`]!;
/** The catalogue part of a bundle, flat: `requisition.not_editable` → text. */
function catalogueOf(code: string): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [area, entries] of Object.entries(bundle(code))) {
    if (area === 'format' || area === 'values') continue;
    for (const [name, text] of Object.entries(entries)) flat[`${area}.${name}`] = String(text);
  }
  return flat;
}
const i18nPlaceholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

describe('the errors namespace', () => {
  for (const code of LANGUAGES) {
    it(`${code} translates every catalogue key, with the same placeholders, and nothing else`, () => {
      const texts = catalogueOf(code);
      expect(Object.keys(texts).sort()).toEqual([...MESSAGE_KEYS].sort());
      for (const key of MESSAGE_KEYS) {
        expect({ key, placeholders: i18nPlaceholders(texts[key]!) }).toEqual({
          key,
          placeholders: placeholdersOf(MESSAGES[key]).sort(),
        });
        // No single-brace placeholder left over from the catalogue's notation.
        expect(texts[key]!.replace(/\{\{\w+\}\}/g, '')).not.toMatch(/[{}]/);
      }
    });

    it(`${code} has the line format and every translated value`, () => {
      expect(i18nPlaceholders(String(bundle(code).format!.line))).toEqual(['line', 'message']);
      const values = (lang: string) =>
        Object.entries(bundle(lang).values!).flatMap(([name, entries]) =>
          Object.keys(entries as object).map((value) => `${name}.${value}`),
        );
      expect(values(code).sort()).toEqual(values('en').sort());
    });
  }

  it('en is the catalogue’s English, word for word', () => {
    const texts = catalogueOf('en');
    for (const key of MESSAGE_KEYS) expect(texts[key]).toBe(MESSAGES[key].replace(/\{(\w+)\}/g, '{{$1}}'));
  });
});

describe('translating an API error by its code', () => {
  beforeAll(async () => {
    await i18next.init({
      lng: 'sw',
      fallbackLng: 'en',
      resources: { en: { errors: bundle('en') }, sw: { errors: bundle('sw') } },
      interpolation: { escapeValue: false },
    });
  });

  it('fills the placeholders, translating values that are codes, and places a line', () => {
    expect(translateCode('requisition.not_allowed', { action: 'submitted', status: 'approved' })).toBe(
      'Ombi hili haliwezi kuwasilishwa sasa: hali yake ni imeidhinishwa.',
    );
    expect(translateCode('requisition.category', {}, 1)).toBe(
      'Mstari 2: Chagua kategoria kutoka kwenye orodha.',
    );
    expect(translateCode('validation')).toBeUndefined();
    expect(translateCode('requisition.no_such_key')).toBeUndefined();
  });

  it('keeps the code, params, field and line apart from the field messages, and shows the translation', () => {
    const error = new ApiError(400, 'lines: Line 2: Choose a category from the list.', {
      detail: 'lines: Line 2: Choose a category from the list.',
      code: 'requisition.category',
      field: 'lines',
      line: 1,
      lines: ['Line 2: Choose a category from the list.'],
    });
    expect(error.code).toBe('requisition.category');
    expect([error.field, error.line]).toEqual(['lines', 1]);
    expect(error.body).toEqual({
      detail: 'lines: Line 2: Choose a category from the list.',
      lines: ['Line 2: Choose a category from the list.'],
    });
    expect(error.detail).toBe('lines: Line 2: Choose a category from the list.');
    expect(error.message).toBe('Mstari 2: Chagua kategoria kutoka kwenye orodha.');
    expect(error.messageFor('lines')).toBe('Chagua kategoria kutoka kwenye orodha.');
  });

  it('keeps the messages of request fields named code, field or line, and the English of unknown codes', () => {
    const error = new ApiError(400, 'code: Use 1–20 capital letters.', {
      detail: 'code: Use 1–20 capital letters.',
      code: ['Use 1–20 capital letters.'],
      field: ['Too long.'],
      line: ['Not a number.'],
    });
    expect(error.code).toBeUndefined();
    expect(error.body).toMatchObject({ code: ['Use 1–20 capital letters.'], field: ['Too long.'] });
    expect(error.message).toBe('code: Use 1–20 capital letters.');
    expect(error.messageFor('line')).toBe('Not a number.');
  });

  it('messageText takes the code, not the sentence: an API error, a catalogue key, a namespaced key', () => {
    const error = new ApiError(
      409,
      'Someone else changed this requisition a moment ago. Reload it and try again.',
      {
        detail: 'Someone else changed this requisition a moment ago. Reload it and try again.',
        code: 'requisition.conflict',
      },
    );
    const swahili = 'Mtu mwingine amebadilisha ombi hili sasa hivi. Lipakie upya kisha ujaribu tena.';
    expect(messageText(error)).toBe(swahili);
    // A contract schema's issue carries the catalogue key.
    expect(messageText('requisition.conflict')).toBe(swahili);
    // The English sentence is not looked up, whatever bundle might hold it.
    expect(messageText(MESSAGES['requisition.conflict'])).toBe(MESSAGES['requisition.conflict']);
    const unconverted = new ApiError(400, 'Something else.', {
      detail: 'Something else.',
      code: 'validation',
    });
    expect(messageText(unconverted)).toBe('Something else.');
    expect(messageText(undefined)).toBeUndefined();
  });
});

describe('a catalogue key before the errors namespace has loaded (a public form, issue 14)', () => {
  it('shows the catalogue’s English, never the bare key', () => {
    const previous = i18next.hasResourceBundle('en', 'errors');
    i18next.removeResourceBundle('en', 'errors');
    i18next.removeResourceBundle('sw', 'errors');
    try {
      expect(messageText('auth.terms')).toBe(
        'In order to use the product, you need to read and agree to our terms and conditions.',
      );
    } finally {
      if (previous) {
        i18next.addResourceBundle('en', 'errors', bundle('en'));
        i18next.addResourceBundle('sw', 'errors', bundle('sw'));
      }
    }
  });
});
