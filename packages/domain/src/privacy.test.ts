import { describe, expect, it } from 'vitest';
import { maskCompanyName, maskEmail, maskName, maskPhone } from './privacy.ts';

describe('masking personal data', () => {
  it.each([
    ['jane.doe@example.com', 'j***@example.com'],
    ['a@b.co', 'a***@b.co'],
    ['broken', '***'],
  ])('email %s → %s', (input, output) => expect(maskEmail(input)).toBe(output));

  it('keeps only initials of names, Ethiopic included', () => {
    expect(maskName(' Jane  Wanjiru Doe ')).toBe('J*** W*** D***');
    expect(maskName('አበበ ከበደ')).toBe('አ*** ከ***');
  });

  it('keeps the network prefix and the last two digits of a phone', () => {
    expect(maskPhone('254712345678')).toBe('2547******78');
    expect(maskPhone('+254 712 345 678')).toBe('+2547******78');
    expect(maskPhone('12345')).toBe('***');
  });

  it.each([
    ['Savannah Office Supplies', 'S******* O***** S*******'],
    ['  Wanjiru   Builders Ltd ', 'W****** B******* L**'],
    ['A & B Traders', 'A & B T******'],
    ['አበበ ንግድ', 'አ** ን**'],
    ['', ''],
  ])('company %j → %j: first letter of each word, a star per other character', (input, output) =>
    expect(maskCompanyName(input)).toBe(output),
  );
});
