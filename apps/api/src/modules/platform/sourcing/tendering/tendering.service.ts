import { randomBytes } from 'node:crypto';
import { message, type TenderBidForm, type TenderForm, type TenderView } from '@zabuni/contracts';
import {
  agpoShare,
  AGPO_TARGET_BASIS_POINTS,
  bidPeriodProblem,
  checkMethod,
  closingAfterTenderAddendum,
  decimalTextToMinor,
  DEFAULT_TENDERING_SETTINGS,
  effectiveSettings,
  evaluationDueAt,
  evaluationLate,
  financialRanking,
  formatEat,
  hasRole,
  maximumBidSecurityMinor,
  minorToDecimalText,
  standstillUntil,
  technicalResults,
  tenderCommitteeProblem,
  tenderPhase,
  tenderTransition,
  unsuccessfulReason,
  type Role,
  type TenderingAction,
  type TenderingPhase,
  type TenderingSettings,
} from '@zabuni/domain';
import { split } from 'shamir-secret-sharing';
import type { Principal } from '../../../../infra/auth.ts';
import type { Clock } from '../../../../infra/clock.ts';
import type { SecretBox } from '../../../../infra/crypto.ts';
import type { Db, Executor, Tx } from '../../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../../infra/errors.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import type { ApprovalsService } from '../../../shared/approvals/index.ts';
import type { AuditAction, AuditService } from '../../../shared/audit/index.ts';
import type { AnnouncedMail, NotificationsService } from '../../../shared/notifications/index.ts';
import type { NumberingService } from '../../../shared/numbering/index.ts';
import type { ContractsService } from '../../contracts/index.ts';
import { sourcingEvents } from '../events/index.ts';
import {
  envelopeHash,
  newKeyPair,
  openingKeyOf,
  openSealed,
  rebuildSplitKey,
  sealTo,
  unwrapPrivateKey,
} from '../rfqs/index.ts';
import {
  tenderAwardSubject,
  tenderJustificationSubject,
  tenderPath,
  type TenderAwardOutcomes,
  type TenderJustificationOutcomes,
} from './tendering.approval.ts';
import { tenderingRepository, type BidRow } from './tendering.repository.ts';

/** Who raises, publishes, changes, cancels and awards tenders. */
export const TENDERING_ROLES: readonly Role[] = ['org_admin', 'buyer'];
const SUPPLIER_ROLES: readonly Role[] = ['supplier_admin', 'supplier_user'];

type Repository = ReturnType<typeof tenderingRepository>;
type Found = NonNullable<Awaited<ReturnType<Repository['find']>>>;
type Stage = 'technical' | 'financial';

/** What a bidder sealed in each envelope (never stored in clear before its opening). */
interface TechnicalEnvelope {
  v: 1;
  tender_id: number;
  supplier_id: number;
  /** 256 random bits, so the same text never seals (or hashes) alike. */
  salt: string;
  sealed_at: string;
  summary: string;
}
interface FinancialEnvelope {
  v: 1;
  tender_id: number;
  supplier_id: number;
  salt: string;
  sealed_at: string;
  price_minor: number;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());
const envelopeContext = (tenderId: number, stage: Stage, supplierId: number) =>
  `zabuni:tender:${tenderId}:${stage}:${supplierId}`;
const shareContext = (tenderId: number, stage: Stage, userId: number) =>
  `zabuni:tender:${tenderId}:${stage}:share:${userId}`;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

const REASON_TEXT: Record<string, string> = {
  preliminary_failed: 'The bid did not meet the mandatory requirements of the preliminary evaluation.',
  technical_below_pass_mark: 'The technical score did not reach the pass mark.',
  higher_price: 'A technically responsive bid with a lower evaluated price was successful.',
};

/**
 * Issue 21, tender management under PPADA: the method checked against the organisation's thresholds (a
 * justification outside them), the notice on the public bulletin, clarifications to all without the asker,
 * addenda that extend the closing, bids in two envelopes sealed as RFQ quotes are, opened by the committee's
 * quorum at closing (technical) and after the technical evaluation (financial, passing bids only), staged
 * evaluation by independent evaluators within 30 days, the report and professional opinion, the award
 * through the approval engine, every bidder told at the same moment, and the 14-day standstill passed to the
 * contract so that nobody signs during it.
 */
export function createTenderingService({
  db,
  audit,
  numbering,
  approvals,
  notifications,
  contracts,
  clock,
  openingBox,
  ocidPrefix,
}: {
  db: Db;
  audit: AuditService;
  numbering: NumberingService;
  approvals: ApprovalsService;
  notifications: NotificationsService;
  contracts: Pick<ContractsService, 'linkAward'>;
  clock: Clock;
  /** Keeps a confirmed member's share until the quorum is reached (server secret; shares alone reveal nothing). */
  openingBox: SecretBox;
  /** The OCDS ocid prefix (registered with the Open Contracting Partnership), e.g. `ocds-zabuni`. */
  ocidPrefix: string;
}) {
  const ocidOf = (id: number) => `${ocidPrefix}-tender-${id}`;

  const requireProcurement = (principal: Principal) => {
    const organisationId = currentOrganisation(principal);
    if (!hasRole(principal.grants, TENDERING_ROLES, organisationId))
      throw new AppError('forbidden', message('tendering.not_procurement'));
    return organisationId;
  };
  const supplierOf = (principal: Principal) => {
    const grant = principal.grants.find((g) => SUPPLIER_ROLES.includes(g.role));
    if (!grant) throw new AppError('forbidden', message('portal.not_supplier'));
    return grant.organisationId;
  };

  const record = (
    tx: Executor,
    principal: Principal | null,
    action: AuditAction,
    organisationId: number,
    ip: string | null,
    detail: Record<string, unknown>,
  ) => audit.record(tx, { action, actorUserId: principal?.userId ?? null, organisationId, ip, detail });

  async function load(tx: Executor, organisationId: number, id: number) {
    const found = await tenderingRepository(tx).find(organisationId, id);
    if (!found) throw notFound(message('tendering.not_found'));
    return found;
  }
  async function locked(tx: Tx, organisationId: number, id: number) {
    if (!(await tenderingRepository(tx).lock(organisationId, id)))
      throw notFound(message('tendering.not_found'));
    return load(tx, organisationId, id);
  }

  async function settingsOf(tx: Executor, organisationId: number): Promise<TenderingSettings> {
    return effectiveSettings(
      (await tenderingRepository(tx).settings(organisationId)) ?? DEFAULT_TENDERING_SETTINGS,
    );
  }

  /**
   * Whether the tender's method needs its justification approved before publication: outside its threshold
   * or limiting competition (direct, specially permitted), under the organisation's settings today.
   */
  function justificationToApprove(settings: TenderingSettings, found: Found) {
    const t = found.tender;
    const check = checkMethod({
      settings,
      method: t.method,
      category: t.category,
      estimateMinor: t.estimateMinor,
      justification: t.justification,
    });
    return !check.ok || check.justificationRequired;
  }

  /** The move, or the clear refusal: after closing, before closing, wrong state. */
  function move(found: Found, action: TenderingAction) {
    const result = tenderTransition(found.tender.status, action, found.tender.closingAt, clock.now());
    if (result.ok) return result;
    const closing = formatEat(found.tender.closingAt);
    if (result.reason === 'after_closing')
      throw new AppError('conflict', message('tendering.closed', { closing }));
    if (result.reason === 'before_closing')
      throw new AppError('conflict', message('tendering.not_closed', { closing }));
    throw new AppError('conflict', message('tendering.not_allowed'));
  }

  const phaseOf = (found: Found): TenderingPhase =>
    tenderPhase(found.tender.status, found.tender.closingAt, clock.now());
  const money = (found: Found) => (minor: number | null) =>
    minor === null ? null : minorToDecimalText(minor, found.tender.currency);

  function summaryOf(found: Found) {
    const t = found.tender;
    return {
      id: t.id,
      number: t.number,
      title: t.title,
      method: t.method,
      category: t.category,
      status: phaseOf(found),
      currency: t.currency,
      estimate: minorToDecimalText(t.estimateMinor, t.currency),
      closing_at: t.closingAt.toISOString(),
      bids: found.bids,
    };
  }

  /** The form's checks beyond its schema: method and thresholds, periods, committee, bid security. */
  async function checkForm(tx: Executor, organisationId: number, form: TenderForm) {
    const settings = await settingsOf(tx, organisationId);
    const estimateMinor = decimalTextToMinor(form.estimate, form.currency);
    if (estimateMinor === null) throw fieldError('estimate', message('tendering.price'));
    const securityMinor = decimalTextToMinor(form.bid_security, form.currency);
    if (securityMinor === null) throw fieldError('bid_security', message('tendering.price'));
    const check = checkMethod({
      settings,
      method: form.method,
      category: form.category,
      estimateMinor,
      justification: form.justification ?? null,
    });
    if (!check.ok)
      throw fieldError(
        'justification',
        message('tendering.justification', {
          why:
            check.why === 'always_justified'
              ? 'this method limits competition'
              : `above the ceiling of ${minorToDecimalText(check.ceilingMinor ?? 0, form.currency)}`,
        }),
      );
    if (securityMinor > maximumBidSecurityMinor(estimateMinor))
      throw fieldError(
        'bid_security',
        message('tendering.bid_security', {
          maximum: minorToDecimalText(maximumBidSecurityMinor(estimateMinor), form.currency),
        }),
      );
    const days = bidPeriodProblem(settings, clock.now(), new Date(form.closing_at));
    if (days !== null) throw fieldError('closing_at', message('tendering.bid_period', { days }));
    // A restricted tender names the suppliers invited (from the buyer's supplier list); others none.
    const invited = form.method === 'restricted_tender' ? [...new Set(form.invited_suppliers)] : [];
    if (form.method === 'restricted_tender') {
      const listed = await tenderingRepository(tx).listedSuppliersAmong(organisationId, invited);
      if (invited.length === 0 || listed.length !== invited.length)
        throw fieldError('invited_suppliers', message('tendering.invitations'));
    }
    const committee = [...form.committee];
    const staff = await tenderingRepository(tx).staffAmong(organisationId, committee);
    if (
      tenderCommitteeProblem(settings, committee, form.quorum) !== null ||
      staff.length !== new Set(committee).size
    )
      throw fieldError('committee', message('tendering.committee', { minimum: settings.minimumCommittee }));
    return {
      committee,
      invited,
      values: {
        title: form.title,
        description: form.description,
        method: form.method,
        category: form.category,
        categoryId: form.category_id ?? null,
        currency: form.currency,
        estimateMinor,
        justification: check.justificationRequired
          ? form.justification!.trim()
          : (form.justification ?? null),
        bidSecurityMinor: securityMinor,
        passMark: form.pass_mark.toFixed(2),
        quorum: form.quorum,
        agpoReserved: form.agpo_reserved,
        closingAt: new Date(form.closing_at),
      },
    };
  }

  /** Splits a fresh key pair's private key k-of-n among the committee, each share sealed to one member. */
  async function splitKey(
    tenderId: number,
    stage: Stage,
    quorum: number,
    members: Array<{ userId: number; publicKey: string }>,
  ) {
    const pair = newKeyPair();
    const shares = await split(
      new Uint8Array(Buffer.from(pair.privateKey, 'base64url')),
      members.length,
      quorum,
    );
    return {
      publicKey: pair.publicKey,
      shares: members.map((m, index) => ({
        userId: m.userId,
        sealed: sealTo(m.publicKey, shares[index]!, shareContext(tenderId, stage, m.userId)),
      })),
    };
  }

  /** Tells every user of these suppliers, by mail and in the portal. */
  async function tellSupplier(
    tx: Executor,
    found: Found,
    supplierId: number,
    successful: boolean,
    reason: string | null,
    until: Date,
  ) {
    const base = {
      buyer: found.buyerName,
      reference: found.tender.number,
      title: found.tender.title,
      standstill: formatEat(until),
    };
    return notifications.announce(tx, {
      userIds: await tenderingRepository(tx).organisationUsers(supplierId),
      organisationId: supplierId,
      ...(successful
        ? { template: 'tender_awarded' as const, params: base }
        : { template: 'tender_regret' as const, params: { ...base, reason: reason ?? '' } }),
      path: `/portal/tenders/${found.tender.id}`,
    });
  }

  const noticeParams = (found: Found) => ({
    buyer: found.buyerName,
    reference: found.tender.number,
    title: found.tender.title,
  });

  /**
   * Mails a clarification or an addendum to every user of the suppliers it concerns (bidders, interested,
   * askers) through the outbox, in each user's language; the asker is never named.
   */
  async function tellConcerned(
    tx: Executor,
    found: Found,
    mail: Extract<AnnouncedMail, { template: 'tender_clarified' | 'tender_addendum' }>,
  ) {
    const repository = tenderingRepository(tx);
    const mailIds: number[] = [];
    for (const supplierId of await repository.concernedSuppliers(found.tender.id))
      mailIds.push(
        ...(await notifications.announce(tx, {
          userIds: await repository.organisationUsers(supplierId),
          organisationId: supplierId,
          ...mail,
          path: `/portal/tenders/${found.tender.id}`,
        })),
      );
    return mailIds;
  }

  /**
   * The award takes effect: the tender is awarded, every bidder (successful and unsuccessful) is told in
   * the same transaction at the same instant, with the reasons, and the 14-day standstill starts.
   */
  async function awardNow(tx: Tx, principal: Principal | null, found: Found) {
    const now = clock.now();
    const until = standstillUntil(now);
    const repository = tenderingRepository(tx);
    const changed = await repository.updateWhere(
      found.tender.organisationId,
      found.tender.id,
      ['award_pending'],
      {
        status: 'awarded',
        awardedAt: now,
        notifiedAt: now,
        standstillUntil: until,
      },
    );
    if (!changed) return { changed, mailIds: [] };
    const bids = await repository.bids(found.tender.id);
    const mailIds: number[] = [];
    for (const { bid } of bids) {
      const successful = bid.id === found.tender.awardBidId;
      mailIds.push(
        ...(await tellSupplier(
          tx,
          found,
          bid.supplierId,
          successful,
          successful ? null : (REASON_TEXT[bid.reason ?? 'higher_price'] ?? null),
          until,
        )),
      );
    }
    await record(tx, principal, 'tendering.awarded', found.tender.organisationId, null, {
      tender_id: found.tender.id,
      bid_id: found.tender.awardBidId,
      notified_at: now.toISOString(),
      standstill_until: until.toISOString(),
      bidders_told: bids.length,
    });
    return { changed, mailIds };
  }

  const outcomes: TenderAwardOutcomes = {
    awarded: (tx, principal, found) => awardNow(tx, principal, found),
    async sentBack(tx, found, comment) {
      const changed = await tenderingRepository(tx).updateWhere(
        found.tender.organisationId,
        found.tender.id,
        ['award_pending'],
        { status: 'financial_opened', awardBidId: null, awardRequestedByUserId: null },
      );
      if (changed)
        await record(tx, null, 'tendering.award_rejected', found.tender.organisationId, null, {
          tender_id: found.tender.id,
          comment,
        });
      return changed;
    },
  };

  const justificationOutcomes: TenderJustificationOutcomes = {
    async decided(tx, found, state) {
      return tenderingRepository(tx).updateWhere(found.tender.organisationId, found.tender.id, ['draft'], {
        justificationStatus: state,
      });
    },
  };

  /** Opens the technical envelopes of every bid, or the financial envelopes of the passing bids only. */
  async function openNow(tx: Tx, principal: Principal, found: Found, stage: Stage, ip: string | null) {
    const repository = tenderingRepository(tx);
    const t = found.tender;
    const committee = await repository.committee(t.id);
    const held = committee.flatMap(({ member }) => {
      const sealed = stage === 'technical' ? member.technicalHeld : member.financialHeld;
      return sealed ? [new Uint8Array(Buffer.from(openingBox.open(sealed), 'base64url'))] : [];
    });
    const publicKey = (stage === 'technical' ? t.technicalPublicKey : t.financialPublicKey)!;
    const key = await rebuildSplitKey(publicKey, held);
    await repository.clearHeld(t.id, stage);
    const bids = await repository.bids(t.id);
    const now = clock.now();
    if (stage === 'technical') {
      for (const { bid } of bids) {
        const content = JSON.parse(
          openSealed(key, bid.technicalEnvelope, envelopeContext(t.id, 'technical', bid.supplierId)).toString(
            'utf8',
          ),
        ) as TechnicalEnvelope;
        await repository.updateBid(bid.id, { technical: { summary: content.summary, documents: [] } });
      }
      if (
        !(await repository.updateWhere(t.organisationId, t.id, ['published'], {
          status: 'technical_opened',
          technicalOpenedAt: now,
        }))
      )
        throw new AppError('conflict', message('tendering.conflict'));
    } else {
      const priced: Array<{ bidId: number; technicalPass: boolean; priceMinor: number | null }> = [];
      for (const { bid } of bids) {
        if (!bid.technicalPass) {
          priced.push({ bidId: bid.id, technicalPass: false, priceMinor: null });
          continue; // A failing bid's financial envelope stays sealed.
        }
        const content = JSON.parse(
          openSealed(key, bid.financialEnvelope, envelopeContext(t.id, 'financial', bid.supplierId)).toString(
            'utf8',
          ),
        ) as FinancialEnvelope;
        priced.push({ bidId: bid.id, technicalPass: true, priceMinor: content.price_minor });
      }
      const ranking = financialRanking(priced);
      for (const p of priced) {
        const rank = ranking.find((r) => r.bidId === p.bidId);
        await repository.updateBid(p.bidId, {
          priceMinor: p.priceMinor,
          financialRank: rank?.rank ?? null,
          ...(rank && rank.rank > 1 ? { reason: 'higher_price' } : {}),
        });
      }
      if (
        !(await repository.updateWhere(t.organisationId, t.id, ['technical_evaluated'], {
          status: 'financial_opened',
          financialOpenedAt: now,
        }))
      )
        throw new AppError('conflict', message('tendering.conflict'));
    }
    await record(
      tx,
      principal,
      stage === 'technical' ? 'tendering.technical_opened' : 'tendering.financial_opened',
      t.organisationId,
      ip,
      {
        tender_id: t.id,
        bids: bids.map((b) => ({
          supplier_id: b.bid.supplierId,
          sha256: stage === 'technical' ? b.bid.technicalSha256 : b.bid.financialSha256,
        })),
      },
    );
  }

  function bidViewOf(found: Found, row: { bid: BidRow; supplierName: string }) {
    const { bid } = row;
    const m = money(found);
    return {
      id: bid.id,
      supplier: { id: bid.supplierId, name: row.supplierName },
      submitted_at: bid.submittedAt.toISOString(),
      technical_sha256: bid.technicalSha256,
      financial_sha256: bid.financialSha256,
      security: bid.securityKind
        ? {
            kind: bid.securityKind,
            issuer: bid.securityIssuer ?? '',
            reference: bid.securityReference ?? '',
            amount: m(bid.securityAmountMinor ?? 0)!,
          }
        : null,
      agpo_certificate: bid.agpoCertificate,
      technical: bid.technical ? { summary: bid.technical.summary } : null,
      price: m(bid.priceMinor),
      preliminary_pass: bid.preliminaryPass,
      technical_score: bid.technicalScore,
      technical_pass: bid.technicalPass,
      financial_rank: bid.financialRank,
      reason: bid.reason,
    };
  }

  async function viewOf(principal: Principal, found: Found): Promise<TenderView> {
    const repository = tenderingRepository(db);
    const t = found.tender;
    const [committee, bids, clarifications, addenda, invitations] = await Promise.all([
      repository.committee(t.id),
      repository.bids(t.id),
      repository.clarifications(t.id),
      repository.addenda(t.id),
      repository.invitations(t.id),
    ]);
    const keys = await Promise.all(committee.map((c) => openingKeyOf(db, c.member.userId)));
    const settings = await settingsOf(db, t.organisationId);
    const subject = t.status === 'award_pending' ? await tenderAwardSubject(db, found) : null;
    // Whether it is the caller's turn, as the engine says (route, delegations, segregation of duties).
    const justificationSubject =
      t.justificationStatus === 'pending' ? await tenderJustificationSubject(db, found) : null;
    const justificationApproval =
      justificationSubject && justificationSubject.pending
        ? await approvals.view(db, principal, 'tender_justification', justificationSubject)
        : null;
    return {
      ...summaryOf(found),
      description: t.description,
      category_id: t.categoryId,
      justification: t.justification,
      invited_suppliers: invitations,
      justification_status: t.justificationStatus,
      justification_to_approve: t.status === 'draft' && justificationToApprove(settings, found),
      can_decide_justification: justificationApproval?.waiting_for_me ?? false,
      justification_required: !checkMethod({
        settings,
        method: t.method,
        category: t.category,
        estimateMinor: t.estimateMinor,
        justification: null,
      }).ok,
      bid_security: minorToDecimalText(t.bidSecurityMinor, t.currency),
      pass_mark: t.passMark,
      quorum: t.quorum,
      agpo_reserved: t.agpoReserved,
      published_at: iso(t.publishedAt),
      technical_opened_at: iso(t.technicalOpenedAt),
      evaluation_due_at: t.technicalOpenedAt ? evaluationDueAt(t.technicalOpenedAt).toISOString() : null,
      evaluation_late: t.technicalOpenedAt
        ? evaluationLate(t.technicalOpenedAt, clock.now(), t.evaluatedAt)
        : false,
      evaluated_at: iso(t.evaluatedAt),
      financial_opened_at: iso(t.financialOpenedAt),
      evaluation_report: t.evaluationReport,
      professional_opinion: t.professionalOpinion,
      award_bid_id: t.awardBidId,
      awarded_at: iso(t.awardedAt),
      notified_at: iso(t.notifiedAt),
      standstill_until: iso(t.standstillUntil),
      contract_id: t.contractId,
      ocid: ocidOf(t.id),
      committee: committee.map((c, index) => ({
        user: { id: c.member.userId, name: `${c.firstName} ${c.lastName}` },
        has_key: keys[index] !== null,
        technical_confirmed_at: iso(c.member.technicalConfirmedAt),
        financial_confirmed_at: iso(c.member.financialConfirmedAt),
        evaluation_submitted_at: iso(c.member.evaluationSubmittedAt),
      })),
      // Who bid and when, with the sealed envelopes' hashes; contents only once opened (stored then).
      bid_list: bids.map((row) => bidViewOf(found, row)),
      clarifications: clarifications.map((c) => ({
        id: c.id,
        question: c.question,
        answer: c.answer,
        asked_at: c.askedAt.toISOString(),
        answered_at: iso(c.answeredAt),
      })),
      addenda: addenda.map((a) => ({
        id: a.id,
        note: a.note,
        closing_before: a.closingBefore.toISOString(),
        closing_after: a.closingAfter.toISOString(),
        created_at: a.createdAt.toISOString(),
      })),
      can_decide:
        subject !== null &&
        subject.pending &&
        hasRole(principal.grants, ['org_admin', 'approver', 'buyer'], t.organisationId) &&
        t.awardRequestedByUserId !== principal.userId,
    };
  }

  return {
    outcomes,
    justificationOutcomes,
    ocidOf,

    async list(
      principal: Principal,
      filter: { status?: TenderingPhase; search?: string },
      page: PageRequest,
    ) {
      const organisationId = currentOrganisation(principal);
      const now = clock.now();
      const status = filter.status === 'closed' ? 'published' : filter.status;
      const { count, rows } = await tenderingRepository(db).list(
        organisationId,
        {
          status,
          ...(filter.status === 'closed' ? { closedBefore: now } : {}),
          ...(filter.status === 'published' ? { openAfter: now } : {}),
          search: filter.search,
        },
        { limit: page.pageSize, offset: page.offset },
      );
      return { count, results: rows.map(summaryOf) };
    },

    async get(principal: Principal, id: number): Promise<TenderView> {
      return viewOf(principal, await load(db, currentOrganisation(principal), id));
    },

    async create(principal: Principal, form: TenderForm, ip: string | null) {
      const organisationId = requireProcurement(principal);
      const id = await db.transaction(async (tx) => {
        const { committee, invited, values } = await checkForm(tx, organisationId, form);
        const number = await numbering.next(tx, organisationId, 'tender');
        const repository = tenderingRepository(tx);
        const id = await repository.insert({
          ...values,
          organisationId,
          number,
          createdByUserId: principal.userId,
        });
        await repository.replaceCommittee(id, committee);
        await repository.replaceInvitations(id, invited);
        await record(tx, principal, 'tendering.created', organisationId, ip, {
          tender_id: id,
          number,
          method: form.method,
          justified: values.justification !== null,
        });
        return id;
      });
      return this.get(principal, id);
    },

    async update(principal: Principal, id: number, form: TenderForm, ip: string | null) {
      const organisationId = requireProcurement(principal);
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        move(found, 'edit');
        if (found.tender.justificationStatus === 'pending')
          throw new AppError('conflict', message('tendering.justification_pending'));
        const { committee, invited, values } = await checkForm(tx, organisationId, form);
        const before = found.tender;
        // An approved (or rejected) justification covered this method, value and text: changing any of them
        // asks for a new approval.
        const approvedChanged =
          before.method !== values.method ||
          before.category !== values.category ||
          before.estimateMinor !== values.estimateMinor ||
          (before.justification ?? '') !== (values.justification ?? '');
        const repository = tenderingRepository(tx);
        if (
          !(await repository.updateWhere(organisationId, id, ['draft'], {
            ...values,
            ...(approvedChanged ? { justificationStatus: null, justificationRequestedByUserId: null } : {}),
          }))
        )
          throw new AppError('conflict', message('tendering.conflict'));
        await repository.replaceCommittee(id, committee);
        await repository.replaceInvitations(id, invited);
        await record(tx, principal, 'tendering.updated', organisationId, ip, { tender_id: id });
      });
      return this.get(principal, id);
    },

    /**
     * Publication: two key pairs (technical, financial) are made, each private key split among the committee
     * and forgotten; the notice goes on the public bulletin (sourcing events) as a "Tender".
     */
    async publish(principal: Principal, id: number, ip: string | null) {
      const organisationId = requireProcurement(principal);
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        move(found, 'publish');
        const t = found.tender;
        const settings = await settingsOf(tx, organisationId);
        // A method outside its threshold is published only with its justification approved (the engine).
        if (justificationToApprove(settings, found) && t.justificationStatus !== 'approved')
          throw new AppError(
            'conflict',
            message(
              t.justificationStatus === 'pending'
                ? 'tendering.justification_pending'
                : 'tendering.justification_not_approved',
            ),
          );
        const days = bidPeriodProblem(settings, clock.now(), t.closingAt);
        if (days !== null) throw fieldError('closing_at', message('tendering.bid_period', { days }));
        const repository = tenderingRepository(tx);
        const committee = await repository.committee(id);
        const keys = await Promise.all(committee.map((c) => openingKeyOf(tx, c.member.userId)));
        const keyless = committee.filter((_, index) => keys[index] === null);
        if (keyless.length > 0)
          throw new AppError(
            'validation',
            message('tendering.committee_without_key', {
              names: keyless.map((m) => `${m.firstName} ${m.lastName}`).join(', '),
            }),
          );
        const members = committee.map((c, index) => ({
          userId: c.member.userId,
          publicKey: keys[index]!.publicKey,
        }));
        const technical = await splitKey(id, 'technical', t.quorum, members);
        const financial = await splitKey(id, 'financial', t.quorum, members);
        for (const member of members)
          await repository.updateMember(id, member.userId, {
            technicalShare: technical.shares.find((s) => s.userId === member.userId)!.sealed,
            financialShare: financial.shares.find((s) => s.userId === member.userId)!.sealed,
          });
        const countryId = await repository.countryOf(organisationId);
        // A restricted tender invites named suppliers: its notice is not on the public bulletin.
        const eventId =
          countryId === null || t.method === 'restricted_tender'
            ? null
            : await sourcingEvents.list(tx, {
                buyerId: organisationId,
                countryId,
                title: `${t.number}: ${t.title}`,
                jobType: 'Tender',
                closingAt: t.closingAt,
                instructions:
                  'Registered suppliers bid in the Zabuni supplier portal, in two sealed envelopes (technical and financial).',
                advert: t.description || null,
                categoryIds: t.categoryId ? [t.categoryId] : [],
              });
        if (
          !(await repository.updateWhere(organisationId, id, ['draft'], {
            status: 'published',
            publishedAt: clock.now(),
            technicalPublicKey: technical.publicKey,
            financialPublicKey: financial.publicKey,
            sourcingEventId: eventId,
          }))
        )
          throw new AppError('conflict', message('tendering.conflict'));
        await record(tx, principal, 'tendering.published', organisationId, ip, {
          tender_id: id,
          number: t.number,
          technical_public_key: technical.publicKey,
          financial_public_key: financial.publicKey,
          committee: members.map((m) => m.userId),
          quorum: t.quorum,
        });
      });
      return this.get(principal, id);
    },

    /**
     * Asks for the approval of a draft's method justification through the one engine (document type
     * `tender_justification`); its publication waits for it. Without a workflow rule that routes it, nobody
     * could approve it: refused with what to do, rather than approved by default.
     */
    async askJustificationApproval(principal: Principal, id: number, ip: string | null) {
      const organisationId = requireProcurement(principal);
      const mailIds = await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        move(found, 'edit');
        const t = found.tender;
        if (t.justificationStatus === 'pending')
          throw new AppError('conflict', message('tendering.justification_pending'));
        if (
          t.justificationStatus === 'approved' ||
          !justificationToApprove(await settingsOf(tx, organisationId), found)
        )
          throw new AppError('conflict', message('tendering.justification_not_needed'));
        if (!t.justification)
          throw fieldError('justification', message('tendering.justification', { why: 'to be approved' }));
        const repository = tenderingRepository(tx);
        if (
          !(await repository.updateWhere(organisationId, id, ['draft'], {
            justificationStatus: 'pending',
            justificationRequestedByUserId: principal.userId,
          }))
        )
          throw new AppError('conflict', message('tendering.conflict'));
        const asked = await approvals.startRound(
          tx,
          'tender_justification',
          await tenderJustificationSubject(tx, await load(tx, organisationId, id)),
        );
        if (asked === null) throw new AppError('validation', message('tendering.justification_no_rule'));
        await record(tx, principal, 'tendering.justification_asked', organisationId, ip, {
          tender_id: id,
          method: t.method,
        });
        return asked;
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    async decideJustification(
      principal: Principal,
      id: number,
      kind: 'approved' | 'rejected',
      body: { comment?: string },
      ip: string | null,
    ) {
      await load(db, currentOrganisation(principal), id);
      await approvals.decide(principal, 'tender_justification', id, kind, body, ip);
      return this.get(principal, id);
    },

    /** The printable notice (the same for the buyer, bidders and the public). */
    async notice(principal: Principal, id: number) {
      const found = await tenderingRepository(db).findPublished(id);
      if (!found || found.tender.organisationId !== currentOrganisation(principal))
        throw notFound(message('tendering.not_found'));
      const t = found.tender;
      const addenda = await tenderingRepository(db).addenda(id);
      return { found, addenda, ocid: ocidOf(id), estimate: minorToDecimalText(t.estimateMinor, t.currency) };
    },

    /**
     * The buyer answers a question; the answer is published to all and mailed to the suppliers concerned
     * (bidders, interested, askers), the asker never named.
     */
    async answer(principal: Principal, id: number, questionId: number, answer: string, ip: string | null) {
      const organisationId = requireProcurement(principal);
      const mailIds = await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        move(found, 'clarify');
        const question = await tenderingRepository(tx).answer(id, questionId, answer, clock.now());
        if (question === null) throw notFound(message('tendering.question_not_found'));
        await record(tx, principal, 'tendering.clarified', organisationId, ip, {
          tender_id: id,
          question_id: questionId,
        });
        return tellConcerned(tx, found, {
          template: 'tender_clarified',
          params: { ...noticeParams(found), question, answer, closing: formatEat(found.tender.closingAt) },
        });
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /** An addendum before closing; the closing moves to at least the statutory minimum after it. */
    async addendum(
      principal: Principal,
      id: number,
      form: { note: string; closing_at?: string },
      ip: string | null,
    ) {
      const organisationId = requireProcurement(principal);
      const mailIds = await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        move(found, 'addendum');
        const closingAt = closingAfterTenderAddendum({
          settings: await settingsOf(tx, organisationId),
          closingAt: found.tender.closingAt,
          now: clock.now(),
          requestedClosingAt: form.closing_at ? new Date(form.closing_at) : null,
        });
        const repository = tenderingRepository(tx);
        if (!(await repository.updateWhere(organisationId, id, ['published'], { closingAt })))
          throw new AppError('conflict', message('tendering.conflict'));
        await repository.insertAddendum({
          tenderId: id,
          note: form.note,
          closingBefore: found.tender.closingAt,
          closingAfter: closingAt,
          createdByUserId: principal.userId,
        });
        await record(tx, principal, 'tendering.addendum', organisationId, ip, {
          tender_id: id,
          closing_before: found.tender.closingAt.toISOString(),
          closing_after: closingAt.toISOString(),
        });
        return tellConcerned(tx, found, {
          template: 'tender_addendum',
          params: { ...noticeParams(found), note: form.note, closing: formatEat(closingAt) },
        });
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    async cancel(principal: Principal, id: number, reason: string, ip: string | null) {
      const organisationId = requireProcurement(principal);
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        const transition = move(found, 'cancel');
        if (
          !(await tenderingRepository(tx).updateWhere(organisationId, id, [transition.from], {
            status: 'cancelled',
            cancelledAt: clock.now(),
          }))
        )
          throw new AppError('conflict', message('tendering.conflict'));
        if (found.tender.sourcingEventId)
          await sourcingEvents.hide(tx, organisationId, found.tender.sourcingEventId);
        await record(tx, principal, 'tendering.cancelled', organisationId, ip, { tender_id: id, reason });
      });
      return this.get(principal, id);
    },

    /**
     * A committee member confirms an opening (technical at or after closing; financial after the technical
     * evaluation) with their passphrase. Their share is released and held; with the quorum, the envelopes
     * are opened in the same transaction.
     */
    async confirmOpening(
      principal: Principal,
      id: number,
      stage: Stage,
      passphrase: string,
      ip: string | null,
    ) {
      const organisationId = currentOrganisation(principal);
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        const repository = tenderingRepository(tx);
        const committee = await repository.committee(id);
        const member = committee.find((m) => m.member.userId === principal.userId);
        if (!member) throw new AppError('forbidden', message('tendering.not_committee'));
        move(found, stage === 'technical' ? 'open_technical' : 'open_financial');
        const confirmedAt =
          stage === 'technical' ? member.member.technicalConfirmedAt : member.member.financialConfirmedAt;
        if (confirmedAt) throw new AppError('conflict', message('tendering.already_confirmed'));
        const key = await openingKeyOf(tx, principal.userId);
        if (!key) throw new AppError('validation', message('opening_key.missing'));
        const personal = await unwrapPrivateKey(key.wrappedPrivateKey, key.publicKey, passphrase);
        if (!personal) throw fieldError('passphrase', message('tendering.wrong_passphrase'));
        let share: Buffer;
        try {
          share = openSealed(
            personal,
            (stage === 'technical' ? member.member.technicalShare : member.member.financialShare)!,
            shareContext(id, stage, principal.userId),
          );
        } catch {
          throw fieldError('passphrase', message('tendering.wrong_passphrase'));
        }
        const held = openingBox.seal(b64(share));
        await repository.updateMember(
          id,
          principal.userId,
          stage === 'technical'
            ? { technicalHeld: held, technicalConfirmedAt: clock.now() }
            : { financialHeld: held, financialConfirmedAt: clock.now() },
        );
        await record(tx, principal, 'tendering.opening_confirmed', organisationId, ip, {
          tender_id: id,
          stage,
        });
        const confirmed =
          committee.filter((m) =>
            stage === 'technical'
              ? m.member.technicalConfirmedAt !== null
              : m.member.financialConfirmedAt !== null,
          ).length + 1;
        if (confirmed >= found.tender.quorum) await openNow(tx, principal, found, stage, ip);
      });
      return this.get(principal, id);
    },

    /** The opening register (printable; sent to the bidders who ask). */
    async openingRegister(organisationId: number, id: number, stage: Stage) {
      const found = await load(db, organisationId, id);
      const repository = tenderingRepository(db);
      const t = found.tender;
      const openedAt = stage === 'technical' ? t.technicalOpenedAt : t.financialOpenedAt;
      const committee = await repository.committee(id);
      const bids = openedAt ? await repository.bids(id) : [];
      const m = money(found);
      return {
        tender: { id: t.id, number: t.number, title: t.title, closing_at: t.closingAt.toISOString() },
        buyer: found.buyerName,
        stage,
        opened_at: iso(openedAt),
        committee: committee.map((c) => ({
          name: `${c.firstName} ${c.lastName}`,
          confirmed_at: iso(
            stage === 'technical' ? c.member.technicalConfirmedAt : c.member.financialConfirmedAt,
          ),
        })),
        bids: bids.map(({ bid, supplierName }) => ({
          supplier: supplierName,
          submitted_at: bid.submittedAt.toISOString(),
          technical_sha256: bid.technicalSha256,
          financial_sha256: bid.financialSha256,
          security: bid.securityKind
            ? `${bid.securityKind}, ${bid.securityIssuer} ${bid.securityReference}: ${m(bid.securityAmountMinor ?? 0)}`
            : null,
          price: stage === 'financial' ? m(bid.priceMinor) : null,
        })),
      };
    },

    buyerOpeningRegister(principal: Principal, id: number, stage: Stage) {
      return this.openingRegister(currentOrganisation(principal), id, stage);
    },

    // Evaluation -------------------------------------------------------------------------------------
    /** An evaluator's own scores; the others' only once their own evaluation is submitted. */
    async evaluation(principal: Principal, id: number) {
      const organisationId = currentOrganisation(principal);
      const found = await load(db, organisationId, id);
      const repository = tenderingRepository(db);
      const committee = await repository.committee(id);
      const me = committee.find((c) => c.member.userId === principal.userId);
      if (!me) throw new AppError('forbidden', message('tendering.not_committee'));
      const all = await repository.evaluations(found.tender.id);
      const scoreOf = (e: (typeof all)[number]) => ({
        bid_id: e.evaluation.bidId,
        preliminary_pass: e.evaluation.preliminaryPass,
        technical_score: Number(e.evaluation.technicalScore),
        comment: e.evaluation.comment,
      });
      const submitted = me.member.evaluationSubmittedAt;
      const others = committee.filter((c) => c.member.userId !== principal.userId);
      return {
        submitted_at: iso(submitted),
        mine: all.filter((e) => e.evaluation.userId === principal.userId).map(scoreOf),
        others: submitted
          ? others.map((c) => ({
              evaluator: { id: c.member.userId, name: `${c.firstName} ${c.lastName}` },
              scores: c.member.evaluationSubmittedAt
                ? all.filter((e) => e.evaluation.userId === c.member.userId).map(scoreOf)
                : [],
            }))
          : null,
      };
    },

    async saveEvaluation(
      principal: Principal,
      id: number,
      form: {
        scores: Array<{
          bid_id: number;
          preliminary_pass: boolean;
          technical_score: number;
          comment: string;
        }>;
      },
    ) {
      const organisationId = currentOrganisation(principal);
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        const repository = tenderingRepository(tx);
        const me = (await repository.committee(id)).find((c) => c.member.userId === principal.userId);
        if (!me) throw new AppError('forbidden', message('tendering.not_committee'));
        move(found, 'evaluate');
        if (me.member.evaluationSubmittedAt)
          throw new AppError('conflict', message('tendering.evaluation_submitted'));
        const bidIds = (await repository.bids(id)).map((b) => b.bid.id);
        for (const score of form.scores) {
          if (!bidIds.includes(score.bid_id)) throw notFound(message('tendering.not_found'));
          await repository.saveEvaluation({
            tenderId: id,
            bidId: score.bid_id,
            userId: principal.userId,
            preliminaryPass: score.preliminary_pass,
            technicalScore: score.technical_score.toFixed(2),
            comment: score.comment,
          });
        }
      });
      return this.evaluation(principal, id);
    },

    /** Submits one's evaluation; when every evaluator has, the technical results are fixed. */
    async submitEvaluation(principal: Principal, id: number, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        const repository = tenderingRepository(tx);
        const committee = await repository.committee(id);
        const me = committee.find((c) => c.member.userId === principal.userId);
        if (!me) throw new AppError('forbidden', message('tendering.not_committee'));
        move(found, 'evaluate');
        if (me.member.evaluationSubmittedAt)
          throw new AppError('conflict', message('tendering.evaluation_submitted'));
        const bids = await repository.bids(id);
        const all = await repository.evaluations(id);
        const mine = all.filter((e) => e.evaluation.userId === principal.userId);
        if (bids.some(({ bid }) => !mine.some((e) => e.evaluation.bidId === bid.id)))
          throw new AppError('validation', message('tendering.evaluation_incomplete'));
        const now = clock.now();
        await repository.updateMember(id, principal.userId, { evaluationSubmittedAt: now });
        await record(tx, principal, 'tendering.evaluation_submitted', organisationId, ip, { tender_id: id });
        const done = committee.filter((c) => c.member.evaluationSubmittedAt !== null).length + 1;
        if (done < committee.length) return;
        const results = technicalResults(
          bids.map((b) => b.bid.id),
          all.map((e) => ({
            evaluatorId: e.evaluation.userId,
            bidId: e.evaluation.bidId,
            preliminaryPass: e.evaluation.preliminaryPass,
            technicalScore: Number(e.evaluation.technicalScore),
          })),
          Number(found.tender.passMark),
        );
        for (const r of results)
          await repository.updateBid(r.bidId, {
            preliminaryPass: r.preliminaryPass,
            technicalScore: r.technicalScore.toFixed(2),
            technicalPass: r.technicalPass,
            reason: r.technicalPass ? null : unsuccessfulReason(r),
          });
        if (
          !(await repository.updateWhere(organisationId, id, ['technical_opened'], {
            status: 'technical_evaluated',
            evaluatedAt: now,
          }))
        )
          throw new AppError('conflict', message('tendering.conflict'));
        await record(tx, null, 'tendering.technical_evaluated', organisationId, ip, {
          tender_id: id,
          passing: results.filter((r) => r.technicalPass).map((r) => r.bidId),
          late: evaluationLate(found.tender.technicalOpenedAt!, now, now),
        });
      });
      return this.get(principal, id);
    },

    /** The evaluation report and the head of procurement's professional opinion. */
    async report(
      principal: Principal,
      id: number,
      form: { evaluation_report?: string; professional_opinion?: string },
      ip: string | null,
    ) {
      const organisationId = requireProcurement(principal);
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        if (!['technical_evaluated', 'financial_opened'].includes(found.tender.status))
          throw new AppError('conflict', message('tendering.not_allowed'));
        if (
          !(await tenderingRepository(tx).updateWhere(organisationId, id, [found.tender.status], {
            ...(form.evaluation_report !== undefined ? { evaluationReport: form.evaluation_report } : {}),
            ...(form.professional_opinion !== undefined
              ? {
                  professionalOpinion: form.professional_opinion,
                  professionalOpinionByUserId: principal.userId,
                }
              : {}),
          }))
        )
          throw new AppError('conflict', message('tendering.conflict'));
        await record(tx, principal, 'tendering.report_recorded', organisationId, ip, {
          tender_id: id,
          report: form.evaluation_report !== undefined,
          opinion: form.professional_opinion !== undefined,
        });
      });
      return this.get(principal, id);
    },

    /** Asks for the award of a technically passing, priced bid: through the engine, or at once. */
    async award(principal: Principal, id: number, bidId: number, ip: string | null) {
      const organisationId = requireProcurement(principal);
      const mailIds = await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        move(found, 'request_award');
        if (!found.tender.evaluationReport || !found.tender.professionalOpinion)
          throw new AppError('validation', message('tendering.award_report'));
        const repository = tenderingRepository(tx);
        const bid = (await repository.bids(id)).find((b) => b.bid.id === bidId);
        if (!bid || !bid.bid.technicalPass || bid.bid.priceMinor === null)
          throw fieldError('bid_id', message('tendering.award_bid'));
        if (
          !(await repository.updateWhere(organisationId, id, ['financial_opened'], {
            status: 'award_pending',
            awardBidId: bidId,
            awardRequestedByUserId: principal.userId,
          }))
        )
          throw new AppError('conflict', message('tendering.conflict'));
        await record(tx, principal, 'tendering.award_proposed', organisationId, ip, {
          tender_id: id,
          bid_id: bidId,
        });
        const current = await load(tx, organisationId, id);
        const asked = await approvals.startRound(tx, 'tender_award', await tenderAwardSubject(tx, current));
        if (asked !== null) return asked;
        const awarded = await awardNow(tx, principal, current);
        if (!awarded.changed) throw new AppError('conflict', message('tendering.conflict'));
        return awarded.mailIds;
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    async decide(
      principal: Principal,
      id: number,
      kind: 'approved' | 'rejected',
      body: { comment?: string },
      ip: string | null,
    ) {
      await load(db, currentOrganisation(principal), id);
      await approvals.decide(principal, 'tender_award', id, kind, body, ip);
      return this.get(principal, id);
    },

    /**
     * Links the contract with the successful bidder to this award: the contract module then refuses any
     * signature until the standstill ends.
     */
    async linkContract(principal: Principal, id: number, contractId: number, ip: string | null) {
      const organisationId = requireProcurement(principal);
      const found = await load(db, organisationId, id);
      if (found.tender.status !== 'awarded' || !found.tender.standstillUntil)
        throw new AppError('conflict', message('tendering.not_awarded'));
      await contracts.linkAward(organisationId, contractId, {
        type: 'tender_award',
        id,
        standstillUntil: found.tender.standstillUntil,
      });
      await db.transaction(async (tx) => {
        await tenderingRepository(tx).updateWhere(organisationId, id, ['awarded'], { contractId });
        await record(tx, principal, 'tendering.contract_linked', organisationId, ip, {
          tender_id: id,
          contract_id: contractId,
        });
      });
      return this.get(principal, id);
    },

    // Settings and reports ---------------------------------------------------------------------------
    async settings(principal: Principal) {
      const organisationId = currentOrganisation(principal);
      return (await tenderingRepository(db).settings(organisationId)) ?? DEFAULT_TENDERING_SETTINGS;
    },

    async saveSettings(principal: Principal, settings: TenderingSettings, ip: string | null) {
      const organisationId = currentOrganisation(principal);
      if (!hasRole(principal.grants, ['org_admin'], organisationId))
        throw new AppError('forbidden', message('tendering.not_procurement'));
      await db.transaction(async (tx) => {
        await tenderingRepository(tx).saveSettings(organisationId, settings);
        await record(tx, principal, 'tendering.settings_changed', organisationId, ip, {
          public_body: settings.publicBody,
          guard_rails: settings.guardRails,
        });
      });
      return this.settings(principal);
    },

    /** AGPO: the share of awarded tender value that went to AGPO-certified bidders, against 30 %. */
    async agpo(principal: Principal) {
      const organisationId = currentOrganisation(principal);
      const rows = await tenderingRepository(db).awardedBids(organisationId);
      const share = agpoShare(
        rows.map((r) => ({ amountMinor: r.priceMinor ?? 0, agpo: !!r.agpoCertificate })),
      );
      return {
        total: minorToDecimalText(share.totalMinor, 'KES'),
        agpo: minorToDecimalText(share.agpoMinor, 'KES'),
        share_percent: (share.basisPoints / 100).toFixed(2),
        target_percent: (AGPO_TARGET_BASIS_POINTS / 100).toFixed(2),
        met: share.met,
        awards: rows.length,
      };
    },

    // Supplier portal --------------------------------------------------------------------------------
    async portalList(principal: Principal, page: PageRequest) {
      const supplierId = supplierOf(principal);
      const repository = tenderingRepository(db);
      const { rows, count } = await repository.published(
        { limit: page.pageSize, offset: page.offset },
        supplierId,
      );
      const results = await Promise.all(
        rows.map(async (found) => ({
          id: found.tender.id,
          number: found.tender.number,
          title: found.tender.title,
          buyer: found.buyerName,
          method: found.tender.method,
          status: phaseOf(found),
          closing_at: found.tender.closingAt.toISOString(),
          has_bid: (await repository.bidOf(found.tender.id, supplierId)) !== null,
        })),
      );
      return { count, results };
    },

    async portalGet(principal: Principal, id: number) {
      const supplierId = supplierOf(principal);
      const repository = tenderingRepository(db);
      const found = await repository.findPublished(id, supplierId);
      if (!found) throw notFound(message('tendering.not_found'));
      const t = found.tender;
      const [bid, clarifications, addenda, interested] = await Promise.all([
        repository.bidOf(id, supplierId),
        repository.clarifications(id),
        repository.addenda(id),
        repository.interested(id, supplierId),
      ]);
      const supplierName = await repository.organisationName(supplierId);
      return {
        id: t.id,
        number: t.number,
        title: t.title,
        buyer: found.buyerName,
        method: t.method,
        status: phaseOf(found),
        closing_at: t.closingAt.toISOString(),
        has_bid: bid !== null,
        interested,
        description: t.description,
        currency: t.currency,
        bid_security: minorToDecimalText(t.bidSecurityMinor, t.currency),
        agpo_reserved: t.agpoReserved,
        // Answered questions only, to every supplier alike, never saying who asked.
        clarifications: clarifications
          .filter((c) => c.answer !== null)
          .map((c) => ({
            id: c.id,
            question: c.question,
            answer: c.answer,
            asked_at: c.askedAt.toISOString(),
            answered_at: iso(c.answeredAt),
          })),
        addenda: addenda.map((a) => ({
          id: a.id,
          note: a.note,
          closing_before: a.closingBefore.toISOString(),
          closing_after: a.closingAfter.toISOString(),
          created_at: a.createdAt.toISOString(),
        })),
        receipt: bid ? receiptOf(found, bid, supplierName) : null,
        outcome:
          bid && t.status === 'awarded'
            ? {
                successful: bid.id === t.awardBidId,
                reason: bid.id === t.awardBidId ? null : (REASON_TEXT[bid.reason ?? 'higher_price'] ?? null),
                standstill_until: iso(t.standstillUntil),
              }
            : null,
      };
    },

    /** A supplier registers its interest: it is then mailed the tender's clarifications and addenda. */
    async registerInterest(principal: Principal, id: number, ip: string | null) {
      const supplierId = supplierOf(principal);
      await db.transaction(async (tx) => {
        const repository = tenderingRepository(tx);
        const found = await repository.findPublished(id, supplierId);
        if (!found) throw notFound(message('tendering.not_found'));
        move(found, 'clarify');
        await repository.registerInterest(id, supplierId, clock.now());
        await record(tx, principal, 'tendering.interest_registered', found.tender.organisationId, ip, {
          tender_id: id,
          supplier_id: supplierId,
        });
      });
      return this.portalGet(principal, id);
    },

    async ask(principal: Principal, id: number, question: string, ip: string | null) {
      const supplierId = supplierOf(principal);
      await db.transaction(async (tx) => {
        const repository = tenderingRepository(tx);
        const found = await repository.findPublished(id, supplierId);
        if (!found) throw notFound(message('tendering.not_found'));
        move(found, 'clarify');
        await repository.ask({ tenderId: id, supplierId, question, askedAt: clock.now() });
        await repository.registerInterest(id, supplierId, clock.now());
        await record(tx, principal, 'tendering.question_asked', found.tender.organisationId, ip, {
          tender_id: id,
        });
      });
      return this.portalGet(principal, id);
    },

    /** A bid in two envelopes, sealed at once to the tender's two keys; a later bid replaces it. */
    async submitBid(principal: Principal, id: number, form: TenderBidForm, ip: string | null) {
      const supplierId = supplierOf(principal);
      return db.transaction(async (tx) => {
        const repository = tenderingRepository(tx);
        const published = await repository.findPublished(id, supplierId);
        if (!published) throw notFound(message('tendering.not_found'));
        const found = await locked(tx, published.tender.organisationId, id);
        move(found, 'bid');
        const t = found.tender;
        const priceMinor = decimalTextToMinor(form.price, t.currency);
        if (priceMinor === null || priceMinor <= 0) throw fieldError('price', message('tendering.price'));
        const securityMinor = form.security ? decimalTextToMinor(form.security.amount, t.currency) : null;
        if (
          t.bidSecurityMinor > 0 &&
          (!form.security || securityMinor === null || securityMinor < t.bidSecurityMinor)
        )
          throw fieldError(
            'security',
            message('tendering.security_missing', {
              amount: minorToDecimalText(t.bidSecurityMinor, t.currency),
            }),
          );
        const now = clock.now();
        const common = {
          v: 1 as const,
          tender_id: id,
          supplier_id: supplierId,
          sealed_at: now.toISOString(),
        };
        const technical: TechnicalEnvelope = {
          ...common,
          salt: randomBytes(32).toString('base64url'),
          summary: form.technical_summary,
        };
        const financial: FinancialEnvelope = {
          ...common,
          salt: randomBytes(32).toString('base64url'),
          price_minor: priceMinor,
        };
        const technicalEnvelope = sealTo(
          t.technicalPublicKey!,
          Buffer.from(JSON.stringify(technical), 'utf8'),
          envelopeContext(id, 'technical', supplierId),
        );
        const financialEnvelope = sealTo(
          t.financialPublicKey!,
          Buffer.from(JSON.stringify(financial), 'utf8'),
          envelopeContext(id, 'financial', supplierId),
        );
        const bid = await repository.saveBid({
          tenderId: id,
          supplierId,
          technicalEnvelope,
          financialEnvelope,
          technicalSha256: envelopeHash(technicalEnvelope),
          financialSha256: envelopeHash(financialEnvelope),
          receiptCode: `TB-${randomBytes(9).toString('base64url').toUpperCase()}`,
          securityKind: form.security?.kind ?? null,
          securityIssuer: form.security?.issuer ?? null,
          securityReference: form.security?.reference ?? null,
          securityAmountMinor: securityMinor,
          agpoCertificate: form.agpo_certificate || null,
          submittedAt: now,
        });
        await record(tx, principal, 'tendering.bid_submitted', t.organisationId, ip, {
          tender_id: id,
          supplier_id: supplierId,
          version: bid.version,
          technical_sha256: bid.technicalSha256,
          financial_sha256: bid.financialSha256,
        });
        return receiptOf(found, bid, await repository.organisationName(supplierId));
      });
    },

    /** The opening register for a bidder who asks (only a supplier that bid). */
    async portalOpeningRegister(principal: Principal, id: number) {
      const supplierId = supplierOf(principal);
      const repository = tenderingRepository(db);
      const found = await repository.findPublished(id);
      if (!found || !(await repository.bidOf(id, supplierId)))
        throw new AppError('forbidden', message('tendering.not_bidder'));
      return this.openingRegister(found.tender.organisationId, id, 'technical');
    },

    tenderPath,
  };

  function receiptOf(found: Found, bid: BidRow, supplierName: string) {
    return {
      code: bid.receiptCode,
      tender: { id: found.tender.id, number: found.tender.number },
      supplier: { id: bid.supplierId, name: supplierName },
      version: bid.version,
      technical_sha256: bid.technicalSha256,
      financial_sha256: bid.financialSha256,
      submitted_at: bid.submittedAt.toISOString(),
    };
  }
}

export type TenderingService = ReturnType<typeof createTenderingService>;
