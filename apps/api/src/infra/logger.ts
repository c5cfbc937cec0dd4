import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

export type Logger = FastifyBaseLogger;

/**
 * The process logger. Request logs carry method, route, status and time only: no query strings (searches
 * can hold names), no headers (tokens, cookies), no client addresses.
 */
export function createLogger(level: string, pretty: boolean): Logger {
  return pino({
    level,
    base: { service: 'zabuni' },
    redact: { paths: ['req.headers', 'password', '*.password', 'token', '*.token'], remove: true },
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
