import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  chainInput,
  contentInput,
  firstUnsealedMismatch,
  GENESIS_HASH,
  linkEntries,
  verifyChain,
  type AuditEntryContent,
} from './audit-chain.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function chain(contents: AuditEntryContent[]) {
  let previous = GENESIS_HASH;
  return contents.map((content) => {
    const hash = sha256(chainInput(previous, content));
    const entry = { ...content, previousHash: previous, hash };
    previous = hash;
    return entry;
  });
}

const entry = (id: number, action: string): AuditEntryContent => ({
  id,
  occurredAt: `2026-11-21T10:00:0${id}.000Z`,
  actorUserId: 7,
  organisationId: null,
  action,
  ip: '127.0.0.1',
  detail: { b: 1, a: [2, { d: 3, c: 4 }] },
});

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: undefined, c: [2, { z: 1, y: 2 }] } })).toBe(
      '{"a":{"c":[2,{"y":2,"z":1}]},"b":1}',
    );
  });
});

describe('verifyChain', () => {
  const entries = chain([entry(1, 'login.success'), entry(2, 'login.failure'), entry(3, 'password.changed')]);

  it('accepts an intact chain', () => {
    expect(verifyChain(entries, sha256)).toBeNull();
  });

  it('finds an altered entry', () => {
    const altered = entries.map((e) => (e.id === 2 ? { ...e, action: 'login.success' } : e));
    expect(verifyChain(altered, sha256)).toEqual({ id: 2, reason: 'hash' });
  });

  it('finds a removed entry', () => {
    expect(verifyChain([entries[0]!, entries[2]!], sha256)).toEqual({ id: 3, reason: 'link' });
  });

  it('finds a rehashed entry whose successor still points at the old hash', () => {
    const forged = { ...entries[1]!, action: 'role.changed' };
    forged.hash = sha256(
      chainInput(forged.previousHash, { ...forged, previousHash: undefined, hash: undefined } as never),
    );
    expect(verifyChain([entries[0]!, forged, entries[2]!], sha256)).toEqual({ id: 3, reason: 'link' });
  });
});

describe('sealing', () => {
  const written = [entry(1, 'login.success'), entry(2, 'login.failure'), entry(3, 'password.changed')].map(
    (content) => ({ ...content, contentHash: sha256(contentInput(content)) }),
  );

  it('links written entries into the same chain as appending them one by one', () => {
    const { links, stoppedAt } = linkEntries(GENESIS_HASH, written, sha256);
    expect(stoppedAt).toBeNull();
    const appended = chain(written.map(({ contentHash: _c, ...content }) => content));
    expect(links).toEqual(appended.map(({ id, previousHash, hash }) => ({ id, previousHash, hash })));
    const sealed = written.map((e, i) => ({ ...e, ...links[i]! }));
    expect(verifyChain(sealed, sha256)).toBeNull();
  });

  it('continues after the last sealed hash', () => {
    const first = linkEntries(GENESIS_HASH, written.slice(0, 1), sha256).links;
    const rest = linkEntries(first[0]!.hash, written.slice(1), sha256).links;
    expect([...first, ...rest]).toEqual(linkEntries(GENESIS_HASH, written, sha256).links);
  });

  it('stops before an entry altered after it was written, and reports it', () => {
    const altered = written.map((e) => (e.id === 2 ? { ...e, detail: { forged: true } } : e));
    const { links, stoppedAt } = linkEntries(GENESIS_HASH, altered, sha256);
    expect(links.map((l) => l.id)).toEqual([1]);
    expect(stoppedAt).toEqual({ id: 2, reason: 'content' });
    expect(firstUnsealedMismatch(altered, sha256)).toEqual({ id: 2, reason: 'content' });
    expect(firstUnsealedMismatch(written, sha256)).toBeNull();
  });

  it('finds a sealed entry whose content hash was replaced', () => {
    const sealed = written.map((e, i) => ({ ...e, ...linkEntries(GENESIS_HASH, written, sha256).links[i]! }));
    const forged = sealed.map((e) => (e.id === 3 ? { ...e, contentHash: sha256('other') } : e));
    expect(verifyChain(forged, sha256)).toEqual({ id: 3, reason: 'content' });
  });
});
