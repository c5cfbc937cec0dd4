import { message } from '@zabuni/contracts';
import type { Principal } from '../../../infra/auth.ts';
import type { Db, Executor } from '../../../infra/database.ts';
import { notFound } from '../../../infra/errors.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import type { MailService } from '../mail/index.ts';
import { renderMail, type TemplateName, type TemplateParams } from '../mail/index.ts';
import { notificationsRepository } from './notifications.repository.ts';

export interface Announcement {
  userIds: number[];
  organisationId: number | null;
  /** The mail template; its subject is the in-app title and its first line the body. */
  template: TemplateName;
  params: Omit<TemplateParams, 'name' | 'link'>;
  /** In-app path; the mail links to the same page on the public URL. */
  path: string;
}

/**
 * Tells people something needs them: an in-app notification and a mail each, in their own language,
 * written in the caller's transaction (the mail through the outbox, sent after the commit).
 */
export function createNotificationsService({
  db,
  mail,
  publicUrl,
}: {
  db: Db;
  mail: MailService;
  publicUrl: string;
}) {
  return {
    /** Returns the outbox ids to dispatch once the transaction has committed. */
    async announce(tx: Executor, announcement: Announcement): Promise<number[]> {
      const repository = notificationsRepository(tx);
      const people = await repository.recipients([...new Set(announcement.userIds)]);
      const link = `${publicUrl}${announcement.path}`;
      const mailIds: number[] = [];
      const rows = [];
      for (const person of people) {
        const params = { ...announcement.params, name: person.firstName, link };
        const rendered = renderMail(announcement.template, person.language, params);
        rows.push({
          userId: person.id,
          organisationId: announcement.organisationId,
          kind: announcement.template,
          title: rendered.subject,
          body: rendered.text.split('\n')[2] ?? '',
          link: announcement.path,
        });
        mailIds.push(
          await mail.enqueue(tx, {
            to: person.email,
            template: announcement.template,
            language: person.language,
            params,
          }),
        );
      }
      await repository.insert(rows);
      return mailIds;
    },

    dispatch: (mailIds: readonly number[]) => mail.dispatch(mailIds),

    async list(principal: Principal, unreadOnly: boolean, page: PageRequest) {
      const { count, unread, rows } = await notificationsRepository(db).page(
        principal.userId,
        unreadOnly,
        page.offset,
        page.pageSize,
      );
      return {
        count,
        unread_count: unread,
        results: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          title: row.title,
          body: row.body,
          link: row.link,
          created_at: row.createdAt.toISOString(),
          read_at: row.readAt?.toISOString() ?? null,
        })),
      };
    },

    async markRead(principal: Principal, id: number | null) {
      if (!(await notificationsRepository(db).markRead(principal.userId, id))) {
        throw notFound(message('notification.not_found'));
      }
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
