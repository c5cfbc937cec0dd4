import {
  INVOICE_STATUSES,
  MATCH_LEVELS,
  PO_STATUSES,
  VARIANCE_KINDS,
  EXCEPTION_RESOLUTIONS,
} from '@zabuni/domain';
import { PAYMENT_METHODS } from '@zabuni/contracts';
import { describe, expect, it } from 'vitest';
import am from '../../locales/am/portal.json';
import en from '../../locales/en/portal.json';
import fr from '../../locales/fr/portal.json';
import pt from '../../locales/pt/portal.json';
import sw from '../../locales/sw/portal.json';
import { PORTAL_SECTIONS } from './layout/PortalNav.tsx';

/** Every key with its texts, plural suffixes folded (`waiting_one` and `waiting_other` are `waiting`). */
function entries(resource: object, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, value] of Object.entries(resource)) {
    const name = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    if (value && typeof value === 'object') {
      for (const [k, v] of entries(value, `${name}.`)) out.set(k, [...(out.get(k) ?? []), ...v]);
    } else out.set(name, [...(out.get(name) ?? []), String(value)]);
  }
  return out;
}

const placeholders = (texts: string[]) => new Set(texts.flatMap((text) => text.match(/{{\w+}}/g) ?? []));
const english = entries(en);

describe('portal translations', () => {
  it.each([
    ['sw', sw],
    ['fr', fr],
    ['pt', pt],
    ['am', am],
  ] as const)('%s has every English key, with the same placeholders, and is translated', (_, bundle) => {
    const translated = entries(bundle);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, texts] of english) {
      expect(placeholders(translated.get(key)!), key).toEqual(placeholders(texts));
    }
    // Not English copies: sentences differ (short words like "Total" or "RTGS" may coincide).
    const words = (text: string) => text.replace(/\{\{\w+\}\}|[\p{P}\s]/gu, '');
    const same = [...english].filter(
      ([key, texts]) => words(texts[0]!).length > 10 && translated.get(key)![0] === texts[0],
    );
    expect(same.map(([key]) => key)).toEqual([]);
  });

  it('writes Amharic in Ethiopic script', () => {
    const ethiopic = /[\u1200-\u137F]/;
    const latinOnly = [...entries(am)].filter(
      ([, texts]) =>
        /[A-Za-z]{4,}/.test(texts[0]!.replace(/\{\{\w+\}\}|PDF|Excel|RTGS|M-Pesa/g, '')) ||
        !ethiopic.test(texts[0]!),
    );
    // Only symbols and brand names stay as they are.
    expect(latinOnly.map(([key]) => key).sort()).toEqual(
      ['common.percent', 'paymentMethod.mpesa', 'paymentMethod.rtgs'].sort(),
    );
  });

  it('names every order and invoice status, match level, variance, resolution, payment method and section', () => {
    for (const status of PO_STATUSES) expect(english.has(`orderStatus.${status}`), status).toBe(true);
    for (const status of INVOICE_STATUSES) expect(english.has(`invoiceStatus.${status}`), status).toBe(true);
    for (const level of MATCH_LEVELS) expect(english.has(`matchLevel.${level}`), level).toBe(true);
    for (const kind of VARIANCE_KINDS) expect(english.has(`varianceKind.${kind}`), kind).toBe(true);
    for (const kind of EXCEPTION_RESOLUTIONS) expect(english.has(`resolution.${kind}`), kind).toBe(true);
    for (const method of PAYMENT_METHODS) expect(english.has(`paymentMethod.${method}`), method).toBe(true);
    for (const section of PORTAL_SECTIONS) expect(english.has(`nav.${section.key}`), section.key).toBe(true);
  });

  it('has every plural form each language needs', () => {
    const forms = (code: string) => new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    const plurals = (bundle: object, prefix = ''): string[] =>
      Object.entries(bundle).flatMap(([key, value]) =>
        value && typeof value === 'object' ? plurals(value, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    for (const [code, bundle] of Object.entries({ en, sw, fr, pt, am })) {
      const keys = plurals(bundle);
      const bases = new Set(keys.filter((k) => /_(one|other)$/.test(k)).map((k) => k.replace(/_\w+$/, '')));
      for (const base of bases) {
        for (const form of forms(code).filter((f) => f === 'one' || f === 'other' || f === 'many')) {
          expect(keys, `${code} ${base}_${form}`).toContain(`${base}_${form}`);
        }
      }
    }
  });
});
