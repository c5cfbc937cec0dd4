import { randomBytes, randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  message,
  type AvailableTendersQuery,
  type ChangeClosingDateRequest,
  type EditorTenderForm,
  type ModerationTender,
  type PublishedTender,
  type PublishedTenderOrder,
  type PublishTenderForm,
  type Tender,
  type TenderDetail,
} from '@zabuni/contracts';
import {
  closingInstant,
  DEFAULT_CLOSING_TIME,
  formatEat,
  hasRole,
  nairobiDate,
  PAYMENT_STATUS_CODE,
  publishedFlag,
  tenderStatus,
  toPrefixTsQuery,
  type PaymentState,
  type ReviewState,
} from '@zabuni/domain';
import type { Principal } from '../../../infra/auth.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { Db } from '../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../infra/errors.ts';
import type { ListCache } from '../../../infra/list-cache.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import { listSlice, toListAnswer } from '../../../infra/public-list.ts';
import { sanitizeRichText } from '../../../infra/rich-text.ts';
import type { FileStorage } from '../../../infra/storage.ts';
import type { AuditService } from '../../shared/audit/index.ts';
import { flagUrl } from '../core/index.ts';
import type { MailService } from '../../shared/mail/index.ts';
import { insertOrder, type OrderPaymentFacts, type ProductHooks } from '../../shared/payments/index.ts';
import {
  tendersRepository,
  type AttachmentRow,
  type AttachmentValues,
  type TenderListRow,
  type TenderRow,
  type TenderValues,
} from './tenders.repository.ts';

export const MAX_TENDER_DOCUMENTS = 10;
export const MAX_TENDER_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const PUBLISHING_PRODUCT = 'tender_publishing';

/** A document already checked and stored; recorded with the tender, or deleted if the request fails. */
export type StagedDocument = AttachmentValues;

const attachmentUrl = (tenderId: number, attachmentId: number) =>
  `/api/v1/tender-alerts/available-tenders/${tenderId}/attachments/${attachmentId}/`;

/** Unguessable order code for links (/publish-tender-checkout/{code}). */
const newOrderCode = () => randomBytes(16).toString('base64url');
/** Short human reference, 12 characters at most (M-Pesa's AccountReference limit). */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
const newReference = () =>
  `ZT${Array.from({ length: 10 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;

const minorToMajor = (minor: number) => minor / 100;

export function createTendersService(deps: {
  db: Db;
  files: FileStorage;
  clock: Clock;
  mail: MailService;
  audit: AuditService;
  publicUrl: string;
  /** The payment side of a publishing order (payments module), by the order's code. */
  paymentFacts: (code: string) => Promise<OrderPaymentFacts | null>;
  /**
   * The shared cache of public list answers (infra/list-cache.ts). Emptied here after each change this
   * service commits, so the next list call sees it; other processes and writers (payments) reach it
   * through the tenders table's NOTIFY trigger.
   */
  lists?: ListCache;
}) {
  const { db, files, clock, mail, audit, publicUrl, lists } = deps;
  /** After a committed change that may alter what the public list shows. */
  const listsChanged = () => lists?.invalidate();
  const repository = tendersRepository(db);
  const myTendersLink = `${publicUrl}/my-published-tenders`;

  const categoryOf = (row: TenderListRow) =>
    row.categoryId && row.categoryName ? { id: row.categoryId, name: row.categoryName } : null;
  const statusOf = (row: TenderListRow) => tenderStatus(row.closingAt, row.cancelledAt !== null, clock.now());

  function toTender(row: TenderListRow): Tender {
    return {
      id: row.id,
      title: row.title,
      sector: row.sector,
      category: categoryOf(row),
      status: statusOf(row),
      published_by: row.publishedBy,
      company: row.company,
      closing_date: row.closingAt.toISOString(),
      job_type: row.jobType,
      country: {
        id: row.countryId,
        name: row.countryName,
        flag: flagUrl(row.countryIso2),
        iso2: row.countryIso2,
      },
    };
  }

  function toDetail(row: TenderRow, attachments: AttachmentRow[]): TenderDetail {
    return {
      ...toTender(row),
      content: row.content,
      published_at: row.publishedAt?.toISOString() ?? null,
      attachments: attachments
        .filter((file) => file.tenderId === row.id)
        .map((file) => ({
          id: file.id,
          name: file.fileName,
          content_type: file.contentType,
          size: file.sizeBytes,
          url: attachmentUrl(row.id, file.id),
        })),
    };
  }

  function toModeration(row: TenderRow, attachments: AttachmentRow[]): ModerationTender {
    return {
      ...toDetail(row, attachments),
      review: row.review,
      rejection_reason: row.rejectionReason,
      payment_status: row.paymentState ? PAYMENT_STATUS_CODE[row.paymentState] : null,
      code: row.code,
      advertiser: row.advertiserName,
      contact_name: row.contactFirstName
        ? `${row.contactFirstName} ${row.contactLastName ?? ''}`.trim()
        : null,
      email: row.contactEmail,
      phone_number: row.contactPhone,
      submitted_at: row.createdAt.toISOString(),
    };
  }

  function toPublished(row: TenderRow): PublishedTender {
    return {
      id: row.id,
      title: row.title,
      sector: row.sector,
      category: categoryOf(row),
      status: statusOf(row),
      payment_status: PAYMENT_STATUS_CODE[row.paymentState ?? 'pending'],
      code: row.code ?? '',
      published: publishedOf(row),
      rejection_reason: row.rejectionReason,
      company: row.company,
      closing_date: row.closingAt.toISOString(),
      job_type: row.jobType,
      can_pay: payable(row),
    };
  }

  /** What the public sees (issue 16 point 2): true only while the tender is public. */
  const publishedOf = (row: TenderRow) =>
    publishedFlag({
      review: row.review,
      advertised: row.advertiserId !== null,
      payment: row.paymentState,
      withdrawn: row.cancelledAt !== null,
    });
  /** Withdrawn by its advertiser (or cancelled before it was paid): never public, never payable. */
  const withdrawn = (row: TenderRow) => row.cancelledAt !== null && row.paymentState !== 'paid';
  /** A payment may start only while the order is unpaid and the tender still open (issue 16 point 2). */
  const closedUnpaid = (row: TenderRow) => row.paymentState !== 'paid' && statusOf(row) === 'closed';
  const payable = (row: TenderRow) =>
    row.paymentState !== 'paid' && row.paymentState !== 'processing' && statusOf(row) === 'open';
  /** The advertiser may move the closing date of, or withdraw, an order not paid and no payment under way. */
  const changeable = (row: TenderRow) =>
    !withdrawn(row) && row.paymentState !== 'paid' && row.paymentState !== 'processing';

  async function toOrder(row: TenderRow): Promise<PublishedTenderOrder> {
    const state = row.paymentState ?? 'pending';
    const facts = (row.code ? await deps.paymentFacts(row.code) : null) ?? {
      payment_state: state,
      payment_failure: null,
      mpesa_available: (row.currency ?? 'KES') === 'KES',
      paid_at: null,
      receipt: null,
    };
    return {
      tender_alert: {
        code: row.code ?? '',
        currency: row.currency ?? 'KES',
        amount: minorToMajor(row.amountMinor ?? 0),
        tax: 0,
        reference: row.reference ?? '',
        payment_status: PAYMENT_STATUS_CODE[row.paymentState ?? 'pending'],
        ...facts,
        contact_name: `${row.contactFirstName ?? ''} ${row.contactLastName ?? ''}`.trim(),
        email: row.contactEmail ?? '',
        phone_number: row.contactPhone,
      },
      tender_alert_job: {
        id: row.id,
        title: row.title,
        closing_date: row.closingAt.toISOString(),
        published: publishedOf(row),
      },
    };
  }

  /** The caller's own tender that may still be changed: 404 when not theirs, 409 when paid or withdrawn. */
  async function ownUnpaid(principal: Principal, id: number): Promise<TenderRow> {
    const row = await repository.findById(id);
    if (!row || !ownsTender(principal, row)) throw notFound(message('tender.not_found'));
    if (withdrawn(row)) throw new AppError('conflict', message('tender.withdrawn'));
    if (!changeable(row)) throw new AppError('conflict', message('tender.not_changeable'));
    return row;
  }

  const isModerator = (principal: Principal | null) =>
    principal !== null && hasRole(principal.grants, ['moderator']);
  const ownsTender = (principal: Principal | null, row: TenderRow) =>
    principal !== null &&
    row.advertiserId !== null &&
    principal.grants.some((g) => g.organisationId === row.advertiserId && g.role === 'advertiser');

  /**
   * Turns the form into stored values: the closing instant (Nairobi), country and category checked
   * against reference data. Every problem is a 400 on the field that caused it.
   */
  async function tenderValues(
    form: Omit<PublishTenderForm, 'first_name' | 'last_name' | 'email' | 'phone_number'>,
    defaults: { company: string; countryIso2: string | null },
  ): Promise<TenderValues> {
    const closingAt = form.closing_date
      ? new Date(form.closing_date)
      : closingInstant(form.tender_closing_date);
    if (!closingAt || Number.isNaN(closingAt.getTime())) {
      throw fieldError('tender_closing_date', message('tender.invalid_date'));
    }
    if (form.closing_date && nairobiDate(closingAt) !== form.tender_closing_date) {
      throw fieldError('closing_date', message('tender.closing_mismatch'));
    }
    if (closingAt.getTime() <= clock.now().getTime()) {
      throw fieldError('tender_closing_date', message('tender.closing_in_past'));
    }
    let countryId = form.country ?? null;
    if (countryId !== null && !(await repository.countryExists(countryId))) {
      throw fieldError('country', message('tender.country'));
    }
    countryId ??=
      (defaults.countryIso2 ? await repository.countryIdByIso2(defaults.countryIso2) : null) ??
      (await repository.countryIdByIso2('KE'));
    if (countryId === null) throw fieldError('country', message('tender.country'));
    if (form.category !== undefined && !(await repository.categoryExists(form.category))) {
      throw fieldError('category', message('tender.category'));
    }
    return {
      title: form.tender_title,
      content: sanitizeRichText(form.tender_details ?? ''),
      company: defaults.company,
      countryId,
      sector: form.sector ?? null,
      categoryId: form.category ?? null,
      jobType: form.job_type ?? 'Tender',
      closingAt,
      rawClosingDate: form.raw_closing_date ?? null,
    };
  }

  async function loadForModeration(id: number): Promise<ModerationTender> {
    const row = await repository.findById(id);
    if (!row) throw notFound(message('tender.not_found'));
    return toModeration(row, await repository.attachmentsOf([id]));
  }

  return {
    /** Cached briefly for everyone (the answer does not depend on who asks): see infra/list-cache.ts. */
    async listAvailable(query: AvailableTendersQuery, page: PageRequest) {
      const slice = listSlice(page, query.cursor);
      const now = clock.now();
      const filter = {
        tsQuery: toPrefixTsQuery(query.search),
        countryId: query.country,
        categoryId: query.category,
        sector: query.sector,
        jobType: query.job_type,
        deadline: query.deadline,
        ...slice,
      };
      const load = async () =>
        toListAnswer(slice, page.pageSize, await repository.listAvailable({ ...filter, now }), toTender);
      if (!lists) return load();
      const key = JSON.stringify(filter);
      return lists.get(`tenders ${lists.window(now, key)} ${key}`, load);
    },

    async getAvailable(id: number): Promise<TenderDetail> {
      const row = await repository.findById(id);
      if (!row || !row.isPublic) throw notFound(message('tender.not_published'));
      return toDetail(row, await repository.attachmentsOf([id]));
    },

    /** Public tenders' documents for everyone; a hidden tender's only for its owner and moderators. */
    async openAttachment(
      tenderId: number,
      attachmentId: number,
      principal: Principal | null,
    ): Promise<{ stream: Readable; fileName: string; contentType: string; size: number }> {
      const row = await repository.findById(tenderId);
      const allowed = row && (row.isPublic || isModerator(principal) || ownsTender(principal, row));
      const file = allowed ? await repository.findAttachment(tenderId, attachmentId) : null;
      const stream = file ? await files.get(file.storageKey) : null;
      if (!file || !stream) throw notFound(message('tender.document_not_found'));
      return { stream, fileName: file.fileName, contentType: file.contentType, size: file.sizeBytes };
    },

    /** Stores a checked document under a random key before the tender row exists. */
    async stageDocument(file: {
      fileName: string;
      bytes: Buffer;
      contentType: string;
    }): Promise<StagedDocument> {
      const storageKey = `tender-documents/${clock.now().getUTCFullYear()}/${randomBytes(18).toString('base64url')}`;
      await files.put(storageKey, file.bytes, file.contentType);
      return {
        storageKey,
        fileName: file.fileName.slice(0, 200),
        contentType: file.contentType,
        sizeBytes: file.bytes.length,
      };
    },

    async discardDocuments(staged: StagedDocument[]) {
      await Promise.allSettled(staged.map((doc) => files.delete(doc.storageKey)));
    },

    /** SPEC §7 publish-tender: the advertiser's tender starts under review with its order pending payment. */
    async publish(
      principal: Principal,
      form: PublishTenderForm,
      documents: StagedDocument[],
    ): Promise<PublishedTenderOrder> {
      const grant = principal.grants.find((g) => g.role === 'advertiser');
      if (!grant) throw new AppError('forbidden', message('tender.not_advertiser'));
      const advertiser = await repository.organisation(grant.organisationId);
      if (!advertiser) throw new AppError('forbidden', message('tender.not_advertiser'));
      const values = await tenderValues(form, {
        company: advertiser.name,
        countryIso2: advertiser.countryIso2,
      });
      const price = await repository.price(PUBLISHING_PRODUCT);
      if (!price) throw new AppError('unavailable', message('tender.publishing_unavailable'));

      const { id, mailId } = await db.transaction(async (tx) => {
        const repo = tendersRepository(tx);
        const reference = newReference();
        const code = newOrderCode();
        const id = await repo.insert({
          ...values,
          review: 'under_review',
          publishedBy: principal.userId,
          advertiserId: advertiser.id,
          createdBy: principal.userId,
          publishedAt: null,
          order: {
            code,
            reference,
            paymentState: 'pending',
            amountMinor: price.amountMinor,
            currency: price.currency,
            contactFirstName: form.first_name,
            contactLastName: form.last_name,
            contactEmail: form.email,
            contactPhone: form.phone_number ?? null,
          },
        });
        await repo.insertAttachments(id, documents);
        // The order the checkout pays (same code and reference as the tender's order fields).
        await insertOrder(tx, {
          code,
          reference,
          product: PUBLISHING_PRODUCT,
          subjectId: id,
          description: `Tender advert: ${values.title}`.slice(0, 300),
          amountMinor: price.amountMinor,
          currency: price.currency,
          customerEmail: form.email,
          customerName: `${form.first_name} ${form.last_name}`,
        });
        await audit.record(tx, {
          action: 'tender.submitted',
          actorUserId: principal.userId,
          organisationId: advertiser.id,
          detail: { tender_id: id, reference, documents: documents.length },
        });
        const saved = await repo.findById(id);
        const mailId = await mail.enqueue(tx, {
          to: form.email,
          template: 'tender_received',
          language: saved?.publisherLanguage ?? 'en',
          params: {
            name: form.first_name,
            title: values.title,
            reference,
            link: myTendersLink,
            closing: formatEat(values.closingAt, saved?.publisherLanguage ?? 'en'),
          },
        });
        return { id, mailId };
      });
      listsChanged();
      await mail.dispatch([mailId]);
      const row = await repository.findById(id);
      return await toOrder(row!);
    },

    async listOwn(
      principal: Principal,
      query: {
        search?: string | undefined;
        sector?: PublishTenderForm['sector'];
        job_type?: PublishTenderForm['job_type'];
      },
      page: PageRequest,
    ) {
      const advertiserIds = principal.grants
        .filter((g) => g.role === 'advertiser')
        .map((g) => g.organisationId);
      const { count, rows } = await repository.listOwn({
        advertiserIds,
        tsQuery: toPrefixTsQuery(query.search),
        sector: query.sector,
        jobType: query.job_type,
        offset: page.offset,
        limit: page.pageSize,
      });
      return { count, results: rows.map(toPublished) };
    },

    /** The order behind a code, only for members of the advertiser that placed it (404 otherwise). */
    async getOwnOrder(principal: Principal, code: string): Promise<PublishedTenderOrder> {
      const row = await repository.findByCode(code);
      if (!row || !ownsTender(principal, row)) throw notFound(message('tender.order_not_found'));
      return await toOrder(row);
    },

    /**
     * The caller's own order, about to be paid: 409 `tender.closed_unpaid` once the tender's closing date has
     * passed and it is still unpaid, before anything is stored or a phone rings.
     */
    async getOwnOrderToPay(principal: Principal, code: string): Promise<PublishedTenderOrder> {
      const row = await repository.findByCode(code);
      if (!row || !ownsTender(principal, row)) throw notFound(message('tender.order_not_found'));
      if (withdrawn(row)) throw new AppError('conflict', message('tender.withdrawn'));
      if (closedUnpaid(row)) {
        throw new AppError(
          'conflict',
          message('tender.closed_unpaid', { closing_date: nairobiDate(row.closingAt) }),
        );
      }
      return await toOrder(row);
    },

    /**
     * Issue 16 point 2: the advertiser gives an unpaid tender a new closing date (a day and a time on
     * Nairobi's clock, in the future), after which it can be paid for again. 404 unless it is the caller's;
     * 409 once paid, while a payment is under way, or withdrawn.
     */
    async changeClosingDate(
      principal: Principal,
      id: number,
      body: ChangeClosingDateRequest,
    ): Promise<PublishedTender> {
      const closingAt = closingInstant(body.tender_closing_date, body.closing_time ?? DEFAULT_CLOSING_TIME);
      if (!closingAt) throw fieldError('tender_closing_date', message('tender.invalid_date'));
      if (closingAt.getTime() <= clock.now().getTime()) {
        throw fieldError('tender_closing_date', message('tender.closing_in_past'));
      }
      const row = await ownUnpaid(principal, id);
      await db.transaction(async (tx) => {
        await tendersRepository(tx).update(id, { closingAt, rawClosingDate: null }, clock.now());
        await audit.record(tx, {
          action: 'tender.closing_changed',
          actorUserId: principal.userId,
          detail: {
            tender_id: id,
            from: row.closingAt.toISOString(),
            to: closingAt.toISOString(),
          },
        });
      });
      listsChanged();
      return toPublished((await repository.findById(id))!);
    },

    /** Issue 16 point 2: the advertiser withdraws an unpaid tender; it is never public and cannot be paid. */
    async withdraw(principal: Principal, id: number): Promise<PublishedTender> {
      await ownUnpaid(principal, id);
      await db.transaction(async (tx) => {
        await tendersRepository(tx).cancel(id, clock.now());
        await audit.record(tx, {
          action: 'tender.withdrawn',
          actorUserId: principal.userId,
          detail: { tender_id: id },
        });
      });
      listsChanged();
      return toPublished((await repository.findById(id))!);
    },

    async listForReview(query: { review: ReviewState; search?: string | undefined }, page: PageRequest) {
      const { count, rows } = await repository.listForReview({
        review: query.review,
        tsQuery: toPrefixTsQuery(query.search),
        offset: page.offset,
        limit: page.pageSize,
      });
      const attachments = await repository.attachmentsOf(rows.map((row) => row.id));
      return { count, results: rows.map((row) => toModeration(row, attachments)) };
    },

    getForReview: loadForModeration,

    async approve(principal: Principal, id: number): Promise<ModerationTender> {
      return decide(principal, id, 'published', null);
    },

    async reject(principal: Principal, id: number, reason: string): Promise<ModerationTender> {
      return decide(principal, id, 'rejected', reason);
    },

    async cancel(principal: Principal, id: number): Promise<ModerationTender> {
      await db.transaction(async (tx) => {
        const repo = tendersRepository(tx);
        const row = await repo.lockById(id);
        if (!row) throw notFound(message('tender.not_found'));
        await repo.cancel(id, clock.now());
        await audit.record(tx, {
          action: 'tender.cancelled',
          actorUserId: principal.userId,
          detail: { tender_id: id },
        });
      });
      listsChanged();
      return loadForModeration(id);
    },

    /** Editors post bulletin tenders directly: published at once, no advertiser, nothing to pay. */
    async createAsEditor(
      principal: Principal,
      form: EditorTenderForm,
      documents: StagedDocument[],
    ): Promise<ModerationTender> {
      const values = await tenderValues(form, { company: form.company, countryIso2: null });
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const repo = tendersRepository(tx);
        const id = await repo.insert({
          ...values,
          review: 'published',
          publishedBy: null,
          advertiserId: null,
          createdBy: principal.userId,
          publishedAt: now,
          order: null,
        });
        await repo.insertAttachments(id, documents);
        await audit.record(tx, {
          action: 'tender.created',
          actorUserId: principal.userId,
          detail: { tender_id: id },
        });
        return id;
      });
      listsChanged();
      return loadForModeration(id);
    },

    /** Editors correct any bulletin tender; documents can be added and removed (10 at most in total). */
    async updateAsEditor(
      principal: Principal,
      id: number,
      form: EditorTenderForm,
      documents: StagedDocument[],
    ): Promise<ModerationTender> {
      const existing = await repository.findById(id);
      if (!existing) throw notFound(message('tender.not_found'));
      const values = await tenderValues(form, { company: form.company, countryIso2: null });
      const removeIds = (form.remove_attachments ?? '')
        .split(',')
        .map((part) => Number(part.trim()))
        .filter((value) => Number.isInteger(value) && value > 0);
      const removedKeys = await db.transaction(async (tx) => {
        const repo = tendersRepository(tx);
        await repo.lockById(id);
        await repo.update(id, values, clock.now());
        const removed = await repo.deleteAttachments(id, removeIds);
        await repo.insertAttachments(id, documents);
        if ((await repo.countAttachments(id)) > MAX_TENDER_DOCUMENTS) {
          throw fieldError(
            'tender_documents',
            message('tender.too_many_documents', { max: MAX_TENDER_DOCUMENTS }),
          );
        }
        await audit.record(tx, {
          action: 'tender.updated',
          actorUserId: principal.userId,
          detail: { tender_id: id, added: documents.length, removed: removed.length },
        });
        return removed.map((r) => r.storageKey);
      });
      listsChanged();
      await Promise.allSettled(removedKeys.map((key) => files.delete(key)));
      return loadForModeration(id);
    },

    /**
     * Records the payment state of a publishing order. Payments (the next module) call this; until
     * then tests and operators use it to mark an order paid.
     */
    async setPaymentState(code: string, state: PaymentState, actorUserId: number | null = null) {
      await db.transaction(async (tx) => {
        const repo = tendersRepository(tx);
        const row = await repo.findByCode(code);
        if (!row) throw notFound(message('tender.order_not_found'));
        await repo.setPaymentState(code, state, clock.now());
        await audit.record(tx, {
          action: 'tender.payment_changed',
          actorUserId,
          organisationId: row.advertiserId,
          detail: { tender_id: row.id, payment_state: state },
        });
      });
      listsChanged();
    },
  };

  async function decide(
    principal: Principal,
    id: number,
    review: 'published' | 'rejected',
    reason: string | null,
  ): Promise<ModerationTender> {
    const now = clock.now();
    const mailId = await db.transaction(async (tx) => {
      const repo = tendersRepository(tx);
      const locked = await repo.lockById(id);
      if (!locked) throw notFound(message('tender.not_found'));
      if (locked.review !== 'under_review')
        throw new AppError('conflict', message('tender.not_under_review'));
      const row = (await repo.findById(id))!;
      const goesPublic = review === 'published' && (row.advertiserId === null || row.paymentState === 'paid');
      await repo.setReview(id, {
        review,
        reason,
        reviewerId: principal.userId,
        now,
        publishedAt: goesPublic ? (locked.publishedAt ?? now) : locked.publishedAt,
      });
      await audit.record(tx, {
        action: review === 'published' ? 'tender.approved' : 'tender.rejected',
        actorUserId: principal.userId,
        organisationId: row.advertiserId,
        detail: { tender_id: id, ...(reason ? { reason } : {}) },
      });
      if (!row.contactEmail) return null;
      const to = { to: row.contactEmail, language: row.publisherLanguage ?? 'en' };
      const params = {
        name: row.contactFirstName ?? '',
        title: row.title,
        reference: row.reference ?? '',
        link: myTendersLink,
      };
      return mail.enqueue(
        tx,
        review === 'published'
          ? {
              ...to,
              template: 'tender_approved',
              params: { ...params, closing: formatEat(row.closingAt, to.language) },
            }
          : { ...to, template: 'tender_rejected', params: { ...params, reason: reason ?? '' } },
      );
    });
    listsChanged();
    if (mailId !== null) await mail.dispatch([mailId]);
    return loadForModeration(id);
  }
}
export type TendersService = ReturnType<typeof createTendersService>;

/** What paying a publishing order does to its tender: the payment label follows, and paid releases it. */
export function tenderPublishingProduct({
  audit,
  clock,
}: {
  audit: AuditService;
  clock: Clock;
}): ProductHooks {
  return {
    async onStateChange(tx, order, state) {
      await tendersRepository(tx).setPaymentState(order.code, state, clock.now());
    },
    async fulfil(tx, order, receipt) {
      await tendersRepository(tx).setPaymentState(order.code, 'paid', clock.now());
      await audit.record(tx, {
        action: 'tender.payment_changed',
        actorUserId: null,
        detail: {
          tender_id: order.subjectId,
          payment_state: 'paid',
          method: receipt.method,
          receipt: receipt.receipt,
        },
      });
    },
  };
}
