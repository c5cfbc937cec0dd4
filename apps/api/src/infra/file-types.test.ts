import { describe, expect, it } from 'vitest';
import { carriesMarkup, checkDocument } from './file-types.ts';

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

describe('images that carry markup', () => {
  const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00', 'latin1');
  const withMarkup = (base: Buffer, markup: string) => Buffer.concat([base, Buffer.from(markup, 'latin1')]);

  it.each([
    ['site.gif', withMarkup(gif, '<html><script>alert(1)</script>')],
    ['site.gif', withMarkup(gif, '<ScRiPt src=//evil.example>')],
    ['site.png', withMarkup(png, '<svg xmlns="http://www.w3.org/2000/svg">')],
    ['site.jpg', withMarkup(jpeg, '<?xml version="1.0"?>')],
    ['site.webp', withMarkup(webp, '<!doctype html>')],
    ['site.gif', withMarkup(gif, '<iframe src=x>')],
    ['site.gif', withMarkup(gif, 'JavaScript:alert(1)')],
  ])('refuses %s carrying markup anywhere', (name, bytes) => {
    expect(checkDocument(name, bytes)).toEqual({ ok: false, reason: 'markup' });
  });

  it('accepts clean images, and leaves documents alone (a PDF or a DOCX may hold such text)', () => {
    expect(checkDocument('site.gif', gif)).toEqual({ ok: true, kind: 'gif', contentType: 'image/gif' });
    expect(checkDocument('site.png', withMarkup(png, '<svgfont'))).toMatchObject({ ok: true });
    expect(checkDocument('notice.pdf', withMarkup(pdf, '<html><script>'))).toMatchObject({ ok: true });
    expect(carriesMarkup(Buffer.from('plain bytes < html'))).toBe(false);
  });
});
