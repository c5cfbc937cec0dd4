import { describe, expect, it } from 'vitest';
import {
  paymentFailure,
  accountReference,
  canMove,
  darajaPassword,
  darajaTimestamp,
  dpoAmount,
  dpoVerifyOutcome,
  mpesaAmount,
  normaliseMpesaPhone,
  stkOutcome,
  transactionDescription,
} from './payments.ts';

describe('order payment states', () => {
  it.each([
    ['pending', 'processing', true],
    ['processing', 'paid', true],
    ['processing', 'failed', true],
    ['failed', 'pending', true],
    ['failed', 'processing', true],
    ['pending', 'paid', false],
    ['paid', 'failed', false],
    ['paid', 'pending', false],
    ['paid', 'processing', false],
  ] as const)('%s → %s: %s', (from, to, allowed) => expect(canMove(from, to)).toBe(allowed));
});

describe('normaliseMpesaPhone', () => {
  it.each([
    ['0712 345 678', '254712345678'],
    ['+254712345678', '254712345678'],
    ['254-712-345678', '254712345678'],
    ['712345678', '254712345678'],
    ['0110345678', '254110345678'],
    ['(+254) 110 345 678', '254110345678'],
  ])('%s → %s', (input, expected) => expect(normaliseMpesaPhone(input)).toBe(expected));

  it.each(['', '0812345678', '25571234567', '+255712345678', '07123456789', 'phone', '2547123456'])(
    'refuses %j',
    (input) => expect(normaliseMpesaPhone(input)).toBeNull(),
  );
});

describe('Daraja fields', () => {
  it('rounds amounts up to whole shillings', () => {
    expect(mpesaAmount(250_000)).toBe(2500);
    expect(mpesaAmount(250_050)).toBe(2501);
    expect(mpesaAmount(1)).toBe(1);
  });
  it('stamps time on East Africa Time', () => {
    expect(darajaTimestamp(new Date('2026-11-22T21:05:09Z'))).toBe('20261123000509');
  });
  it('builds the password as base64(shortcode + passkey + timestamp)', () => {
    const password = darajaPassword('174379', 'passkey', '20261123000509');
    expect(Buffer.from(password, 'base64').toString()).toBe('174379passkey20261123000509');
  });
  it('keeps the reference to 12 alphanumerics and the description to 13 plain characters', () => {
    expect(accountReference('ZT-7K3M-9QX2-AB')).toBe('ZT7K3M9QX2AB');
    expect(accountReference('ZTABCDEFGHJKMN')).toHaveLength(12);
    expect(transactionDescription('Tender publishing & more!')).toBe('Tender publis');
    expect(transactionDescription('***')).toBe('Payment');
  });
  it('decides STK results on the code alone', () => {
    expect(stkOutcome(0)).toBe('paid');
    expect(stkOutcome('0')).toBe('paid');
    for (const code of [1, 1032, 1037, 2001, '1032', 17, 26]) expect(stkOutcome(code)).toBe('failed');
  });
});

describe('DPO fields', () => {
  it.each([
    ['000', 'paid'],
    ['900', 'pending'],
    ['003', 'pending'],
    ['002', 'mismatch'],
    ['901', 'failed'],
    ['903', 'failed'],
    ['904', 'failed'],
  ] as const)('verifyToken %s → %s', (code, outcome) => expect(dpoVerifyOutcome(code)).toBe(outcome));

  it('sends amounts with two decimals and a dot', () => {
    expect(dpoAmount(250_000)).toBe('2500.00');
    expect(dpoAmount(4_005)).toBe('40.05');
  });
});

describe('paymentFailure', () => {
  it.each([
    ['mpesa', '1032', 'cancelled'],
    ['mpesa', '1', 'insufficient_funds'],
    ['mpesa', '1037', 'unreachable'],
    ['mpesa', '2001', 'wrong_pin'],
    ['mpesa', 'expired', 'expired'],
    ['mpesa', '400.002.02', 'provider_error'],
    ['dpo', '904', 'cancelled'],
    ['dpo', '901', 'declined'],
    ['dpo', '903', 'expired'],
    ['dpo', null, 'provider_error'],
  ] as const)('%s %s → %s', (provider, code, failure) => {
    expect(paymentFailure(provider, code)).toBe(failure);
  });
});
