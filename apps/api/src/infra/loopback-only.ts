import { isIP } from 'node:net';
import { message } from '@zabuni/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** 127.0.0.0/8, ::1, and IPv4 loopback written as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return isIP(plain) === 6 && /^(0{0,4}:){2,7}0{0,3}1$|^::1$/.test(plain);
}

export const DEV_TOOLS_MESSAGE = message('system.loopback_only');

/**
 * Development tools (the mailbox, the payment simulators) answer only requests from this computer unless
 * `allowRemote`. Both the connection and the client address Fastify derived (TRUST_PROXY) must be loopback,
 * so neither a forged X-Forwarded-For nor a local reverse proxy in front of remote visitors lets one in.
 */
export function loopbackOnly(plugin: FastifyPluginAsync, allowRemote: boolean): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    if (!allowRemote) {
      app.addHook('onRequest', async (request: FastifyRequest) => {
        if (!isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip)) {
          throw new AppError('forbidden', DEV_TOOLS_MESSAGE);
        }
      });
    }
    await app.register(plugin);
  };
}
