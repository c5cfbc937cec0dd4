import { describe, expect, it } from 'vitest';
import am from '../locales/am/jobs.json';
import amCommon from '../locales/am/common.json';
import en from '../locales/en/jobs.json';
import enCommon from '../locales/en/common.json';
import fr from '../locales/fr/jobs.json';
import frCommon from '../locales/fr/common.json';
import pt from '../locales/pt/jobs.json';
import ptCommon from '../locales/pt/common.json';
import sw from '../locales/sw/jobs.json';
import swCommon from '../locales/sw/common.json';
import { PAYMENT_TEXTS, SUBSCRIPTION_NOTICES } from '@zabuni/contracts';
import type enCheckout from '../locales/en/checkout.json';
import type enSubscriptions from '../locales/en/subscriptions.json';
import amAuth from '../locales/am/auth.json';
import enAuth from '../locales/en/auth.json';
import frAuth from '../locales/fr/auth.json';
import ptAuth from '../locales/pt/auth.json';
import swAuth from '../locales/sw/auth.json';
import amTenders from '../locales/am/tenders.json';
import enTenders from '../locales/en/tenders.json';
import frTenders from '../locales/fr/tenders.json';
import ptTenders from '../locales/pt/tenders.json';
import swTenders from '../locales/sw/tenders.json';
import { normaliseLanguage } from './i18n.ts';

// Namespaces loaded with their pages (payments, subscriptions): every language, every key.
const lazyBundles = import.meta.glob<Record<string, unknown>>(
  '../locales/*/{phone,checkout,subscriptions,platform}.json',
  {
    eager: true,
    import: 'default',
  },
);
const lazyBundle = (code: string, ns: string) => lazyBundles[`../locales/${code}/${ns}.json`]!;

/** Flattens nested keys and folds plural suffixes, so `days_one`/`days_many` count as `days`. */
function keys(resource: object, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(resource)) {
    const name = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    if (value && typeof value === 'object') for (const k of keys(value, `${name}.`)) out.add(k);
    else out.add(name);
  }
  return out;
}

describe('locale files', () => {
  const locales = {
    sw: [swCommon, sw, swAuth, swTenders],
    fr: [frCommon, fr, frAuth, frTenders],
    pt: [ptCommon, pt, ptAuth, ptTenders],
    am: [amCommon, am, amAuth, amTenders],
  } as const;
  for (const [code, [common, jobs, auth, tenders]] of Object.entries(locales)) {
    it(`${code} has every English key and no extra ones`, () => {
      expect([...keys(common)].sort()).toEqual([...keys(enCommon)].sort());
      expect([...keys(jobs)].sort()).toEqual([...keys(en)].sort());
      expect([...keys(auth)].sort()).toEqual([...keys(enAuth)].sort());
      expect([...keys(tenders)].sort()).toEqual([...keys(enTenders)].sort());
      expect(auth.advertise.points).toHaveLength(enAuth.advertise.points.length);
    });
  }

  for (const code of ['sw', 'fr', 'pt', 'am']) {
    it(`${code} has every English key of the payment and subscription pages`, () => {
      for (const ns of ['phone', 'checkout', 'subscriptions']) {
        expect([...keys(lazyBundle(code, ns))].sort()).toEqual([...keys(lazyBundle('en', ns))].sort());
      }
      const benefits = (ns: string) =>
        (lazyBundle(ns, 'subscriptions').page as { benefits: unknown[] }).benefits;
      expect(benefits(code)).toHaveLength(benefits('en').length);
    });
  }

  for (const code of ['sw', 'fr', 'pt', 'am']) {
    it(`${code} has every English key of the platform`, () => {
      expect([...keys(lazyBundle(code, 'platform'))].sort()).toEqual(
        [...keys(lazyBundle('en', 'platform'))].sort(),
      );
    });
  }

  it('names the platform’s modules in Amharic in Ethiopic script', () => {
    const modules = lazyBundle('am', 'platform').modules as Record<string, { name: string }>;
    for (const { name } of Object.values(modules)) expect(name).toMatch(/^[\u1200-\u137F\s-]+$/);
  });

  it('says the SPEC payment and subscription texts verbatim in English', () => {
    const checkout = lazyBundle('en', 'checkout') as typeof enCheckout;
    expect(checkout.initiated.mpesa).toBe(PAYMENT_TEXTS.initiatedMpesa);
    expect(checkout.initiated.card).toBe(PAYMENT_TEXTS.initiatedCard);
    expect(checkout.processing.body).toBe(PAYMENT_TEXTS.processing);
    expect(checkout.error.titles).toEqual({
      paymentError: 'Payment Error',
      paymentFailed: 'Payment Failed',
      somethingWrong: 'Oops! Something Went Wrong',
    });
    expect(checkout.error.body).toBe('We were unable to process your payment of {{amount}}.');
    expect(checkout.error.reconciliation).toBe(
      'If the money has already been deducted from your M-PESA account, kindly contact us for manual reconciliation',
    );
    const subscriptions = lazyBundle('en', 'subscriptions') as typeof enSubscriptions;
    expect(subscriptions.form.planPlaceholder).toBe('Select subscription plan');
    expect(subscriptions.previous.title).toBe(SUBSCRIPTION_NOTICES.proceedPrevious);
    expect(subscriptions.previous.proceed).toBe('Proceed');
    expect(subscriptions.previous.edit).toBe('Edit subscription');
    expect(subscriptions.messages.submitted).toBe(
      'Subscription details submitted successfully, proceed to make payment!',
    );
  });

  it('says the SPEC success message of a submitted tender verbatim', () => {
    expect(enTenders.messages.submitted).toBe('Tender details submitted successfully and are under review!');
  });

  it('Amharic is written in Ethiopic script', () => {
    expect(am.title).toMatch(/^[\u1200-\u137F\s]+$/);
    expect(amTenders.list.title).toMatch(/^[\u1200-\u137F\s]+$/);
  });

  it('every language says "Deadline passed." in its own words', () => {
    const texts = [enCommon, swCommon, frCommon, ptCommon, amCommon].map((l) => l.countdown.passed);
    expect(texts[0]).toBe('Deadline passed.');
    expect(new Set(texts).size).toBe(5);
  });
});

describe('normaliseLanguage', () => {
  it.each([
    ['pr', 'pt'],
    ['pt-BR', 'pt'],
    ['sw-KE', 'sw'],
    ['AM', 'am'],
    ['de', null],
    ['', null],
    [null, null],
  ])('%j → %j', (input, expected) => {
    expect(normaliseLanguage(input)).toBe(expected);
  });
});
