import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, tokenFor } from '../../../../test/identity.ts';
import { multipart, sampleFiles, type UploadFile } from '../../../../test/multipart.ts';
import { tenderAttachments, tenders } from '../../../schema/tenders.tables.ts';

/**
 * Images on publish-tender are images only: a file that is also a web page (a GIF header followed by
 * `<html><script>…`, a "polyglot") is refused with a 400 naming the field; clean images pass and are
 * served as downloads of their own type, never sniffed.
 */
let ctx: TestContext;
let token: string;

/** A real 1×1 GIF (GIF89a, one colour, LZW data and trailer). */
const GIF = Buffer.from(
  '47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b',
  'hex',
);
const polyglot = (markup: string, base = GIF) => Buffer.concat([base, Buffer.from(markup, 'latin1')]);

async function publish(files: UploadFile[]) {
  const closing = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const body = multipart(
    {
      tender_title: 'Supply of borehole pumps',
      tender_closing_date: closing,
      first_name: 'Amina',
      last_name: 'Otieno',
      email: 'amina@pumps.example',
    },
    files,
  );
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tender-alerts/available-tenders/publish-tender/',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const member = await createMember(ctx, {
    kind: 'advertiser',
    role: 'advertiser',
    email: 'ads@images.example',
  });
  token = await tokenFor(ctx, member.email, member.password);
});
afterAll(() => ctx.close());

describe('images on publish-tender', () => {
  it.each([
    ['a GIF/HTML polyglot', 'site.gif', polyglot('<html><script>alert(document.cookie)</script></html>')],
    ['upper-case markup', 'site.gif', polyglot('<HTML><BODY ONLOAD=alert(1)>')],
    ['an SVG inside a PNG', 'plan.png', polyglot('<svg onload=alert(1)>', sampleFiles.png())],
    [
      'an XML document inside a JPEG',
      'photo.jpg',
      polyglot('<?xml version="1.0"?><x/>', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])),
    ],
    [
      'a javascript: link',
      'site.webp',
      polyglot(
        'javascript:alert(1)',
        Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]),
      ),
    ],
    [
      'an iframe after the pixels',
      'site.gif',
      polyglot(`${'\u0000'.repeat(300)}<iframe src=//evil.example>`),
    ],
    ['a doctype', 'site.gif', polyglot('<!DOCTYPE html><p>hi')],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_what, name, bytes) => {
    const before = await ctx.database.db.select({ id: tenders.id }).from(tenders);
    const { status, body } = await publish([{ name, bytes, type: 'image/gif' }]);
    expect(status).toBe(400);
    expect(body.tender_documents).toEqual([
      `“${name}” is not a plain image: it also contains web page or script code. Save it again as a PNG, JPG, GIF or WEBP image and attach that.`,
    ]);
    expect(String(body.detail)).toContain('tender_documents');
    expect(await ctx.database.db.select({ id: tenders.id }).from(tenders)).toHaveLength(before.length);
  });

  it('accepts clean GIF and PNG images, and serves them as downloads of their type, never sniffed', async () => {
    const { status, body } = await publish([
      { name: 'site.gif', bytes: GIF, type: 'image/gif' },
      { name: 'plan.png', bytes: sampleFiles.png(), type: 'image/png' },
    ]);
    expect(status).toBe(201);
    const tenderId = (body.tender_alert_job as { id: number }).id;
    const stored = await ctx.database.db
      .select()
      .from(tenderAttachments)
      .where(eq(tenderAttachments.tenderId, tenderId))
      .orderBy(tenderAttachments.id);
    expect(stored.map((a) => [a.fileName, a.contentType])).toEqual([
      ['site.gif', 'image/gif'],
      ['plan.png', 'image/png'],
    ]);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tender-alerts/available-tenders/${tenderId}/attachments/${stored[0]!.id}/`,
      headers: bearer(token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/gif');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(GIF)).toBe(true);
  });
});
