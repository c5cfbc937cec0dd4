import nodemailer, { type SendMailOptions } from 'nodemailer';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { createJobQueue } from '../../../infra/queue.ts';
import { createMailService } from './mail.service.ts';

// Issue 17: a webinar confirmation carries its calendar invite; the outbox keeps the attachment and SMTP
// delivery sends it as a text/calendar part.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('mail attachments', () => {
  it('are kept with the mail and handed to SMTP as their own MIME part', async () => {
    const sent: string[] = [];
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (message: SendMailOptions) => {
      const info = (await original(message)) as unknown as { message: Buffer };
      sent.push(info.message.toString('utf8'));
      return info;
    }) as typeof transport.sendMail;
    const mail = createMailService({
      db: ctx.database.db,
      transport,
      from: 'Zabuni <no-reply@zabuni.test>',
      queue: createJobQueue(),
      logger: pino({ level: 'silent' }),
    });
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    const id = await mail.enqueue(ctx.database.db, {
      to: 'amina@example.org',
      template: 'webinar_reminder',
      language: 'en',
      params: { name: 'Amina', title: 'P2P matching', date: 'Tuesday', link: 'https://meet.example/x' },
      attachments: [{ filename: 'webinar.ics', contentType: 'text/calendar; charset=utf-8', content: ics }],
    });
    await mail.deliver(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('Subject: Tomorrow: P2P matching');
    expect(sent[0]).toMatch(/Content-Type: text\/calendar; charset=utf-8; ?\n? *name=webinar\.ics/);
    expect(sent[0]).toContain('filename=webinar.ics');
    expect(sent[0]).toContain(Buffer.from(ics).toString('base64').slice(0, 40));
    const [row] = await mail.newest({ to: 'amina@example.org', limit: 1 });
    expect(row!.status).toBe('sent');
    expect(row!.attachments).toEqual([
      { filename: 'webinar.ics', contentType: 'text/calendar; charset=utf-8', content: ics },
    ]);
  });
});
