import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  auctionForm,
  auctionResults,
  auctionsQuery,
  auctionSummary,
  auctionView,
  bidForm,
  bidReceipt,
  errorBody,
  paginated,
  portalAuctionView,
  queryId,
} from '@zabuni/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import type { Watcher } from './auctions.live.ts';
import { AUCTION_ROLES, type AuctionsService } from './auctions.service.ts';

const tags = ['Sourcing: eAuctions'];
const portalTags = ['Supplier portal'];
const BUYER_STAFF = { access: { side: 'buyer' } } as const;
const PROCUREMENT = { access: { side: 'buyer', roles: AUCTION_ROLES } } as const;
const SUPPLIER = { access: { side: 'supplier' } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: queryId });
const liveQuery = z.object({
  last_event_id: z.coerce.number().int().min(0).optional(),
  /** `true`: send the current state (and any replay) and close — for clients that cannot hold a stream. */
  snapshot: z.enum(['true', 'false']).optional(),
});
/** A comment line every 15 s keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/** Last-Event-ID (sent by EventSource on reconnect) or ?last_event_id=: the last bid sequence the client has. */
function lastEventId(request: FastifyRequest & { query: { last_event_id?: number } }) {
  const header = request.headers['last-event-id'];
  const fromHeader = typeof header === 'string' && /^\d+$/.test(header) ? Number(header) : null;
  return fromHeader ?? request.query.last_event_id ?? null;
}

/**
 * Server-Sent Events: the service checks the caller and opens the watch (errors are ordinary JSON answers);
 * only then is the reply taken over and streamed. Events written before the headers are kept and flushed.
 */
async function stream(
  request: FastifyRequest,
  reply: FastifyReply,
  open: (watcher: Omit<Watcher, 'viewer'>) => Promise<() => void>,
  snapshot = false,
) {
  let started = false;
  let closed = false;
  const pending: string[] = [];
  const write = (chunk: string) => {
    if (closed) return;
    if (started) reply.raw.write(chunk);
    else pending.push(chunk);
  };
  const stop = await open({ write });
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  // The client retries after a second when the connection drops (then sends Last-Event-ID).
  reply.raw.write('retry: 1000\n\n');
  for (const chunk of pending.splice(0)) reply.raw.write(chunk);
  started = true;
  if (snapshot) {
    closed = true;
    stop();
    reply.raw.end();
    return;
  }
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  request.raw.on('close', () => {
    closed = true;
    clearInterval(heartbeat);
    stop();
  });
}

/** Live eAuctions: the buyer's side under /sourcing/auctions/, the bidder's under /portal/auctions/. */
export const auctionsRoutes =
  ({ auctions, publicUrl }: { auctions: AuctionsService; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sourcing/auctions/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'eAuctions, newest first',
          querystring: auctionsQuery,
          response: { 200: paginated(auctionSummary), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          auctions.list(principalOf(request), { status: request.query.status }, page),
        ),
    );

    app.post(
      '/sourcing/auctions/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary:
            'Set up an eAuction (a draft): direction, rules, step, reserve, visibility, invited suppliers',
          body: auctionForm,
          response: { 201: auctionView, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await auctions.create(principalOf(request), request.body, request.ip)),
    );

    app.get(
      '/sourcing/auctions/:id/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'One eAuction: bidders by alias until the end, names after it',
          params: idParams,
          response: { 200: auctionView, ...errors },
        },
      },
      async (request) => auctions.get(principalOf(request), request.params.id),
    );

    app.post(
      '/sourcing/auctions/:id/publish/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Publish a draft auction to its invited suppliers',
          params: idParams,
          response: { 200: auctionView, ...errors },
        },
      },
      async (request) => auctions.publish(principalOf(request), request.params.id, request.ip),
    );

    app.post(
      '/sourcing/auctions/:id/cancel/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Cancel an auction that has not ended',
          params: idParams,
          response: { 200: auctionView, ...errors },
        },
      },
      async (request) => auctions.cancel(principalOf(request), request.params.id, request.ip),
    );

    app.get(
      '/sourcing/auctions/:id/results/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'After the end: the ranking with names and the full bid history',
          params: idParams,
          response: { 200: auctionResults, ...errors },
        },
      },
      async (request) => auctions.results(principalOf(request), request.params.id),
    );

    app.post(
      '/sourcing/auctions/:id/award/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Propose the ranking’s first as the winner (approved through the approval engine)',
          params: idParams,
          response: { 200: auctionView, ...errors },
        },
      },
      async (request) => auctions.award(principalOf(request), request.params.id, request.ip),
    );

    app.get(
      '/sourcing/auctions/:id/live/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary:
            'Live view (text/event-stream): `state` on connect, then `bid` events whose id is the bid sequence; send Last-Event-ID to replay what was missed',
          params: idParams,
          querystring: liveQuery,
          response: errors,
        },
      },
      async (request, reply) =>
        stream(
          request,
          reply,
          (watcher) =>
            auctions.watchAsBuyer(principalOf(request), request.params.id, watcher, lastEventId(request)),
          request.query.snapshot === 'true',
        ),
    );

    // The supplier portal.
    app.get(
      '/portal/auctions/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'eAuctions the selected buyer invited my organisation to',
          response: { 200: z.array(portalAuctionView), ...errors },
        },
      },
      async (request) => auctions.portalList(principalOf(request)),
    );

    app.get(
      '/portal/auctions/:id/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'One auction as my organisation sees it: my rank and amount, the step, the countdown',
          params: idParams,
          response: { 200: portalAuctionView, ...errors },
        },
      },
      async (request) => auctions.portalGet(principalOf(request), request.params.id),
    );

    app.post(
      '/portal/auctions/:id/bids/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Place a bid (decided on the server’s clock: turn, step, reserve, time)',
          params: idParams,
          body: bidForm,
          response: { 201: bidReceipt, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await auctions.bid(principalOf(request), request.params.id, request.body)),
    );

    app.get(
      '/portal/auctions/:id/live/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Live view (text/event-stream) with my own rank; Last-Event-ID replays missed bids',
          params: idParams,
          querystring: liveQuery,
          response: errors,
        },
      },
      async (request, reply) =>
        stream(
          request,
          reply,
          (watcher) =>
            auctions.watchAsBidder(principalOf(request), request.params.id, watcher, lastEventId(request)),
          request.query.snapshot === 'true',
        ),
    );
  };
