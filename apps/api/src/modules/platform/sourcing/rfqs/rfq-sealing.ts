import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  scrypt,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { combine, split } from 'shamir-secret-sharing';

/**
 * Sealed quotes (issue 20): nobody, an organisation administrator or whoever holds the database and the
 * server's secrets included, can read a quote before the opening committee's quorum confirms.
 *
 * - Each RFQ gets an X25519 key pair at publication. Only the public key is stored; the private key is split
 *   with Shamir's scheme (k = the quorum, n = the committee) and each share is sealed to one committee
 *   member's personal opening key, then the private key is dropped.
 * - A member's opening key pair is made when they set an opening passphrase; the private part is kept
 *   wrapped with AES-256-GCM under a key derived from the passphrase with scrypt. The passphrase is never
 *   stored, so the server alone cannot unwrap it.
 * - A quote is sealed to the RFQ's public key (ephemeral X25519 + HKDF-SHA-256 + AES-256-GCM), with the RFQ
 *   and supplier as associated data so a sealed quote cannot be moved to another RFQ or supplier.
 * - At or after closing each member confirms with their passphrase, releasing their share; with fewer
 *   shares than the quorum nothing can be learnt about the key (Shamir), with the quorum it is rebuilt,
 *   checked against the stored public key, and the quotes are opened.
 */

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url');

/** Raw 32-byte X25519 keys from a key pair (JWK carries them as base64url). */
function rawKeys(privateKey: KeyObject) {
  const jwk = privateKey.export({ format: 'jwk' });
  return { publicKey: jwk.x!, privateKey: jwk.d! };
}

const publicKeyObject = (x: string) =>
  createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x }, format: 'jwk' });
const privateKeyObject = (d: string, x: string) =>
  createPrivateKey({ key: { kty: 'OKP', crv: 'X25519', x, d }, format: 'jwk' });

/** A fresh X25519 key pair as base64url raw keys. */
export function newKeyPair(): { publicKey: string; privateKey: string } {
  return rawKeys(generateKeyPairSync('x25519').privateKey);
}

/** The public key of a raw private key (to check a rebuilt key against the stored public one). */
export function publicKeyOf(privateKey: string): string {
  // Node derives the public key from a JWK's private part only through a PKCS#8 round trip.
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), unb64(privateKey)]);
  const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  return rawKeys(key).publicKey;
}

const ENVELOPE_VERSION = 'x25519-aes256gcm-v1';

/**
 * Seals bytes to an X25519 public key: a fresh ephemeral key, ECDH, HKDF-SHA-256 (salt: both public keys,
 * info: the version), AES-256-GCM with `context` as associated data. Text: version.epk.iv.tag.ciphertext.
 */
export function sealTo(recipientPublicKey: string, plain: Uint8Array, context: string): string {
  const ephemeral = generateKeyPairSync('x25519');
  const epk = rawKeys(ephemeral.privateKey).publicKey;
  const shared = diffieHellman({
    privateKey: ephemeral.privateKey,
    publicKey: publicKeyObject(recipientPublicKey),
  });
  const key = Buffer.from(
    hkdfSync('sha256', shared, Buffer.concat([unb64(epk), unb64(recipientPublicKey)]), ENVELOPE_VERSION, 32),
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [ENVELOPE_VERSION, epk, b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
}

/** Opens an envelope with the recipient's key pair; throws when the key, the context or a byte is wrong. */
export function openSealed(
  recipient: { publicKey: string; privateKey: string },
  envelope: string,
  context: string,
): Buffer {
  const [version, epk, iv, tag, body] = envelope.split('.');
  if (version !== ENVELOPE_VERSION || !epk || !iv || !tag || body === undefined)
    throw new Error('not a sealed envelope');
  const shared = diffieHellman({
    privateKey: privateKeyObject(recipient.privateKey, recipient.publicKey),
    publicKey: publicKeyObject(epk),
  });
  const key = Buffer.from(
    hkdfSync('sha256', shared, Buffer.concat([unb64(epk), unb64(recipient.publicKey)]), ENVELOPE_VERSION, 32),
  );
  const decipher = createDecipheriv('aes-256-gcm', key, unb64(iv));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(unb64(tag));
  return Buffer.concat([decipher.update(unb64(body)), decipher.final()]);
}

/** The SHA-256 (hex) of a sealed envelope: what a receipt names and the opening record lists. */
export const envelopeHash = (envelope: string) => createHash('sha256').update(envelope, 'utf8').digest('hex');

export const quoteContext = (rfqId: number, supplierId: number) => `zabuni:rfq:${rfqId}:quote:${supplierId}`;
export const shareContext = (rfqId: number, userId: number) => `zabuni:rfq:${rfqId}:share:${userId}`;

/**
 * The RFQ key at publication: a new pair whose private key is split k-of-n and each share sealed to one
 * member's opening key. The private key is returned to nobody.
 */
export async function sealRfqKey(
  rfqId: number,
  quorum: number,
  members: ReadonlyArray<{ userId: number; openingPublicKey: string }>,
): Promise<{ publicKey: string; shares: Array<{ userId: number; encryptedShare: string }> }> {
  const pair = newKeyPair();
  const shares = await split(new Uint8Array(unb64(pair.privateKey)), members.length, quorum);
  return {
    publicKey: pair.publicKey,
    shares: members.map((member, index) => ({
      userId: member.userId,
      encryptedShare: sealTo(member.openingPublicKey, shares[index]!, shareContext(rfqId, member.userId)),
    })),
  };
}

/** The RFQ's private key from the released shares, checked against its public key (throws otherwise). */
export async function rebuildRfqKey(
  publicKey: string,
  shares: readonly Uint8Array[],
): Promise<{ publicKey: string; privateKey: string }> {
  const privateKey = b64(await combine(shares.map((share) => new Uint8Array(share))));
  const derived = publicKeyOf(privateKey);
  if (derived.length !== publicKey.length || !timingSafeEqual(Buffer.from(derived), Buffer.from(publicKey)))
    throw new Error('the released shares do not rebuild this RFQ key');
  return { publicKey, privateKey };
}

// scrypt: 2^15 × 8 × 128 bytes = 32 MiB and ~0.1 s per try, so guessing a passphrase from a stolen database
// is slow; the passphrase is at least 12 characters (contracts).
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const WRAP_VERSION = 'scrypt-aes256gcm-v1';

function derive(passphrase: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFKC'), salt, 32, SCRYPT, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A member's opening key pair, the private part wrapped under their passphrase. */
export async function newOpeningKey(
  passphrase: string,
): Promise<{ publicKey: string; wrappedPrivateKey: string }> {
  const pair = newKeyPair();
  return {
    publicKey: pair.publicKey,
    wrappedPrivateKey: await wrapPrivateKey(pair.privateKey, pair.publicKey, passphrase),
  };
}

export async function wrapPrivateKey(
  privateKey: string,
  publicKey: string,
  passphrase: string,
): Promise<string> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await derive(passphrase, salt), iv);
  cipher.setAAD(Buffer.from(publicKey, 'utf8'));
  const body = Buffer.concat([cipher.update(unb64(privateKey)), cipher.final()]);
  return [WRAP_VERSION, b64(salt), b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
}

/** The member's private key, or null when the passphrase is wrong. */
export async function unwrapPrivateKey(
  wrapped: string,
  publicKey: string,
  passphrase: string,
): Promise<{ publicKey: string; privateKey: string } | null> {
  const [version, salt, iv, tag, body] = wrapped.split('.');
  if (version !== WRAP_VERSION || !salt || !iv || !tag || !body) throw new Error('not a wrapped opening key');
  try {
    const decipher = createDecipheriv('aes-256-gcm', await derive(passphrase, unb64(salt)), unb64(iv));
    decipher.setAAD(Buffer.from(publicKey, 'utf8'));
    decipher.setAuthTag(unb64(tag));
    const privateKey = Buffer.concat([decipher.update(unb64(body)), decipher.final()]);
    return { publicKey, privateKey: b64(privateKey) };
  } catch {
    return null;
  }
}
