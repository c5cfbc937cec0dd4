import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

export type Logger = FastifyBaseLogger;

/** Where a failed query's error lists the values it was sent (drizzle: "Failed query: …\nparams: …"). */
const QUERY_VALUES = /\nparams: [\s\S]*$/;

/**
 * An error as logged, without the values a failed query carried: they are what a user typed (a contract's
 * text, a supplier's financial figures, an address), and a log is no place for them. The SQL itself, the
 * database's error code and constraint stay, which is what finding the cause needs.
 */
export function errorWithoutQueryValues(error: unknown): unknown {
  const scrub = (value: unknown, depth: number): unknown => {
    if (depth > 8 || value === null || typeof value !== 'object') {
      return typeof value === 'string' ? value.replace(QUERY_VALUES, '\nparams: [not logged]') : value;
    }
    if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === 'params') continue;
      copy[key] = scrub(item, depth + 1);
    }
    return copy;
  };
  return scrub(pino.stdSerializers.errWithCause(error as Error), 0);
}

/**
 * The process logger. Request logs carry method, route, status and time only: no query strings (searches
 * can hold names), no headers (tokens, cookies), no client addresses; errors without the values of a
 * failed query.
 */
export function createLogger(level: string, pretty: boolean): Logger {
  return pino({
    level,
    base: { service: 'zabuni' },
    redact: { paths: ['req.headers', 'password', '*.password', 'token', '*.token'], remove: true },
    serializers: { err: errorWithoutQueryValues },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service' },
          },
        }
      : {}),
  });
}
