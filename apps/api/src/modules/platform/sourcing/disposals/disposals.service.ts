import { randomBytes } from 'node:crypto';
import {
  message,
  type AssetForm,
  type DisposalListingForm,
  type DisposalMethodForm,
  type DisposalSaleForm,
  type DisposalView,
} from '@zabuni/contracts';
import { decimalTextToMinor, hasRole, minorToDecimalText, type Role } from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Clock } from '../../../../infra/clock.ts';
import type { Db, Executor, Tx } from '../../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../../infra/errors.ts';
import { checkDocument } from '../../../../infra/file-types.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import type { FileStorage } from '../../../../infra/storage.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import type { AuditAction, AuditService } from '../../../shared/audit/index.ts';
import type { AuctionsService } from '../auctions/index.ts';
import { disposalsRepository, type DisposalRow } from './disposals.repository.ts';

/** Who registers assets, asks for a method, lists and records sales. */
export const DISPOSAL_ROLES: readonly Role[] = ['org_admin', 'buyer'];
/** Who approves a disposal method (never the one who asked for it). */
export const DISPOSAL_APPROVER_ROLES: readonly Role[] = ['org_admin', 'approver'];
export const MAX_DISPOSAL_PHOTO_BYTES = 5 * 1024 * 1024;
const MAX_PHOTOS = 10;
const PHOTO_KINDS = new Set(['jpeg', 'png', 'webp']);

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/**
 * Issue 21, asset disposal (PPADA s.163–166): an asset register entry with photos, book value and the reserve
 * price; a disposal method (public tender, public auction, trade-in) asked for by procurement and approved by
 * someone else; listed publicly; sold through a forward eAuction (the auctions module), or traded in; paid or
 * invoiced; disposed with the proceeds recorded.
 */
export function createDisposalsService({
  db,
  audit,
  files,
  clock,
  auctions,
}: {
  db: Db;
  audit: AuditService;
  files: FileStorage;
  clock: Clock;
  auctions: AuctionsService;
}) {
  const requireRole = (principal: Principal, roles: readonly Role[]) => {
    const organisationId = currentOrganisation(principal);
    if (!hasRole(principal.grants, roles, organisationId))
      throw new AppError('forbidden', message('access.forbidden'));
    return organisationId;
  };
  const record = (
    tx: Executor,
    principal: Principal,
    action: AuditAction,
    organisationId: number,
    detail: object,
  ) =>
    audit.record(tx, {
      action,
      actorUserId: principal.userId,
      organisationId,
      ip: null,
      detail: { ...detail },
    });

  const minor = (text: string, currency: string, field: string) => {
    const value = decimalTextToMinor(text, currency);
    if (value === null || value < 0) throw fieldError(field, message('disposal.amount'));
    return value;
  };

  async function load(tx: Executor, organisationId: number, id: number) {
    const found = await disposalsRepository(tx).find(organisationId, id);
    if (!found) throw notFound(message('disposal.not_found'));
    return found;
  }
  async function locked(tx: Tx, organisationId: number, id: number) {
    if (!(await disposalsRepository(tx).lock(organisationId, id)))
      throw notFound(message('disposal.not_found'));
    return load(tx, organisationId, id);
  }
  const conflict = () => new AppError('conflict', message('disposal.not_allowed'));

  function view(found: { asset: DisposalRow; buyerOrgName: string | null }): DisposalView {
    const a = found.asset;
    const m = (v: number | null) => (v === null ? null : minorToDecimalText(v, a.currency));
    return {
      id: a.id,
      title: a.title,
      description: a.description,
      condition: a.condition,
      grounds: a.grounds,
      location: a.location,
      currency: a.currency,
      book_value: m(a.bookValue)!,
      reserve_price: m(a.reservePrice)!,
      status: a.status,
      method: a.method,
      method_justification: a.methodJustification,
      method_approved_at: iso(a.methodApprovedAt),
      photos: a.photos.map((p, index) => ({ index, file_name: p.fileName, size: p.size })),
      auction_id: a.auctionId,
      public_code: a.publicCode,
      listed_at: iso(a.listedAt),
      buyer:
        a.buyerName || found.buyerOrgName
          ? { id: a.buyerSupplierId, name: found.buyerOrgName ?? a.buyerName ?? '' }
          : null,
      sale_amount: m(a.saleAmount),
      settlement: a.settlement,
      settlement_reference: a.settlementReference,
      proceeds: m(a.proceeds),
      disposed_at: iso(a.disposedAt),
      created_at: a.createdAt.toISOString(),
    };
  }

  return {
    async list(principal: Principal, filter: { status?: DisposalRow['status'] }, page: PageRequest) {
      const organisationId = currentOrganisation(principal);
      const { count, rows } = await disposalsRepository(db).list(
        organisationId,
        filter,
        page.offset,
        page.pageSize,
      );
      return { count, results: rows.map(view) };
    },

    async get(principal: Principal, id: number) {
      return view(await load(db, currentOrganisation(principal), id));
    },

    async register(principal: Principal, form: AssetForm) {
      const organisationId = requireRole(principal, DISPOSAL_ROLES);
      const id = await db.transaction(async (tx) => {
        const id = await disposalsRepository(tx).insert({
          organisationId,
          publicCode: randomBytes(12).toString('base64url'),
          title: form.title,
          description: form.description,
          condition: form.condition,
          grounds: form.grounds,
          location: form.location,
          currency: form.currency,
          bookValue: minor(form.book_value, form.currency, 'book_value'),
          reservePrice: minor(form.reserve_price, form.currency, 'reserve_price'),
          createdByUserId: principal.userId,
        });
        await record(tx, principal, 'disposal.registered', organisationId, { disposal_id: id });
        return id;
      });
      return this.get(principal, id);
    },

    /** A photo, checked by content as every upload is (JPEG, PNG or WebP; no markup), stored under a random key. */
    async addPhoto(principal: Principal, id: number, file: { fileName: string; bytes: Buffer }) {
      const organisationId = requireRole(principal, DISPOSAL_ROLES);
      const check = checkDocument(file.fileName, file.bytes);
      if (!check.ok || !PHOTO_KINDS.has(check.kind) || file.bytes.length > MAX_DISPOSAL_PHOTO_BYTES)
        throw fieldError('file', message('disposal.photo'));
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        const a = found.asset;
        if (a.photos.length >= MAX_PHOTOS) throw fieldError('file', message('disposal.photo'));
        if (['sold', 'disposed', 'withdrawn'].includes(a.status)) throw conflict();
        const key = `disposal-photos/${clock.now().getUTCFullYear()}/${randomBytes(18).toString('base64url')}`;
        await files.put(key, file.bytes, check.contentType);
        const photos = [
          ...a.photos,
          { key, fileName: file.fileName, contentType: check.contentType, size: file.bytes.length },
        ];
        if (!(await disposalsRepository(tx).updateWhere(organisationId, id, [a.status], { photos })))
          throw new AppError('conflict', message('disposal.conflict'));
      });
      return this.get(principal, id);
    },

    async photo(principal: Principal, id: number, index: number) {
      const found = await load(db, currentOrganisation(principal), id);
      const photo = found.asset.photos[index];
      const stream = photo ? await files.get(photo.key) : null;
      if (!photo || !stream) throw notFound(message('disposal.not_found'));
      return { fileName: photo.fileName, contentType: photo.contentType, size: photo.size, stream };
    },

    async requestMethod(principal: Principal, id: number, form: DisposalMethodForm) {
      const organisationId = requireRole(principal, DISPOSAL_ROLES);
      await db.transaction(async (tx) => {
        await locked(tx, organisationId, id);
        if (
          !(await disposalsRepository(tx).updateWhere(organisationId, id, ['registered'], {
            status: 'method_pending',
            method: form.method,
            methodJustification: form.justification,
            methodRequestedByUserId: principal.userId,
          }))
        )
          throw conflict();
        await record(tx, principal, 'disposal.method_requested', organisationId, {
          disposal_id: id,
          method: form.method,
        });
      });
      return this.get(principal, id);
    },

    /** Approved or sent back by someone other than who asked (segregation of duties). */
    async decideMethod(principal: Principal, id: number, approve: boolean) {
      const organisationId = requireRole(principal, DISPOSAL_APPROVER_ROLES);
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        if (found.asset.status !== 'method_pending') throw conflict();
        if (found.asset.methodRequestedByUserId === principal.userId)
          throw new AppError('forbidden', message('disposal.own_request'));
        const values = approve
          ? {
              status: 'method_approved' as const,
              methodApprovedByUserId: principal.userId,
              methodApprovedAt: clock.now(),
            }
          : { status: 'registered' as const, method: null, methodRequestedByUserId: null };
        if (!(await disposalsRepository(tx).updateWhere(organisationId, id, ['method_pending'], values)))
          throw new AppError('conflict', message('disposal.conflict'));
        await record(
          tx,
          principal,
          approve ? 'disposal.method_approved' : 'disposal.method_rejected',
          organisationId,
          {
            disposal_id: id,
          },
        );
      });
      return this.get(principal, id);
    },

    /**
     * Lists the asset publicly. A public auction is a forward eAuction (highest wins, the reserve price as its
     * reserve) set up and published through the auctions module; a trade-in is recorded as sold to the supplier.
     */
    async list_(principal: Principal, id: number, form: DisposalListingForm) {
      const organisationId = requireRole(principal, DISPOSAL_ROLES);
      const found = await load(db, organisationId, id);
      const a = found.asset;
      if (a.status !== 'method_approved') throw conflict();
      if (a.method === 'public_auction') {
        if (!form.starts_at || !form.ends_at || form.suppliers.length < 2)
          throw fieldError('starts_at', message('disposal.method_details'));
        const auction = await auctions.create(
          principal,
          {
            title: a.title,
            currency: a.currency,
            direction: 'forward',
            rules: 'open',
            visibility: 'best_price',
            source: 'disposal',
            source_id: a.id,
            lot_reference: null,
            starts_at: form.starts_at,
            ends_at: form.ends_at,
            rounds: null,
            anti_sniping: { window_seconds: 60, extension_seconds: 60, max_extensions: 10 },
            step_kind: 'percent',
            step: '1',
            reserve_price: minorToDecimalText(a.reservePrice, a.currency),
            reference_value: null,
            suppliers: form.suppliers,
          },
          null,
        );
        await auctions.publish(principal, auction.id, null);
        await db.transaction(async (tx) => {
          if (
            !(await disposalsRepository(tx).updateWhere(organisationId, id, ['method_approved'], {
              status: 'listed',
              auctionId: auction.id,
              listedAt: clock.now(),
              closingAt: new Date(form.ends_at!),
            }))
          )
            throw new AppError('conflict', message('disposal.conflict'));
          await record(tx, principal, 'disposal.listed', organisationId, {
            disposal_id: id,
            auction_id: auction.id,
          });
        });
      } else if (a.method === 'trade_in') {
        if (!form.trade_in_supplier_id || form.trade_in_value === null)
          throw fieldError('trade_in_supplier_id', message('disposal.method_details'));
        const value = minor(form.trade_in_value, a.currency, 'trade_in_value');
        await db.transaction(async (tx) => {
          if (
            !(await disposalsRepository(tx).updateWhere(organisationId, id, ['method_approved'], {
              status: 'listed',
              listedAt: clock.now(),
              buyerSupplierId: form.trade_in_supplier_id,
              saleAmount: value,
            }))
          )
            throw new AppError('conflict', message('disposal.conflict'));
          await record(tx, principal, 'disposal.listed', organisationId, { disposal_id: id, trade_in: true });
        });
      } else {
        // Sale by public tender (sealed highest bids on the RFQ's sealing) is not built yet.
        throw new AppError('conflict', message('disposal.not_allowed'));
      }
      return this.get(principal, id);
    },

    /** The sale: the auction's approved award (or the trade-in), paid or invoiced. */
    async recordSale(principal: Principal, id: number, form: DisposalSaleForm) {
      const organisationId = requireRole(principal, DISPOSAL_ROLES);
      const found = await load(db, organisationId, id);
      const a = found.asset;
      if (a.status !== 'listed') throw conflict();
      let buyer = a.buyerSupplierId;
      let amount = a.saleAmount;
      if (a.method === 'public_auction') {
        const auction = await auctions.get(principal, a.auctionId!);
        if (auction.status !== 'awarded' || !auction.award)
          throw new AppError('conflict', message('disposal.not_sold'));
        buyer = auction.award.supplier.id;
        amount = decimalTextToMinor(auction.award.amount, a.currency);
      }
      if (buyer === null || amount === null) throw new AppError('conflict', message('disposal.not_sold'));
      await db.transaction(async (tx) => {
        if (
          !(await disposalsRepository(tx).updateWhere(organisationId, id, ['listed'], {
            status: 'sold',
            buyerSupplierId: buyer,
            saleAmount: amount,
            settlement: form.settlement,
            settlementReference: form.reference,
          }))
        )
          throw new AppError('conflict', message('disposal.conflict'));
        await record(tx, principal, 'disposal.sold', organisationId, {
          disposal_id: id,
          amount_minor: amount,
        });
      });
      return this.get(principal, id);
    },

    /** Handed over: disposed, the proceeds recorded. */
    async dispose(principal: Principal, id: number) {
      const organisationId = requireRole(principal, DISPOSAL_ROLES);
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        if (found.asset.status !== 'sold') throw new AppError('conflict', message('disposal.not_sold'));
        if (
          !(await disposalsRepository(tx).updateWhere(organisationId, id, ['sold'], {
            status: 'disposed',
            proceeds: found.asset.saleAmount,
            disposedAt: clock.now(),
          }))
        )
          throw new AppError('conflict', message('disposal.conflict'));
        await record(tx, principal, 'disposal.disposed', organisationId, {
          disposal_id: id,
          proceeds_minor: found.asset.saleAmount,
        });
      });
      return this.get(principal, id);
    },

    async withdraw(principal: Principal, id: number) {
      const organisationId = requireRole(principal, DISPOSAL_ROLES);
      await db.transaction(async (tx) => {
        await locked(tx, organisationId, id);
        if (
          !(await disposalsRepository(tx).updateWhere(
            organisationId,
            id,
            ['registered', 'method_pending', 'method_approved'],
            { status: 'withdrawn' },
          ))
        )
          throw conflict();
        await record(tx, principal, 'disposal.withdrawn', organisationId, { disposal_id: id });
      });
      return this.get(principal, id);
    },

    // ---- the public listing ---------------------------------------------------------------------------
    async publicList() {
      const rows = await disposalsRepository(db).listedPublicly(100);
      return rows.map((row) => publicOf(row));
    },
    async publicGet(code: string) {
      const row = await disposalsRepository(db).publicByCode(code);
      if (!row) throw notFound(message('disposal.not_found'));
      return publicOf(row);
    },
  };

  function publicOf(row: { asset: DisposalRow; seller: string }) {
    const a = row.asset;
    return {
      code: a.publicCode,
      seller: row.seller,
      title: a.title,
      description: a.description,
      condition: a.condition,
      location: a.location,
      currency: a.currency,
      reserve_price: minorToDecimalText(a.reservePrice, a.currency),
      method: a.method!,
      status: a.status,
      listed_at: iso(a.listedAt),
      auction:
        a.method === 'public_auction' && a.listedAt
          ? { starts_at: a.listedAt.toISOString(), ends_at: iso(a.closingAt) }
          : null,
      photos: a.photos.length,
    };
  }
}

export type DisposalsService = ReturnType<typeof createDisposalsService>;
