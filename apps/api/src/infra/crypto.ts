import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createHmac,
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';

/** An unguessable token for links and sessions (256 bits, URL-safe). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** A stable secret derived from the application secret for one purpose (e.g. an unguessable callback path). */
export const derivedSecret = (applicationSecret: string, purpose: string) =>
  createHmac('sha256', applicationSecret).update(purpose).digest('base64url').slice(0, 32);

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A six-digit code for emailed sign-in verification. */
export const randomDigits = (length = 6) =>
  Array.from({ length }, () => randomInt(0, 10).toString()).join('');

/** Recovery codes people can type: 10 characters without look-alikes, shown as xxxxx-xxxxx. */
export function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(0, alphabet.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Symmetric encryption for secrets we must read back (TOTP seeds): AES-256-GCM with a key derived from the
 * application secret, so a database dump alone does not reveal them.
 */
export function createSecretBox(applicationSecret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', applicationSecret, 'zabuni', purpose, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('unreadable sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

/**
 * A secret kept in a file of its own (mode 0600): read when the file exists, else 32 random bytes
 * (base64url) written there first. Created under a temporary name and linked into place, so two processes
 * starting together (web and worker) end up with the same secret, never a half-written one.
 */
export function readOrCreateSecretFile(file: string): string {
  const read = () => readFileSync(file, 'utf8').trim();
  try {
    return checkedSecret(read(), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(temporary, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(temporary, 0o600);
  try {
    linkSync(temporary, file);
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return checkedSecret(read(), file);
}

function checkedSecret(secret: string, file: string): string {
  if (secret.length < 32) {
    throw new Error(`${file} holds no usable secret (under 32 characters): delete it to generate a new one`);
  }
  return secret;
}
