import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from './embedded-postgres.ts';
import { createLocalStorage, createS3Storage, type FileStorage } from './storage.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

let dir: string;
let s3: S3rver;
const stores: Record<string, FileStorage> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zabuni-storage-'));
  const port = await findFreePort();
  // s3rver speaks the S3 REST protocol (signed requests, path-style buckets) on loopback.
  s3 = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'zabuni-files', configs: [] }],
  });
  await s3.run();
  stores.local = createLocalStorage(path.join(dir, 'local'));
  stores.s3 = createS3Storage({
    kind: 's3',
    bucket: 'zabuni-files',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'])('%s file storage', (kind) => {
  it('stores, reads back and deletes a file; a missing key reads as null', async () => {
    const storage = stores[kind]!;
    const bytes = Buffer.from('%PDF-1.4\nbid document\n');
    await storage.put('tender-documents/2026/abcDEF123', bytes, 'application/pdf');
    const stream = await storage.get('tender-documents/2026/abcDEF123');
    expect(stream).not.toBeNull();
    expect((await readAll(stream!)).equals(bytes)).toBe(true);
    await storage.delete('tender-documents/2026/abcDEF123');
    expect(await storage.get('tender-documents/2026/abcDEF123')).toBeNull();
    expect(await storage.get('tender-documents/2026/never-stored')).toBeNull();
  });

  it('refuses keys that could escape the storage area', async () => {
    await expect(stores[kind]!.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /unsafe/,
    );
  });
});
