import type { ListCache } from '../../../infra/list-cache.ts';
import { randomBytes } from 'node:crypto';
import {
  DIRECTORY_DOWNLOAD_DAYS,
  DIRECTORY_NOTICES,
  message,
  type Directory,
  type DirectoryOrder,
  type DirectoryOrderAdmin,
  type ModerationDirectory,
  type TopNavDirectories,
} from '@zabuni/contracts';
import { formatEat, maskEmail, maskName } from '@zabuni/domain';
import type { z } from 'zod';
import type { directoryCartForm, directoryForm } from '@zabuni/contracts';
import type { Db } from '../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../infra/errors.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import { sanitizeRichText } from '../../../infra/rich-text.ts';
import type { AuditService } from '../../shared/audit/index.ts';
import type { MailRequest, MailService } from '../../shared/mail/index.ts';
import {
  insertOrder,
  newOrderCode,
  newOrderReference,
  type OrderRow,
  type PaymentsService,
  type ProductHooks,
} from '../../shared/payments/index.ts';
import { flagUrl } from '../core/index.ts';
import {
  directoryCsv,
  directoryXlsx,
  type Batches,
  type DirectoryFileFacts,
} from './supplier-directories.export.ts';
import { supplierDirectoriesQueries } from './supplier-directories.queries.ts';
import {
  supplierDirectoriesRepository,
  type DirectoryRow,
  type DirectoryValues,
} from './supplier-directories.repository.ts';

/** The payments module's product name for directory orders. */
export const DIRECTORY_PRODUCT = 'supplier_directory';
/** SPEC §3 Directory order status: 2 processing, 3 paid; 1 pending and 4 failed added (Error reachable). */
export const DIRECTORY_STATUS = { pending: 1, processing: 2, paid: 3, failed: 4 } as const;
/** Rows read per batch when a file is written. */
export const EXPORT_BATCH = 2_000;
/** How long a country's supplier count is reused on the detail page. */
const COUNT_TTL_MS = 60_000;

type CartForm = z.output<typeof directoryCartForm>;
type OperatorForm = z.output<typeof directoryForm>;

const minor = (amount: number) => Math.round(amount * 100);

/** Who changed a directory, for the audit log. */
export interface DirectoryActor {
  userId: number | null;
  ip: string | null;
}

/** The form's names of a directory's stored values (what the audit log names as changed). */
const FIELD_NAMES: Record<keyof DirectoryValues, string> = {
  countryId: 'country',
  name: 'name',
  description: 'description',
  features: 'features',
  directoryFormat: 'directory_format',
  softwareRequirements: 'software_requirements',
  osRequirements: 'os_requirements',
  currency: 'currency',
  amountMinor: 'amount',
  active: 'active',
};
/** Short values whose before and after the audit log keeps (texts are named only). */
const KEPT_VALUES = new Set<keyof DirectoryValues>(['countryId', 'currency', 'amountMinor', 'active']);
const auditValue = (key: keyof DirectoryValues, value: unknown) =>
  key === 'amountMinor' ? (value as number) / 100 : value;

/** The fields an edit changes, with before and after for the short ones (price, currency, country, active). */
function changesOf(before: DirectoryValues, after: DirectoryValues) {
  const changed: string[] = [];
  const values: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(FIELD_NAMES) as (keyof DirectoryValues)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    changed.push(FIELD_NAMES[key]);
    if (KEPT_VALUES.has(key))
      values[FIELD_NAMES[key]] = { from: auditValue(key, before[key]), to: auditValue(key, after[key]) };
  }
  return { changed, values };
}
const country = (row: DirectoryRow) => ({
  id: row.countryId,
  name: row.countryName,
  flag: flagUrl(row.iso2),
  iso2: row.iso2,
});

function toDirectory(row: DirectoryRow, supplierCount: number | null): Directory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    features: row.features,
    directory_format: row.directoryFormat,
    software_requirements: row.softwareRequirements,
    os_requirements: row.osRequirements,
    updated_at: row.updatedAt.toISOString(),
    country: country(row),
    currency: { initials: row.currency },
    amount: row.amountMinor / 100,
    supplier_count: supplierCount,
  };
}

const newDownloadToken = () => randomBytes(32).toString('base64url');
const formatAmount = (currency: string, amountMinor: number) =>
  `${currency} ${(amountMinor / 100).toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The mail that delivers a paid directory: both links and their expiry. */
function deliveryMail(
  order: OrderRow,
  delivery: { token: string; expiresAt: Date; supplierCount: number },
  publicUrl: string,
): MailRequest {
  return {
    to: order.customerEmail!,
    template: 'directory_delivered',
    language: 'en',
    params: {
      name: order.customerName ?? '',
      reference: order.reference,
      directory: order.description.replace(/^Supplier directory: /, ''),
      count: delivery.supplierCount,
      amount: formatAmount(order.currency, order.amountMinor),
      expires: formatEat(delivery.expiresAt, 'en'),
      link: `${publicUrl}${downloadPath(delivery.token, 'xlsx')}`,
      csv: `${publicUrl}${downloadPath(delivery.token, 'csv')}`,
    },
  };
}

/** The links of a delivery (API paths under the public URL). */
export const downloadPath = (token: string, format: 'xlsx' | 'csv') =>
  `/api/v1/supplier-directory/orders/download/${token}/${format}/`;

/**
 * Issue 18 country supplier directories: the public list and detail, the cart (an order priced by the server),
 * payment through shared/payments, and the delivery of what was bought (a snapshot taken at payment, served
 * as XLSX or CSV through an unguessable, time-limited link).
 */
export function createSupplierDirectoriesService(deps: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  mail: MailService;
  payments: PaymentsService;
  publicUrl: string;
  /**
   * The public lists' short shared cache (infra/list-cache.ts): the directory list is the same for every
   * visitor, so a hundred asking the same page within a few seconds cost one read (issue 18 bench: the list
   * ran at 0.55x the bare SQL, two queries per request).
   */
  cache?: ListCache;
}) {
  const { db, clock, audit, mail, payments, cache } = deps;
  const repository = supplierDirectoriesRepository(db);
  const queries = supplierDirectoriesQueries(db);
  const counts = new Map<number, { value: number; at: number }>();

  async function supplierCount(countryId: number): Promise<number> {
    const now = Date.now();
    const cached = counts.get(countryId);
    if (cached && now - cached.at < COUNT_TTL_MS) return cached.value;
    const value = await queries.approvedSuppliers(countryId);
    counts.set(countryId, { value, at: now });
    return value;
  }

  async function loadOrder(code: string) {
    const row = await repository.findOrder(code);
    if (!row || row.order.product !== DIRECTORY_PRODUCT) throw notFound(message('directory.order_not_found'));
    return row;
  }

  async function checkedValues(form: OperatorForm, exceptId: number | null): Promise<DirectoryValues> {
    if (!(await queries.countryExists(form.country)))
      throw fieldError('country', message('directory.country'));
    if (await repository.countryTaken(form.country, exceptId))
      throw fieldError('country', message('directory.country_taken'));
    return {
      countryId: form.country,
      name: form.name,
      description: sanitizeRichText(form.description),
      features: form.features,
      directoryFormat: form.directory_format,
      softwareRequirements: form.software_requirements,
      osRequirements: form.os_requirements,
      currency: form.currency,
      amountMinor: minor(form.amount),
      active: form.active,
    };
  }

  async function toModeration(rows: DirectoryRow[]): Promise<ModerationDirectory[]> {
    const paid = await repository.paidOrders(rows.map((row) => row.id));
    return rows.map((row) => ({
      ...toDirectory(row, null),
      active: row.active,
      paid_orders: paid.get(row.id) ?? 0,
    }));
  }

  return {
    /** SPEC §7 list: active directories by name (asc or desc), searched by name or country. */
    async list(query: { search?: string | undefined; order: 'asc' | 'desc' }, page: PageRequest) {
      const load = async () => {
        const { count, rows } = await repository.list(
          { search: query.search, order: query.order, withInactive: false },
          page,
        );
        return { count, results: rows.map((row) => toDirectory(row, null)) };
      };
      const key = `directories|${query.order}|${page.offset}|${page.pageSize}|${query.search ?? ''}`;
      return cache ? cache.get(key, load) : load();
    },

    /** SPEC §7 detail, with the number of suppliers a purchase now would hold. */
    async get(id: number): Promise<Directory> {
      const row = await repository.find(id);
      if (!row) throw notFound(message('directory.not_found'));
      return toDirectory(row, await supplierCount(row.countryId));
    },

    /** The header's mega-menu: every active directory (a small table), by country name. */
    async topNav(): Promise<TopNavDirectories> {
      const { rows } = await repository.list(
        { order: 'asc', withInactive: false },
        { pageSize: 100, offset: 0 },
      );
      return {
        results: rows
          .map((row) => ({ id: row.id, name: row.name, country: country(row) }))
          .sort((a, b) => a.country.name.localeCompare(b.country.name)),
      };
    },

    /** SPEC §7 add to cart: the price is the directory's now, never the client's. */
    async createOrder(form: CartForm) {
      const directory = await repository.find(form.directory);
      if (!directory) throw fieldError('directory', message('directory.not_found'));
      return db.transaction(async (tx) => {
        const code = newOrderCode();
        const reference = newOrderReference('ZD');
        const orderId = await insertOrder(tx, {
          code,
          reference,
          product: DIRECTORY_PRODUCT,
          subjectId: directory.id,
          description: `Supplier directory: ${directory.name}`,
          amountMinor: directory.amountMinor,
          currency: directory.currency,
          customerEmail: form.email,
          customerName: form.name,
        });
        await supplierDirectoriesRepository(tx).insertOrderLink(orderId, directory.id, form.marketing);
        return { reference: code, order_reference: reference, detail: DIRECTORY_NOTICES.added };
      });
    },

    /** SPEC §7 retrieve: the order and its payment state; once paid, the download links. Masked contact. */
    async getOrder(code: string): Promise<DirectoryOrder> {
      const { order, link, directory } = await loadOrder(code);
      const facts = await payments.paymentFacts(order);
      const now = clock.now();
      const delivery =
        order.paymentState === 'paid' && link.downloadToken && link.downloadExpiresAt
          ? {
              supplier_count: link.supplierCount ?? 0,
              expires_at: link.downloadExpiresAt.toISOString(),
              expired: link.downloadExpiresAt.getTime() <= now.getTime(),
              downloads: (['xlsx', 'csv'] as const).map((format) => ({
                format,
                url: downloadPath(link.downloadToken!, format),
              })),
            }
          : null;
      return {
        id: order.code,
        code: order.code,
        reference: order.reference,
        amount: order.amountMinor / 100,
        currency: order.currency,
        tax: 0,
        status: DIRECTORY_STATUS[order.paymentState],
        ...facts,
        name: maskName(order.customerName ?? ''),
        email: maskEmail(order.customerEmail ?? ''),
        directory: {
          id: directory.id,
          name: directory.name,
          amount: order.amountMinor / 100,
          currency: { initials: order.currency },
          country: country(directory),
        },
        delivery,
      };
    },

    /** SPEC §7 payment: M-Pesa STK push, or the hosted card page (data.url). */
    async pay(code: string, request: { payment_type: 'mpesa' | 'dpo'; phone_number?: string | undefined }) {
      await loadOrder(code);
      if (request.payment_type === 'dpo') {
        const started = await payments.payWithDpo(code);
        return { detail: started.message, data: { url: started.url } };
      }
      if (!request.phone_number) throw fieldError('phone_number', message('field.required'));
      const started = await payments.payWithMpesa(code, request.phone_number);
      return { detail: started.message };
    },

    /**
     * A paid order's file, by its download token: the snapshot read in batches and written as it is read.
     * An unknown token and an expired one are 404s with their own codes.
     */
    async download(token: string, format: 'xlsx' | 'csv') {
      const row = await repository.findByToken(token);
      if (!row || !row.expiresAt || !row.snapshotAt)
        throw new AppError('not_found', message('directory.download_invalid'));
      if (row.expiresAt.getTime() <= clock.now().getTime())
        throw new AppError('not_found', message('directory.download_expired'));
      const orderId = row.orderId;
      const batches: Batches = {
        async *[Symbol.asyncIterator]() {
          let after = 0;
          for (;;) {
            const batch = await repository.snapshotBatch(orderId, after, EXPORT_BATCH);
            if (batch.length === 0) return;
            yield batch;
            if (batch.length < EXPORT_BATCH) return;
            after = batch[batch.length - 1]!.position;
          }
        },
      };
      const facts: DirectoryFileFacts = {
        title: row.directoryName,
        country: row.countryName,
        reference: row.reference,
        snapshotAt: row.snapshotAt,
        profileUrl: (id) => `${deps.publicUrl}/suppliers/show/${id}`,
      };
      const base = `zabuni-suppliers-${row.iso2.toLowerCase()}-${row.reference}`;
      return format === 'csv'
        ? {
            filename: `${base}.csv`,
            contentType: 'text/csv; charset=utf-8',
            stream: directoryCsv(batches, facts),
          }
        : {
            filename: `${base}.xlsx`,
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            stream: directoryXlsx(batches, facts),
          };
    },

    // ---- the operator (moderation area) ----

    /** SPEC §7 `GET …/orders/`: directory orders, newest first, for operator staff. */
    async listOrders(query: { search?: string | undefined }, page: PageRequest) {
      const { count, rows } = await repository.listOrders(query.search, page);
      return {
        count,
        results: rows.map(({ order, link, directoryName }): DirectoryOrderAdmin => ({
          code: order.code,
          reference: order.reference,
          directory: { id: link.directoryId, name: directoryName },
          name: order.customerName ?? '',
          email: order.customerEmail ?? '',
          amount: order.amountMinor / 100,
          currency: order.currency,
          payment_state: order.paymentState,
          created_at: order.createdAt.toISOString(),
          paid_at: order.paidAt?.toISOString() ?? null,
          supplier_count: link.supplierCount,
          download_expires_at: link.downloadExpiresAt?.toISOString() ?? null,
        })),
      };
    },

    /**
     * Support's answer to an expired link: a new token valid DIRECTORY_DOWNLOAD_DAYS from now, to the same
     * snapshot (what was bought does not change), mailed again. The old links stop working.
     */
    async resendDelivery(actor: DirectoryActor, code: string) {
      const { order, link } = await loadOrder(code);
      if (order.paymentState !== 'paid' || !link.snapshotAt)
        throw new AppError('conflict', message('directory.not_paid'));
      const delivery = {
        token: newDownloadToken(),
        expiresAt: new Date(clock.now().getTime() + DIRECTORY_DOWNLOAD_DAYS * 86_400_000),
        snapshotAt: link.snapshotAt,
        supplierCount: link.supplierCount ?? 0,
      };
      const mailId = await db.transaction(async (tx) => {
        await supplierDirectoriesRepository(tx).setDelivery(order.id, delivery);
        // Never the token (it opens the file): the order, the directory and the new expiry.
        await audit.record(tx, {
          action: 'directory.delivery_resent',
          actorUserId: actor.userId,
          ip: actor.ip,
          detail: {
            order_reference: order.reference,
            directory_id: link.directoryId,
            download_expires_at: delivery.expiresAt.toISOString(),
          },
        });
        return order.customerEmail ? mail.enqueue(tx, deliveryMail(order, delivery, deps.publicUrl)) : null;
      });
      if (mailId !== null) await mail.dispatch([mailId]);
      return { detail: 'sent', download_expires_at: delivery.expiresAt.toISOString() };
    },

    async listAll(query: { search?: string | undefined }, page: PageRequest) {
      const { count, rows } = await repository.list(
        { search: query.search, order: 'asc', withInactive: true },
        page,
      );
      return { count, results: await toModeration(rows) };
    },

    async getForOperator(id: number): Promise<ModerationDirectory> {
      const row = await repository.find(id, true);
      if (!row) throw notFound(message('directory.not_found'));
      return (await toModeration([row]))[0]!;
    },

    async create(actor: DirectoryActor, form: OperatorForm): Promise<ModerationDirectory> {
      const values = await checkedValues(form, null);
      const id = await db.transaction(async (tx) => {
        const created = await supplierDirectoriesRepository(tx).insert(values);
        await audit.record(tx, {
          action: 'directory.created',
          actorUserId: actor.userId,
          ip: actor.ip,
          detail: {
            directory_id: created,
            country: values.countryId,
            name: values.name,
            currency: values.currency,
            amount: values.amountMinor / 100,
            active: values.active,
          },
        });
        return created;
      });
      // Other API processes see it when their cached page expires (a few seconds).
      cache?.invalidate();
      return this.getForOperator(id);
    },

    async update(actor: DirectoryActor, id: number, form: OperatorForm): Promise<ModerationDirectory> {
      if (!(await repository.find(id, true))) throw notFound(message('directory.not_found'));
      const values = await checkedValues(form, id);
      await db.transaction(async (tx) => {
        const repo = supplierDirectoriesRepository(tx);
        const before = await repo.lock(id);
        if (!before) throw notFound(message('directory.not_found'));
        const { changed, values: changes } = changesOf(before, values);
        await repo.update(id, values, clock.now());
        await audit.record(tx, {
          action: 'directory.updated',
          actorUserId: actor.userId,
          ip: actor.ip,
          detail: { directory_id: id, changed, ...changes },
        });
      });
      cache?.invalidate();
      return this.getForOperator(id);
    },
  };
}
export type SupplierDirectoriesService = ReturnType<typeof createSupplierDirectoriesService>;

/**
 * What paying a directory order does, once, in the transaction that marks it paid: the country's approved
 * suppliers are copied as they are now (the file bought), a download token is made (valid for
 * DIRECTORY_DOWNLOAD_DAYS), and the buyer is mailed the links.
 */
export function supplierDirectoryProduct({
  clock,
  mail,
  publicUrl,
}: {
  clock: Clock;
  mail: MailService;
  publicUrl: string;
}): ProductHooks {
  return {
    async fulfil(tx, order) {
      const repo = supplierDirectoriesRepository(tx);
      const row = await repo.lockOrderLink(order.id);
      if (!row || row.link.downloadToken) return;
      const now = clock.now();
      const supplierCount = await repo.snapshot(order.id, row.countryId);
      const token = newDownloadToken();
      const expiresAt = new Date((order.paidAt ?? now).getTime() + DIRECTORY_DOWNLOAD_DAYS * 86_400_000);
      await repo.setDelivery(order.id, { token, expiresAt, snapshotAt: now, supplierCount });
      if (order.customerEmail) {
        // Sent by the outbox's sweep (the payments module dispatches only its own receipt after commit).
        await mail.enqueue(tx, deliveryMail(order, { token, expiresAt, supplierCount }, publicUrl));
      }
    },
  };
}
