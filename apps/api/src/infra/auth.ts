import type {} from '@fastify/cookie';
import { message, MESSAGES, type AccessClaims, type MessageKey } from '@zabuni/contracts';
import { READ_ONLY_ROLES, ROLES_BY_KIND, type Grant, type Role } from '@zabuni/domain';
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
  verify(token: string): Promise<Principal & { expiresAt: Date; issuedAt: Date }>;
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
        // A token without an expiry (or an issue time) would be good for ever: refuse it.
        const { payload } = await jwtVerify(token, key, {
          issuer,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const claims = payload as unknown as AccessClaims & { grants?: Grant[]; exp: number; iat: number };
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
          issuedAt: new Date(claims.iat * 1000),
        };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError)
          throw new AppError('unauthenticated', message('auth.session_expired'));
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

/**
 * The side of the product a route serves, and so who may call it. Every /api/v1 route declares one; the
 * platform's areas and the supplier portal must declare their own side (checked at start-up).
 *
 * - `public`: anyone, signed in or not.
 * - `signed_in`: any signed-in user; with `roles`, one of them held in any organisation (advertisers).
 * - `buyer`: staff of the caller's current buying organisation (the token's `buyer_company_id`): the
 *   membership and the roles held there are read from the database on every request, never from the token.
 *   With `roles`, one of them held there. A write needs a role that is not read-only, unless the route is
 *   `readOnly` (a POST that computes and stores nothing).
 * - `supplier`: users of a supplier organisation (the supplier portal).
 * - `operator`: the operator's staff (moderators, super administrators).
 */
export type Access =
  | { side: 'public' }
  | { side: 'signed_in'; roles?: readonly Role[]; twoFactorPending?: boolean }
  | { side: 'buyer'; roles?: readonly Role[]; readOnly?: boolean }
  | { side: 'supplier'; roles?: readonly Role[] }
  | { side: 'operator'; roles?: readonly Role[] };

/** URL areas whose routes must serve one side only: the platform is buyer staff's, the portal suppliers'. */
const AREA_SIDES: ReadonlyArray<readonly [string, Access['side']]> = [
  ['/api/v1/p2p/', 'buyer'],
  ['/api/v1/sourcing/', 'buyer'],
  ['/api/v1/contracts/', 'buyer'],
  ['/api/v1/risk/', 'buyer'],
  ['/api/v1/portal/', 'supplier'],
];

/**
 * The only public routes inside those areas, each for a reason: anyone holding a signed contract's PDF (the
 * other party, a bank, an auditor) checks it against the stored hash (issue 22).
 */
const PUBLIC_IN_AREA: ReadonlySet<string> = new Set(['POST /api/v1/contracts/verify/']);

const BUYER_ROLES: readonly Role[] = ROLES_BY_KIND.buyer;
const SUPPLIER_ROLES: readonly Role[] = ROLES_BY_KIND.supplier;
const OPERATOR_ROLES: readonly Role[] = ROLES_BY_KIND.platform;

/** What the database says of a signed-in user now: whether the account may act, and every role it holds. */
export interface CallerRecord {
  active: boolean;
  grants: Grant[];
  /** Tokens issued before this instant (a password reset or change) are no longer accepted. */
  sessionsValidAfter: Date | null;
}
export type CallerLookup = (userId: number) => Promise<CallerRecord | null>;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const ACCESS_MESSAGES = {
  unauthenticated: MESSAGES['access.unauthenticated'],
  expired: MESSAGES['auth.session_expired'],
  twoFactor: MESSAGES['access.two_factor'],
  csrf: MESSAGES['auth.csrf'],
  noBuyer: MESSAGES['access.no_buyer'],
  notBuyerStaff: MESSAGES['access.not_buyer_staff'],
  notSupplier: MESSAGES['access.not_supplier'],
  notOperator: MESSAGES['access.not_operator'],
  forbidden: MESSAGES['access.forbidden'],
  readOnly: MESSAGES['access.read_only'],
} as const;

/** Each refusal's catalogue key: its code on the wire (ACCESS_MESSAGES holds the same English). */
const ACCESS_KEYS = {
  unauthenticated: 'access.unauthenticated',
  expired: 'auth.session_expired',
  twoFactor: 'access.two_factor',
  csrf: 'auth.csrf',
  noBuyer: 'access.no_buyer',
  notBuyerStaff: 'access.not_buyer_staff',
  notSupplier: 'access.not_supplier',
  notOperator: 'access.not_operator',
  forbidden: 'access.forbidden',
  readOnly: 'access.read_only',
} as const satisfies Record<keyof typeof ACCESS_MESSAGES, MessageKey>;
type AccessRefusal = keyof typeof ACCESS_KEYS;

const refuse = (reason: AccessRefusal) => new AppError('forbidden', message(ACCESS_KEYS[reason]));
const unauthenticated = (reason: AccessRefusal) =>
  new AppError('unauthenticated', message(ACCESS_KEYS[reason]));

/** Which of the required roles (or of the side's roles) the caller holds, where the side says. */
function rolesFor(access: Access, principal: Principal): Role[] {
  switch (access.side) {
    case 'public':
      return [];
    case 'signed_in':
      return principal.grants.map((g) => g.role).filter((r) => !access.roles || access.roles.includes(r));
    case 'buyer': {
      if (principal.buyerCompanyId === null) throw refuse('noBuyer');
      const here = principal.grants
        .filter((g) => g.organisationId === principal.buyerCompanyId && BUYER_ROLES.includes(g.role))
        .map((g) => g.role);
      if (here.length === 0) throw refuse('notBuyerStaff');
      return here.filter((r) => !access.roles || access.roles.includes(r));
    }
    case 'supplier': {
      const held = principal.grants.map((g) => g.role).filter((r) => SUPPLIER_ROLES.includes(r));
      if (held.length === 0) throw refuse('notSupplier');
      return held.filter((r) => !access.roles || access.roles.includes(r));
    }
    case 'operator': {
      const held = principal.grants.map((g) => g.role).filter((r) => OPERATOR_ROLES.includes(r));
      if (held.length === 0) throw refuse('notOperator');
      return held.filter((r) => !access.roles || access.roles.includes(r));
    }
  }
}

/**
 * Resolves the caller from `Authorization: Bearer` or the httpOnly cookie, reads what the database says of
 * them (active, roles, sessions ended), then enforces each route's declared side before the body is even
 * validated. Routes under /api/v1 without a declaration, or platform and portal routes declaring another
 * side, make the app refuse to start.
 */
export function registerAuthentication(
  app: FastifyInstance,
  signer: TokenSigner,
  lookupCaller: CallerLookup,
): void {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1/')) return;
    const access = route.config?.access;
    if (!access?.side) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    for (const [prefix, side] of AREA_SIDES) {
      const publicException = access.side === 'public' && PUBLIC_IN_AREA.has(`${route.method} ${route.url}`);
      if (route.url.startsWith(prefix) && access.side !== side && !publicException) {
        throw new Error(`Route ${route.method} ${route.url} must serve the ${side} side, not ${access.side}`);
      }
    }
  });

  /** The caller, or why a token that came is not accepted (expired, forged, account closed, sessions ended). */
  async function resolve(request: FastifyRequest): Promise<Principal | 'refused' | null> {
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    const cookie = request.cookies?.[ACCESS_COOKIE] ?? null;
    const token = bearer || cookie;
    if (!token) return null;
    let verified: Principal & { expiresAt: Date; issuedAt: Date };
    try {
      verified = await signer.verify(token);
    } catch (error) {
      // A stale cookie must not break public pages; a protected route answers 401 below.
      if (error instanceof AppError) return 'refused';
      throw error;
    }
    const record = await lookupCaller(verified.userId);
    if (!record || !record.active) return 'refused';
    // JWT times are whole seconds: a token issued in the same second as the change is let through.
    if (
      record.sessionsValidAfter &&
      verified.issuedAt.getTime() + 999 < record.sessionsValidAfter.getTime()
    ) {
      return 'refused';
    }
    return { ...verified, grants: record.grants, via: bearer ? 'bearer' : 'cookie' };
  }

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const access = request.routeOptions.config.access;
    // Static files and docs declare nothing: no token work on every asset request.
    if (!access) return;
    const caller = await resolve(request);
    request.principal = caller === 'refused' ? null : caller;
    if (access.side === 'public') return;
    if (caller === 'refused') throw unauthenticated('expired');
    const principal = caller;
    if (!principal) throw unauthenticated('unauthenticated');
    const pendingAllowed = access.side === 'signed_in' && access.twoFactorPending === true;
    if (principal.twoFactorPending && !pendingAllowed) {
      throw unauthenticated('twoFactor');
    }
    const write = !SAFE_METHODS.has(request.method);
    if (principal.via === 'cookie' && write && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      throw refuse('csrf');
    }
    if (principal.twoFactorPending) return;
    const held = rolesFor(access, principal);
    const restricted = access.side !== 'signed_in' || access.roles !== undefined;
    if (restricted && held.length === 0) throw refuse('forbidden');
    const readOnly = access.side === 'buyer' && access.readOnly === true;
    if (restricted && write && !readOnly && held.every((r) => READ_ONLY_ROLES.includes(r))) {
      throw refuse('readOnly');
    }
  });
}

/** The principal of a route that declared a non-public access rule. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthenticated('unauthenticated');
  return request.principal;
}

/**
 * Tenancy by default: the organisations whose rows the caller may see. Repositories filter platform
 * queries by this list; an empty list sees nothing.
 */
export function organisationScope(principal: Principal): number[] {
  return [...new Set(principal.grants.map((g) => g.organisationId))];
}
