import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './auth.ts';
import { BOOT_SCRIPT_HASH } from './web-app.ts';

/**
 * Browser-side defences on every answer (issue 13 §7): what may run in our pages, who may frame them,
 * and that an authenticated API answer is never kept in a cache.
 *
 * The web app is a Vite single-page app: its index.html loads hashed bundles from /assets, so scripts come
 * from 'self', plus the one inline script of a page rendered on the server, allowed by its hash (the boot
 * script of web-app.ts, which loads the bundles once the page has painted; its text never changes). Mantine (and the rich-text editor) inject <style> tags
 * and style attributes at run time, and the dev mailbox and payment simulators are server-rendered pages
 * with a <style> block, so styles allow 'unsafe-inline'. Images are ours or data: URIs (Mantine's icons).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${BOOT_SCRIPT_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Swagger UI at /api/docs: its own scripts and styles (no inline script either), inline styles and data:
 * images of its own, and the OpenAPI document from the same origin.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SESSION_PATHS = '/api/v1/authentication/';

export const HSTS = 'max-age=31536000; includeSubDomains';

const isDocs = (url: string) =>
  url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?');

/** A request that carries (or may carry) someone's session: its answer is theirs alone. */
function isAuthenticated(request: FastifyRequest): boolean {
  if (request.principal) return true;
  if (request.headers.authorization) return true;
  const cookies = request.cookies ?? {};
  return Boolean(cookies[ACCESS_COOKIE] || cookies[REFRESH_COOKIE]);
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'isProduction' | 'publicUrl'>,
) {
  const strictTransport = config.isProduction || config.publicUrl.startsWith('https://');
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url;
    reply.header(
      'Content-Security-Policy',
      isDocs(url) ? DOCS_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY,
    );
    reply.header('X-Frame-Options', 'DENY');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (strictTransport) reply.header('Strict-Transport-Security', HSTS);
    // API answers to a signed-in caller, and every answer of the authentication endpoints (sign-in and
    // refresh hand out tokens; the cookie plugin adds its Set-Cookie only after this hook), are never
    // stored by the browser or a shared cache, unless the route chose its own caching.
    if (
      url.startsWith('/api/') &&
      !reply.hasHeader('Cache-Control') &&
      (isAuthenticated(request) || url.startsWith(SESSION_PATHS) || reply.hasHeader('Set-Cookie'))
    ) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
