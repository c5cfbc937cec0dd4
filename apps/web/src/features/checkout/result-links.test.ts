import { describe, expect, it } from 'vitest';
import { checkoutToRetry } from './result-links.ts';

describe('checkoutToRetry', () => {
  it('accepts our checkout pages', () => {
    expect(checkoutToRetry('/tenders-checkout/AbC_12-x')).toBe('/tenders-checkout/AbC_12-x');
    expect(checkoutToRetry('/publish-tender-checkout/xyz')).toBe('/publish-tender-checkout/xyz');
  });

  it.each([
    null,
    '',
    '//evil.example/tenders-checkout/x',
    'https://evil.example',
    '/tenders',
    '/tenders-checkout/a/b',
  ])('refuses %j', (param) => {
    expect(checkoutToRetry(param)).toBeNull();
  });
});
