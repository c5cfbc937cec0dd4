import { describe, expect, it } from 'vitest';
import { escapeLikePattern, toPrefixTsQuery } from './search.ts';

describe('toPrefixTsQuery', () => {
  it.each([
    ['ken', 'ken:*'],
    ['  Road   Construction ', 'road:* & construction:*'],
    ["O'Brien & Sons | (ltd) !x", 'o:* & brien:* & sons:* & ltd:* & x:*'],
    ['ግዢ ጨረታ', 'ግዢ:* & ጨረታ:*'],
    ['Côte d’Ivoire', 'côte:* & d:* & ivoire:*'],
  ])('%j → %j', (input, expected) => {
    expect(toPrefixTsQuery(input)).toBe(expected);
  });

  it.each([[''], ['   '], ['&|!():*'], [null], [undefined]])('%j has no searchable word', (input) => {
    expect(toPrefixTsQuery(input)).toBeNull();
  });

  it('bounds the number and length of terms', () => {
    const query = toPrefixTsQuery(`${'a'.repeat(100)} ${'b '.repeat(20)}`);
    expect(query?.split(' & ')).toHaveLength(8);
    expect(query?.startsWith(`${'a'.repeat(40)}:*`)).toBe(true);
  });
});

describe('escapeLikePattern', () => {
  it('escapes wildcards and the escape character', () => {
    expect(escapeLikePattern('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
