import { message } from '@zabuni/contracts';
import type { Principal } from '../../../infra/auth.ts';
import type { Db, Executor } from '../../../infra/database.ts';
import { notFound } from '../../../infra/errors.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import type { MailRequest, MailService } from '../mail/index.ts';
import { renderMail, type MailTemplates, type TemplateName } from '../mail/index.ts';
import { notificationsRepository } from './notifications.repository.ts';

/** A mail template with its own parameters, but the recipient's name and the link, which `announce` adds. */
export type AnnouncedMail = {
  [T in TemplateName]: {
    /** The mail template; its subject is the in-app title and its first line the body. */
    template: T;
    params: Omit<MailTemplates[T], 'name' | 'link'>;
  };
}[TemplateName];

export type Announcement = AnnouncedMail & {
  userIds: number[];
  organisationId: number | null;
  /** In-app path; the mail links to the same page on the public URL. */
  path: string;
};

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
        // The announcement's template and parameters agree (`AnnouncedMail`); name and link complete them.
        const request = {
          to: person.email,
          template: announcement.template,
          language: person.language,
          params: { ...announcement.params, name: person.firstName, link },
        } as MailRequest;
        const rendered = renderMail(request.template, request.language, request.params);
        rows.push({
          userId: person.id,
          organisationId: announcement.organisationId,
          kind: announcement.template,
          title: rendered.subject,
          body: rendered.text.split('\n')[2] ?? '',
          link: announcement.path,
        });
        mailIds.push(await mail.enqueue(tx, request));
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
