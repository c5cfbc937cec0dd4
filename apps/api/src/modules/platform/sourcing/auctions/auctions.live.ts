import type { AuctionState } from '@zabuni/domain';
import type { Db } from '../../../../infra/database.ts';
import type { Logger } from '../../../../infra/logger.ts';
import { listenToChannel, type ListenPool } from '../../../../infra/pg-listener.ts';
import {
  AUCTION_CHANNEL,
  auctionsRepository,
  type AuctionRow,
  type StoredBid,
} from './auctions.repository.ts';
import { bidContext, foldBids, liveEvent, type Viewer } from './auctions.views.ts';

/** A connected live view: writes Server-Sent Events to one client. */
export interface Watcher {
  viewer: Viewer;
  write(chunk: string): void;
}

interface Tracked {
  auction: AuctionRow;
  aliases: Map<string, string>;
  state: AuctionState;
  watchers: Set<Watcher>;
  /** Every piece of work on this auction runs in this chain, so bids are applied and sent in seq order. */
  chain: Promise<void>;
  /** A fetch is queued; further notifications until it runs need no fetch of their own. */
  fetchQueued: boolean;
}

export const sseEvent = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The live view of every auction watched in this process. Each API process LISTENs on the bid channel (one
 * dedicated connection); a notification makes the process read the auction's bids after the last it applied,
 * from the table, in sequence order — so a lost notification (a reconnect) or one arriving out of turn can
 * delay an event, never lose or reorder it. A reconnecting client sends Last-Event-ID (the bid sequence)
 * and gets every bid after it replayed from the table before the live ones.
 */
export function createAuctionLive({ db, pool, logger }: { db: Db; pool: ListenPool; logger: Logger }) {
  const tracked = new Map<number, Tracked>();
  const repository = auctionsRepository(db);

  const enqueue = (t: Tracked, work: () => Promise<void>) => {
    t.chain = t.chain
      .then(work)
      .catch((error: Error) => logger.warn({ err: error.message }, 'auction live update failed'));
    return t.chain;
  };

  const send = (t: Tracked, bids: StoredBid[]) => {
    for (const bid of bids) {
      if (bid.seq !== t.state.lastSeq + 1) continue; // already applied
      t.state = foldBids(t.auction, [bid], undefined, t.state);
      const context = bidContext(t.auction, t.state);
      for (const w of t.watchers) {
        w.write(sseEvent('bid', liveEvent(context, t.aliases, bid, w.viewer), bid.seq));
      }
    }
  };

  const catchUp = (t: Tracked) => {
    if (t.fetchQueued) return t.chain;
    t.fetchQueued = true;
    return enqueue(t, async () => {
      t.fetchQueued = false;
      send(t, await repository.bidsAfter(t.auction.id, t.state.lastSeq));
    });
  };

  /** A status change (award, cancellation) in any process: the watchers are told to refresh. */
  const reload = (t: Tracked) =>
    enqueue(t, async () => {
      const found = await repository.findAny(t.auction.id);
      if (found) t.auction = found.auction;
      for (const w of t.watchers) w.write(sseEvent('status', { status: t.auction.status }));
    });

  // Started with the first watcher, so processes nobody watches from (the worker) hold no extra connection.
  let listener: ReturnType<typeof listenToChannel> | null = null;
  const startListening = () =>
    (listener ??= listenToChannel({
      pool,
      channel: AUCTION_CHANNEL,
      logger,
      onMessage(payload) {
        const [id, what] = payload.split(':');
        const t = tracked.get(Number(id));
        if (!t) return;
        if (what === 'status') reload(t);
        else void catchUp(t);
      },
      // Whatever was announced while the listener was down is read from the tables now.
      onReconnect() {
        for (const t of tracked.values()) void catchUp(t);
      },
    }));

  async function load(auction: AuctionRow) {
    const existing = tracked.get(auction.id);
    if (existing) return existing;
    const participants = await repository.participants(auction.id);
    const t: Tracked = {
      auction,
      aliases: new Map(participants.map((p) => [String(p.supplierId), p.alias])),
      state: foldBids(auction, await repository.bidsAfter(auction.id, 0)),
      watchers: new Set(),
      chain: Promise.resolve(),
      fetchQueued: false,
    };
    // Another connection may have loaded it meanwhile: keep the first.
    const raced = tracked.get(auction.id);
    if (raced) return raced;
    tracked.set(auction.id, t);
    return t;
  }

  return {
    /** Resolves once this process listens (tests and the bench wait for it). */
    ready: () => startListening().ready,

    /**
     * Adds a watcher: first the bids after `lastEventId` (replayed from the table as they were seen then),
     * then every bid live. Returns the function that removes it.
     */
    async watch(auction: AuctionRow, watcher: Watcher, lastEventId: number | null): Promise<() => void> {
      await startListening().ready;
      const t = await load(auction);
      await enqueue(t, async () => {
        // Bring the process's copy up to the table before replaying and joining.
        send(t, await repository.bidsAfter(auction.id, t.state.lastSeq));
        if (lastEventId !== null && lastEventId < t.state.lastSeq) {
          const history = await repository.bidsAfter(auction.id, 0);
          foldBids(
            auction,
            history.filter((b) => b.seq <= t.state.lastSeq),
            (state, bid) => {
              if (bid.seq > lastEventId) {
                watcher.write(
                  sseEvent(
                    'bid',
                    liveEvent(bidContext(auction, state), t.aliases, bid, watcher.viewer),
                    bid.seq,
                  ),
                );
              }
            },
          );
        }
        t.watchers.add(watcher);
      });
      return () => {
        t.watchers.delete(watcher);
        if (t.watchers.size === 0) {
          void enqueue(t, async () => {
            if (t.watchers.size === 0) tracked.delete(auction.id);
          });
        }
      };
    },

    close: async () => {
      await listener?.close();
      listener = null;
    },
  };
}

export type AuctionLive = ReturnType<typeof createAuctionLive>;
