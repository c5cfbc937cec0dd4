import type { AuctionLiveEvent, AuctionPhaseName } from '@zabuni/contracts';
import {
  auctionPhase,
  isBetter,
  minorToDecimalText,
  rankStandings,
  stepAmount,
  type AuctionConfig,
  type AuctionState,
} from '@zabuni/domain';
import type { AuctionRow } from './auctions.repository.ts';

/** The domain's configuration of a stored auction. */
export function configOf(a: AuctionRow): AuctionConfig {
  return {
    direction: a.direction,
    rules: a.rules,
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    rounds: a.roundsTiming,
    antiSniping: a.antiSniping,
    step:
      a.stepKind === 'amount'
        ? { kind: 'amount', amount: a.stepValue }
        : { kind: 'percent', basisPoints: a.stepValue },
    reservePrice: a.reservePrice,
    visibility: a.visibility,
    referenceValue: a.referenceValue,
  };
}

/** The phase people see: the stored status first (draft, cancelled, award), then the clock's. */
export function phaseOf(a: AuctionRow, state: AuctionState, now: Date) {
  const live = auctionPhase(configOf(a), state, now);
  const name: AuctionPhaseName =
    a.status === 'draft' || a.status === 'cancelled' || a.status === 'award_pending' || a.status === 'awarded'
      ? a.status
      : live.phase;
  const endsAt = a.rules === 'open' ? state.endsAt : live.phase === 'ended' ? live.at : null;
  return {
    name,
    live,
    ended: live.phase === 'ended' && a.status !== 'draft',
    phaseEndsAt: 'until' in live ? live.until : null,
    endsAt,
  };
}

export const money = (currency: string) => (minor: number | null | undefined) =>
  minor === null || minor === undefined ? null : minorToDecimalText(minor, currency);

/** The step as shown: an amount in major units, or a percentage ("1.5"). */
export function stepText(a: AuctionRow) {
  if (a.stepKind === 'amount') return minorToDecimalText(a.stepValue, a.currency);
  const whole = Math.floor(a.stepValue / 100);
  const fraction = String(a.stepValue % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

export type Viewer = { kind: 'buyer' } | { kind: 'bidder'; supplierId: number };

/** What every viewer's event after one bid is computed from, ranked once (not once per watcher). */
export function bidContext(a: AuctionRow, state: AuctionState) {
  const ranked = rankStandings(a.direction, state.standings);
  const config = configOf(a);
  return {
    a,
    state,
    config,
    ranked,
    ranks: new Map(ranked.map((s, i) => [s.bidderId, { rank: i + 1, standing: s }])),
    buyerRanking: null as null | Array<{ rank: number; alias: string; amount: string }>,
  };
}
export type BidContext = ReturnType<typeof bidContext>;

/**
 * One live event for one viewer after the bid numbered `seq`: the buyer sees who bid by alias and the ranking
 * by alias; a bidder sees its own rank and amount, the best amount only with best-price visibility, and what
 * its next bid must reach. Names never travel on the live view.
 */
export function liveEvent(
  context: BidContext,
  aliases: ReadonlyMap<string, string>,
  bid: { seq: number; supplierId: number; amount: number; placedAt: Date; extended: boolean },
  viewer: Viewer,
): AuctionLiveEvent {
  const { a, state } = context;
  const m = money(a.currency);
  const base = {
    seq: bid.seq,
    at: bid.placedAt.toISOString(),
    ends_at: a.rules === 'open' ? (state.endsAt?.toISOString() ?? null) : null,
    extended: bid.extended,
    extensions: state.extensions,
    bidders: state.standings.length,
  };
  if (viewer.kind === 'buyer') {
    context.buyerRanking ??= context.ranked.map((s, i) => ({
      rank: i + 1,
      alias: aliases.get(s.bidderId) ?? '',
      amount: m(s.amount)!,
    }));
    return {
      ...base,
      alias: aliases.get(String(bid.supplierId)) ?? '',
      amount: m(bid.amount)!,
      ranking: context.buyerRanking,
    };
  }
  return { ...base, ...bidderFields(context, viewer.supplierId) };
}

/** A bidder's own part of a bid event: its rank and amount, the best amount when shown, what to beat. */
export function bidderFields(context: BidContext, supplierId: number) {
  const { a } = context;
  const m = money(a.currency);
  const me = context.ranks.get(String(supplierId)) ?? null;
  const best = context.ranked[0] ?? null;
  let baseline = me?.standing.amount ?? null;
  if (a.rules === 'open' && a.visibility === 'best_price' && best) {
    if (baseline === null || isBetter(a.direction, best.amount, baseline)) baseline = best.amount;
  }
  const step = baseline === null ? null : stepAmount(context.config.step, baseline);
  return {
    own_rank: me?.rank ?? null,
    own_amount: m(me?.standing.amount),
    best_amount: a.visibility === 'best_price' ? m(best?.amount) : null,
    required:
      baseline === null || step === null
        ? null
        : m(a.direction === 'reverse' ? baseline - step : baseline + step),
  };
}

/**
 * The Server-Sent Events of one bid, serialised once per bid rather than once per watcher: the buyer's
 * (the same for every buyer watching), and a bidder's as the shared part (JSON without its closing brace)
 * plus the bidder's own four fields (the last three kept in `tails` between bids, per auction). The same
 * text as `sseEvent('bid', liveEvent(…), seq)`.
 */
export function bidEvents(
  context: BidContext,
  aliases: ReadonlyMap<string, string>,
  bid: Parameters<typeof liveEvent>[2],
  tails: Map<number, { key: string; text: string }> = new Map(),
) {
  const head = `id: ${bid.seq}\nevent: bid\ndata: `;
  let buyer: string | null = null;
  let shared: string | null = null;
  return {
    buyer: () =>
      (buyer ??= `${head}${JSON.stringify(liveEvent(context, aliases, bid, { kind: 'buyer' }))}\n\n`),
    bidder(supplierId: number) {
      if (shared === null) {
        const { a, state } = context;
        const base = JSON.stringify({
          seq: bid.seq,
          at: bid.placedAt.toISOString(),
          ends_at: a.rules === 'open' ? (state.endsAt?.toISOString() ?? null) : null,
          extended: bid.extended,
          extensions: state.extensions,
          bidders: state.standings.length,
        });
        shared = `${head}${base.slice(0, -1)}`;
      }
      // Only the rank changes with every bid; the rest only with the bidder's own amount (and the best
      // amount when it is shown), so it is kept per bidder in `tails` between bids.
      const me = context.ranks.get(String(supplierId));
      const best = context.a.visibility === 'best_price' ? (context.ranked[0]?.amount ?? '') : '';
      const key = `${me?.standing.amount ?? ''}:${best}`;
      let tail = tails.get(supplierId);
      if (tail?.key !== key) {
        const own = bidderFields(context, supplierId);
        const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
        tail = {
          key,
          text: `,"own_amount":${text(own.own_amount)},"best_amount":${text(own.best_amount)},"required":${text(own.required)}}\n\n`,
        };
        tails.set(supplierId, tail);
      }
      return `${shared},"own_rank":${me?.rank ?? 'null'}${tail.text}`;
    },
  };
}

/** Folds stored bids (in sequence order) into standings, calling `each` after every bid. */
export function foldBids(
  a: AuctionRow,
  bids: ReadonlyArray<{
    seq: number;
    supplierId: number;
    amount: number;
    placedAt: Date;
    endsAtAfter: Date | null;
    extended: boolean;
  }>,
  each?: (state: AuctionState, bid: (typeof bids)[number]) => void,
  from?: AuctionState,
): AuctionState {
  let state: AuctionState = from ?? {
    standings: [],
    endsAt: a.rules === 'open' ? a.endsAt : null,
    extensions: 0,
    roundOrders: [],
    lastSeq: 0,
  };
  for (const bid of bids) {
    const bidderId = String(bid.supplierId);
    state = {
      ...state,
      standings: [
        ...state.standings.filter((s) => s.bidderId !== bidderId),
        { bidderId, amount: bid.amount, seq: bid.seq, at: bid.placedAt },
      ],
      endsAt: a.rules === 'open' ? (bid.endsAtAfter ?? state.endsAt) : null,
      extensions: state.extensions + (bid.extended ? 1 : 0),
      lastSeq: bid.seq,
    };
    each?.(state, bid);
  }
  return state;
}
