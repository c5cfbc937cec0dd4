import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  message,
  type PrequalifiedCategories,
  type PrequalifiedOrder,
  type PrequalifiedOrderValues,
  type PrequalifiedPricing,
} from '@zabuni/contracts';
import {
  formatEat,
  maskCompanyName,
  maskEmail,
  maskName,
  maskPhone,
  PREQUALIFIED_DOWNLOAD_DAYS,
  PREQUALIFIED_PRICE_PRODUCTS,
  PREQUALIFIED_STATUS_CODE,
  prequalifiedOrderAmount,
  type PrequalifiedPrices,
} from '@zabuni/domain';
import type { Clock } from '../../../infra/clock.ts';
import type { Db, Executor } from '../../../infra/database.ts';
import { AppError, fieldError, lineError, notFound } from '../../../infra/errors.ts';
import type { DeliveredCategory, DeliveredSupplier } from './prequalified-lists.repository.ts';
import type { AuditService } from '../../shared/audit/index.ts';
import type { MailService } from '../../shared/mail/index.ts';
import {
  insertOrder,
  newOrderCode,
  newOrderReference,
  type PaymentsService,
  type ProductHooks,
} from '../../shared/payments/index.ts';
import { listCsv, listXlsx } from './prequalified-lists.export.ts';
import { prequalifiedListsQueries } from './prequalified-lists.queries.ts';
import { prequalifiedListsRepository } from './prequalified-lists.repository.ts';

/** The payments module's product name for prequalified-supplier lists. */
export const PREQUALIFIED_PRODUCT = 'prequalified_list';
/** Where the order is paid and its list shown (the card gateway returns there). */
export const PREQUALIFIED_CART_PAGE = '/prequalified-suppliers/cart/';
/** The purpose the download links' signing key is derived for from JWT_SECRET (app.ts, the demo seed). */
export const PREQUALIFIED_DOWNLOAD_PURPOSE = 'prequalified-list-downloads';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The seam for platform sourcing (not built yet): the suppliers whose prequalification in a category is
 * approved, which a list delivers first. Until sourcing exists nobody is prequalified, and a list is made of
 * approved registered suppliers of the category and country. Sourcing provides its own implementation
 * through its index.ts and app.ts passes it to both the service and the product hooks.
 */
export interface PrequalificationSource {
  /** How many suppliers are approved in the category (and country), counted up to `cap`. */
  count(db: Executor, categoryId: number, countryId: number, cap: number): Promise<number>;
  /** Up to `limit` of them, best first. */
  approved(db: Executor, categoryId: number, countryId: number, limit: number): Promise<DeliveredSupplier[]>;
}
export const NO_PREQUALIFICATIONS: PrequalificationSource = {
  count: async () => 0,
  approved: async () => [],
};

interface Deps {
  db: Db;
  clock: Clock;
  payments: PaymentsService;
  publicUrl: string;
  /** Signs the download links (derived from JWT_SECRET). */
  downloadSecret: string;
  prequalifications?: PrequalificationSource;
}

/** Signed, time-limited download links: the order's code and the expiry, signed; nothing stored. */
function downloadLinks(deps: Pick<Deps, 'publicUrl' | 'downloadSecret'>) {
  const sign = (code: string, expires: number) =>
    createHmac('sha256', deps.downloadSecret).update(`prequalified:${code}.${expires}`).digest('base64url');
  return {
    sign,
    urls(code: string, expiresAt: Date) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const base = `${deps.publicUrl}/api/v1/prequalified-suppliers/orders/${encodeURIComponent(code)}/download/`;
      const query = `expires=${expires}&signature=${sign(code, expires)}`;
      return { xlsx: `${base}?format=xlsx&${query}`, csv: `${base}?format=csv&${query}` };
    },
    verify(code: string, expires: number, signature: string): boolean {
      const expected = Buffer.from(sign(code, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

const expiryOf = (paidAt: Date) => new Date(paidAt.getTime() + PREQUALIFIED_DOWNLOAD_DAYS * DAY_MS);
const profileUrl = (publicUrl: string) => (id: number) => `${publicUrl}/suppliers/show/${id}`;

/** Takes the list for each row: the prequalified first, then registered suppliers, up to the count asked. */
async function takeList(
  db: Executor,
  source: PrequalificationSource,
  countryId: number,
  rows: Array<{ categoryId: number; name: string; supplierCount: number }>,
): Promise<DeliveredCategory[]> {
  const queries = prequalifiedListsQueries(db);
  const out: DeliveredCategory[] = [];
  for (const row of rows) {
    const prequalified = (await source.approved(db, row.categoryId, countryId, row.supplierCount)).slice(
      0,
      row.supplierCount,
    );
    const registered = await queries.registeredSuppliers(
      row.categoryId,
      countryId,
      row.supplierCount - prequalified.length,
      new Set(prequalified.map((supplier) => supplier.id)),
    );
    out.push({
      category_id: row.categoryId,
      category: row.name,
      requested: row.supplierCount,
      suppliers: [...prequalified, ...registered],
    });
  }
  return out;
}

/**
 * Issue 18, prequalified-supplier lists (SPEC §3, §5, §7): the order form creates an order priced by the
 * server from the price list; the order opens by its unguessable id (personal data masked) and tells, before
 * payment, how many suppliers each category can deliver; payment goes through the payments module, whose
 * fulfilment (prequalifiedListProduct) takes the list and mails its download links.
 */
export function createPrequalifiedListsService(deps: Deps) {
  const { db, clock, payments } = deps;
  const repository = prequalifiedListsRepository(db);
  const queries = prequalifiedListsQueries(db);
  const source = deps.prequalifications ?? NO_PREQUALIFICATIONS;
  const links = downloadLinks(deps);

  /** Today's prices, or null when the operator has taken either off the price list (nothing on sale). */
  async function currentPrices(): Promise<(PrequalifiedPrices & { currency: string }) | null> {
    const found = await repository.prices(Object.values(PREQUALIFIED_PRICE_PRODUCTS));
    const perSupplier = found.get(PREQUALIFIED_PRICE_PRODUCTS.perSupplier);
    const minimum = found.get(PREQUALIFIED_PRICE_PRODUCTS.categoryMinimum);
    if (!perSupplier || !minimum) return null;
    return {
      currency: perSupplier.currency,
      perSupplierMinor: perSupplier.amountMinor,
      categoryMinimumMinor: minimum.amountMinor,
    };
  }

  async function loadOrder(code: string) {
    const row = await repository.findByCode(code, PREQUALIFIED_PRODUCT);
    if (!row) throw notFound(message('prequalified.not_found'));
    return row;
  }

  return {
    /** SPEC §7 categories: id and name, searched and paginated like the pickers; with today's pricing. */
    async categories(query: {
      page: number;
      page_size: number;
      search?: string | undefined;
    }): Promise<PrequalifiedCategories> {
      const offset = (query.page - 1) * query.page_size;
      const found = await queries.categories(query.search, offset, query.page_size);
      const prices = await currentPrices();
      const pricing: PrequalifiedPricing | null = prices && {
        currency: prices.currency,
        per_supplier: prices.perSupplierMinor / 100,
        category_minimum: prices.categoryMinimumMinor / 100,
      };
      const at = (page: number) => {
        const params = new URLSearchParams({ page: String(page), page_size: String(query.page_size) });
        if (query.search) params.set('search', query.search);
        return `/api/v1/prequalified-suppliers/categories/?${params.toString()}`;
      };
      return {
        count: found.count,
        next: offset + found.results.length < found.count ? at(query.page + 1) : null,
        previous: query.page > 1 ? at(query.page - 1) : null,
        results: found.results,
        pricing,
      };
    },

    /** SPEC §7 create: 201 with the order's id. The amount is the server's, from the price list. */
    async createOrder(form: PrequalifiedOrderValues) {
      if (!(await queries.countryExists(form.country))) {
        throw fieldError('country', message('prequalified.country'));
      }
      const ids = form.categories.map((row) => row.category);
      const known = new Set(await queries.existingCategoryIds(ids));
      const unknown = ids.findIndex((id) => !known.has(id));
      if (unknown >= 0) throw lineError('categories', unknown, message('prequalified.unknown_category'));
      const prices = await currentPrices();
      if (!prices) throw new AppError('unavailable', message('prequalified.unavailable'));
      const priced = prequalifiedOrderAmount(
        form.categories.map((row) => ({ supplierCount: row.supplier_count })),
        prices,
      );
      const suppliers = form.categories.reduce((sum, row) => sum + row.supplier_count, 0);
      return db.transaction(async (tx) => {
        const code = newOrderCode();
        const reference = newOrderReference('ZP');
        const orderId = await insertOrder(tx, {
          code,
          reference,
          product: PREQUALIFIED_PRODUCT,
          subjectId: null,
          description: `Prequalified suppliers list: ${suppliers} suppliers in ${form.categories.length} categories`,
          amountMinor: priced.totalMinor,
          currency: prices.currency,
          customerEmail: form.email,
          customerName: form.contact_person,
        });
        await prequalifiedListsRepository(tx).insert(
          {
            orderId,
            companyName: form.company_name,
            contactPerson: form.contact_person,
            phone: form.phone_number,
            email: form.email,
            countryId: form.country,
          },
          form.categories.map((row, index) => ({
            categoryId: row.category,
            supplierCount: row.supplier_count,
            amountMinor: priced.rows[index]!,
          })),
        );
        return { id: code, reference };
      });
    },

    /** SPEC §3 prequalified order, by its unguessable id: personal data masked; shortfall; the list once paid. */
    async getOrder(code: string): Promise<PrequalifiedOrder> {
      const { order, list, rows, countryName, countryIso2 } = await loadOrder(code);
      const facts = await payments.paymentFacts(order);
      const paid = order.paymentState === 'paid';
      const categories = await Promise.all(
        rows.map(async (row) => {
          let available = row.supplierCount;
          if (!paid) {
            const prequalified = await source.count(db, row.categoryId, list.countryId, row.supplierCount);
            const registered = await queries.registeredCount(
              row.categoryId,
              list.countryId,
              row.supplierCount - prequalified,
            );
            available = Math.min(row.supplierCount, prequalified + registered);
          } else if (list.delivery) {
            available = list.delivery.find((d) => d.category_id === row.categoryId)?.suppliers.length ?? 0;
          }
          return {
            category: { id: row.categoryId, name: row.name },
            supplier_count: row.supplierCount,
            amount: row.amountMinor / 100,
            available,
          };
        }),
      );
      let delivery: PrequalifiedOrder['delivery'] = null;
      if (list.delivery && list.deliveredAt) {
        const expiresAt = expiryOf(order.paidAt ?? list.deliveredAt);
        const expired = clock.now().getTime() >= expiresAt.getTime();
        const url = profileUrl(deps.publicUrl);
        delivery = {
          delivered_at: list.deliveredAt.toISOString(),
          expires_at: expiresAt.toISOString(),
          expired,
          downloads: expired ? null : links.urls(order.code, expiresAt),
          categories: expired
            ? []
            : list.delivery.map((category) => ({
                category: category.category,
                requested: category.requested,
                suppliers: category.suppliers.map((supplier) => ({
                  ...supplier,
                  profile_url: url(supplier.id),
                })),
              })),
        };
      }
      return {
        id: order.code,
        code: order.code,
        reference: order.reference,
        amount: order.amountMinor / 100,
        currency: order.currency,
        tax: 0,
        status: PREQUALIFIED_STATUS_CODE[order.paymentState],
        ...facts,
        company_name: maskCompanyName(list.companyName),
        contact_person: maskName(list.contactPerson),
        email: maskEmail(list.email),
        phone_number: maskPhone(list.phone),
        country: { id: list.countryId, name: countryName, iso2: countryIso2 },
        categories,
        shortfall: categories.some((row) => row.available < row.supplier_count),
        directory: { currency: { initials: order.currency }, amount: order.amountMinor / 100 },
        delivery,
      };
    },

    /** SPEC §7 payment: M-Pesa STK push (KES orders only) or the hosted card page (data.url). */
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

    /** The delivered list as a file, through a signed link that expires PREQUALIFIED_DOWNLOAD_DAYS after payment. */
    async download(code: string, query: { format: 'xlsx' | 'csv'; expires: number; signature: string }) {
      if (!links.verify(code, query.expires, query.signature)) {
        throw new AppError('not_found', message('prequalified.download_invalid'));
      }
      if (clock.now().getTime() >= query.expires * 1000) {
        throw new AppError('not_found', message('prequalified.download_expired'));
      }
      const { order, list, countryName } = await loadOrder(code);
      if (!list.delivery || !list.deliveredAt)
        throw new AppError('conflict', message('prequalified.not_paid'));
      const facts = {
        reference: order.reference,
        company: list.companyName,
        country: countryName,
        deliveredAt: list.deliveredAt,
        profileUrl: profileUrl(deps.publicUrl),
      };
      const name = `prequalified-suppliers-${order.reference}.${query.format}`;
      if (query.format === 'csv') {
        return { name, type: 'text/csv; charset=utf-8', body: Buffer.from(listCsv(list.delivery, facts)) };
      }
      return {
        name,
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: await listXlsx(list.delivery, facts),
      };
    },
  };
}
export type PrequalifiedListsService = ReturnType<typeof createPrequalifiedListsService>;

/**
 * What paying a prequalified-list order does, once, in the transaction that marks it paid: the list is taken
 * (prequalified suppliers first, then approved registered suppliers of the category and country, up to each
 * row's count) and kept with the order, an audit entry is written, and the customer is mailed the download
 * links (valid PREQUALIFIED_DOWNLOAD_DAYS days). The mail is written in the transaction; without SMTP it is in
 * the dev mailbox at once, with SMTP the mail queue's sweep sends it.
 */
export function prequalifiedListProduct(deps: {
  audit: AuditService;
  clock: Clock;
  mail: MailService;
  publicUrl: string;
  downloadSecret: string;
  prequalifications?: PrequalificationSource;
}): ProductHooks {
  const links = downloadLinks(deps);
  const source = deps.prequalifications ?? NO_PREQUALIFICATIONS;
  return {
    async fulfil(tx, order, receipt) {
      const repository = prequalifiedListsRepository(tx);
      const locked = await repository.lockForDelivery(order.id);
      if (!locked || locked.list.delivery) return;
      const now = deps.clock.now();
      const delivery = await takeList(tx, source, locked.list.countryId, locked.rows);
      await repository.setDelivery(order.id, delivery, now);
      const expiresAt = expiryOf(order.paidAt ?? now);
      const urls = links.urls(order.code, expiresAt);
      await deps.audit.record(tx, {
        action: 'prequalified_list.delivered',
        actorUserId: null,
        detail: {
          reference: order.reference,
          method: receipt.method,
          receipt: receipt.receipt,
          categories: delivery.map((category) => ({
            category_id: category.category_id,
            requested: category.requested,
            delivered: category.suppliers.length,
          })),
        },
      });
      await deps.mail.enqueue(tx, {
        to: locked.list.email,
        template: 'prequalified_list_ready',
        language: 'en',
        params: {
          name: locked.list.contactPerson,
          reference: order.reference,
          suppliers: delivery.reduce((sum, category) => sum + category.suppliers.length, 0),
          expires: formatEat(expiresAt, 'en'),
          link: urls.xlsx,
          csv: urls.csv,
          page: `${deps.publicUrl}${PREQUALIFIED_CART_PAGE}${encodeURIComponent(order.code)}`,
        },
      });
    },
  };
}
