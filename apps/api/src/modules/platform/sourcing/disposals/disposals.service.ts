import { randomBytes } from 'node:crypto';
import {
  message,
  type AssetForm,
  type DisposalListingForm,
  type DisposalMethodForm,
  type DisposalSaleForm,
  type DisposalView,
} from '@zabuni/contracts';
import {
  bidPeriodProblem,
  decimalTextToMinor,
  effectiveSettings,
  hasRole,
  minorToDecimalText,
  tenderCommitteeProblem,
  type Role,
} from '@zabuni/domain';
import { split } from 'shamir-secret-sharing';
import type { Principal } from '../../../../infra/auth.ts';
import type { Clock } from '../../../../infra/clock.ts';
import type { SecretBox } from '../../../../infra/crypto.ts';
import type { Db, Executor, Tx } from '../../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../../infra/errors.ts';
import { checkDocument } from '../../../../infra/file-types.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import type { FileStorage } from '../../../../infra/storage.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import type { ApprovalsService } from '../../../shared/approvals/index.ts';
import type { AuditAction, AuditService } from '../../../shared/audit/index.ts';
import type { NotificationsService } from '../../../shared/notifications/index.ts';
import type { AuctionsService } from '../auctions/index.ts';
import {
  envelopeHash,
  newKeyPair,
  openingKeyOf,
  openSealed,
  rebuildSplitKey,
  sealTo,
  unwrapPrivateKey,
} from '../rfqs/index.ts';
import type { TenderingService } from '../tendering/index.ts';
import { disposalSubject, proposedWinner, type DisposalApprovalOutcomes } from './disposals.approval.ts';
import { disposalsRepository, type DisposalRow } from './disposals.repository.ts';

/** Who registers assets, asks for a method, lists and records sales. */
export const DISPOSAL_ROLES: readonly Role[] = ['org_admin', 'buyer'];
/**
 * Who approves a disposal's method, or its award by public tender, when no workflow rule covers it (never
 * the one who asked for it): under a rule, the engine's route decides.
 */
export const DISPOSAL_APPROVER_ROLES: readonly Role[] = ['org_admin', 'approver'];
export const MAX_DISPOSAL_PHOTO_BYTES = 5 * 1024 * 1024;
const MAX_PHOTOS = 10;
const PHOTO_KINDS = new Set(['jpeg', 'png', 'webp']);

const iso = (date: Date | null) => (date === null ? null : date.toISOString());
const SUPPLIER_ROLES: readonly Role[] = ['supplier_admin', 'supplier_user'];
/** Associated data binding a sealed offer to its asset and supplier, and a key share to its member. */
const offerContext = (assetId: number, supplierId: number) =>
  `zabuni:disposal:${assetId}:offer:${supplierId}`;
const shareContext = (assetId: number, userId: number) => `zabuni:disposal:${assetId}:share:${userId}`;
interface OfferEnvelope {
  v: 1;
  asset_id: number;
  supplier_id: number;
  sealed_at: string;
  salt: string;
  amount_minor: number;
}

/**
 * The winner of a sale by public tender: the highest offer at or above the reserve; between equal offers,
 * the one received first. Ranks every offer (highest first).
 */
export function rankOffers(
  offers: ReadonlyArray<{ id: number; amountMinor: number; submittedAt: Date }>,
  reserveMinor: number,
) {
  const ranked = [...offers].sort(
    (a, b) => b.amountMinor - a.amountMinor || a.submittedAt.getTime() - b.submittedAt.getTime(),
  );
  return ranked.map((offer, index) => ({
    id: offer.id,
    rank: index + 1,
    belowReserve: offer.amountMinor < reserveMinor,
  }));
}

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
  tendering,
  openingBox,
  approvals,
  notifications,
}: {
  db: Db;
  audit: AuditService;
  files: FileStorage;
  clock: Clock;
  auctions: AuctionsService;
  /** For the organisation's tendering guard-rails (bid period, committee size), as its tenders have them. */
  tendering: TenderingService;
  /** Holds released key shares until the quorum opens the offers. */
  openingBox: SecretBox;
  /** The one approval engine: the method (`disposal_method`) and a public tender's award (`disposal_award`). */
  approvals: ApprovalsService;
  notifications: NotificationsService;
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
  const supplierOf = (principal: Principal) => {
    const grant = principal.grants.find((g) => SUPPLIER_ROLES.includes(g.role));
    if (!grant) throw new AppError('forbidden', message('portal.not_supplier'));
    return grant.organisationId;
  };

  async function tenderOf(a: DisposalRow): Promise<DisposalView['tender']> {
    if (a.method !== 'public_tender' || a.quorum === null) return null;
    const repository = disposalsRepository(db);
    const [committee, offers] = await Promise.all([repository.committee(a.id), repository.offers(a.id)]);
    const opened = a.openedAt !== null;
    const m = (v: number | null) => (v === null ? null : minorToDecimalText(v, a.currency));
    return {
      closing_at: iso(a.closingAt),
      quorum: a.quorum,
      committee: committee.map((c) => ({
        user_id: c.member.userId,
        name: `${c.firstName} ${c.lastName}`,
        confirmed_at: iso(c.member.confirmedAt),
      })),
      offers_received: offers.length,
      opened_at: iso(a.openedAt),
      awarded_at: iso(a.awardedAt),
      award_pending: a.awardStatus === 'pending' && a.awardedAt === null,
      // Before the opening the buyer sees receipts only: no names, no amounts.
      offers: opened
        ? offers.map(({ offer, supplierName }) => ({
            supplier: { id: offer.supplierId, name: supplierName },
            submitted_at: offer.submittedAt.toISOString(),
            sha256: offer.sha256,
            amount: m(offer.amountMinor),
            rank: offer.rank,
            below_reserve: offer.belowReserve,
          }))
        : [],
    };
  }

  async function view(found: { asset: DisposalRow; buyerOrgName: string | null }): Promise<DisposalView> {
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
      tender: await tenderOf(a),
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

  /** Whether the engine routes the document's current request (a workflow rule applied when it was asked). */
  async function routed(tx: Executor, type: 'disposal_method' | 'disposal_award', a: DisposalRow) {
    const subject = await disposalSubject(tx, type, a);
    return subject.pending;
  }

  /** The end of a method's or award's approval, WHERE it is still pending (false: zero rows). */
  const decided: DisposalApprovalOutcomes['decided'] = async (tx, principal, type, a, approve) => {
    const repository = disposalsRepository(tx);
    if (type === 'disposal_method')
      return repository.updateWhere(
        a.organisationId,
        a.id,
        ['method_pending'],
        approve
          ? {
              status: 'method_approved',
              methodApprovedByUserId: principal.userId,
              methodApprovedAt: clock.now(),
            }
          : { status: 'registered', method: null, methodRequestedByUserId: null },
      );
    if (a.awardStatus !== 'pending' || a.awardedAt !== null) return false;
    if (!approve)
      return repository.updateWhere(a.organisationId, a.id, ['listed'], {
        awardStatus: null,
        awardRequestedByUserId: null,
      });
    const winner = await proposedWinner(tx, a.id);
    if (!winner) return false;
    const changed = await repository.updateWhere(a.organisationId, a.id, ['listed'], {
      awardStatus: null,
      buyerSupplierId: winner.supplierId,
      saleAmount: winner.amountMinor,
      awardedAt: clock.now(),
    });
    if (changed)
      await record(tx, principal, 'disposal.awarded', a.organisationId, {
        disposal_id: a.id,
        supplier_id: winner.supplierId,
        amount_minor: winner.amountMinor,
      });
    return changed;
  };

  return {
    /** What the engine's adapters do when a disposal's approval ends. */
    outcomes: { decided } satisfies DisposalApprovalOutcomes,

    async list(principal: Principal, filter: { status?: DisposalRow['status'] }, page: PageRequest) {
      const organisationId = currentOrganisation(principal);
      const { count, rows } = await disposalsRepository(db).list(
        organisationId,
        filter,
        page.offset,
        page.pageSize,
      );
      return { count, results: await Promise.all(rows.map(view)) };
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
      const mailIds = await db.transaction(async (tx) => {
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
        // Under a workflow rule the engine routes it; without one it waits for an approver (not the asker).
        return (
          (await approvals.startRound(
            tx,
            'disposal_method',
            await disposalSubject(tx, 'disposal_method', (await load(tx, organisationId, id)).asset),
          )) ?? []
        );
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /**
     * Approved or sent back. Under a workflow rule, by the engine's route (the asker never decides); without
     * one, by an administrator or approver other than who asked (segregation of duties), as before.
     */
    async decideMethod(principal: Principal, id: number, approve: boolean, comment = '') {
      const organisationId = currentOrganisation(principal);
      const asset = (await load(db, organisationId, id)).asset;
      if (asset.status === 'method_pending' && (await routed(db, 'disposal_method', asset))) {
        await approvals.decide(
          principal,
          'disposal_method',
          id,
          approve ? 'approved' : 'rejected',
          { comment },
          null,
        );
        return this.get(principal, id);
      }
      requireRole(principal, DISPOSAL_APPROVER_ROLES);
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        if (found.asset.status !== 'method_pending') throw conflict();
        if (found.asset.methodRequestedByUserId === principal.userId)
          throw new AppError('forbidden', message('disposal.own_request'));
        if (!(await decided(tx, principal, 'disposal_method', found.asset, approve)))
          throw new AppError('conflict', message('disposal.conflict'));
        await record(
          tx,
          principal,
          approve ? 'disposal.method_approved' : 'disposal.method_rejected',
          organisationId,
          { disposal_id: id },
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
        await listByTender(principal, organisationId, id, form);
      }
      return this.get(principal, id);
    },

    /**
     * A bidder (a registered supplier, in the portal) seals an offer until closing: the amount is sealed to the
     * tender's public key at once and only its hash is readable; a new offer replaces the previous one.
     */
    async submitOffer(principal: Principal, id: number, amount: string) {
      const supplierId = supplierOf(principal);
      return db.transaction(async (tx) => {
        const published = await disposalsRepository(tx).tenderedById(id);
        if (!published) throw notFound(message('disposal.not_found'));
        const a = (await locked(tx, published.asset.organisationId, id)).asset;
        const now = clock.now();
        if (a.status !== 'listed' || !a.tenderPublicKey || !a.closingAt || now >= a.closingAt)
          throw new AppError('conflict', message('disposal.closed'));
        const amountMinor = decimalTextToMinor(amount, a.currency);
        if (amountMinor === null || amountMinor <= 0)
          throw fieldError('amount', message('disposal.offer_positive'));
        const content: OfferEnvelope = {
          v: 1,
          asset_id: id,
          supplier_id: supplierId,
          sealed_at: now.toISOString(),
          salt: randomBytes(32).toString('base64url'),
          amount_minor: amountMinor,
        };
        const envelope = sealTo(
          a.tenderPublicKey,
          Buffer.from(JSON.stringify(content), 'utf8'),
          offerContext(id, supplierId),
        );
        const offer = await disposalsRepository(tx).saveOffer({
          assetId: id,
          supplierId,
          envelope,
          sha256: envelopeHash(envelope),
          receiptCode: `DO-${randomBytes(9).toString('base64url').toUpperCase()}`,
          submittedAt: now,
        });
        if (!offer) throw new AppError('conflict', message('disposal.closed'));
        await record(tx, principal, 'disposal.offer_submitted', a.organisationId, {
          disposal_id: id,
          supplier_id: supplierId,
          version: offer.version,
          sha256: offer.sha256,
        });
        return receiptOf(offer);
      });
    },

    async portalList(principal: Principal, page: PageRequest) {
      const supplierId = supplierOf(principal);
      const { count, rows } = await disposalsRepository(db).tenderedPublicly(page.offset, page.pageSize);
      return { count, results: await Promise.all(rows.map((row) => portalOf(row, supplierId))) };
    },

    async portalGet(principal: Principal, id: number) {
      const supplierId = supplierOf(principal);
      const row = await disposalsRepository(db).tenderedById(id);
      if (!row) throw notFound(message('disposal.not_found'));
      return portalOf(row, supplierId);
    },

    /**
     * A committee member confirms the opening after closing with their passphrase: their key share is
     * released and held; with the quorum, the key is rebuilt (checked against the public key), every offer is
     * opened and ranked highest first, all in one transaction.
     */
    async confirmOpening(principal: Principal, id: number, passphrase: string) {
      const organisationId = currentOrganisation(principal);
      await db.transaction(async (tx) => {
        const a = (await locked(tx, organisationId, id)).asset;
        const repository = disposalsRepository(tx);
        const committee = await repository.committee(id);
        const member = committee.find((m) => m.member.userId === principal.userId);
        if (a.method !== 'public_tender' || a.quorum === null) throw conflict();
        if (!member) throw new AppError('forbidden', message('disposal.not_committee'));
        if (a.status !== 'listed' || a.openedAt !== null) throw conflict();
        if (!a.closingAt || clock.now() < a.closingAt)
          throw new AppError('conflict', message('disposal.not_closed'));
        if (member.member.confirmedAt) throw new AppError('conflict', message('disposal.already_confirmed'));
        const key = await openingKeyOf(tx, principal.userId);
        if (!key) throw new AppError('validation', message('opening_key.missing'));
        const personal = await unwrapPrivateKey(key.wrappedPrivateKey, key.publicKey, passphrase);
        if (!personal) throw fieldError('passphrase', message('disposal.wrong_passphrase'));
        let share: Buffer;
        try {
          share = openSealed(personal, member.member.share, shareContext(id, principal.userId));
        } catch {
          throw fieldError('passphrase', message('disposal.wrong_passphrase'));
        }
        await repository.updateMember(id, principal.userId, {
          held: openingBox.seal(share.toString('base64url')),
          confirmedAt: clock.now(),
        });
        await record(tx, principal, 'disposal.opening_confirmed', organisationId, { disposal_id: id });
        const confirmed = committee.filter((m) => m.member.confirmedAt !== null).length + 1;
        if (confirmed < a.quorum) return;
        const held = (await repository.committee(id)).flatMap(({ member: m }) =>
          m.held ? [new Uint8Array(Buffer.from(openingBox.open(m.held), 'base64url'))] : [],
        );
        const tenderKey = await rebuildSplitKey(a.tenderPublicKey!, held);
        await repository.clearHeld(id);
        const offers = await repository.offers(id);
        const opened = offers.map(({ offer }) => {
          const content = JSON.parse(
            openSealed(tenderKey, offer.envelope, offerContext(id, offer.supplierId)).toString('utf8'),
          ) as OfferEnvelope;
          return { id: offer.id, amountMinor: content.amount_minor, submittedAt: offer.submittedAt };
        });
        const ranking = rankOffers(opened, a.reservePrice);
        for (const o of opened) {
          const r = ranking.find((x) => x.id === o.id)!;
          await repository.updateOffer(o.id, {
            amountMinor: o.amountMinor,
            rank: r.rank,
            belowReserve: r.belowReserve,
          });
        }
        if (!(await repository.updateWhere(organisationId, id, ['listed'], { openedAt: clock.now() })))
          throw new AppError('conflict', message('disposal.conflict'));
        await record(tx, principal, 'disposal.offers_opened', organisationId, {
          disposal_id: id,
          offers: offers.map((o) => ({ supplier_id: o.offer.supplierId, sha256: o.offer.sha256 })),
        });
      });
      return this.get(principal, id);
    },

    /**
     * The award: the highest opened offer at or above the reserve (never chosen by hand), proposed by
     * procurement and approved through the engine (`disposal_award`); without a workflow rule, by an
     * administrator or approver other than who proposed it. Never awarded by its proposer alone.
     */
    async award(principal: Principal, id: number) {
      const organisationId = requireRole(principal, DISPOSAL_ROLES);
      const mailIds = await db.transaction(async (tx) => {
        const a = (await locked(tx, organisationId, id)).asset;
        if (a.method !== 'public_tender' || a.status !== 'listed' || a.awardedAt !== null) throw conflict();
        if (a.awardStatus === 'pending') throw new AppError('conflict', message('disposal.award_pending'));
        if (a.openedAt === null) throw new AppError('conflict', message('disposal.not_opened'));
        const winner = await proposedWinner(tx, id);
        if (!winner) throw new AppError('conflict', message('disposal.no_offer_at_reserve'));
        if (
          !(await disposalsRepository(tx).updateWhere(organisationId, id, ['listed'], {
            awardStatus: 'pending',
            awardRequestedByUserId: principal.userId,
          }))
        )
          throw new AppError('conflict', message('disposal.conflict'));
        await record(tx, principal, 'disposal.award_requested', organisationId, {
          disposal_id: id,
          supplier_id: winner.supplierId,
          amount_minor: winner.amountMinor,
        });
        return (
          (await approvals.startRound(
            tx,
            'disposal_award',
            await disposalSubject(tx, 'disposal_award', (await load(tx, organisationId, id)).asset),
          )) ?? []
        );
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /** The proposed award approved (the asset awarded to the winner) or sent back, as the method is. */
    async decideAward(principal: Principal, id: number, approve: boolean, comment = '') {
      const organisationId = currentOrganisation(principal);
      const asset = (await load(db, organisationId, id)).asset;
      const pending =
        asset.status === 'listed' && asset.awardStatus === 'pending' && asset.awardedAt === null;
      if (pending && (await routed(db, 'disposal_award', asset))) {
        await approvals.decide(
          principal,
          'disposal_award',
          id,
          approve ? 'approved' : 'rejected',
          { comment },
          null,
        );
        return this.get(principal, id);
      }
      requireRole(principal, DISPOSAL_APPROVER_ROLES);
      await db.transaction(async (tx) => {
        const a = (await locked(tx, organisationId, id)).asset;
        if (a.status !== 'listed' || a.awardStatus !== 'pending' || a.awardedAt !== null) throw conflict();
        if (a.awardRequestedByUserId === principal.userId)
          throw new AppError('forbidden', message('disposal.own_award'));
        if (!(await decided(tx, principal, 'disposal_award', a, approve)))
          throw new AppError('conflict', message('disposal.conflict'));
        await record(
          tx,
          principal,
          approve ? 'disposal.award_approved' : 'disposal.award_rejected',
          organisationId,
          { disposal_id: id },
        );
      });
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

    /**
     * Withdrawn before listing; or a public tender not awarded (cancelled before closing, or nothing reached
     * the reserve), which leaves the public list and takes no more offers. An auction is cancelled in its own
     * module.
     */
    async withdraw(principal: Principal, id: number) {
      const organisationId = requireRole(principal, DISPOSAL_ROLES);
      await db.transaction(async (tx) => {
        const a = (await locked(tx, organisationId, id)).asset;
        const tenderUnawarded =
          a.method === 'public_tender' && a.awardedAt === null && a.awardStatus !== 'pending';
        if (
          !(await disposalsRepository(tx).updateWhere(
            organisationId,
            id,
            tenderUnawarded
              ? ['registered', 'method_pending', 'method_approved', 'listed']
              : ['registered', 'method_pending', 'method_approved'],
            { status: 'withdrawn' },
          ))
        )
          throw conflict();
        await record(tx, principal, 'disposal.withdrawn', organisationId, { disposal_id: id });
      });
      return this.get(principal, id);
    },

    // ---- the public listing ---------------------------------------------------------------------------
    async publicList(page: PageRequest) {
      const { count, rows } = await disposalsRepository(db).listedPublicly(page.offset, page.pageSize);
      return { count, results: rows.map((row) => publicOf(row)) };
    },
    /** A listed asset's photo, for the public page. */
    async publicPhoto(code: string, index: number) {
      const row = await disposalsRepository(db).publicByCode(code);
      const photo = row?.asset.photos[index];
      const stream = photo ? await files.get(photo.key) : null;
      if (!photo || !stream) throw notFound(message('disposal.not_found'));
      return { fileName: photo.fileName, contentType: photo.contentType, size: photo.size, stream };
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
      closing_at: iso(a.closingAt),
      photos: a.photos.length,
    };
  }

  function receiptOf(offer: { receiptCode: string; sha256: string; version: number; submittedAt: Date }) {
    return {
      receipt_code: offer.receiptCode,
      sha256: offer.sha256,
      version: offer.version,
      submitted_at: offer.submittedAt.toISOString(),
    };
  }

  async function portalOf(row: { asset: DisposalRow; seller: string }, supplierId: number) {
    const offer = await disposalsRepository(db).offerOf(row.asset.id, supplierId);
    return {
      ...publicOf(row),
      id: row.asset.id,
      my_offer: offer ? receiptOf(offer) : null,
      won: row.asset.awardedAt !== null && row.asset.buyerSupplierId === supplierId,
    };
  }

  /**
   * Listing by public tender: the closing time and opening committee checked against the organisation's
   * tendering guard-rails (a public body keeps the statutory bid period and a committee of at least three;
   * PPADA reg 177–178 asks a disposal committee quorum of three); a key pair whose private key is split
   * k-of-n among the committee, each share sealed to a member's opening key, then forgotten.
   */
  async function listByTender(
    principal: Principal,
    organisationId: number,
    id: number,
    form: DisposalListingForm,
  ) {
    if (!form.closing_at || form.quorum === null)
      throw fieldError('closing_at', message('disposal.method_details'));
    const settings = await tendering.settings(principal);
    const now = clock.now();
    const closingAt = new Date(form.closing_at);
    const days = bidPeriodProblem(settings, now, closingAt);
    if (days !== null) throw fieldError('closing_at', message('disposal.bid_period', { days }));
    if (closingAt <= now) throw fieldError('closing_at', message('disposal.bid_period', { days: 0 }));
    const committee = [...form.committee];
    const staff = await disposalsRepository(db).staffAmong(organisationId, committee);
    const keys = await Promise.all(committee.map((userId) => openingKeyOf(db, userId)));
    const minimum = effectiveSettings(settings).minimumCommittee;
    if (
      tenderCommitteeProblem(settings, committee, form.quorum) !== null ||
      staff.length !== new Set(committee).size ||
      keys.some((k) => k === null)
    )
      throw fieldError('committee', message('disposal.committee', { minimum }));
    const pair = newKeyPair();
    const shares = await split(
      new Uint8Array(Buffer.from(pair.privateKey, 'base64url')),
      committee.length,
      form.quorum,
    );
    await db.transaction(async (tx) => {
      const repository = disposalsRepository(tx);
      if (
        !(await repository.updateWhere(organisationId, id, ['method_approved'], {
          status: 'listed',
          listedAt: now,
          closingAt,
          quorum: form.quorum,
          tenderPublicKey: pair.publicKey,
        }))
      )
        throw new AppError('conflict', message('disposal.conflict'));
      for (const [index, userId] of committee.entries())
        await repository.addMember({
          assetId: id,
          userId,
          share: sealTo(keys[index]!.publicKey, shares[index]!, shareContext(id, userId)),
        });
      await record(tx, principal, 'disposal.listed', organisationId, {
        disposal_id: id,
        public_tender: true,
        public_key: pair.publicKey,
        committee,
        quorum: form.quorum,
        closing_at: closingAt.toISOString(),
      });
    });
  }
}

export type DisposalsService = ReturnType<typeof createDisposalsService>;
