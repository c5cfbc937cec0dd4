import { describe, expect, it } from 'vitest';
import type { AuctionRow } from './auctions.repository.ts';
import { sseEvent } from './auctions.live.ts';
import { bidContext, bidEvents, foldBids, liveEvent } from './auctions.views.ts';

/**
 * The live views serialise each bid once (the buyer's event; the bidders' shared part plus their own fields,
 * those kept between bids): the text must be exactly what `liveEvent` says for every viewer after every bid.
 */
const auction = (over: Partial<AuctionRow>) =>
  ({
    id: 1,
    status: 'published',
    direction: 'reverse',
    rules: 'open',
    visibility: 'rank_only',
    currency: 'KES',
    startsAt: new Date('2026-11-26T09:00:00Z'),
    endsAt: new Date('2026-11-26T10:00:00Z'),
    roundsTiming: null,
    antiSniping: { windowSeconds: 120, extensionSeconds: 120, maxExtensions: 2 },
    stepKind: 'percent',
    stepValue: 150,
    reservePrice: null,
    referenceValue: null,
    ...over,
  }) as AuctionRow;

describe('bid events serialised once per bid', () => {
  for (const [direction, visibility] of [
    ['reverse', 'rank_only'],
    ['reverse', 'best_price'],
    ['forward', 'best_price'],
    ['forward', 'rank_only'],
  ] as const) {
    it(`match liveEvent for the buyer and every bidder (${direction}, ${visibility})`, () => {
      const a = auction({ direction, visibility });
      const aliases = new Map(['11', '12', '13', '14'].map((id, i) => [id, `Bidder ${i + 1}`]));
      const tails = new Map<number, { key: string; text: string }>();
      let state = foldBids(a, []);
      let amount = direction === 'reverse' ? 1_000_000 : 100_000;
      for (let seq = 1; seq <= 40; seq++) {
        const supplierId = 11 + ((seq * 7) % 3); // 14 never bids
        amount += (direction === 'reverse' ? -1 : 1) * (1_000 + ((seq * 37) % 500));
        const bid = {
          seq,
          supplierId,
          amount,
          placedAt: new Date(Date.parse('2026-11-26T09:00:00Z') + seq * 1_000),
          extended: seq % 9 === 0,
          endsAtAfter: null,
        };
        state = foldBids(a, [bid], undefined, state);
        const context = bidContext(a, state);
        const events = bidEvents(context, aliases, bid, tails);
        expect(events.buyer()).toBe(
          sseEvent('bid', liveEvent(context, aliases, bid, { kind: 'buyer' }), seq),
        );
        for (const id of [11, 12, 13, 14]) {
          const expected = sseEvent(
            'bid',
            liveEvent(bidContext(a, state), aliases, bid, { kind: 'bidder', supplierId: id }),
            seq,
          );
          expect(events.bidder(id)).toBe(expected);
          expect(JSON.parse(expected.split('data: ')[1]!)).toHaveProperty('own_rank');
        }
      }
    });
  }
});
