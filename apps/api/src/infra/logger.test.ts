import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { errorWithoutQueryValues } from './logger.ts';

/** A failed query as drizzle reports it: the SQL, the values sent, the database's error as its cause. */
function failedQuery() {
  const cause = Object.assign(new Error('insert or update violates foreign key constraint "x_fkey"'), {
    code: '23503',
    constraint: 'contracts_category_id_fkey',
  });
  return Object.assign(
    new Error(
      'Failed query: insert into "contracts" ("title", "body") values ($1, $2)\nparams: Secret title,M-Pesa 0712345678',
    ),
    {
      query: 'insert into "contracts" ("title", "body") values ($1, $2)',
      params: ['Secret title', 'M-Pesa 0712345678'],
      cause,
    },
  );
}

describe('errors in the log', () => {
  it('keep the SQL and the database code but not the values the query carried', () => {
    const logged = JSON.stringify(errorWithoutQueryValues(failedQuery()));
    expect(logged).not.toContain('Secret title');
    expect(logged).not.toContain('0712345678');
    expect(logged).toContain('insert into \\"contracts\\"');
    expect(logged).toContain('contracts_category_id_fkey');
    expect(logged).toContain('23503');
  });

  it('hold for a logger configured with it, as the API configures its own', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ serializers: { err: errorWithoutQueryValues } }, sink);
    logger.error({ err: failedQuery() }, 'request failed');
    expect(lines.join('')).toContain('request failed');
    expect(lines.join('')).not.toContain('0712345678');
  });

  it('leave an ordinary error as it was', () => {
    const logged = errorWithoutQueryValues(new Error('mail transport closed')) as { message: string };
    expect(logged.message).toBe('mail transport closed');
  });
});
