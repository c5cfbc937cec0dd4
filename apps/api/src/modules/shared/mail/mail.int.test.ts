import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../infra/embedded-postgres.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

/** A real SMTP exchange on loopback: what nodemailer sends is what a mail server receives. */
interface Received {
  from: string;
  to: string[];
  data: string;
}
const received: Received[] = [];
let smtp: SMTPServer;
let port: number;
let ctx: TestContext;

beforeAll(async () => {
  port = await findFreePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  ctx = await createTestContext({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Zabuni <no-reply@zabuni.test>' },
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('mail over SMTP', () => {
  it('delivers a password-reset mail in the user’s language and marks it sent', async () => {
    const passwordHash = await ctx.services.authentication.hashPassword('Pole-pole-2026');
    await ctx.database.db.execute(sql`
      INSERT INTO users (email, username, first_name, last_name, password_hash, is_active, language)
      VALUES ('juma@example.co.ke', 'juma', 'Juma', 'Mwangi', ${passwordHash}, true, 'sw')`);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/reset_password_request/',
      payload: { email: 'juma@example.co.ke' },
    });
    expect(response.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@zabuni.test');
    expect(received[0]!.to).toEqual(['juma@example.co.ke']);
    expect(received[0]!.data).toContain('Subject: Weka upya nenosiri lako la Zabuni');
    expect(received[0]!.data).toContain('multipart/alternative');
    const [row] = (await ctx.database.db.execute<{ status: string }>(sql`SELECT status FROM mail_outbox`))
      .rows;
    expect(row!.status).toBe('sent');
  });

  it('keeps a mail queued (for the job to retry) when the server is unreachable', async () => {
    await new Promise<void>((resolve) => smtp.close(resolve));
    await ctx.database.db.execute(sql`
      INSERT INTO mail_outbox (to_address, subject, text_body, html_body, status) VALUES ('x@example.co.ke', 's', 't', 'h', 'queued')`);
    const [mail] = (
      await ctx.database.db.execute<{ id: number }>(
        sql`SELECT id FROM mail_outbox WHERE to_address = 'x@example.co.ke'`,
      )
    ).rows;
    await expect(ctx.services.mail.deliver(mail!.id)).rejects.toThrow();
    const [row] = (
      await ctx.database.db.execute<{ status: string; attempts: number; last_error: string }>(
        sql`SELECT status, attempts, last_error FROM mail_outbox WHERE id = ${mail!.id}`,
      )
    ).rows;
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
    smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'] });
  });
});
