import { describe, expect, it } from 'vitest';
import am from '../../locales/am/asset-sales.json';
import en from '../../locales/en/asset-sales.json';
import fr from '../../locales/fr/asset-sales.json';
import pt from '../../locales/pt/asset-sales.json';
import sw from '../../locales/sw/asset-sales.json';

/** The public asset-sale pages' texts, flattened; plural forms beyond English's (`_many`) allowed. */
function entries(resource: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(resource)) {
    if (value && typeof value === 'object')
      for (const [k, v] of entries(value, `${prefix}${key}.`)) out.set(k, v);
    else if (!key.endsWith('_many')) out.set(`${prefix}${key}`, String(value));
  }
  return out;
}
const placeholders = (text: string) => new Set(text.match(/{{\w+}}/g) ?? []);
const english = entries(en);

describe('asset sale translations', () => {
  it.each([
    ['sw', sw],
    ['fr', fr],
    ['pt', pt],
    ['am', am],
  ] as const)('%s has every English key, with the same placeholders, translated', (_, bundle) => {
    const translated = entries(bundle);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect(placeholders(translated.get(key)!), key).toEqual(placeholders(text));
      if (text.length > 12) expect(translated.get(key), key).not.toBe(text);
    }
  });
});
