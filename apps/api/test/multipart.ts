import { randomBytes } from 'node:crypto';

export interface UploadFile {
  field?: string;
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart/form-data body as a browser would send it, for app.inject. */
export function multipart(fields: Record<string, string>, files: UploadFile[] = []) {
  const boundary = `----zabuni${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'tender_documents'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Small but real files of each kind (their first bytes are what a real file starts with). */
export const sampleFiles = {
  pdf: (text = 'Tender notice') =>
    Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n`),
  png: () => Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  exe: () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]),
};
