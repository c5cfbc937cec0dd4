import { describe, expect, it } from 'vitest';
import {
  countryOf,
  displayPhone,
  nationalText,
  phoneProblem,
  PHONE_RULES,
  readPhone,
  sanitisePhoneText,
  withoutPlus,
} from './phone-number.ts';

describe('sanitisePhoneText', () => {
  it('keeps digits, spaces, parentheses, plus and hyphen only (SPEC §5)', () => {
    expect(sanitisePhoneText('+254 (712) 345-678')).toBe('+254 (712) 345-678');
    expect(sanitisePhoneText('07a12.345/678 ext 9')).toBe('0712345678  9');
  });

  it('stops at 25 characters (SPEC §9)', () => {
    expect(sanitisePhoneText('1'.repeat(40))).toHaveLength(PHONE_RULES.maxLength);
  });
});

describe('readPhone', () => {
  it.each([
    ['0712 345 678', '+254712345678'],
    ['712345678', '+254712345678'],
    ['254712345678', '+254712345678'],
    ['+254 712 345 678', '+254712345678'],
    ['(0712) 345-678', '+254712345678'],
    ['0110 123 456', '+254110123456'],
  ])('reads %j with Kenya selected as %s', (text, value) => {
    expect(readPhone(text, 'KE')).toEqual({ value, country: 'KE' });
  });

  it('follows the country of an international number', () => {
    expect(readPhone('+255 712 345 678', 'KE')).toEqual({ value: '+255712345678', country: 'TZ' });
  });

  it('keeps the selected country when it shares the calling code and the number fits it', () => {
    expect(readPhone('+44 7911 123456', 'GB').country).toBe('GB');
  });

  it('reads the national number of the selected country', () => {
    expect(readPhone('0772 123 456', 'UG')).toEqual({ value: '+256772123456', country: 'UG' });
  });

  it('keeps what cannot be read as typed, and nothing as nothing', () => {
    expect(readPhone('1', 'KE').value).toBe('1');
    expect(readPhone('   ', 'KE')).toEqual({ value: '', country: undefined });
  });
});

describe('phoneProblem', () => {
  it('accepts valid mobile numbers', () => {
    expect(phoneProblem('+254712345678')).toBeNull();
    expect(phoneProblem('+254110123456')).toBeNull();
    expect(phoneProblem('+255712345678')).toBeNull();
  });

  it('leaves an empty value to the form (required or not)', () => {
    expect(phoneProblem('')).toBeNull();
  });

  it('counts digits: 2 to 17 (SPEC §9)', () => {
    expect(phoneProblem('1')).toBe('tooShort');
    expect(phoneProblem('+2547123456789012345')).toBe('tooLong');
  });

  it('checks the length of the country', () => {
    expect(phoneProblem(readPhone('071234', 'KE').value)).toBe('tooShort');
    expect(phoneProblem('+25471234567890')).toBe('tooLong');
  });

  it('checks the number type: a Nairobi landline is not a mobile number', () => {
    expect(phoneProblem(readPhone('020 2222222', 'KE').value)).toBe('invalid');
  });

  it('refuses a number that is not of an allowed country', () => {
    expect(phoneProblem('+255712345678', ['KE'])).toBe('notAllowed');
    expect(phoneProblem('+254712345678', ['KE'])).toBeNull();
  });

  it('refuses text without a country', () => {
    expect(phoneProblem('12345')).toBe('invalid');
  });
});

describe('formats', () => {
  it('gives M-Pesa its 2547XXXXXXXX form', () => {
    expect(withoutPlus('+254712345678')).toBe('254712345678');
  });

  it('names the country of a stored number and shows it readably', () => {
    expect(countryOf('+254712345678')).toBe('KE');
    expect(countryOf('0712345678')).toBeUndefined();
    expect(displayPhone('+254712345678')).toBe('+254 712 345678');
    expect(displayPhone('n/a')).toBe('n/a');
  });

  it('shows a stored number in its national form beside the selector, and reads it back', () => {
    expect(nationalText('+254712000111')).toBe('0712 000111');
    expect(readPhone(nationalText('+254712000111'), 'KE').value).toBe('+254712000111');
    expect(nationalText('')).toBe('');
  });
});
