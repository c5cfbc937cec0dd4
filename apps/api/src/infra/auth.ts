import type {} from '@fastify/cookie';
import type { AccessClaims } from '@zabuni/contracts';
import { hasRole, READ_ONLY_ROLES, type Grant, type Role } from '@zabuni/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors.ts';

/** The signed-in caller as every route and service sees it. */
export interface Principal {
  userId: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  grants: Grant[];
  /** True only on the short token that may do nothing but complete two-factor verification. */
  twoFactorPending: boolean;
  buyerCompanyId: number | null;
  /** How the token arrived: cookie-authenticated writes must carry X-Requested-With (CSRF guard). */
  via: 'bearer' | 'cookie';
}

export const ACCESS_COOKIE = 'zabuni_access';
export const REFRESH_COOKIE = 'zabuni_refresh';

export interface TokenSigner {
  sign(claims: AccessClaims & { grants: Grant[] }, minutes: number): Promise<string>;
  verify(token: string): Promise<Principal & { expiresAt: Date }>;
}

export function createTokenSigner(secret: string, issuer: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims, minutes) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.user_id))
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(`${minutes}m`)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'] });
        const claims = payload as unknown as AccessClaims & { grants?: Grant[]; exp: number };
        return {
          userId: claims.user_id,
          email: claims.email,
          username: claims.username,
          firstName: claims.first_name,
          lastName: claims.last_name,
          grants: claims.grants ?? [],
          twoFactorPending: claims.two_fa === 'yes',
          buyerCompanyId: claims.buyer_company_id,
          via: 'bearer',
          expiresAt: new Date(claims.exp * 1000),
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError)
          throw new AppError('unauthenticated', 'Session timed out. Please login to continue.');
        throw error;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Who may call this route; every /api/v1 route must say (checked at start-up). */
    access?: Access;
  }
}

export type Access =
  | { public: true }
  | {
      /** Any of these roles; omit for "any signed-in user". */
      roles?: readonly Role[];
      /** The two-factor pending token is accepted (only the verify route). */
      twoFactorPending?: boolean;
    };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the caller from `Authorization: Bearer` or the httpOnly cookie, then enforces each route's
 * declared access. Routes under /api/v1 without a declaration make the app refuse to start.
 */
export function registerAuthentication(app: FastifyInstance, signer: TokenSigner): void {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/v1/') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
  });

  app.addHook('preHandler', async (request: FastifyRequest, _reply: FastifyReply) => {
    const access = request.routeOptions.config.access;
    // Static files and docs declare nothing: no token work on every asset request.
    if (!access) return;
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    const cookie = request.cookies?.[ACCESS_COOKIE] ?? null;
    const token = bearer || cookie;
    if (token) {
      try {
        request.principal = { ...(await signer.verify(token)), via: bearer ? 'bearer' : 'cookie' };
      } catch (error) {
        // A stale cookie must not break public pages; a protected route answers 401 below.
        if (!(error instanceof AppError)) throw error;
        request.principal = null;
      }
    }
    if ('public' in access) return;
    const principal = request.principal;
    if (!principal) throw new AppError('unauthenticated', 'Authentication credentials were not provided.');
    if (principal.twoFactorPending && !access.twoFactorPending) {
      throw new AppError('unauthenticated', 'Two-factor verification is required to continue.');
    }
    if (principal.via === 'cookie' && !SAFE_METHODS.has(request.method)) {
      if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
        throw new AppError(
          'forbidden',
          'This request must be sent by the Zabuni web app (X-Requested-With header missing).',
        );
      }
    }
    if (access.roles) {
      if (!hasRole(principal.grants, access.roles)) {
        throw new AppError('forbidden', 'You do not have permission to perform this action.');
      }
      // A read-only role never authorises a write.
      const roles = access.roles;
      const mayWrite = principal.grants.some(
        (g) => roles.includes(g.role) && !READ_ONLY_ROLES.includes(g.role),
      );
      if (!SAFE_METHODS.has(request.method) && !mayWrite) {
        throw new AppError('forbidden', 'You do not have permission to perform this action.');
      }
    }
  });
}

/** The principal of a route that declared a non-public access rule. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal)
    throw new AppError('unauthenticated', 'Authentication credentials were not provided.');
  return request.principal;
}

/**
 * Tenancy by default: the organisations whose rows the caller may see. Repositories filter platform
 * queries by this list; an empty list sees nothing.
 */
export function organisationScope(principal: Principal): number[] {
  return [...new Set(principal.grants.map((g) => g.organisationId))];
}
