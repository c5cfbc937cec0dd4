import { describe, expect, it } from 'vitest';
import am from '../../locales/am/directories.json';
import en from '../../locales/en/directories.json';
import fr from '../../locales/fr/directories.json';
import pt from '../../locales/pt/directories.json';
import sw from '../../locales/sw/directories.json';

/** The supplier directories' texts (directories namespace), flattened. */
function entries(resource: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(resource)) {
    if (value && typeof value === 'object')
      for (const [k, v] of entries(value, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, String(value));
  }
  return out;
}
const placeholders = (text: string) => new Set(text.match(/{{\w+}}/g) ?? []);
const english = entries(en);

describe('supplier directory translations', () => {
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
      if (text.length > 12 && !/^{{\w+}}$/.test(text)) expect(translated.get(key), key).not.toBe(text);
    }
  });
});
