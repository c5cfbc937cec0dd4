import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  message,
  type SavedSearch,
  type SavedSearchForm,
  type TenderAlertManage,
  type TenderAlertOverview,
  type TenderAlertProfileUpdate,
  type TenderAlertRun,
} from '@zabuni/contracts';
import {
  alertTsQuery,
  digestSlot,
  KENYA_COUNTIES,
  maskEmail,
  normaliseAlertTerms,
  toPrefixTsQuery,
  type DigestSchedule,
} from '@zabuni/domain';
import type { Principal } from '../../../infra/auth.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { Db } from '../../../infra/database.ts';
import { fieldError, notFound } from '../../../infra/errors.ts';
import type { Logger } from '../../../infra/logger.ts';
import type { AuditService } from '../../shared/audit/index.ts';
import type { MailService } from '../../shared/mail/index.ts';
import { renderAlertMail, renderSavedSearchMail, type DigestMailItem } from './tender-alerts.mail.ts';
import { tenderAlertQueries } from './tender-alerts.queries.ts';
import { tenderAlertsRepository } from './tender-alerts.repository.ts';

const DAY = 86_400_000;
/** Digests written (rendered into the outbox) per transaction. */
const WRITE_BATCH = 200;

/**
 * Issue 19: the weekly tender-alert digest, the renewal reminders, the subscriber's manage and unsubscribe
 * links, and the operator's view. Exactly once: every mail is recorded (unique per subscriber, kind and
 * period) before it is written; recording runs under one advisory lock, writing takes recorded rows FOR
 * UPDATE SKIP LOCKED and writes each one's mail into the outbox in the same transaction; the outbox then
 * delivers each mail once (row-locked while SMTP answers), retrying failures with the queue's backoff.
 */
export function createTenderAlertsService(deps: {
  db: Db;
  clock: Clock;
  mail: MailService;
  publicUrl: string;
  /** Signs the links of alert mails (derived from JWT_SECRET). */
  linkSecret: string;
  schedule: DigestSchedule;
  /** The checkout order to renew with (the subscriptions module's "proceed with previous subscription"). */
  renewalOrder: (email: string) => Promise<{ code: string }>;
  logger: Logger;
  /** Where an operator's run is recorded (the app's; the demo seed and the bench never run as an operator). */
  audit?: AuditService;
}) {
  const { db, clock, mail, publicUrl, schedule, logger } = deps;

  const mac = (id: number, purpose = 'tender-alert') =>
    createHmac('sha256', deps.linkSecret).update(`${purpose}:${id}`).digest('base64url').slice(0, 32);
  const tokenFor = (subscriptionId: number) => `${subscriptionId}.${mac(subscriptionId)}`;
  const savedTokenFor = (id: number) => `${id}.${mac(id, 'saved-search')}`;
  function subscriberOf(token: string, purpose = 'tender-alert'): number {
    const [idText, given] = token.split('.');
    const id = Number(idText);
    const expected = Number.isSafeInteger(id) && id > 0 ? mac(id, purpose) : '';
    if (
      !given ||
      given.length !== expected.length ||
      !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
    )
      throw notFound(message('tender_alert.link_invalid'));
    return id;
  }
  const linksFor = (subscriptionId: number) => {
    const token = tokenFor(subscriptionId);
    return {
      manage: `${publicUrl}/tender-alerts/manage/${token}`,
      unsubscribe: `${publicUrl}/tender-alerts/unsubscribe/${token}`,
      oneClick: `${publicUrl}/api/v1/tender-alerts/unsubscribe/${token}/`,
      all: `${publicUrl}/tenders`,
    };
  };

  /** Writes recorded alert mails into the outbox, a batch per transaction; how many mails were written. */
  async function writePending(maxDigests = Infinity): Promise<number> {
    let written = 0;
    let taken = 0;
    for (; taken < maxDigests;) {
      const now = clock.now();
      const { claimed, mailIds } = await db.transaction(async (tx) => {
        const repository = tenderAlertsRepository(tx);
        const due = await repository.claimPending(Math.min(WRITE_BATCH, maxDigests - taken));
        if (due.length === 0) return { claimed: 0, mailIds: [] as number[] };
        const items = await repository.items(due.filter((d) => d.kind === 'digest').map((d) => d.id));
        const byDigest = new Map<number, DigestMailItem[]>();
        for (const item of items) {
          const list = byDigest.get(item.digestId) ?? [];
          list.push({
            ...item,
            link: `${publicUrl}/${item.kind === 'job' ? 'jobs' : 'tenders/show'}/${item.id}`,
          });
          byDigest.set(item.digestId, list);
        }
        // Unsubscribed since it was recorded: marked written without a mail.
        const toSend = due.filter((d) => d.unsubscribedAt === null);
        const rendered = toSend.map((d) => ({
          to: d.email,
          ...renderAlertMail({
            kind: d.kind,
            language: d.language,
            name: d.firstName,
            periodStart: d.periodStart,
            endsAt: d.endsAt,
            items: byDigest.get(d.id) ?? [],
            links: linksFor(d.subscriptionId),
          }),
        }));
        const ids = await mail.enqueueRendered(tx, rendered);
        const mailOf = new Map(toSend.map((d, index) => [d.id, ids[index]!]));
        await repository.markQueued(
          due.map((d) => {
            const list = byDigest.get(d.id) ?? [];
            return {
              id: d.id,
              mailId: mailOf.get(d.id) ?? null,
              tenderCount: list.filter((i) => i.kind === 'tender').length,
              jobCount: list.filter((i) => i.kind === 'job').length,
            };
          }),
          now,
        );
        return { claimed: due.length, mailIds: ids };
      });
      if (claimed === 0) return written;
      taken += claimed;
      written += mailIds.length;
      await mail.dispatchBatches(mailIds);
    }
    return written;
  }

  /** Records what is due now (this week's digests, renewal reminders) and writes every recorded mail. */
  async function run(by?: { userId: number; ip: string | null }): Promise<TenderAlertRun> {
    if (by && !deps.audit) throw new Error('an operator run of the tender alerts needs the audit service');
    const now = clock.now();
    const slot = digestSlot(now, schedule);
    const recorded = await db.transaction(async (tx) => {
      const queries = tenderAlertQueries(tx);
      await queries.lockMatching();
      const weekly = await queries.queueWeeklyDigests(slot, now);
      const reminders = await queries.queueRenewalReminders(now);
      // An operator's "send now" is recorded with what it queued (the scheduled job's runs are not).
      if (by)
        await deps.audit!.record(tx, {
          action: 'tender_alerts.run',
          actorUserId: by.userId,
          ip: by.ip,
          detail: { slot: slot.toISOString(), digests: weekly.digests, reminders },
        });
      return { digests: weekly.digests, items: weekly.items, reminders };
    });
    const written = await writePending();
    if (recorded.digests + recorded.reminders + written > 0)
      logger.info({ slot: slot.toISOString(), ...recorded, written }, 'tender alerts run');
    return { slot: slot.toISOString(), digests: recorded.digests, reminders: recorded.reminders, written };
  }

  async function loadManage(subscriptionId: number): Promise<TenderAlertManage> {
    const row = await tenderAlertsRepository(db).subscriber(subscriptionId);
    if (!row) throw notFound(message('tender_alert.link_invalid'));
    const { subscription: s, profile: p } = row;
    const now = clock.now();
    return {
      email: maskEmail(s.email),
      first_name: s.firstName,
      country: { id: s.countryId, name: row.countryName },
      categories: row.categories,
      payment_plan: s.paymentPlan,
      period:
        s.startsAt && s.endsAt
          ? { starts_at: s.startsAt.toISOString(), ends_at: s.endsAt.toISOString() }
          : null,
      active: !!(s.startsAt && s.endsAt && s.startsAt <= now && s.endsAt > now) && !p?.unsubscribedAt,
      language: p?.language ?? 'en',
      keywords: p?.keywords ?? [],
      sectors: p?.sectors ?? [],
      job_types: p?.jobTypes ?? [],
      counties: p?.counties ?? [],
      unsubscribed_at: p?.unsubscribedAt?.toISOString() ?? null,
      schedule,
    };
  }

  /**
   * At a worker's start: alert mails written but never tried go to the queue again (the job of the one a
   * killed worker was sending is held by the queue until it expires). Duplicate jobs are harmless: delivery
   * row-locks the mail and sends only a queued one.
   */
  async function resume(): Promise<number> {
    await writePending();
    const ids = await tenderAlertsRepository(db).untriedMails();
    await mail.dispatchBatches(ids);
    return ids.length;
  }

  const toSavedSearch = (row: {
    id: number;
    name: string;
    frequency: 'instant' | 'daily';
    filters: object;
    unsubscribedAt: Date | null;
    createdAt: Date;
  }): SavedSearch => ({
    id: row.id,
    name: row.name,
    frequency: row.frequency,
    // Stored from the validated form (contracts `savedSearchFilters`).
    filters: row.filters as SavedSearch['filters'],
    unsubscribed: row.unsubscribedAt !== null,
    created_at: row.createdAt.toISOString(),
  });

  /** Records the saved-search alerts due now and writes their mails; how many mails were written. */
  async function runSavedSearches(): Promise<number> {
    const now = clock.now();
    await db.transaction((tx) => tenderAlertQueries(tx).queueSavedSearchAlerts(now));
    let written = 0;
    for (;;) {
      const mailIds = await db.transaction(async (tx) => {
        const repository = tenderAlertsRepository(tx);
        const due = await repository.claimSavedAlerts(WRITE_BATCH);
        if (due.length === 0) return null;
        const tenders = new Map(
          (await repository.tendersForMail([...new Set(due.flatMap((d) => d.tender_ids))])).map((t) => [
            t.id,
            t,
          ]),
        );
        const ids = await mail.enqueueRendered(
          tx,
          due.map((d) => {
            const token = savedTokenFor(d.saved_search_id);
            return {
              to: d.email,
              ...renderSavedSearchMail({
                language: d.language,
                name: d.first_name,
                searchName: d.name,
                frequency: d.frequency,
                items: d.tender_ids.flatMap((id) => {
                  const t = tenders.get(id);
                  return t
                    ? [
                        {
                          kind: 'tender' as const,
                          id,
                          title: t.title,
                          buyer: t.buyer,
                          category: t.category,
                          closingAt: t.closingAt,
                          link: `${publicUrl}/tenders/show/${id}`,
                        },
                      ]
                    : [];
                }),
                unsubscribe: `${publicUrl}/tender-alerts/saved/unsubscribe/${token}`,
                oneClick: `${publicUrl}/api/v1/tender-alerts/saved-searches/unsubscribe/${token}/`,
              }),
            };
          }),
        );
        await repository.setSavedAlertMails(due.map((d, index) => ({ id: d.id, mailId: ids[index]! })));
        return ids;
      });
      if (!mailIds) return written;
      written += mailIds.length;
      await mail.dispatchBatches(mailIds);
    }
  }

  return {
    tokenFor,
    savedTokenFor,
    resume,
    runSavedSearches,

    async listSaved(principal: Principal) {
      const rows = await tenderAlertsRepository(db).savedSearchesOf(principal.userId);
      return { results: rows.map(toSavedSearch) };
    },

    async saveSearch(principal: Principal, form: SavedSearchForm): Promise<SavedSearch> {
      const row = await tenderAlertsRepository(db).insertSavedSearch({
        userId: principal.userId,
        name: form.name,
        filters: form.filters,
        searchQuery: toPrefixTsQuery(form.filters.search ?? null),
        frequency: form.frequency,
        checkedUntil: clock.now(),
      });
      return toSavedSearch(row);
    },

    async deleteSearch(principal: Principal, id: number) {
      if (!(await tenderAlertsRepository(db).deleteSavedSearch(principal.userId, id))) throw notFound();
    },

    /** RFC 8058 one-click for a saved search's alerts (no sign-in). */
    async unsubscribeSaved(token: string) {
      const id = subscriberOf(token, 'saved-search');
      const row = await tenderAlertsRepository(db).unsubscribeSavedSearch(id, clock.now());
      if (!row) throw notFound(message('tender_alert.link_invalid'));
      return { name: row.name, unsubscribed_at: row.unsubscribedAt!.toISOString() };
    },

    linksFor,
    run,
    writePending,

    manage: (token: string) => loadManage(subscriberOf(token)),

    async update(token: string, body: TenderAlertProfileUpdate): Promise<TenderAlertManage> {
      const id = subscriberOf(token);
      const current = await loadManage(id);
      const counties = body.counties?.map((c) =>
        KENYA_COUNTIES.find((k) => k.toLowerCase() === c.toLowerCase()),
      );
      if (counties?.some((c) => c === undefined))
        throw fieldError('counties', message('tender_alert.county'));
      const now = clock.now();
      await db.transaction(async (tx) => {
        const repository = tenderAlertsRepository(tx);
        if (body.categories) {
          const unique = [...new Set(body.categories)];
          const known = await repository.existingCategoryIds(unique);
          if (known.length !== unique.length)
            throw fieldError('categories', message('subscription.unknown_category'));
          await repository.replaceCategories(id, unique);
        }
        const keywords = body.keywords ? normaliseAlertTerms(body.keywords) : current.keywords;
        const chosenCounties = (counties as string[] | undefined) ?? current.counties;
        await repository.saveProfile(
          id,
          {
            language: body.language ?? current.language,
            keywords,
            sectors: body.sectors ?? current.sectors,
            jobTypes: body.job_types ?? current.job_types,
            counties: chosenCounties,
            keywordsQuery: alertTsQuery(keywords),
            countiesQuery: alertTsQuery(chosenCounties),
          },
          now,
        );
        if (body.subscribed !== undefined)
          await repository.setUnsubscribed(id, body.subscribed ? null : now, now);
      });
      return loadManage(id);
    },

    /** RFC 8058 one-click (and the page's button): idempotent, no sign-in. */
    async unsubscribe(token: string) {
      const id = subscriberOf(token);
      const now = clock.now();
      await tenderAlertsRepository(db).setUnsubscribed(id, now, now);
      const view = await loadManage(id);
      return { email: view.email, unsubscribed_at: view.unsubscribed_at ?? now.toISOString() };
    },

    /** The checkout order that renews the subscription (an open one, or a new one with the same plan). */
    async renew(token: string) {
      const id = subscriberOf(token);
      const row = await tenderAlertsRepository(db).subscriber(id);
      if (!row) throw notFound(message('tender_alert.link_invalid'));
      return { code: (await deps.renewalOrder(row.subscription.email)).code };
    },

    async overview(): Promise<TenderAlertOverview> {
      const now = clock.now();
      const slot = digestSlot(now, schedule);
      const repository = tenderAlertsRepository(db);
      const weeks = await repository.weeks(8);
      const failures = await repository.failures(50);
      return {
        schedule: { ...schedule, slot: slot.toISOString() },
        weeks: weeks.map((w) => ({
          period_start: w.period_start.toISOString(),
          digests: w.digests,
          empty: w.empty,
          reminders: w.reminders,
          delivered: w.delivered,
          failed: w.failed,
          waiting: w.waiting,
        })),
        unsubscribes_7d: await repository.unsubscribesSince(new Date(now.getTime() - 7 * DAY)),
        categories_without_notices: await repository.categoriesWithoutNotices(
          new Date(slot.getTime() - 7 * DAY),
          now,
          10,
        ),
        failures: failures.map((f) => ({
          digest_id: f.digest_id,
          kind: f.kind,
          period_start: f.period_start.toISOString(),
          email: f.email,
          status: f.mail_status,
          attempts: f.attempts,
          error: f.last_error,
        })),
      };
    },
  };
}
export type TenderAlertsService = ReturnType<typeof createTenderAlertsService>;
