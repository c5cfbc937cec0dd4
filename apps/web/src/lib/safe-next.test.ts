import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next.ts';

const ORIGIN = 'https://zabuni.example';
const FALLBACK = '/advertise';

describe('safeNext: only this site, as the browser resolves it', () => {
  it.each([
    // Another site, however it is written.
    ['/\\evil.example', FALLBACK],
    ['/\t/evil.example', FALLBACK],
    ['/\n/evil.example', FALLBACK],
    ['\\\\evil.example', FALLBACK],
    ['//evil.example', FALLBACK],
    ['///evil.example', FALLBACK],
    ['/.//evil.example', FALLBACK],
    ['/./\\evil.example', FALLBACK],
    ['https://evil.example', FALLBACK],
    ['https://evil.example/app', FALLBACK],
    ['http://zabuni.example/app', FALLBACK],
    ['https://zabuni.example.evil.example/app', FALLBACK],
    ['javascript:alert(1)', FALLBACK],
    ['JaVaScRiPt:alert(1)', FALLBACK],
    ['data:text/html,hi', FALLBACK],
    [' javascript:alert(1)', FALLBACK],
    // Nothing to follow.
    ['', FALLBACK],
    [null, FALLBACK],
    [undefined, FALLBACK],
    // This site: kept, as the browser will read it.
    ['/app/p2p', '/app/p2p'],
    ['/app/p2p/approvals', '/app/p2p/approvals'],
    ['/tenders?x=1#y', '/tenders?x=1#y'],
    ['https://zabuni.example/app?tab=2', '/app?tab=2'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['/app/../tenders', '/tenders'],
  ])('%j → %s', (next, expected) => {
    expect(safeNext(next, FALLBACK, ORIGIN)).toBe(expected);
  });

  it('follows what it returns to this origin, for every case above that it keeps', () => {
    for (const next of ['/app/p2p', '/tenders?x=1#y', '/%5Cevil.example']) {
      expect(new URL(safeNext(next, FALLBACK, ORIGIN), ORIGIN).origin).toBe(ORIGIN);
    }
  });
});
