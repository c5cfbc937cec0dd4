import { PRICE_PRODUCTS } from '@zabuni/contracts';
import { describe, expect, it } from 'vitest';
import amCheckout from '../../locales/am/checkout.json';
import enCheckout from '../../locales/en/checkout.json';
import frCheckout from '../../locales/fr/checkout.json';
import ptCheckout from '../../locales/pt/checkout.json';
import swCheckout from '../../locales/sw/checkout.json';
import am from '../../locales/am/site.json';
import en from '../../locales/en/site.json';
import fr from '../../locales/fr/site.json';
import pt from '../../locales/pt/site.json';
import sw from '../../locales/sw/site.json';
import { initialsOf } from './components/ClientBadge.tsx';

/** Every key path of a resource with its text. */
function flat(resource: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(resource)) {
    if (value && typeof value === 'object')
      for (const [k, v] of flat(value, `${prefix}${key}.`)) out.set(k, v);
    else out.set(`${prefix}${key}`, String(value));
  }
  return out;
}

describe('the site namespace and the payment record texts', () => {
  const languages = { fr, sw, pt, am };
  it('has every English key in every language, translated, Amharic in Ethiopic', () => {
    const english = flat(en);
    for (const [language, resource] of Object.entries(languages)) {
      const texts = flat(resource);
      expect([...texts.keys()].sort(), language).toEqual([...english.keys()].sort());
    }
    expect(flat(am).get('admin.title')).toMatch(/[\u1200-\u137F]/);
    expect(flat(sw).get('admin.save')).not.toBe(flat(en).get('admin.save'));
  });

  it('names every product of the price list', () => {
    for (const product of PRICE_PRODUCTS) expect(en.products).toHaveProperty(product);
  });

  it('has the payment record in every language', () => {
    const english = [...flat(enCheckout.record).keys()].sort();
    for (const resource of [frCheckout, swCheckout, ptCheckout, amCheckout]) {
      expect([...flat(resource.record).keys()].sort()).toEqual(english);
    }
    expect(amCheckout.record.transactionId).toMatch(/[\u1200-\u137F]/);
  });
});

describe('initialsOf', () => {
  it.each([
    ['Umoja Commercial Bank', 'UC'],
    ['Tumaini Children’s Fund Kenya', 'TC'],
    ['Shamba Agro-Inputs Cooperative', 'SA'],
    ['ethio telecom', 'ET'],
    ['Zabuni', 'Z'],
  ])('%s → %s', (name, initials) => expect(initialsOf(name)).toBe(initials));
});
