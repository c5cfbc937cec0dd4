import { describe, expect, it } from 'vitest';
import {
  envelopeHash,
  newKeyPair,
  newOpeningKey,
  openSealed,
  publicKeyOf,
  quoteContext,
  rebuildRfqKey,
  sealRfqKey,
  sealTo,
  shareContext,
  unwrapPrivateKey,
} from './rfq-sealing.ts';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('sealed envelopes', () => {
  const pair = newKeyPair();
  const quote = Buffer.from('{"lines":[{"line_no":1,"unit_price":"950.00"}]}');

  it('open with the recipient key and the same context only', () => {
    const envelope = sealTo(pair.publicKey, quote, quoteContext(7, 3));
    expect(envelope).not.toContain('950');
    expect(text(openSealed(pair, envelope, quoteContext(7, 3)))).toBe(text(quote));
    // Moved to another supplier's row or another RFQ: refused.
    expect(() => openSealed(pair, envelope, quoteContext(7, 4))).toThrow();
    expect(() => openSealed(pair, envelope, quoteContext(8, 3))).toThrow();
    expect(() => openSealed(newKeyPair(), envelope, quoteContext(7, 3))).toThrow();
  });

  it('refuses a changed byte, and hashes what was sealed', () => {
    const envelope = sealTo(pair.publicKey, quote, 'c');
    const parts = envelope.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0]! ^= 1;
    parts[4] = body.toString('base64url');
    expect(() => openSealed(pair, parts.join('.'), 'c')).toThrow();
    expect(envelopeHash(envelope)).toMatch(/^[0-9a-f]{64}$/);
    // Two seals of the same quote differ (fresh ephemeral key and IV): a hash tells nothing of the prices.
    expect(envelopeHash(sealTo(pair.publicKey, quote, 'c'))).not.toBe(envelopeHash(envelope));
  });

  it('derives the public key from the private key', () => {
    expect(publicKeyOf(pair.privateKey)).toBe(pair.publicKey);
  });
});

describe('opening keys and the committee quorum', () => {
  it('wraps a member key under the passphrase; a wrong passphrase opens nothing', async () => {
    const key = await newOpeningKey('correct horse battery staple');
    expect(key.wrappedPrivateKey).not.toContain('correct');
    const opened = await unwrapPrivateKey(
      key.wrappedPrivateKey,
      key.publicKey,
      'correct horse battery staple',
    );
    expect(opened && publicKeyOf(opened.privateKey)).toBe(key.publicKey);
    expect(
      await unwrapPrivateKey(key.wrappedPrivateKey, key.publicKey, 'wrong horse battery staple'),
    ).toBeNull();
  });

  it('rebuilds the RFQ key from a quorum of shares, never from fewer', async () => {
    const members = await Promise.all(
      [11, 12, 13].map(async (userId) => ({ userId, ...(await newOpeningKey(`passphrase of ${userId}!`)) })),
    );
    const sealed = await sealRfqKey(
      5,
      2,
      members.map((m) => ({ userId: m.userId, openingPublicKey: m.publicKey })),
    );
    const quote = sealTo(sealed.publicKey, Buffer.from('price 100.00'), quoteContext(5, 1));
    const release = async (index: number) => {
      const member = members[index]!;
      const personal = (await unwrapPrivateKey(
        member.wrappedPrivateKey,
        member.publicKey,
        `passphrase of ${member.userId}!`,
      ))!;
      return openSealed(personal, sealed.shares[index]!.encryptedShare, shareContext(5, member.userId));
    };
    // A member's share opens only with that member's key.
    const other = (await unwrapPrivateKey(
      members[1]!.wrappedPrivateKey,
      members[1]!.publicKey,
      'passphrase of 12!',
    ))!;
    expect(() => openSealed(other, sealed.shares[0]!.encryptedShare, shareContext(5, 11))).toThrow();
    // One share alone does not rebuild the key.
    await expect(rebuildRfqKey(sealed.publicKey, [await release(0)])).rejects.toThrow();
    for (const pick of [
      [0, 1],
      [1, 2],
      [0, 2],
    ]) {
      const key = await rebuildRfqKey(sealed.publicKey, await Promise.all(pick.map(release)));
      expect(text(openSealed(key, quote, quoteContext(5, 1)))).toBe('price 100.00');
    }
  });
});
