import { describe, expect, it } from 'vitest';
import { checkDocument } from './file-types.ts';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]);
const zip = (entry: string) =>
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from(entry)]);
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);

describe('checkDocument', () => {
  it.each([
    ['notice.pdf', pdf, 'pdf', 'application/pdf'],
    ['NOTICE.PDF', pdf, 'pdf', 'application/pdf'],
    ['boq.xls', ole2, 'xls', 'application/vnd.ms-excel'],
    ['terms.doc', ole2, 'doc', 'application/msword'],
    ['terms.docx', zip('word/document.xml'), 'docx', expect.stringContaining('wordprocessingml')],
    ['boq.xlsx', zip('xl/workbook.xml'), 'xlsx', expect.stringContaining('spreadsheetml')],
    ['drawings.zip', zip('plan.dwg'), 'zip', 'application/zip'],
    ['site.png', png, 'png', 'image/png'],
    ['site.jpg', jpeg, 'jpeg', 'image/jpeg'],
    ['site.webp', webp, 'webp', 'image/webp'],
  ])('accepts %s', (name, bytes, kind, contentType) => {
    expect(checkDocument(name, bytes)).toEqual({ ok: true, kind, contentType });
  });

  it.each([
    ['invoice.pdf', exe, 'content'],
    ['terms.docx', zip('plan.dwg'), 'content'],
    ['photo.png', pdf, 'content'],
    ['setup.exe', exe, 'extension'],
    ['notes.txt', Buffer.from('hello'), 'extension'],
    ['no-extension', pdf, 'extension'],
    ['empty.pdf', Buffer.alloc(0), 'empty'],
  ])('refuses %s (%s)', (name, bytes, reason) => {
    expect(checkDocument(name, bytes)).toEqual({ ok: false, reason });
  });
});
