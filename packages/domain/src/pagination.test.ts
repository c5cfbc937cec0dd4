import { describe, expect, it } from 'vitest';
import { hasNextPage, pageCount, pageOffset, paginationChunk } from './pagination.ts';

describe('page arithmetic', () => {
  it('computes offsets, page counts and whether another page follows', () => {
    expect(pageOffset(1, 16)).toBe(0);
    expect(pageOffset(3, 16)).toBe(32);
    expect(pageCount(0, 16)).toBe(0);
    expect(pageCount(16, 16)).toBe(1);
    expect(pageCount(17, 16)).toBe(2);
    expect(hasNextPage(1, 16, 16)).toBe(false);
    expect(hasNextPage(1, 16, 17)).toBe(true);
  });
});

describe('paginationChunk', () => {
  it.each([
    [1, 10, [1, 2, 3, 4]],
    [4, 10, [1, 2, 3, 4]],
    [5, 10, [5, 6, 7, 8]],
    [10, 10, [9, 10]],
    [12, 10, [9, 10]],
    [0, 3, [1, 2, 3]],
    [1, 0, []],
  ])('page %i of %i → %j', (current, total, expected) => {
    expect(paginationChunk(current, total, 4)).toEqual(expected);
  });
});
