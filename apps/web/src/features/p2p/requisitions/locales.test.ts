import { APPROVAL_DOCUMENT_TYPES, REQUISITION_STATUSES } from '@zabuni/domain';
import { describe, expect, it } from 'vitest';
import am from '../../../locales/am/requisitions.json';
import en from '../../../locales/en/requisitions.json';
import fr from '../../../locales/fr/requisitions.json';
import pt from '../../../locales/pt/requisitions.json';
import sw from '../../../locales/sw/requisitions.json';
import { TIMELINE_ACTIONS } from './api.ts';

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

describe('requisitions translations', () => {
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
    // Not English copies: sentences differ (words like "Total" or "Justification" may coincide).
    const words = (text: string) => text.replace(/\{\{\w+\}\}|[\p{P}\s]/gu, '');
    const same = [...english].filter(
      ([key, texts]) => words(texts[0]!).length > 14 && translated.get(key)![0] === texts[0],
    );
    expect(same.map(([key]) => key)).toEqual([]);
  });

  it('names every document type the approvals inbox may list', () => {
    // The inbox shows sourcing, contract and risk documents too (issues 20-23): a missing name showed its key.
    for (const type of APPROVAL_DOCUMENT_TYPES) expect(english.has(`inbox.types.${type}`), type).toBe(true);
  });

  it('names every status and timeline action', () => {
    for (const status of REQUISITION_STATUSES) expect(english.has(`status.${status}`), status).toBe(true);
    for (const action of TIMELINE_ACTIONS) {
      expect(english.has(`timeline.actions.${action.replace('requisition.', '')}`), action).toBe(true);
    }
  });
});
