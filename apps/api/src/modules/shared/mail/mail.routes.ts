import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { z } from 'zod';
import type { MailService } from './mail.service.ts';

const devMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.string(),
  created_at: z.string(),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), content: z.string() })),
});

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** Development mailbox: every mail the app wrote, newest first. Never registered in production. */
export const devMailRoutes =
  ({ mail }: { mail: MailService }): FastifyPluginAsyncZod =>
  async (app) => {
    const load = async (to?: string) =>
      (await mail.newest({ to, limit: 100 })).map((m) => ({
        id: m.id,
        to: m.toAddress,
        subject: m.subject,
        text: m.textBody,
        html: m.htmlBody,
        status: m.status,
        created_at: m.createdAt.toISOString(),
        attachments: (m.attachments ?? []).map((file) => ({
          filename: file.filename,
          content_type: file.contentType,
          content: file.content,
        })),
      }));

    app.get(
      '/api/dev/mail',
      {
        schema: {
          tags: ['Development'],
          summary: 'Mails written by the app (development only)',
          querystring: z.object({ to: z.string().trim().max(254).optional() }),
          response: { 200: z.object({ results: z.array(devMail) }) },
        },
      },
      async (request) => ({ results: await load(request.query.to) }),
    );

    app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
      const mails = await load();
      const items = mails
        .map(
          (
            m,
          ) => `<details><summary><b>${escapeHtml(m.subject)}</b> → ${escapeHtml(m.to)} <small>${escapeHtml(m.created_at)} · ${escapeHtml(m.status)}${m.attachments.map((file) => ` · attachment: ${escapeHtml(file.filename)}`).join('')}</small></summary>
<iframe sandbox srcdoc="${escapeHtml(m.html)}" style="width:100%;height:420px;border:1px solid #ddd"></iframe></details>`,
        )
        .join('\n');
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          `<!doctype html><html><head><meta charset="utf-8"><title>Zabuni dev mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:900px;margin:24px auto;padding:0 12px}details{border-bottom:1px solid #eee;padding:10px 0}</style></head><body><h1>Development mailbox</h1><p>${mails.length} mail(s). Mails are kept here because no SMTP_URL is configured.</p>${items || '<p>No mail yet.</p>'}</body></html>`,
        );
    });
  };
