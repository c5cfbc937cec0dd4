import {
  message,
  WEBINAR_NOTICES,
  type webinarForm,
  type ModerationWebinar,
  type Webinar,
  type webinarRegistrationForm,
} from '@zabuni/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../infra/auth.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { Db } from '../../../infra/database.ts';
import { AppError, fieldError, isUniqueViolation, notFound } from '../../../infra/errors.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import type { AuditService } from '../../shared/audit/index.ts';
import type { MailRequest, MailService } from '../../shared/mail/index.ts';
import { calendarInvite } from './webinars.ics.ts';
import { webinarsRepository, type WebinarRow, type WebinarValues } from './webinars.repository.ts';
import { EAT_LABEL } from '@zabuni/domain';

type WebinarFormData = z.output<typeof webinarForm>;
type RegistrationData = z.output<typeof webinarRegistrationForm>;

/** 409 on the email field, so a form shows it there. */
const alreadyRegistered = () => {
  const text = message('webinar.already_registered');
  return new AppError('conflict', text, { email: [text.text] }, {}, { field: 'email' });
};

/** The reminder goes out within this many hours before the start ("the day before"). */
export const REMINDER_HOURS = 24;
const HOUR = 3_600_000;

const LOCALES: Record<string, string> = { en: 'en-KE', sw: 'sw-KE', fr: 'fr-FR', pt: 'pt-PT', am: 'am-ET' };

/** The start as a registrant reads it: in Nairobi time (EAT), in the mail's language. */
export function webinarWhen(date: Date, language: string): string {
  const formatted = new Intl.DateTimeFormat(LOCALES[language] ?? 'en-KE', {
    timeZone: 'Africa/Nairobi',
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(date);
  // The one time zone rule (issue 16 point 6): East Africa Time, labelled as everywhere else.
  return `${formatted} ${EAT_LABEL}`;
}

function stateOf(row: WebinarRow, now: Date): Webinar['state'] {
  if (row.cancelledAt) return 'cancelled';
  return row.startsAt.getTime() <= now.getTime() ? 'past' : 'upcoming';
}

const toWebinar = (row: WebinarRow, now: Date): Webinar => ({
  id: row.id,
  title: row.title,
  organizer: row.organizer,
  module: row.module,
  organizer_website: row.organizerWebsite,
  date: row.startsAt.toISOString(),
  pdf_link: row.pdfLink,
  link: row.link,
  description: row.description,
  duration_minutes: row.durationMinutes,
  state: stateOf(row, now),
  capacity: row.capacity,
  places_left: row.capacity === null ? null : Math.max(0, row.capacity - row.registrations),
});

const toModeration = (row: WebinarRow, now: Date): ModerationWebinar => ({
  ...toWebinar(row, now),
  registrations: row.registrations,
  cancelled_at: row.cancelledAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

const valuesOf = (form: WebinarFormData): WebinarValues => ({
  title: form.title,
  organizer: form.organizer,
  module: form.module,
  organizerWebsite: form.organizer_website,
  startsAt: new Date(form.date),
  durationMinutes: form.duration_minutes,
  pdfLink: form.pdf_link,
  link: form.link,
  description: form.description,
  capacity: form.capacity,
});

/**
 * Webinars (SPEC §3, §7): the public list and registration, the operator's webinars, and the mails with
 * calendar invites (registration, the day-before reminder, cancellation).
 */
export function createWebinarsService(deps: {
  db: Db;
  mail: MailService;
  audit: AuditService;
  clock: Clock;
  publicUrl: string;
  supportEmail: string;
}) {
  const { db, mail, audit, clock, publicUrl, supportEmail } = deps;
  const host = new URL(publicUrl).hostname;
  const uidOf = (webinarId: number, registrationId: number) =>
    `webinar-${webinarId}-registration-${registrationId}@${host}`;

  const invite = (
    webinar: {
      id: number;
      title: string;
      startsAt: Date;
      durationMinutes: number;
      link: string;
      description: string;
      organizer: string;
    },
    registrationId: number,
    cancelled = false,
  ) => ({
    filename: cancelled ? 'webinar-cancelled.ics' : 'webinar.ics',
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    content: calendarInvite({
      uid: uidOf(webinar.id, registrationId),
      start: webinar.startsAt,
      durationMinutes: webinar.durationMinutes,
      summary: webinar.title,
      description: [webinar.description, `${publicUrl}/webinars/${webinar.id}`].filter(Boolean).join('\n\n'),
      url: webinar.link,
      organizer: { name: webinar.organizer, email: supportEmail },
      stamp: clock.now(),
      cancelled,
      sequence: cancelled ? 1 : 0,
    }),
  });

  const loadPublic = async (id: number): Promise<Webinar> => {
    const row = await webinarsRepository(db).find(id);
    if (!row) throw notFound(message('webinar.not_found'));
    return toWebinar(row, clock.now());
  };
  const loadModeration = async (id: number): Promise<ModerationWebinar> => {
    const row = await webinarsRepository(db).find(id);
    if (!row) throw notFound(message('webinar.not_found'));
    return toModeration(row, clock.now());
  };

  return {
    async list(filter: { module?: Webinar['module'] | undefined }, page: PageRequest) {
      const now = clock.now();
      const { count, rows } = await webinarsRepository(db).list(
        { ...filter, withCancelled: false },
        page,
        now,
      );
      return { count, results: rows.map((row) => toWebinar(row, now)) };
    },

    get: loadPublic,

    /** SPEC §7 registration: one per email and webinar; a cancelled, past or full webinar refuses (409). */
    async register(form: RegistrationData) {
      const language = form.language ?? 'en';
      const now = clock.now();
      const { id, mailId, title } = await db
        .transaction(async (tx) => {
          const repo = webinarsRepository(tx);
          const webinar = await repo.lock(form.webinar);
          if (!webinar) throw fieldError('webinar', message('webinar.not_found'));
          if (webinar.cancelledAt) throw new AppError('conflict', message('webinar.cancelled'));
          if (webinar.startsAt.getTime() <= now.getTime())
            throw new AppError('conflict', message('webinar.past'));
          if (await repo.findRegistration(webinar.id, form.email)) throw alreadyRegistered();
          if (webinar.capacity !== null && webinar.registrations >= webinar.capacity)
            throw new AppError('conflict', message('webinar.full', { capacity: webinar.capacity }));
          // Registered within the reminder window: this mail is the reminder.
          const soon = webinar.startsAt.getTime() - now.getTime() <= REMINDER_HOURS * HOUR;
          const id = await repo.insertRegistration({
            webinarId: webinar.id,
            name: form.name,
            email: form.email,
            organization: form.organization,
            language,
            remindedAt: soon ? now : null,
          });
          const mailId = await mail.enqueue(tx, {
            to: form.email,
            template: 'webinar_registered',
            language,
            params: {
              name: form.name,
              title: webinar.title,
              organizer: webinar.organizer,
              date: webinarWhen(webinar.startsAt, language),
              link: webinar.link,
            },
            attachments: [invite(webinar, id)],
          });
          return { id, mailId, title: webinar.title };
        })
        .catch((error: unknown) => {
          // Two registrations of one email at the same moment: the unique index decides.
          if (isUniqueViolation(error)) throw alreadyRegistered();
          throw error;
        });
      await mail.dispatch([mailId]);
      return {
        id,
        webinar: form.webinar,
        name: form.name,
        email: form.email,
        organization: form.organization,
        detail: WEBINAR_NOTICES.registered.replace('{title}', title),
      };
    },

    /** The day-before reminders due now (the `webinars.remind` job), in batches; how many were written. */
    async sendReminders(): Promise<number> {
      let written = 0;
      for (;;) {
        const now = clock.now();
        const mailIds = await db.transaction(async (tx) => {
          const due = await webinarsRepository(tx).claimReminders(
            now,
            new Date(now.getTime() + REMINDER_HOURS * HOUR),
            200,
          );
          if (due.length === 0) return [];
          return mail.enqueueMany(
            tx,
            due.map((row): MailRequest => ({
              to: row.email,
              template: 'webinar_reminder',
              language: row.language,
              params: {
                name: row.name,
                title: row.title,
                date: webinarWhen(row.startsAt, row.language),
                link: row.link,
              },
            })),
          );
        });
        if (mailIds.length === 0) return written;
        written += mailIds.length;
        await mail.dispatch(mailIds);
      }
    },

    // The operator's side.
    async listAll(filter: { module?: Webinar['module'] | undefined }, page: PageRequest) {
      const now = clock.now();
      const { count, rows } = await webinarsRepository(db).list(
        { ...filter, withCancelled: true },
        page,
        now,
      );
      return { count, results: rows.map((row) => toModeration(row, now)) };
    },

    getForOperator: loadModeration,

    async create(principal: Principal, form: WebinarFormData): Promise<ModerationWebinar> {
      const values = valuesOf(form);
      if (values.startsAt.getTime() <= clock.now().getTime())
        throw fieldError('date', message('webinar.date_past'));
      const id = await db.transaction(async (tx) => {
        const id = await webinarsRepository(tx).insert(values);
        await audit.record(tx, {
          action: 'webinar.created',
          actorUserId: principal.userId,
          detail: { webinar_id: id },
        });
        return id;
      });
      return loadModeration(id);
    },

    async update(principal: Principal, id: number, form: WebinarFormData): Promise<ModerationWebinar> {
      const values = valuesOf(form);
      await db.transaction(async (tx) => {
        const repo = webinarsRepository(tx);
        const current = await repo.lock(id);
        if (!current) throw notFound(message('webinar.not_found'));
        if (current.cancelledAt) throw new AppError('conflict', message('webinar.cancelled'));
        const moved = current.startsAt.getTime() !== values.startsAt.getTime();
        if (moved && values.startsAt.getTime() <= clock.now().getTime())
          throw fieldError('date', message('webinar.date_past'));
        if (values.capacity !== null && values.capacity < current.registrations)
          throw fieldError(
            'capacity',
            message('webinar.capacity_below_registrations', { registered: current.registrations }),
          );
        await repo.update(id, values, clock.now());
        if (moved) await repo.clearReminders(id);
        await audit.record(tx, {
          action: 'webinar.updated',
          actorUserId: principal.userId,
          detail: { webinar_id: id, ...(moved ? { moved_to: values.startsAt.toISOString() } : {}) },
        });
      });
      return loadModeration(id);
    },

    /** Cancels a webinar and mails every registrant (with a calendar cancellation). */
    async cancel(principal: Principal, id: number): Promise<ModerationWebinar> {
      const mailIds = await db.transaction(async (tx) => {
        const repo = webinarsRepository(tx);
        const webinar = await repo.lock(id);
        if (!webinar) throw notFound(message('webinar.not_found'));
        if (webinar.cancelledAt) throw new AppError('conflict', message('webinar.cancelled'));
        if (webinar.startsAt.getTime() <= clock.now().getTime())
          throw new AppError('conflict', message('webinar.past'));
        await repo.cancel(id, clock.now());
        await audit.record(tx, {
          action: 'webinar.cancelled',
          actorUserId: principal.userId,
          detail: { webinar_id: id },
        });
        const { rows } = await repo.registrations(id);
        return mail.enqueueMany(
          tx,
          rows.map((registration): MailRequest => ({
            to: registration.email,
            template: 'webinar_cancelled',
            language: registration.language,
            params: {
              name: registration.name,
              title: webinar.title,
              date: webinarWhen(webinar.startsAt, registration.language),
            },
            attachments: [invite(webinar, registration.id, true)],
          })),
        );
      });
      await mail.dispatch(mailIds);
      return loadModeration(id);
    },

    async registrations(id: number, page: PageRequest) {
      const repo = webinarsRepository(db);
      if (!(await repo.find(id))) throw notFound(message('webinar.not_found'));
      const { count, rows } = await repo.registrations(id, page);
      return {
        count,
        results: rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          organization: row.organization,
          language: row.language,
          reminded_at: row.remindedAt?.toISOString() ?? null,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  };
}
export type WebinarsService = ReturnType<typeof createWebinarsService>;
