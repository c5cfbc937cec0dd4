/**
 * Live eAuctions (issue 21): the rules that decide, on the server's clock, whether a bid is accepted and what
 * the auction's state becomes. Pure: the service loads the state row (locked), calls `decideBid`, and writes
 * the new state and the bid in the same transaction.
 *
 * Two directions: `reverse` (a buyer buys, the LOWEST amount wins) and `forward` (an asset is sold, the
 * HIGHEST amount wins). Two rule sets:
 *
 * - `rounds` (Prozorro, OpenProcurement): initial bids are taken before the start and shown anonymised at the
 *   start; a first pause follows; then N rounds in which every bidder has exactly one turn, the order running
 *   from the worst bid to the best (ties: the later bid goes first), recomputed at each round's start from
 *   the bids as they stand. Only the bidder whose turn it is may bid; doing nothing keeps the previous bid.
 *   Duration = firstPause + N × (bidders × turn) + (N − 1) × pause.
 * - `open` with anti-sniping: anyone invited may bid between the start and the end; a bid within the last
 *   `windowSeconds` pushes the end back by `extensionSeconds`, at most `maxExtensions` times (Oracle's
 *   "triggering period / length / number of extensions", counted from the close time).
 *
 * Every bid must improve on the bidder's own current bid by at least the minimum step (Prozorro; Ariba:
 * "suppliers cannot raise their own bid back up"). When bidders can see the best price (`best_price`), an
 * open-rules bid must also beat the best bid by the step, as in an English auction; with `rank_only` they
 * cannot know the best price, so only their own bid is the baseline. The step is an amount or a percentage
 * (basis points) of that baseline. A reserve price refuses bids on the wrong side of it: above it in a
 * reverse auction (the most the buyer will pay), below it in a forward auction (the least the seller takes).
 *
 * Amounts are integer minor units. Ranking: the better amount first; equal amounts rank by the earlier bid.
 */

export const AUCTION_DIRECTIONS = ['reverse', 'forward'] as const;
export type AuctionDirection = (typeof AUCTION_DIRECTIONS)[number];

export const AUCTION_RULE_SETS = ['rounds', 'open'] as const;
export type AuctionRuleSet = (typeof AUCTION_RULE_SETS)[number];

export const AUCTION_VISIBILITIES = ['rank_only', 'best_price'] as const;
export type AuctionVisibility = (typeof AUCTION_VISIBILITIES)[number];

export type AuctionStep = { kind: 'amount'; amount: number } | { kind: 'percent'; basisPoints: number };

/** Prozorro's bounds for the minimal step: 0.5 % to 3 % of the value. */
export const PROZORRO_STEP_MIN_BASIS_POINTS = 50;
export const PROZORRO_STEP_MAX_BASIS_POINTS = 300;

/** Prozorro's timings (seconds): FIRST_PAUSE_SECONDS, ROUNDS, BIDS_SECONDS, PAUSE_SECONDS. */
export const PROZORRO_DEFAULTS = {
  firstPauseSeconds: 300,
  rounds: 3,
  turnSeconds: 120,
  pauseSeconds: 120,
} as const;

export interface AuctionRoundsTiming {
  firstPauseSeconds: number;
  rounds: number;
  turnSeconds: number;
  pauseSeconds: number;
}

export interface AuctionAntiSniping {
  windowSeconds: number;
  extensionSeconds: number;
  maxExtensions: number;
}

export interface AuctionConfig {
  direction: AuctionDirection;
  rules: AuctionRuleSet;
  startsAt: Date;
  /** Open rules: the scheduled end before any extension. Ignored for rounds (derived from the timing). */
  endsAt: Date | null;
  rounds: AuctionRoundsTiming | null;
  antiSniping: AuctionAntiSniping | null;
  step: AuctionStep;
  reservePrice: number | null;
  visibility: AuctionVisibility;
  /** The value the step's Prozorro bounds are checked against (estimated value or starting price). */
  referenceValue: number | null;
}

export interface AuctionStanding {
  bidderId: string;
  amount: number;
  /** The server sequence number of the bid that set this amount. */
  seq: number;
  at: Date;
}

export interface AuctionState {
  standings: AuctionStanding[];
  /** Open rules: the current end (moved by anti-sniping). */
  endsAt: Date | null;
  extensions: number;
  /** Rounds rules: the turn order of each round once fixed (fixed at the round's first bid or on reading). */
  roundOrders: string[][];
  lastSeq: number;
}

export function initialAuctionState(config: AuctionConfig): AuctionState {
  return {
    standings: [],
    endsAt: config.rules === 'open' ? config.endsAt : null,
    extensions: 0,
    roundOrders: [],
    lastSeq: 0,
  };
}

/** Is `a` a better amount than `b` in this direction? */
export function isBetter(direction: AuctionDirection, a: number, b: number): boolean {
  return direction === 'reverse' ? a < b : a > b;
}

/** Best first; equal amounts: the earlier bid (lower sequence) first. */
export function rankStandings(
  direction: AuctionDirection,
  standings: readonly AuctionStanding[],
): AuctionStanding[] {
  return [...standings].sort((a, b) =>
    a.amount === b.amount ? a.seq - b.seq : isBetter(direction, a.amount, b.amount) ? -1 : 1,
  );
}

/** 1-based rank of a bidder, or null when the bidder has no bid. */
export function rankOf(direction: AuctionDirection, standings: readonly AuctionStanding[], bidderId: string) {
  const index = rankStandings(direction, standings).findIndex((s) => s.bidderId === bidderId);
  return index < 0 ? null : index + 1;
}

export function bestStanding(direction: AuctionDirection, standings: readonly AuctionStanding[]) {
  return rankStandings(direction, standings)[0] ?? null;
}

/** Prozorro's turn order: worst bid first; equal amounts, the later bid first. */
export function turnOrder(direction: AuctionDirection, standings: readonly AuctionStanding[]): string[] {
  return [...standings]
    .sort((a, b) =>
      a.amount === b.amount ? b.seq - a.seq : isBetter(direction, a.amount, b.amount) ? 1 : -1,
    )
    .map((s) => s.bidderId);
}

/** The smallest improvement required over `baseline`, in minor units (a percentage rounds up, at least 1). */
export function stepAmount(step: AuctionStep, baseline: number): number {
  if (step.kind === 'amount') return step.amount;
  return Math.max(1, Math.ceil((baseline * step.basisPoints) / 10_000));
}

export type AuctionConfigProblem =
  | 'open_needs_end'
  | 'end_before_start'
  | 'open_needs_anti_sniping'
  | 'rounds_needs_timing'
  | 'step_not_positive'
  | 'step_outside_prozorro_bounds'
  | 'reserve_not_positive';

/** What is wrong with an auction's setup (empty when it can run). */
export function auctionConfigProblems(config: AuctionConfig): AuctionConfigProblem[] {
  const problems: AuctionConfigProblem[] = [];
  if (config.rules === 'open') {
    if (!config.endsAt) problems.push('open_needs_end');
    else if (config.endsAt.getTime() <= config.startsAt.getTime()) problems.push('end_before_start');
    if (!config.antiSniping) problems.push('open_needs_anti_sniping');
  } else {
    const t = config.rounds;
    if (!t || t.rounds < 1 || t.turnSeconds < 1 || t.firstPauseSeconds < 0 || t.pauseSeconds < 0) {
      problems.push('rounds_needs_timing');
    }
  }
  const stepValue = config.step.kind === 'amount' ? config.step.amount : config.step.basisPoints;
  if (!Number.isSafeInteger(stepValue) || stepValue <= 0) problems.push('step_not_positive');
  else if (config.rules === 'rounds') {
    // Prozorro bounds the minimal step to 0.5–3 % of the value; a fixed amount is checked against the
    // reference value when there is one.
    const bp =
      config.step.kind === 'percent'
        ? config.step.basisPoints
        : config.referenceValue
          ? (config.step.amount * 10_000) / config.referenceValue
          : null;
    if (bp !== null && (bp < PROZORRO_STEP_MIN_BASIS_POINTS || bp > PROZORRO_STEP_MAX_BASIS_POINTS)) {
      problems.push('step_outside_prozorro_bounds');
    }
  }
  if (
    config.reservePrice !== null &&
    (!Number.isSafeInteger(config.reservePrice) || config.reservePrice <= 0)
  ) {
    problems.push('reserve_not_positive');
  }
  return problems;
}

export type AuctionPhase =
  | { phase: 'scheduled'; until: Date }
  | { phase: 'initial_pause'; until: Date }
  | { phase: 'turn'; round: number; turn: number; bidderId: string; until: Date; order: string[] }
  | { phase: 'pause'; round: number; until: Date }
  | { phase: 'open'; until: Date }
  | { phase: 'ended'; at: Date };

const seconds = (date: Date, s: number) => new Date(date.getTime() + s * 1000);

/** When a rounds auction with `bidders` participants ends. */
export function roundsEnd(config: AuctionConfig, bidders: number): Date {
  const t = config.rounds ?? PROZORRO_DEFAULTS;
  return seconds(
    config.startsAt,
    t.firstPauseSeconds + t.rounds * bidders * t.turnSeconds + Math.max(0, t.rounds - 1) * t.pauseSeconds,
  );
}

/** A round's order: the one fixed in the state, or the one the standings give now (nobody has bid in it yet). */
export function roundOrder(config: AuctionConfig, state: AuctionState, round: number): string[] {
  return state.roundOrders[round] ?? turnOrder(config.direction, state.standings);
}

/** Where the auction stands at `now`. */
export function auctionPhase(config: AuctionConfig, state: AuctionState, now: Date): AuctionPhase {
  const t = now.getTime();
  if (t < config.startsAt.getTime()) return { phase: 'scheduled', until: config.startsAt };
  if (config.rules === 'open') {
    const endsAt = state.endsAt ?? config.endsAt ?? config.startsAt;
    return t < endsAt.getTime() ? { phase: 'open', until: endsAt } : { phase: 'ended', at: endsAt };
  }
  const timing = config.rounds ?? PROZORRO_DEFAULTS;
  const bidders = state.standings.length;
  const end = roundsEnd(config, bidders);
  // Fewer than two initial bids: nothing to auction (Prozorro skips the auction).
  if (bidders < 2) return { phase: 'ended', at: config.startsAt };
  if (t >= end.getTime()) return { phase: 'ended', at: end };
  const firstRoundAt = seconds(config.startsAt, timing.firstPauseSeconds);
  if (t < firstRoundAt.getTime()) return { phase: 'initial_pause', until: firstRoundAt };
  const roundLength = bidders * timing.turnSeconds;
  const elapsed = (t - firstRoundAt.getTime()) / 1000;
  const cycle = roundLength + timing.pauseSeconds;
  const round = Math.floor(elapsed / cycle);
  const within = elapsed - round * cycle;
  const roundStart = seconds(firstRoundAt, round * cycle);
  if (within >= roundLength) return { phase: 'pause', round, until: seconds(roundStart, cycle) };
  const turn = Math.floor(within / timing.turnSeconds);
  const order = roundOrder(config, state, round);
  return {
    phase: 'turn',
    round,
    turn,
    bidderId: order[turn] ?? '',
    until: seconds(roundStart, (turn + 1) * timing.turnSeconds),
    order,
  };
}

export type BidRefusal =
  | 'not_positive'
  | 'not_started'
  | 'ended'
  | 'initial_bids_closed'
  | 'not_your_turn'
  | 'not_a_participant'
  | 'step_too_small'
  | 'reserve_not_met';

export interface BidAttempt {
  bidderId: string;
  amount: number;
  /** The server's clock when the bid was received. */
  at: Date;
}

export type BidDecision =
  | {
      accepted: true;
      seq: number;
      state: AuctionState;
      extended: boolean;
      /** The amount the bid had to reach (for the bidder's next bid the service recomputes). */
      required: number | null;
    }
  | { accepted: false; reason: BidRefusal; required: number | null };

/**
 * Accept or refuse a bid on the server's clock. Rounds rules: before the start a bid is an initial bid (any
 * invited bidder, replaceable); during a turn only that turn's bidder; nobody during pauses. Open rules: any
 * invited bidder between the start and the (extended) end.
 */
export function decideBid(config: AuctionConfig, state: AuctionState, bid: BidAttempt): BidDecision {
  if (!Number.isSafeInteger(bid.amount) || bid.amount <= 0) return refuse('not_positive', null);
  const phase = auctionPhase(config, state, bid.at);
  const own = state.standings.find((s) => s.bidderId === bid.bidderId) ?? null;
  let roundOrders = state.roundOrders;

  if (config.rules === 'rounds') {
    if (phase.phase === 'scheduled') {
      // An initial bid: sealed until the start, replaceable; only the reserve applies.
      if (!meetsReserve(config, bid.amount)) return refuse('reserve_not_met', config.reservePrice);
      return accept(config, state, bid, roundOrders, false, null);
    }
    if (phase.phase === 'ended') return refuse('ended', null);
    if (!own) return refuse('not_a_participant', null);
    if (phase.phase !== 'turn')
      return refuse(phase.phase === 'initial_pause' ? 'not_started' : 'not_your_turn', null);
    if (phase.bidderId !== bid.bidderId) return refuse('not_your_turn', null);
    if (!state.roundOrders[phase.round]) {
      roundOrders = [...state.roundOrders];
      roundOrders[phase.round] = phase.order;
    }
  } else {
    if (phase.phase === 'scheduled') return refuse('not_started', null);
    if (phase.phase === 'ended') return refuse('ended', null);
  }

  const required = requiredAmount(config, state, bid.bidderId);
  if (
    required !== null &&
    isBetter(config.direction, bid.amount, required) === false &&
    bid.amount !== required
  ) {
    return refuse('step_too_small', required);
  }
  if (!meetsReserve(config, bid.amount)) return refuse('reserve_not_met', config.reservePrice);

  let extended = false;
  let endsAt = state.endsAt;
  let extensions = state.extensions;
  if (config.rules === 'open' && config.antiSniping && endsAt) {
    const left = endsAt.getTime() - bid.at.getTime();
    if (left <= config.antiSniping.windowSeconds * 1000 && extensions < config.antiSniping.maxExtensions) {
      endsAt = seconds(endsAt, config.antiSniping.extensionSeconds);
      extensions += 1;
      extended = true;
    }
  }
  return accept(config, { ...state, endsAt, extensions }, bid, roundOrders, extended, required);
}

/**
 * The amount a bidder's next bid must reach (at most, in a reverse auction; at least, in a forward one), or
 * null when any positive amount on the right side of the reserve will do (a first bid).
 */
export function requiredAmount(config: AuctionConfig, state: AuctionState, bidderId: string): number | null {
  const own = state.standings.find((s) => s.bidderId === bidderId) ?? null;
  let baseline = own?.amount ?? null;
  if (config.rules === 'open' && config.visibility === 'best_price') {
    const best = bestStanding(config.direction, state.standings);
    if (best && (baseline === null || isBetter(config.direction, best.amount, baseline)))
      baseline = best.amount;
  }
  if (baseline === null) return null;
  const step = stepAmount(config.step, baseline);
  return config.direction === 'reverse' ? baseline - step : baseline + step;
}

function meetsReserve(config: AuctionConfig, amount: number) {
  if (config.reservePrice === null) return true;
  return config.direction === 'reverse' ? amount <= config.reservePrice : amount >= config.reservePrice;
}

function refuse(reason: BidRefusal, required: number | null): BidDecision {
  return { accepted: false, reason, required };
}

function accept(
  _config: AuctionConfig,
  state: AuctionState,
  bid: BidAttempt,
  roundOrders: string[][],
  extended: boolean,
  required: number | null,
): BidDecision {
  const seq = state.lastSeq + 1;
  const standing: AuctionStanding = { bidderId: bid.bidderId, amount: bid.amount, seq, at: bid.at };
  const others = state.standings.filter((s) => s.bidderId !== bid.bidderId);
  return {
    accepted: true,
    seq,
    extended,
    required,
    state: { ...state, standings: [...others, standing], roundOrders, lastSeq: seq },
  };
}
