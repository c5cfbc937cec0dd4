import { describe, expect, it } from 'vitest';
import am from '../../../locales/am/p2p-setup.json';
import en from '../../../locales/en/p2p-setup.json';
import fr from '../../../locales/fr/p2p-setup.json';
import pt from '../../../locales/pt/p2p-setup.json';
import sw from '../../../locales/sw/p2p-setup.json';

/** Every leaf as `path → text`, plural suffixes folded (`x_one`, `x_other` → `x`). */
function leaves(resource: object, prefix = '', out = new Map<string, string[]>()) {
  for (const [key, value] of Object.entries(resource)) {
    const name = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    if (value && typeof value === 'object') leaves(value, `${name}.`, out);
    else out.set(name, [...(out.get(name) ?? []), String(value)]);
  }
  return out;
}
const variables = (texts: string[]) =>
  new Set(texts.flatMap((text) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1])));

describe('p2p-setup translations', () => {
  const english = leaves(en);

  it.each([
    ['sw', sw],
    ['fr', fr],
    ['pt', pt],
    ['am', am],
  ])('%s has every English key, no other, with the same placeholders, and is not English', (_, bundle) => {
    const other = leaves(bundle);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, texts] of english) {
      expect(variables(other.get(key)!), key).toEqual(variables(texts));
    }
    const same = [...english].filter(
      ([key, texts]) => texts.join() === other.get(key)!.join() && /[a-z]{4}/.test(texts.join()),
    );
    // A few words are the same in both languages ("Budget", "Actions", "Code"); a copied file is not.
    expect(same.length / english.size).toBeLessThan(0.05);
  });
});
