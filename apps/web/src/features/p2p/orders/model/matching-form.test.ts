import { describe, expect, it } from 'vitest';
import type { MatchingSettings } from '../api/matching-settings.ts';
import { FORM_MESSAGES } from './messages.ts';
import {
  checkMatchingForm,
  matchingFormFrom,
  matchingHasProblems,
  newOverride,
  toMatchingPayload,
} from './matching-form.ts';

const zero = { percent: null, absolute: null, combine: 'either' as const };
const settings: MatchingSettings = {
  organisation: {
    level: 'three_way',
    price: { percent: '2.00', absolute: '500.00', combine: 'both' },
    quantity: zero,
    total: { percent: null, absolute: '1000.00', combine: 'either' },
  },
  overrides: [
    { level: 'four_way', price: zero, quantity: zero, total: zero, scope: 'supplier', scope_id: 8 },
  ],
};

describe('matching settings form', () => {
  it('reads the API’s settings and writes them back unchanged', () => {
    const form = matchingFormFrom(settings);
    expect(form.organisation.price).toEqual({ percent: '2.00', absolute: '500.00', combine: 'both' });
    expect(form.organisation.quantity).toEqual({ percent: '', absolute: '', combine: 'either' });
    expect(toMatchingPayload(form)).toEqual(settings);
  });

  it('checks percentages (0–100, two decimals), amounts, quantities and each override’s scope', () => {
    const form = matchingFormFrom(settings);
    form.organisation.price.percent = '100.01';
    form.organisation.quantity.absolute = '1.2345';
    form.organisation.total.absolute = '10.5';
    const copy = newOverride(form.organisation, 'category');
    form.overrides.push(copy, { ...newOverride(form.organisation, 'supplier'), scope_id: 8 });
    const problems = checkMatchingForm(form);
    expect(problems.organisation).toEqual({
      price: { percent: FORM_MESSAGES.percent },
      quantity: { absolute: FORM_MESSAGES.absolute },
    });
    expect(problems.overrides[0]).toBeUndefined();
    expect(problems.overrides[1]?.scope_id).toBe(FORM_MESSAGES.scope);
    expect(problems.overrides[2]?.scope_id).toBe(FORM_MESSAGES.duplicateOverride);
    expect(matchingHasProblems(problems)).toBe(true);
    expect(matchingHasProblems(checkMatchingForm(matchingFormFrom(settings)))).toBe(false);
  });
});
