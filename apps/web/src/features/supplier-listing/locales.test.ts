import { describe, expect, it } from 'vitest';
import am from '../../locales/am/registry.json';
import en from '../../locales/en/registry.json';
import fr from '../../locales/fr/registry.json';
import pt from '../../locales/pt/registry.json';
import sw from '../../locales/sw/registry.json';

/** The A–Z listing's and the profile's texts (registry namespace, `listing` and `profile`), flattened. */
function entries(resource: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(resource)) {
    if (value && typeof value === 'object')
      for (const [k, v] of entries(value, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, String(value));
  }
  return out;
}
const ours = (bundle: { listing: object; profile: object }) =>
  entries({ listing: bundle.listing, profile: bundle.profile });
const placeholders = (text: string) => new Set(text.match(/{{\w+}}/g) ?? []);
const english = ours(en);

describe('supplier listing translations', () => {
  it.each([
    ['sw', sw],
    ['fr', fr],
    ['pt', pt],
    ['am', am],
  ] as const)('%s has every English key, with the same placeholders, translated', (_, bundle) => {
    const translated = ours(bundle);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect(placeholders(translated.get(key)!), key).toEqual(placeholders(text));
      if (text.length > 12) expect(translated.get(key), key).not.toBe(text);
    }
  });
});
