import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';

/**
 * Where uploaded files (tender documents, later invoices and exports) are kept. Keys are random and
 * chosen by us, never by the uploader; the original file name lives in the database.
 */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or null when no file has this key. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_-]{0,200}$/;
function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

/** A folder on this machine (`DATA_DIR/files`): fine for one server; use S3 when scaling out. */
export function createLocalStorage(dir: string): FileStorage {
  const fileOf = (key: string) => path.join(dir, checkKey(key));
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body, { flag: 'wx' });
    },
    async get(key) {
      const file = fileOf(key);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/** Any S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces, …). */
export function createS3Storage(options: Extract<Config['files'], { kind: 's3' }>): FileStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: checkKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: checkKey(key) }),
        );
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: checkKey(key) }));
    },
  };
}

export function createFileStorage(files: Config['files']): FileStorage {
  return files.kind === 's3' ? createS3Storage(files) : createLocalStorage(files.dir);
}
