import type { AuctionState } from '@zabuni/domain';
import type { Db } from '../../../../infra/database.ts';
import type { Logger } from '../../../../infra/logger.ts';
import { listenToChannel, type ListenPool } from '../../../../infra/pg-listener.ts';
import {
  AUCTION_CHANNEL,
  auctionsRepository,
  bidOfAnnouncement,
  type AuctionRow,
  type LiveBid,
} from './auctions.repository.ts';
import { trace, traceNow, tracing } from './auctions.trace.ts';
import { bidContext, bidEvents, foldBids, liveEvent, type Viewer } from './auctions.views.ts';

/** A connected live view: writes Server-Sent Events to one client. */
export interface Watcher {
  viewer: Viewer;
  write(chunk: string): void;
}

interface Tracked {
  auction: AuctionRow;
  aliases: Map<string, string>;
  state: AuctionState;
  /** Each watcher with the last seq it already has (a watcher joins with the state it was sent). */
  watchers: Map<Watcher, { after: number }>;
  /** Every piece of work on this auction runs in this chain, so bids are applied and sent in seq order. */
  chain: Promise<void>;
  /** Bids announced and not applied yet. */
  heard: LiveBid[];
  /** Whether the next drain must read the table (an announcement missed or unreadable). */
  mustRead: boolean;
  drainQueued: boolean;
  /** Each bidder's event text after its rank, until its own amount (or the best shown) changes. */
  tails: Map<number, { key: string; text: string }>;
}

export const sseEvent = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The live view of every auction watched in this process. Each API process LISTENs on the bid channel (one
 * dedicated connection); each announcement carries its bid, so the process applies it to its copy of the
 * auction's state and writes it to every watcher without reading the table. Bids are applied strictly in
 * sequence: when one is missing (announcements lost while the listener reconnected) or unreadable, the
 * process reads the bids after the last it applied from the table — so a lost or late announcement can
 * delay an event, never lose or reorder it. Each bid's events are serialised once (the buyer's; the
 * bidders' shared part), and the bids of one burst go to each watcher in one write. A reconnecting client
 * sends Last-Event-ID (the bid sequence) and gets every bid after it replayed from the table first.
 */
export function createAuctionLive({ db, pool, logger }: { db: Db; pool: ListenPool; logger: Logger }) {
  const tracked = new Map<number, Tracked>();
  const loading = new Map<number, Promise<Tracked>>();
  const repository = auctionsRepository(db);

  const enqueue = (t: Tracked, work: () => Promise<void> | void) => {
    t.chain = t.chain
      .then(work)
      .catch((error: Error) => logger.warn({ err: error.message }, 'auction live update failed'));
    return t.chain;
  };

  /** Applies the bids that follow the copy's last, in order, and writes them to the watchers. */
  const send = (t: Tracked, bids: readonly LiveBid[]) => {
    const started = tracing ? traceNow() : 0;
    const chunks = new Map<Watcher, string>();
    const sent: number[] = [];
    for (const bid of bids) {
      if (bid.seq !== t.state.lastSeq + 1) continue; // already applied
      t.state = foldBids(t.auction, [bid], undefined, t.state);
      const events = bidEvents(bidContext(t.auction, t.state), t.aliases, bid, t.tails);
      for (const [w, joined] of t.watchers) {
        if (bid.seq <= joined.after) continue; // it had this bid already
        const text = w.viewer.kind === 'buyer' ? events.buyer() : events.bidder(w.viewer.supplierId);
        chunks.set(w, (chunks.get(w) ?? '') + text);
      }
      sent.push(bid.seq);
    }
    for (const [w, chunk] of chunks) w.write(chunk);
    if (tracing) {
      const ended = traceNow();
      for (const seq of sent) trace('sent', seq, started, ended);
    }
  };

  /** Applies what was announced (once per burst: every announcement of one read arrives before it runs). */
  const drain = (t: Tracked) => {
    if (t.drainQueued) return t.chain;
    t.drainQueued = true;
    return enqueue(t, async () => {
      t.drainQueued = false;
      const last = t.state.lastSeq;
      let bids = t.heard
        .splice(0)
        .filter((b) => b.seq > last)
        .sort((x, y) => x.seq - y.seq);
      if (t.mustRead || bids.some((b, i) => b.seq !== last + 1 + i)) {
        t.mustRead = false;
        bids = await repository.bidsAfter(t.auction.id, last);
      }
      send(t, bids);
    });
  };

  /** A status change (award, cancellation) in any process: the watchers are told to refresh. */
  const reload = (t: Tracked) =>
    enqueue(t, async () => {
      const found = await repository.findAny(t.auction.id);
      if (found) t.auction = found.auction;
      for (const w of t.watchers.keys()) w.write(sseEvent('status', { status: t.auction.status }));
    });

  // Started with the first watcher, so processes nobody watches from (the worker) hold no extra connection.
  let listener: ReturnType<typeof listenToChannel> | null = null;
  const startListening = () =>
    (listener ??= listenToChannel({
      pool,
      channel: AUCTION_CHANNEL,
      logger,
      onMessage(payload) {
        const parts = payload.split(':');
        const t = tracked.get(Number(parts[0]));
        if (!t) return;
        if (parts[1] === 'status') {
          void reload(t);
          return;
        }
        const bid = bidOfAnnouncement(parts);
        if (bid) {
          if (tracing) trace('note', bid.seq, traceNow());
          t.heard.push(bid);
        } else t.mustRead = true;
        void drain(t);
      },
      // Whatever was announced while the listener was down is read from the tables now.
      onReconnect() {
        for (const t of tracked.values()) {
          t.mustRead = true;
          void drain(t);
        }
      },
    }));

  /** The process's copy of an auction, read once however many watchers join at the same time. */
  function load(auction: AuctionRow) {
    const existing = tracked.get(auction.id);
    if (existing) return Promise.resolve(existing);
    let pending = loading.get(auction.id);
    if (!pending) {
      pending = (async () => {
        const participants = await repository.participants(auction.id);
        const t: Tracked = {
          auction,
          aliases: new Map(participants.map((p) => [String(p.supplierId), p.alias])),
          state: foldBids(auction, await repository.bidsAfter(auction.id, 0)),
          watchers: new Map(),
          chain: Promise.resolve(),
          heard: [],
          // Announcements between the read above and now were not heard (it was not tracked): read once more.
          mustRead: true,
          drainQueued: false,
          tails: new Map(),
        };
        tracked.set(auction.id, t);
        void drain(t);
        return t;
      })().finally(() => loading.delete(auction.id));
      loading.set(auction.id, pending);
    }
    return pending;
  }

  return {
    /** Resolves once this process listens (tests and the bench wait for it). */
    ready: () => startListening().ready,

    /**
     * Adds a watcher that has the state up to `lastEventId`: first the bids after it that this process has
     * applied (replayed from the table as they were seen then), then every bid live. Returns the function
     * that removes it.
     */
    async watch(auction: AuctionRow, watcher: Watcher, lastEventId: number | null): Promise<() => void> {
      await startListening().ready;
      for (;;) {
        const t = await load(auction);
        let joined = false;
        let dropped = false;
        await enqueue(t, async () => {
          // Its last watcher left and the copy was dropped after load() returned it: join a fresh one.
          if (tracked.get(auction.id) !== t) {
            dropped = true;
            return;
          }
          const from = lastEventId ?? t.state.lastSeq;
          if (from < t.state.lastSeq) {
            const history = await repository.bidsAfter(auction.id, 0);
            foldBids(
              auction,
              history.filter((b) => b.seq <= t.state.lastSeq),
              (state, bid) => {
                if (bid.seq > from) {
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
          // A watcher whose state is ahead of this process's copy skips the bids it already has.
          t.watchers.set(watcher, { after: Math.max(from, t.state.lastSeq) });
          joined = true;
        });
        if (dropped) continue;
        if (!joined) throw new Error('The live view could not be opened.');
        return () => {
          t.watchers.delete(watcher);
          if (t.watchers.size === 0) {
            void enqueue(t, () => {
              if (t.watchers.size === 0 && tracked.get(auction.id) === t) tracked.delete(auction.id);
            });
          }
        };
      }
    },

    close: async () => {
      await listener?.close();
      listener = null;
    },
  };
}

export type AuctionLive = ReturnType<typeof createAuctionLive>;
