import { describe, expect, it } from 'vitest';
import {
  auctionConfigProblems,
  auctionPhase,
  decideBid,
  initialAuctionState,
  rankOf,
  rankStandings,
  requiredAmount,
  roundsEnd,
  stepAmount,
  turnOrder,
  type AuctionConfig,
  type AuctionState,
} from './auction-rules.ts';

const start = new Date('2026-12-01T09:00:00Z');
const at = (s: number) => new Date(start.getTime() + s * 1000);

const open = (over: Partial<AuctionConfig> = {}): AuctionConfig => ({
  direction: 'reverse',
  rules: 'open',
  startsAt: start,
  endsAt: at(600),
  rounds: null,
  antiSniping: { windowSeconds: 120, extensionSeconds: 120, maxExtensions: 2 },
  step: { kind: 'amount', amount: 1_000 },
  reservePrice: null,
  visibility: 'rank_only',
  referenceValue: null,
  ...over,
});

const rounds = (over: Partial<AuctionConfig> = {}): AuctionConfig => ({
  ...open(),
  rules: 'rounds',
  endsAt: null,
  antiSniping: null,
  rounds: { firstPauseSeconds: 300, rounds: 3, turnSeconds: 120, pauseSeconds: 120 },
  step: { kind: 'percent', basisPoints: 100 },
  ...over,
});

/** Applies bids in order; returns the final state and each decision. */
function run(config: AuctionConfig, bids: [string, number, number][]) {
  let state: AuctionState = initialAuctionState(config);
  const decisions = bids.map(([bidderId, amount, s]) => {
    const d = decideBid(config, state, { bidderId, amount, at: at(s) });
    if (d.accepted) state = d.state;
    return d;
  });
  return { state, decisions };
}

describe('minimum step', () => {
  it.each([
    [{ kind: 'amount', amount: 500 }, 100_000, 500],
    [{ kind: 'percent', basisPoints: 50 }, 100_000, 500],
    [{ kind: 'percent', basisPoints: 300 }, 100_000, 3_000],
    [{ kind: 'percent', basisPoints: 50 }, 99_999, 500], // 499.995 rounds up
    [{ kind: 'percent', basisPoints: 50 }, 10, 1], // at least one minor unit
  ] as const)('%j of %i is %i', (step, baseline, expected) => {
    expect(stepAmount(step, baseline)).toBe(expected);
  });
});

describe('configuration', () => {
  it.each([
    ['open, fine', open(), []],
    ['open without end', open({ endsAt: null }), ['open_needs_end']],
    ['open ending before start', open({ endsAt: at(-1) }), ['end_before_start']],
    ['open without anti-sniping', open({ antiSniping: null }), ['open_needs_anti_sniping']],
    ['rounds, fine', rounds(), []],
    [
      'rounds, step 0.4 %',
      rounds({ step: { kind: 'percent', basisPoints: 40 } }),
      ['step_outside_prozorro_bounds'],
    ],
    [
      'rounds, step 3.1 %',
      rounds({ step: { kind: 'percent', basisPoints: 310 } }),
      ['step_outside_prozorro_bounds'],
    ],
    [
      'rounds, amount step 5 % of value',
      rounds({ step: { kind: 'amount', amount: 5_000 }, referenceValue: 100_000 }),
      ['step_outside_prozorro_bounds'],
    ],
    [
      'rounds, amount step 1 % of value',
      rounds({ step: { kind: 'amount', amount: 1_000 }, referenceValue: 100_000 }),
      [],
    ],
    ['open, step 5 % (no Prozorro bound)', open({ step: { kind: 'percent', basisPoints: 500 } }), []],
    ['zero step', open({ step: { kind: 'amount', amount: 0 } }), ['step_not_positive']],
    ['zero reserve', open({ reservePrice: 0 }), ['reserve_not_positive']],
    ['rounds without timing', rounds({ rounds: null }), ['rounds_needs_timing']],
  ] as [string, AuctionConfig, string[]][])('%s', (_name, config, problems) => {
    expect(auctionConfigProblems(config)).toEqual(problems);
  });
});

describe('ranking', () => {
  const standings = [
    { bidderId: 'a', amount: 900, seq: 3, at: at(3) },
    { bidderId: 'b', amount: 800, seq: 4, at: at(4) },
    { bidderId: 'c', amount: 800, seq: 2, at: at(2) },
    { bidderId: 'd', amount: 1000, seq: 1, at: at(1) },
  ];
  it.each([
    ['reverse', ['c', 'b', 'a', 'd']],
    ['forward', ['d', 'a', 'c', 'b']],
  ] as const)('%s: best first, equal amounts by the earlier bid', (direction, order) => {
    expect(rankStandings(direction, standings).map((s) => s.bidderId)).toEqual(order);
    expect(rankOf(direction, standings, order[2])).toBe(3);
    expect(rankOf(direction, standings, 'nobody')).toBeNull();
  });
  it.each([
    // Prozorro: worst first; equal amounts, the later bid first.
    ['reverse', ['d', 'a', 'b', 'c']],
    ['forward', ['b', 'c', 'a', 'd']],
  ] as const)('%s turn order: worst first, ties later-bid first', (direction, order) => {
    expect(turnOrder(direction, standings)).toEqual(order);
  });
});

describe('open rules with anti-sniping (reverse, end at 600 s, window 120 s, +120 s, twice)', () => {
  it.each([
    ['before the start', [['a', 10_000, -1]], [false], 'not_started'],
    ['at the start', [['a', 10_000, 0]], [true], null],
    ['at the end instant', [['a', 10_000, 600]], [false], 'ended'],
    [
      'own bid improved by the step',
      [
        ['a', 10_000, 10],
        ['a', 9_000, 20],
      ],
      [true, true],
      null,
    ],
    [
      'own bid improved by less than the step',
      [
        ['a', 10_000, 10],
        ['a', 9_001, 20],
      ],
      [true, false],
      'step_too_small',
    ],
    [
      'own bid raised',
      [
        ['a', 10_000, 10],
        ['a', 11_000, 20],
      ],
      [true, false],
      'step_too_small',
    ],
    ['zero', [['a', 0, 10]], [false], 'not_positive'],
    ['fraction of a minor unit', [['a', 10.5, 10]], [false], 'not_positive'],
    // rank-only: a bidder does not know the best price, so another bidder's bid is not the baseline
    [
      'another bidder above the best (rank only)',
      [
        ['a', 10_000, 10],
        ['b', 12_000, 20],
      ],
      [true, true],
      null,
    ],
  ] as [string, [string, number, number][], boolean[], string | null][])(
    '%s',
    (_n, bids, accepted, reason) => {
      const { decisions } = run(open(), bids);
      expect(decisions.map((d) => d.accepted)).toEqual(accepted);
      const last = decisions.at(-1)!;
      expect(last.accepted ? null : last.reason).toBe(reason);
    },
  );

  it('best-price visibility: a bid must beat the best bid by the step', () => {
    const { decisions } = run(open({ visibility: 'best_price' }), [
      ['a', 10_000, 10],
      ['b', 9_500, 20],
      ['b', 9_000, 30],
    ]);
    expect(decisions.map((d) => (d.accepted ? 'ok' : `${d.reason}:${d.required}`))).toEqual([
      'ok',
      'step_too_small:9000',
      'ok',
    ]);
  });

  it.each([
    // [bid at seconds, expected end seconds after, extensions, extended]
    [[100], 600, 0, [false]],
    [[479], 600, 0, [false]], // 121 s left: outside the window
    [[480], 720, 1, [true]], // exactly 120 s left: inside
    [[480, 700], 840, 2, [true, true]], // the extended end is the new reference
    [[480, 700, 830], 840, 2, [true, true, false]], // at most twice
  ] as [number[], number, number, boolean[]][])(
    'bids at %j end at %i s',
    (times, end, extensions, extended) => {
      let amount = 100_000;
      const { state, decisions } = run(
        open(),
        times.map((s) => ['a', (amount -= 1_000), s]),
      );
      expect(decisions.map((d) => d.accepted && d.extended)).toEqual(extended);
      expect(state.endsAt).toEqual(at(end));
      expect(state.extensions).toBe(extensions);
    },
  );

  it('a bid after an extension is accepted until the extended end, refused at it', () => {
    const { decisions } = run(open(), [
      ['a', 10_000, 500],
      ['b', 9_000, 719],
      ['a', 8_000, 839.999],
      ['b', 7_000, 960],
    ]);
    expect(decisions.map((d) => (d.accepted ? 'ok' : d.reason))).toEqual(['ok', 'ok', 'ok', 'ended']);
  });
});

describe('reserve price', () => {
  it.each([
    ['reverse', 50_000, 50_000, true],
    ['reverse', 50_000, 50_001, false],
    ['forward', 50_000, 50_000, true],
    ['forward', 50_000, 49_999, false],
  ] as const)('%s auction, reserve %i, bid %i accepted: %s', (direction, reservePrice, amount, ok) => {
    const d = decideBid(open({ direction, reservePrice }), initialAuctionState(open()), {
      bidderId: 'a',
      amount,
      at: at(10),
    });
    expect(d.accepted).toBe(ok);
    if (!d.accepted) expect(d).toMatchObject({ reason: 'reserve_not_met', required: reservePrice });
  });
});

describe('forward (English) auction: highest wins', () => {
  it('steps go up; a lower bid is refused', () => {
    const config = open({
      direction: 'forward',
      visibility: 'best_price',
      step: { kind: 'amount', amount: 500 },
    });
    const { state, decisions } = run(config, [
      ['a', 10_000, 10],
      ['b', 10_400, 20],
      ['b', 10_500, 30],
      ['a', 11_000, 40],
    ]);
    expect(decisions.map((d) => d.accepted)).toEqual([true, false, true, true]);
    expect(rankStandings('forward', state.standings).map((s) => [s.bidderId, s.amount])).toEqual([
      ['a', 11_000],
      ['b', 10_500],
    ]);
    expect(requiredAmount(config, state, 'b')).toBe(11_500);
  });
});

describe('rounds rules (Prozorro): 3 bidders, first pause 300 s, 3 rounds of 120 s turns, 120 s pauses', () => {
  const config = rounds();
  // initial bids before the start: a 10 000, b 9 000, c 10 000 (c later than a)
  const initial: [string, number, number][] = [
    ['a', 10_000, -30],
    ['b', 9_000, -20],
    ['c', 10_000, -10],
  ];

  it('lasts 300 + 3 × 3 × 120 + 2 × 120 s', () => {
    expect(roundsEnd(config, 3)).toEqual(at(300 + 3 * 360 + 240));
  });

  it.each([
    [-1, 'scheduled'],
    [0, 'initial_pause'],
    [299, 'initial_pause'],
    [300, 'turn:0:0:c'], // worst first; a and c tie at 10 000, c bid later → c first
    [420, 'turn:0:1:a'],
    [540, 'turn:0:2:b'],
    [660, 'pause:0'],
    [780, 'turn:1:0:c'],
    [1620, 'ended'],
  ] as const)('at %i s the phase is %s', (s, expected) => {
    const { state } = run(config, initial);
    const p = auctionPhase(config, state, at(s));
    const shown =
      p.phase === 'turn'
        ? `turn:${p.round}:${p.turn}:${p.bidderId}`
        : p.phase === 'pause'
          ? `pause:${p.round}`
          : p.phase;
    expect(shown).toBe(expected);
  });

  it.each([
    ['the turn holder bids with the step (1 % of 10 000 = 100)', ['c', 9_900, 301], true, null],
    ['the turn holder bids less than the step', ['c', 9_901, 301], false, 'step_too_small'],
    ['someone else bids in c’s turn', ['a', 8_000, 301], false, 'not_your_turn'],
    ['a bid during the first pause', ['b', 8_000, 100], false, 'not_started'],
    ['a bid during the pause between rounds', ['c', 8_000, 700], false, 'not_your_turn'],
    ['a stranger after the start', ['x', 8_000, 301], false, 'not_a_participant'],
    ['a bid after the end', ['c', 8_000, 1620], false, 'ended'],
  ] as [string, [string, number, number], boolean, string | null][])('%s', (_n, bid, ok, reason) => {
    const { decisions } = run(config, [...initial, bid]);
    const d = decisions.at(-1)!;
    expect(d.accepted).toBe(ok);
    expect(d.accepted ? null : d.reason).toBe(reason);
  });

  it('inactivity keeps the previous bid; the next round is ordered from the bids as they stand', () => {
    const { state, decisions } = run(config, [
      ...initial,
      ['c', 8_500, 310], // c: 8 500 (now best)
      ['c', 8_400, 350], // c changes its bid within its own turn
      // a does nothing in its turn (420–540): keeps 10 000
      ['b', 8_910, 560], // b: 8 910
    ]);
    expect(decisions.every((d) => d.accepted)).toBe(true);
    expect(state.roundOrders[0]).toEqual(['c', 'a', 'b']);
    // round 2 starts at 780: worst first → a (10 000), b (8 910), c (8 400)
    const p = auctionPhase(config, state, at(780));
    expect(p).toMatchObject({ phase: 'turn', round: 1, order: ['a', 'b', 'c'], bidderId: 'a' });
    expect(rankStandings('reverse', state.standings).map((s) => s.bidderId)).toEqual(['c', 'b', 'a']);
  });

  it('the order of a round is fixed at its first bid (a bid does not reshuffle the turns left)', () => {
    const { state, decisions } = run(config, [...initial, ['c', 5_000, 301], ['a', 4_000, 421]]);
    expect(decisions.map((d) => d.accepted)).toEqual([true, true, true, true, true]);
    expect(auctionPhase(config, state, at(541))).toMatchObject({ phase: 'turn', bidderId: 'b' });
  });

  it('initial bids are replaceable before the start and refused on the wrong side of the reserve', () => {
    const withReserve = rounds({ reservePrice: 9_500 });
    const { state, decisions } = run(withReserve, [
      ['a', 10_000, -30],
      ['a', 9_400, -20],
      ['b', 9_000, -10],
    ]);
    expect(decisions.map((d) => d.accepted)).toEqual([false, true, true]);
    expect(state.standings.map((s) => [s.bidderId, s.amount])).toEqual([
      ['a', 9_400],
      ['b', 9_000],
    ]);
  });

  it('with fewer than two initial bids there is no auction', () => {
    const { state } = run(config, [['a', 10_000, -5]]);
    expect(auctionPhase(config, state, at(1)).phase).toBe('ended');
  });
});
