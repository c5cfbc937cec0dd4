import {
  message,
  messageWith,
  type AuctionForm,
  type AuctionResults,
  type AuctionView,
  type BidForm,
  type BidReceipt,
  type MessageKey,
  type PortalAuctionView,
} from '@zabuni/contracts';
import {
  auctionConfigProblems,
  decideBid,
  decimalTextToMinor,
  formatEat,
  hasRole,
  rankOf,
  rankStandings,
  requiredAmount,
  type AuctionConfig,
  type BidRefusal,
  type Role,
} from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Clock } from '../../../../infra/clock.ts';
import type { Db, Executor, Tx } from '../../../../infra/database.ts';
import { AppError, fieldError, notFound } from '../../../../infra/errors.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import { currentOrganisation } from '../../../../infra/tenancy.ts';
import type { ApprovalsService } from '../../../shared/approvals/index.ts';
import type { AuditAction, AuditService } from '../../../shared/audit/index.ts';
import type { NotificationsService } from '../../../shared/notifications/index.ts';
import { auctionSubject, type AuctionApprovalOutcomes } from './auctions.approval.ts';
import type { AuctionLive, Watcher } from './auctions.live.ts';
import {
  auctionsRepository,
  type AuctionRow,
  type AuctionStatus,
  type NewBid,
  stateFromRow,
} from './auctions.repository.ts';
import { trace, traceNow, tracing } from './auctions.trace.ts';
import { configOf, money, phaseOf, stepText } from './auctions.views.ts';

/** Who sets up, publishes, cancels and awards auctions. */
export const AUCTION_ROLES: readonly Role[] = ['org_admin', 'buyer'];
const SUPPLIER_ROLES: readonly Role[] = ['supplier_admin', 'supplier_user'];

type Repository = ReturnType<typeof auctionsRepository>;

/** A bid waiting for its auction's turn in this process. */
interface PendingBid {
  auction: AuctionRow;
  supplierId: number;
  userId: number;
  amount: number;
  tIn: number;
  tRead: number;
  resolve(receipt: BidReceipt): void;
  reject(error: unknown): void;
}
/** At most this many bids in one transaction (and as many notifications at its commit). */
const MAX_BIDS_PER_TRANSACTION = 100;
type Found = NonNullable<Awaited<ReturnType<Repository['find']>>>;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());
const supplierGrant = (principal: Principal) => {
  const grant = principal.grants.find((g) => SUPPLIER_ROLES.includes(g.role));
  if (!grant) throw new AppError('forbidden', message('portal.not_supplier'));
  return grant.organisationId;
};

const REFUSALS: Record<BidRefusal, MessageKey> = {
  not_positive: 'auction.bid_not_positive',
  not_started: 'auction.bid_not_started',
  ended: 'auction.bid_ended',
  initial_bids_closed: 'auction.bid_initial_closed',
  not_your_turn: 'auction.bid_not_your_turn',
  not_a_participant: 'auction.bid_not_participant',
  step_too_small: 'auction.bid_step',
  reserve_not_met: 'auction.bid_reserve',
};

/**
 * Issue 21, live eAuctions: set up by procurement staff (reverse or forward, rounds or open with
 * anti-sniping, step, reserve, visibility), bid by invited suppliers — every bid decided by the domain on
 * the server's clock with the auction's state row locked — watched live over Server-Sent Events, and awarded
 * through the one approval engine. Names stay hidden from everyone until the end.
 */
export function createAuctionsService({
  db,
  audit,
  approvals,
  notifications,
  clock,
  live,
}: {
  db: Db;
  audit: AuditService;
  approvals: ApprovalsService;
  notifications: NotificationsService;
  clock: Clock;
  live: AuctionLive;
}) {
  const requireProcurement = (principal: Principal) => {
    const organisationId = currentOrganisation(principal);
    if (!hasRole(principal.grants, AUCTION_ROLES, organisationId))
      throw new AppError('forbidden', message('auction.not_procurement'));
    return organisationId;
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
    const found = await auctionsRepository(tx).find(organisationId, id);
    if (!found) throw notFound(message('auction.not_found'));
    return found;
  }

  async function locked(tx: Tx, organisationId: number, id: number) {
    if (!(await auctionsRepository(tx).lock(organisationId, id)))
      throw notFound(message('auction.not_found'));
    return load(tx, organisationId, id);
  }

  const minor = (
    text: string | null,
    currency: string,
    field: string,
    key: MessageKey = 'auction.amount',
  ) => {
    if (text === null) return null;
    const value = decimalTextToMinor(text, currency);
    if (value === null || value <= 0) throw fieldError(field, messageWith(key));
    return value;
  };

  /** The form as the domain's configuration, or a field error. */
  function configFrom(form: AuctionForm): AuctionConfig & { stepValue: number } {
    let stepValue: number;
    if (form.step_kind === 'amount') stepValue = minor(form.step, form.currency, 'step')!;
    else {
      const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(form.step.trim());
      if (!match) throw fieldError('step', message('auction.amount'));
      stepValue = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
      if (stepValue <= 0) throw fieldError('step', message('auction.amount'));
    }
    const config: AuctionConfig = {
      direction: form.direction,
      rules: form.rules,
      startsAt: new Date(form.starts_at),
      endsAt: form.rules === 'open' && form.ends_at ? new Date(form.ends_at) : null,
      rounds:
        form.rules === 'rounds'
          ? {
              firstPauseSeconds: form.rounds?.first_pause_seconds ?? 300,
              rounds: form.rounds?.rounds ?? 3,
              turnSeconds: form.rounds?.turn_seconds ?? 120,
              pauseSeconds: form.rounds?.pause_seconds ?? 120,
            }
          : null,
      antiSniping:
        form.rules === 'open'
          ? {
              windowSeconds: form.anti_sniping?.window_seconds ?? 120,
              extensionSeconds: form.anti_sniping?.extension_seconds ?? 120,
              maxExtensions: form.anti_sniping?.max_extensions ?? 10,
            }
          : null,
      step:
        form.step_kind === 'amount'
          ? { kind: 'amount', amount: stepValue }
          : { kind: 'percent', basisPoints: stepValue },
      reservePrice: minor(form.reserve_price, form.currency, 'reserve_price'),
      visibility: form.visibility,
      referenceValue: minor(form.reference_value, form.currency, 'reference_value'),
    };
    const problems = auctionConfigProblems(config);
    if (problems.includes('step_outside_prozorro_bounds'))
      throw fieldError('step', message('auction.step_bounds'));
    if (problems.length > 0)
      throw new AppError('validation', messageWith('auction.setup', { problems: problems.join(', ') }));
    return { ...config, stepValue };
  }

  async function checkSuppliers(tx: Executor, organisationId: number, ids: readonly number[]) {
    const unique = [...new Set(ids)];
    const active = await auctionsRepository(tx).activeSuppliers(organisationId, unique);
    if (active.length !== unique.length) throw fieldError('suppliers', message('auction.supplier'));
    return unique;
  }

  /** The buyer's view: aliases until the end, names after it (see README, "Who may do what"). */
  async function view(tx: Executor, found: Found): Promise<AuctionView> {
    const a = found.auction;
    const state = stateFromRow(found.state);
    const now = clock.now();
    const phase = phaseOf(a, state, now);
    const m = money(a.currency);
    const participants = await auctionsRepository(tx).participants(a.id);
    const byId = new Map(participants.map((p) => [String(p.supplierId), p]));
    const reveal = phase.ended;
    const turn = phase.live.phase === 'turn' ? phase.live : null;
    const winner = a.awardSupplierId ? participants.find((p) => p.supplierId === a.awardSupplierId) : null;
    return {
      id: a.id,
      title: a.title,
      status: a.status,
      phase: phase.name,
      direction: a.direction,
      rules: a.rules,
      currency: a.currency,
      starts_at: a.startsAt.toISOString(),
      ends_at: iso(phase.endsAt),
      bidders: participants.length,
      bids: state.lastSeq,
      created_at: a.createdAt.toISOString(),
      visibility: a.visibility,
      source: a.source,
      source_id: a.sourceId,
      lot_reference: a.lotReference,
      step_kind: a.stepKind,
      step: stepText(a),
      reserve_price: m(a.reservePrice),
      reference_value: m(a.referenceValue),
      rounds: a.roundsTiming
        ? {
            first_pause_seconds: a.roundsTiming.firstPauseSeconds,
            rounds: a.roundsTiming.rounds,
            turn_seconds: a.roundsTiming.turnSeconds,
            pause_seconds: a.roundsTiming.pauseSeconds,
          }
        : null,
      anti_sniping: a.antiSniping
        ? {
            window_seconds: a.antiSniping.windowSeconds,
            extension_seconds: a.antiSniping.extensionSeconds,
            max_extensions: a.antiSniping.maxExtensions,
          }
        : null,
      extensions: state.extensions,
      last_seq: state.lastSeq,
      phase_ends_at: iso(phase.phaseEndsAt),
      turn: turn
        ? {
            round: turn.round + 1,
            alias: byId.get(turn.bidderId)?.alias ?? '',
            ends_at: turn.until.toISOString(),
            order: turn.order.map((id) => byId.get(id)?.alias ?? ''),
          }
        : null,
      participants: participants.map((p) => ({
        alias: p.alias,
        name: reveal ? p.name : null,
        supplier_id: reveal ? p.supplierId : null,
      })),
      ranking: rankStandings(a.direction, state.standings).map((s, i) => {
        const p = byId.get(s.bidderId);
        return {
          rank: i + 1,
          alias: p?.alias ?? '',
          name: reveal ? (p?.name ?? null) : null,
          supplier_id: reveal ? Number(s.bidderId) : null,
          amount: m(s.amount)!,
        };
      }),
      award:
        winner && a.awardAmount !== null
          ? { supplier: { id: winner.supplierId, name: winner.name }, amount: m(a.awardAmount)! }
          : null,
      awarded_at: iso(a.awardedAt),
      server_time: now.toISOString(),
    };
  }

  /** The portal's auction: only for an invited supplier, from publication on. */
  async function forSupplier(tx: Executor, principal: Principal, id: number) {
    const supplierId = supplierGrant(principal);
    const organisationId = currentOrganisation(principal);
    const found = await auctionsRepository(tx).find(organisationId, id);
    const participant = found ? await auctionsRepository(tx).participant(id, supplierId) : null;
    if (!found || !participant || ['draft', 'cancelled'].includes(found.auction.status))
      throw notFound(message('auction.not_found'));
    return { found, supplierId, alias: participant.alias };
  }

  function portalView(found: Found, supplierId: number, alias: string): PortalAuctionView {
    const a = found.auction;
    const state = stateFromRow(found.state);
    const now = clock.now();
    const phase = phaseOf(a, state, now);
    const m = money(a.currency);
    const me = String(supplierId);
    const own = state.standings.find((s) => s.bidderId === me) ?? null;
    const best = rankStandings(a.direction, state.standings)[0] ?? null;
    const turn = phase.live.phase === 'turn' ? phase.live : null;
    return {
      id: a.id,
      title: a.title,
      buyer: found.buyerName,
      phase: phase.name,
      direction: a.direction,
      rules: a.rules,
      visibility: a.visibility,
      currency: a.currency,
      starts_at: a.startsAt.toISOString(),
      ends_at: iso(phase.endsAt),
      phase_ends_at: iso(phase.phaseEndsAt),
      extensions: state.extensions,
      alias,
      own_amount: m(own?.amount),
      own_rank: rankOf(a.direction, state.standings, me),
      bidders: state.standings.length,
      best_amount: a.visibility === 'best_price' ? m(best?.amount) : null,
      required: m(requiredAmount(configOf(a), state, me)),
      step_kind: a.stepKind,
      step: stepText(a),
      my_turn: turn?.bidderId === me,
      // Other bidders only by position: "your turn is 2nd of 3", never their names.
      turn: turn
        ? {
            round: turn.round + 1,
            alias: turn.bidderId === me ? alias : '',
            ends_at: turn.until.toISOString(),
            order: turn.order.map((id) => (id === me ? alias : '')),
          }
        : null,
      last_seq: state.lastSeq,
      server_time: now.toISOString(),
    };
  }

  /** Mails every invited supplier's staff (through the outbox, sent after the commit): the invitation or the outcome. */
  async function tellBidders(tx: Executor, found: Found, what: 'invited' | 'outcome') {
    const a = found.auction;
    const mailIds: number[] = [];
    for (const [supplierId, userIds] of await auctionsRepository(tx).participantUsers(a.id)) {
      const base = { buyer: found.buyerName, title: a.title };
      mailIds.push(
        ...(await notifications.announce(tx, {
          userIds,
          organisationId: supplierId,
          ...(what === 'invited'
            ? { template: 'auction_invited', params: { ...base, starts: formatEat(a.startsAt) } }
            : supplierId === a.awardSupplierId
              ? {
                  template: 'auction_awarded',
                  params: { ...base, amount: `${a.currency} ${money(a.currency)(a.awardAmount)}` },
                }
              : { template: 'auction_regret', params: base }),
          path: `/portal/auctions/${a.id}`,
        })),
      );
    }
    return mailIds;
  }

  /** Bids waiting for their auction's turn in this process (see `bid`). */
  const bidQueues = new Map<number, { pending: PendingBid[]; running: boolean }>();

  async function drainBids(id: number, queue: { pending: PendingBid[]; running: boolean }) {
    queue.running = true;
    try {
      while (queue.pending.length > 0) await decideBids(queue.pending.splice(0, MAX_BIDS_PER_TRANSACTION));
    } finally {
      queue.running = false;
      if (queue.pending.length === 0 && bidQueues.get(id) === queue) bidQueues.delete(id);
    }
  }

  function refusal(a: AuctionRow, reason: BidRefusal, required: number | null) {
    const params: Record<string, string> =
      reason === 'step_too_small'
        ? { required: `${a.currency} ${money(a.currency)(required)}` }
        : reason === 'not_started'
          ? { at: formatEat(a.startsAt) }
          : {};
    return new AppError('conflict', messageWith(REFUSALS[reason], params));
  }

  /** One transaction for a batch of bids on one auction, decided in arrival order (see `bid`). */
  async function decideBids(batch: PendingBid[]) {
    const a = batch[0]!.auction;
    const config = configOf(a);
    let tTx = 0;
    let tLock = 0;
    try {
      const outcomes = await db.transaction(async (tx) => {
        tTx = traceNow();
        const repository = auctionsRepository(tx);
        const locked = await repository.lockStateWithStatus(a.id);
        tLock = traceNow();
        if (!locked) throw notFound(message('auction.not_found'));
        if (locked.status !== 'published') throw new AppError('conflict', message('auction.bid_ended'));
        let state = locked.state;
        const accepted: NewBid[] = [];
        const results = batch.map((p): BidReceipt | AppError => {
          const at = clock.now();
          const decision = decideBid(config, state, { bidderId: String(p.supplierId), amount: p.amount, at });
          if (!decision.accepted) return refusal(a, decision.reason, decision.required);
          state = decision.state;
          accepted.push({
            seq: decision.seq,
            supplierId: p.supplierId,
            amount: p.amount,
            placedAt: at,
            placedByUserId: p.userId,
            extended: decision.extended,
            endsAtAfter: decision.state.endsAt,
          });
          return {
            seq: decision.seq,
            amount: money(a.currency)(p.amount)!,
            placed_at: at.toISOString(),
            rank: rankOf(a.direction, decision.state.standings, String(p.supplierId)),
            ends_at: iso(a.rules === 'open' ? decision.state.endsAt : null),
            extended: decision.extended,
          };
        });
        if (
          accepted.length > 0 &&
          !(await repository.commitBids(a.id, locked.state.lastSeq, state, accepted))
        )
          throw new AppError('conflict', message('auction.conflict'));
        return results;
      });
      const tDone = traceNow();
      batch.forEach((p, i) => {
        const outcome = outcomes[i]!;
        if (outcome instanceof AppError) return p.reject(outcome);
        if (tracing) trace('bid', outcome.seq, p.tIn, p.tRead, tTx, tLock, tDone);
        p.resolve(outcome);
      });
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }

  const outcomes: AuctionApprovalOutcomes = {
    async awarded(tx, principal, found) {
      const a = found.auction;
      const changed = await auctionsRepository(tx).updateWhere(
        a.organisationId,
        a.id,
        ['published', 'award_pending'],
        {
          status: 'awarded',
          awardedAt: clock.now(),
        },
      );
      if (changed) {
        await record(tx, principal, 'auction.awarded', a.organisationId, null, {
          auction_id: a.id,
          supplier_id: a.awardSupplierId,
          amount_minor: a.awardAmount,
        });
        await auctionsRepository(tx).announce(a.id, 'status');
      }
      return { changed, mailIds: changed ? await tellBidders(tx, found, 'outcome') : [] };
    },
    async sentBack(tx, found) {
      const a = found.auction;
      const changed = await auctionsRepository(tx).updateWhere(a.organisationId, a.id, ['award_pending'], {
        status: 'published',
        awardSupplierId: null,
        awardAmount: null,
      });
      if (changed) await auctionsRepository(tx).announce(a.id, 'status');
      return changed;
    },
  };

  return {
    outcomes,

    async list(principal: Principal, filter: { status?: AuctionStatus }, page: PageRequest) {
      const organisationId = currentOrganisation(principal);
      const { count, rows } = await auctionsRepository(db).list(
        organisationId,
        filter,
        page.offset,
        page.pageSize,
      );
      const now = clock.now();
      return {
        count,
        results: rows.map((row) => {
          const a = row.auction;
          const state = stateFromRow(row.state);
          const phase = phaseOf(a, state, now);
          return {
            id: a.id,
            title: a.title,
            status: a.status,
            phase: phase.name,
            direction: a.direction,
            rules: a.rules,
            currency: a.currency,
            starts_at: a.startsAt.toISOString(),
            ends_at: iso(phase.endsAt),
            bidders: row.bidders,
            bids: state.lastSeq,
            created_at: a.createdAt.toISOString(),
          };
        }),
      };
    },

    async create(principal: Principal, form: AuctionForm, ip: string | null) {
      const organisationId = requireProcurement(principal);
      const config = configFrom(form);
      if (config.startsAt.getTime() <= clock.now().getTime())
        throw fieldError('starts_at', message('auction.start_past'));
      const id = await db.transaction(async (tx) => {
        const suppliers = await checkSuppliers(tx, organisationId, form.suppliers);
        const repository = auctionsRepository(tx);
        const id = await repository.insert(
          {
            organisationId,
            title: form.title,
            direction: config.direction,
            rules: config.rules,
            visibility: config.visibility,
            currency: form.currency,
            source: form.source,
            sourceId: form.source === 'standalone' ? null : form.source_id,
            lotReference: form.lot_reference,
            startsAt: config.startsAt,
            endsAt: config.endsAt,
            roundsTiming: config.rounds,
            antiSniping: config.antiSniping,
            stepKind: form.step_kind,
            stepValue: config.stepValue,
            reservePrice: config.reservePrice,
            referenceValue: config.referenceValue,
            createdByUserId: principal.userId,
          },
          config.endsAt,
        );
        await repository.setParticipants(id, suppliers);
        await record(tx, principal, 'auction.created', organisationId, ip, { auction_id: id, suppliers });
        return id;
      });
      return this.get(principal, id);
    },

    async get(principal: Principal, id: number) {
      const organisationId = currentOrganisation(principal);
      return view(db, await load(db, organisationId, id));
    },

    async publish(principal: Principal, id: number, ip: string | null) {
      const organisationId = requireProcurement(principal);
      const mailIds = await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        if (found.auction.status !== 'draft') throw new AppError('conflict', message('auction.not_allowed'));
        if (found.auction.startsAt.getTime() <= clock.now().getTime())
          throw fieldError('starts_at', message('auction.start_past'));
        const participants = await auctionsRepository(tx).participants(id);
        if (participants.length < 2) throw fieldError('suppliers', message('auction.no_suppliers'));
        if (
          !(await auctionsRepository(tx).updateWhere(organisationId, id, ['draft'], {
            status: 'published',
            publishedAt: clock.now(),
          }))
        )
          throw new AppError('conflict', message('auction.conflict'));
        await record(tx, principal, 'auction.published', organisationId, ip, { auction_id: id });
        return tellBidders(tx, found, 'invited');
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    async cancel(principal: Principal, id: number, ip: string | null) {
      const organisationId = requireProcurement(principal);
      await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        const state = stateFromRow(found.state);
        if (phaseOf(found.auction, state, clock.now()).ended && found.auction.status !== 'draft')
          throw new AppError('conflict', message('auction.not_allowed'));
        if (
          !(await auctionsRepository(tx).updateWhere(organisationId, id, ['draft', 'published'], {
            status: 'cancelled',
            cancelledAt: clock.now(),
          }))
        )
          throw new AppError('conflict', message('auction.not_allowed'));
        await record(tx, principal, 'auction.cancelled', organisationId, ip, { auction_id: id });
        await auctionsRepository(tx).announce(id, 'status');
      });
      return this.get(principal, id);
    },

    /** The ranking with names and the full bid history: only once the auction has ended. */
    async results(principal: Principal, id: number): Promise<AuctionResults> {
      const organisationId = currentOrganisation(principal);
      const found = await load(db, organisationId, id);
      const a = found.auction;
      const state = stateFromRow(found.state);
      const phase = phaseOf(a, state, clock.now());
      if (!phase.ended) throw new AppError('conflict', message('auction.not_ended'));
      const repository = auctionsRepository(db);
      const participants = new Map((await repository.participants(id)).map((p) => [p.supplierId, p]));
      const m = money(a.currency);
      const ranking = rankStandings(a.direction, state.standings);
      const best = ranking[0] ?? null;
      return {
        id: a.id,
        currency: a.currency,
        ended_at: (phase.live.phase === 'ended' ? phase.live.at : clock.now()).toISOString(),
        ranking: ranking.map((s, i) => {
          const p = participants.get(Number(s.bidderId));
          return {
            rank: i + 1,
            alias: p?.alias ?? '',
            name: p?.name ?? null,
            supplier_id: Number(s.bidderId),
            amount: m(s.amount)!,
          };
        }),
        bids: (await repository.bidsAfter(id, 0)).map((b) => ({
          seq: b.seq,
          alias: participants.get(b.supplierId)?.alias ?? '',
          name: participants.get(b.supplierId)?.name ?? null,
          amount: m(b.amount)!,
          placed_at: b.placedAt.toISOString(),
          extended: b.extended,
        })),
        reserve_met:
          best !== null &&
          (a.reservePrice === null ||
            (a.direction === 'reverse' ? best.amount <= a.reservePrice : best.amount >= a.reservePrice)),
      };
    },

    /** Proposes the ranking's first as the winner; approved through the engine when a workflow rule applies. */
    async award(principal: Principal, id: number, ip: string | null) {
      const organisationId = requireProcurement(principal);
      const mailIds = await db.transaction(async (tx) => {
        const found = await locked(tx, organisationId, id);
        const a = found.auction;
        const state = stateFromRow(found.state);
        if (a.status !== 'published' || !phaseOf(a, state, clock.now()).ended)
          throw new AppError(
            'conflict',
            message(a.status === 'published' ? 'auction.not_ended' : 'auction.not_allowed'),
          );
        const best = rankStandings(a.direction, state.standings)[0];
        if (!best) throw new AppError('conflict', message('auction.no_bids'));
        const repository = auctionsRepository(tx);
        if (
          !(await repository.updateWhere(organisationId, id, ['published'], {
            awardSupplierId: Number(best.bidderId),
            awardAmount: best.amount,
            awardRequestedByUserId: principal.userId,
          }))
        )
          throw new AppError('conflict', message('auction.conflict'));
        await record(tx, principal, 'auction.award_proposed', organisationId, ip, {
          auction_id: id,
          supplier_id: Number(best.bidderId),
          amount_minor: best.amount,
        });
        const current = await load(tx, organisationId, id);
        const asked = await approvals.startRound(tx, 'auction_award', await auctionSubject(tx, current));
        if (asked !== null) {
          if (!(await repository.updateWhere(organisationId, id, ['published'], { status: 'award_pending' })))
            throw new AppError('conflict', message('auction.conflict'));
          await repository.announce(id, 'status');
          return asked;
        }
        const done = await outcomes.awarded(tx, principal, current);
        if (!done.changed) throw new AppError('conflict', message('auction.conflict'));
        return done.mailIds;
      });
      await notifications.dispatch(mailIds);
      return this.get(principal, id);
    },

    /** Opens the buyer's live view for this caller (tenancy checked here), then streams. */
    async watchAsBuyer(
      principal: Principal,
      id: number,
      watcher: Omit<Watcher, 'viewer'>,
      lastEventId: number | null,
    ) {
      const organisationId = currentOrganisation(principal);
      const found = await load(db, organisationId, id);
      const initial = await view(db, found);
      watcher.write(`event: state\ndata: ${JSON.stringify(initial)}\n\n`);
      return live.watch(
        found.auction,
        { ...watcher, viewer: { kind: 'buyer' } },
        lastEventId ?? initial.last_seq,
      );
    },

    // ---- the supplier's side -------------------------------------------------------------------------

    async portalList(principal: Principal) {
      const supplierId = supplierGrant(principal);
      const organisationId = currentOrganisation(principal);
      const rows = await auctionsRepository(db).forSupplier(organisationId, supplierId);
      return rows.map((row) => portalView(row, supplierId, row.alias));
    },

    async portalGet(principal: Principal, id: number) {
      const { found, supplierId, alias } = await forSupplier(db, principal, id);
      return portalView(found, supplierId, alias);
    },

    async watchAsBidder(
      principal: Principal,
      id: number,
      watcher: Omit<Watcher, 'viewer'>,
      lastEventId: number | null,
    ) {
      const { found, supplierId, alias } = await forSupplier(db, principal, id);
      const initial = portalView(found, supplierId, alias);
      watcher.write(`event: state\ndata: ${JSON.stringify(initial)}\n\n`);
      return live.watch(
        found.auction,
        { ...watcher, viewer: { kind: 'bidder', supplierId } },
        lastEventId ?? initial.last_seq,
      );
    },

    /**
     * One bid. Checked first without the lock (the bidder is invited, the amount reads), then queued behind
     * the other bids on this auction in this process: one transaction at a time per auction and process
     * waits for the state row, the others wait in memory instead of holding pool connections. Each
     * transaction takes every bid queued meanwhile, in arrival order: locks the state row FOR UPDATE, reads
     * the server's clock and decides each bid in turn on the state the previous one left (turn, step,
     * reserve, time: a refusal is that bid's alone), then writes the new state WHERE last_seq is still the
     * one read, the accepted bids and one announcement each (NOTIFY, delivered at commit in seq order), in
     * one statement. Each bidder is answered after the commit.
     */
    async bid(principal: Principal, id: number, form: BidForm): Promise<BidReceipt> {
      const tIn = traceNow();
      const supplierId = supplierGrant(principal);
      const target = await auctionsRepository(db).bidTarget(currentOrganisation(principal), id, supplierId);
      if (!target || ['draft', 'cancelled'].includes(target.auction.status))
        throw notFound(message('auction.not_found'));
      const a = target.auction;
      if (a.status !== 'published') throw new AppError('conflict', message('auction.bid_ended'));
      const amount = decimalTextToMinor(form.amount, a.currency);
      if (amount === null || amount <= 0) throw fieldError('amount', message('auction.amount'));
      return new Promise<BidReceipt>((resolve, reject) => {
        let queue = bidQueues.get(id);
        if (!queue) bidQueues.set(id, (queue = { pending: [], running: false }));
        queue.pending.push({
          auction: a,
          supplierId,
          userId: principal.userId,
          amount,
          tIn,
          tRead: traceNow(),
          resolve,
          reject,
        });
        if (!queue.running) void drainBids(id, queue);
      });
    },
  };
}

export type AuctionsService = ReturnType<typeof createAuctionsService>;
