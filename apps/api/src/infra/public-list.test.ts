import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendListPage, type ListAnswer } from './public-list.ts';

/** A reply that counts how often the route's serializer runs and keeps what was sent. */
function fakeReply() {
  const sent: { body?: unknown; headers: Record<string, string> } = { headers: {} };
  let serialized = 0;
  const reply = {
    serialize(payload: unknown) {
      serialized += 1;
      return JSON.stringify(payload);
    },
    header(name: string, value: string) {
      sent.headers[name] = value;
      return reply;
    },
    send(body: unknown) {
      sent.body = body;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, sent, serialized: () => serialized };
}

const request = (url: string) =>
  ({ url, query: {}, protocol: 'http', hostname: 'localhost' }) as unknown as FastifyRequest & {
    query: { cursor?: string };
  };

describe('sendListPage', () => {
  const page = { page: 1, pageSize: 20, offset: 0 };
  const answer: ListAnswer<{ id: number }> = {
    count: 2,
    count_capped: false,
    next_cursor: null,
    results: [{ id: 1 }, { id: 2 }],
  };

  it('serializes a shared answer once per request URL and sends the same JSON to everyone', () => {
    const first = fakeReply();
    sendListPage(
      request('/api/v1/core/available-jobs/?deadline=upcoming'),
      first.reply,
      'http://x',
      page,
      answer,
    );
    const again = fakeReply();
    sendListPage(
      request('/api/v1/core/available-jobs/?deadline=upcoming'),
      again.reply,
      'http://x',
      page,
      answer,
    );
    expect(first.serialized()).toBe(1);
    expect(again.serialized()).toBe(0);
    expect(again.sent.body).toBe(first.sent.body);
    expect(again.sent.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Buffer.isBuffer(first.sent.body)).toBe(true);
    expect(JSON.parse(String(first.sent.body))).toMatchObject({
      count: 2,
      results: [{ id: 1 }, { id: 2 }],
    });

    // Another URL (its links differ) and another answer (after a change) are serialized afresh.
    const other = fakeReply();
    sendListPage(
      request('/api/v1/core/available-jobs/?deadline=past'),
      other.reply,
      'http://x',
      page,
      answer,
    );
    expect(other.serialized()).toBe(1);
    const changed = fakeReply();
    sendListPage(request('/api/v1/core/available-jobs/?deadline=upcoming'), changed.reply, 'http://x', page, {
      ...answer,
      count: 3,
    });
    expect(changed.serialized()).toBe(1);
    expect(JSON.parse(String(changed.sent.body))).toMatchObject({ count: 3 });
  });
});
