import { describe, expect, it } from 'vitest';
import { checkoutToRetry, orderCode } from './result-links.ts';

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

describe('orderCode', () => {
  it('takes an order code and nothing else', () => {
    expect(orderCode('aB3_-xYz09aB3_-xYz09aB')).toBe('aB3_-xYz09aB3_-xYz09aB');
    expect(orderCode(null)).toBeNull();
    expect(orderCode('')).toBeNull();
    expect(orderCode('../../admin')).toBeNull();
    expect(orderCode('x'.repeat(65))).toBeNull();
  });
});
