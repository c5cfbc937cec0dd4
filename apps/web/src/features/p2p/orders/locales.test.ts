import { PAYMENT_METHODS, SUPPLIER_STATUSES } from '@zabuni/contracts';
import {
  EXCEPTION_RESOLUTIONS,
  INVOICE_STATUSES,
  MATCH_LEVELS,
  PO_STATUSES,
  VARIANCE_KINDS,
} from '@zabuni/domain';
import { describe, expect, it } from 'vitest';
import am from '../../../locales/am/p2p-orders.json';
import en from '../../../locales/en/p2p-orders.json';
import fr from '../../../locales/fr/p2p-orders.json';
import pt from '../../../locales/pt/p2p-orders.json';
import sw from '../../../locales/sw/p2p-orders.json';
import { FORM_MESSAGES, NS } from './model/messages.ts';

/** Every key with its text, plural suffixes folded (`lineCount_one` and `lineCount_other` are `lineCount`). */
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

describe('order screens’ translations', () => {
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
    // Not English copies: sentences differ (short words like "Total" or "M-Pesa" may coincide).
    const words = (text: string) => text.replace(/\{\{\w+\}\}|[\p{P}\s]/gu, '');
    const same = [...english].filter(
      ([key, texts]) => words(texts[0]!).length > 14 && translated.get(key)![0] === texts[0],
    );
    expect(same.map(([key]) => key)).toEqual([]);
  });

  it('names every order, invoice and supplier status, variance, level, resolution and payment method', () => {
    const names: string[] = [
      ...PO_STATUSES.map((s) => `orderStatus.${s}`),
      ...INVOICE_STATUSES.map((s) => `invoiceStatus.${s}`),
      ...SUPPLIER_STATUSES.map((s) => `supplierStatus.${s}`),
      ...VARIANCE_KINDS.map((k) => `variance.${k}`),
      ...MATCH_LEVELS.flatMap((l) => [`matching.levels.${l}.name`, `matching.levels.${l}.body`]),
      ...EXCEPTION_RESOLUTIONS.flatMap((r) => [
        `invoices.resolutions.${r}`,
        `invoices.actions.${r}`,
        `invoices.detail.${r}.title`,
        `invoices.detail.done.${r}`,
      ]),
      ...PAYMENT_METHODS.map((m) => `payments.methods.${m}`),
      ...Object.values(FORM_MESSAGES).map((key) => key.replace(`${NS}:`, '')),
    ];
    expect(names.filter((name) => !english.has(name))).toEqual([]);
  });
});
