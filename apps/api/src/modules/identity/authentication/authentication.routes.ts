import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  accessResponse,
  advertiserRegistration,
  AUTH_NOTICES,
  message,
  changePasswordRequest,
  errorBody,
  loginRequest,
  me,
  messageBody,
  profileUpdate,
  resetConfirm,
  resetRequest,
  switchBuyerRequest,
  tfaDisableRequest,
  tfaEnableRequest,
  tfaEnableResponse,
  tfaErrorBody,
  tfaSetupResponse,
  verifyEmailQuery,
} from '@zabuni/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ACCESS_COOKIE, principalOf, REFRESH_COOKIE } from '../../../infra/auth.ts';
import { sha256 } from '../../../infra/crypto.ts';
import { AppError } from '../../../infra/errors.ts';
import { TOKEN_LIFETIME } from '@zabuni/domain';
import type { RateLimiter } from '../../shared/system/index.ts';
import type { AuthenticationService, IssuedSession } from './authentication.service.ts';

interface Deps {
  authentication: AuthenticationService;
  limiter: RateLimiter;
  secureCookies: boolean;
}

const tags = ['Authentication'];
const PUBLIC = { access: { side: 'public' } } as const;
const SIGNED_IN = { access: { side: 'signed_in' } } as const;
const minutes = (n: number) => n * 60;

/** SPEC §7 Authentication. Tokens go back in the body (Bearer clients) and in httpOnly cookies (web app). */
export const authenticationRoutes =
  ({ authentication, limiter, secureCookies }: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const context = (request: FastifyRequest) => ({ ip: request.ip ?? null });

    const setSessionCookies = (reply: FastifyReply, session: IssuedSession) => {
      reply.setCookie(ACCESS_COOKIE, session.access, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        maxAge: minutes(
          session.refresh ? TOKEN_LIFETIME.accessMinutes : TOKEN_LIFETIME.twoFactorPendingMinutes,
        ),
      });
      if (session.refresh) {
        reply.setCookie(REFRESH_COOKIE, session.refresh, {
          path: '/api/v1/authentication/',
          httpOnly: true,
          sameSite: 'strict',
          secure: secureCookies,
          // Without "remember me" the cookie ends with the browser session.
          ...(session.remember ? { maxAge: TOKEN_LIFETIME.refreshDaysRemembered * 86_400 } : {}),
        });
      }
    };
    const clearSessionCookies = (reply: FastifyReply) => {
      reply.clearCookie(ACCESS_COOKIE, { path: '/' });
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/v1/authentication/' });
    };

    app.post(
      '/authentication/token/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Sign in with email or username and password',
          description:
            'Answers `{access}`. When the account has two-factor verification on, the token carries `two_fa: "yes"` and ' +
            'only permits `/authentication/tfa/verify/`.',
          body: loginRequest,
          response: { 200: accessResponse, 400: errorBody, 401: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const identifier = (request.body.username || request.body.email || '').trim().toLowerCase();
        // Failures are counted, successes are not: an office of colleagues behind one address all sign in,
        // while guessing slows the address and the account (whatever spelling of it is typed).
        const rules = [
          { key: `token:ip:${request.ip}`, limit: 30, windowSeconds: 300 },
          {
            key: `token:account:${await authentication.signInThrottleKey(identifier)}`,
            limit: 10,
            windowSeconds: 900,
          },
        ];
        await limiter.check(...rules);
        try {
          const session = await authentication.login(
            identifier,
            request.body.password,
            request.body.remember ?? false,
            context(request),
          );
          setSessionCookies(reply, session);
          return { access: session.access };
        } catch (error) {
          // A wrong password or unknown account counts for the address and the account; an attempt on a
          // locked account only for the address (the account is already stopped).
          if (error instanceof AppError && error.code === 'unauthenticated') await limiter.record(...rules);
          if (error instanceof AppError && error.code === 'rate_limited') await limiter.record(rules[0]!);
          throw error;
        }
      },
    );

    app.post(
      '/authentication/token/refresh/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'New access token from the refresh cookie (rotated)',
          response: { 200: accessResponse, 401: errorBody },
        },
      },
      async (request, reply) => {
        const token = request.cookies[REFRESH_COOKIE];
        if (!token) throw new AppError('unauthenticated', message('auth.session_expired'));
        try {
          const session = await authentication.refresh(token, context(request));
          setSessionCookies(reply, session);
          return { access: session.access };
        } catch (error) {
          clearSessionCookies(reply);
          throw error;
        }
      },
    );

    app.post(
      '/authentication/logout/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'End the session and clear its cookies',
          description:
            'Public (it must work with only the refresh cookie), but a call carrying a session cookie and no ' +
            'Bearer token is a cookie write: without `X-Requested-With: XMLHttpRequest` it is refused (403).',
          response: { 200: messageBody, 403: errorBody },
        },
      },
      async (request, reply) => {
        const cookieAuthenticated =
          !request.headers.authorization?.startsWith('Bearer ') &&
          Boolean(request.cookies[ACCESS_COOKIE] || request.cookies[REFRESH_COOKIE]);
        if (cookieAuthenticated && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
          throw new AppError('forbidden', message('auth.csrf'));
        }
        await authentication.logout(
          request.cookies[REFRESH_COOKIE] ?? null,
          request.principal?.userId ?? null,
          context(request),
        );
        clearSessionCookies(reply);
        return { detail: 'You have been logged out.' };
      },
    );

    app.post(
      '/authentication/tfa/verify/',
      {
        config: { access: { side: 'signed_in', twoFactorPending: true } },
        schema: {
          tags,
          summary: 'Complete sign-in with a two-factor code',
          description:
            'Accepts an authenticator-app code, a code sent by email, or a recovery code. `{"send_email_code": true}` emails a ' +
            'fresh 6-digit code instead. Failure: 400 `{error}`.',
          body: z.object({
            code: z.string().max(40).optional(),
            send_email_code: z.boolean().optional(),
            remember: z.boolean().optional(),
          }),
          response: {
            200: accessResponse,
            202: messageBody,
            400: tfaErrorBody,
            401: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        if (!principal.twoFactorPending)
          return reply
            .code(400)
            .send({ error: message('auth.two_factor_complete').text, code: 'auth.two_factor_complete' });
        await limiter.hit(
          { key: `tfa:user:${principal.userId}`, limit: 10, windowSeconds: 600 },
          { key: `tfa:ip:${request.ip}`, limit: 30, windowSeconds: 300 },
        );
        if (request.body.send_email_code) {
          await authentication.sendSignInCode(principal.userId, context(request));
          return reply.code(202).send({ detail: 'We have emailed you a 6-digit sign-in code.' });
        }
        try {
          const session = await authentication.verifySecondFactor(
            principal.userId,
            request.body.code ?? '',
            request.body.remember ?? false,
            context(request),
          );
          setSessionCookies(reply, session);
          return { access: session.access };
        } catch (error) {
          if (error instanceof AppError && error.code === 'validation')
            return reply.code(400).send({ error: error.message, code: error.key ?? error.code });
          throw error;
        }
      },
    );

    app.post(
      '/authentication/register/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Register an advertiser (company and first user); mails an activation link',
          body: advertiserRegistration,
          response: {
            201: z.object({ detail: z.string(), message: z.string() }),
            400: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        await limiter.hit({ key: `register:ip:${request.ip}`, limit: 10, windowSeconds: 3600 });
        await authentication.register(request.body, context(request));
        return reply.code(201).send({ detail: AUTH_NOTICES.registered, message: AUTH_NOTICES.checkEmail });
      },
    );

    app.get(
      '/authentication/verify_email',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Activate an account from its emailed link',
          querystring: verifyEmailQuery,
          response: { 200: messageBody, 400: errorBody, 429: errorBody },
        },
      },
      async (request) => {
        await limiter.hit({ key: `activate:ip:${request.ip}`, limit: 30, windowSeconds: 3600 });
        await authentication.activate(request.query.token, context(request));
        return { detail: AUTH_NOTICES.activated };
      },
    );

    app.get(
      '/authentication/me/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'The signed-in user with organisations and roles',
          response: { 200: me, 401: errorBody },
        },
      },
      async (request) => authentication.me(principalOf(request).userId),
    );

    app.patch(
      '/authentication/me/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'Update the profile',
          body: profileUpdate,
          response: { 200: me, 400: errorBody, 401: errorBody },
        },
      },
      async (request) => {
        const { userId } = principalOf(request);
        await authentication.updateProfile(userId, request.body);
        return authentication.me(userId);
      },
    );

    app.post(
      '/authentication/change-password/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary:
            'Change the password: ends every session, this one too unless `keep_this_session: true` (default false)',
          description:
            'Every refresh session of the user is revoked and every access token issued before the change stops ' +
            'working. With `"keep_this_session": true` the caller goes on: the answer carries a new `access` token ' +
            '(and new cookies replacing the session whose refresh cookie came with the request).',
          body: changePasswordRequest,
          response: {
            200: messageBody.extend({ access: z.string().optional() }),
            400: errorBody,
            401: errorBody,
          },
        },
      },
      async (request, reply) => {
        const keep = request.body.keep_this_session === true;
        const outcome = await authentication.changePassword(
          principalOf(request).userId,
          request.body.current_password,
          request.body.password,
          keep ? { refreshToken: request.cookies[REFRESH_COOKIE] ?? null } : null,
          context(request),
        );
        const detail = 'Your password has been changed.';
        if (outcome.session) setSessionCookies(reply, outcome.session);
        else if (outcome.access) {
          reply.setCookie(ACCESS_COOKIE, outcome.access, {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: secureCookies,
            maxAge: minutes(TOKEN_LIFETIME.accessMinutes),
          });
        }
        return outcome.access ? { detail, access: outcome.access } : { detail };
      },
    );

    app.post(
      '/authentication/reset_password_request/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Mail a password-reset link (same answer whether the email exists or not)',
          body: resetRequest,
          response: { 200: messageBody, 400: errorBody, 429: errorBody },
        },
      },
      async (request) => {
        await limiter.hit(
          { key: `reset:ip:${request.ip}`, limit: 10, windowSeconds: 3600 },
          { key: `reset:account:${sha256(request.body.email)}`, limit: 3, windowSeconds: 3600 },
        );
        await authentication.requestPasswordReset(request.body.email, context(request));
        return { detail: AUTH_NOTICES.resetSent };
      },
    );

    app.post(
      '/authentication/confirm/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Set a new password with a reset token',
          body: resetConfirm,
          response: { 200: messageBody, 400: errorBody, 429: errorBody },
        },
      },
      async (request) => {
        await limiter.hit({ key: `confirm:ip:${request.ip}`, limit: 20, windowSeconds: 3600 });
        await authentication.confirmPasswordReset(
          request.body.token,
          request.body.password,
          context(request),
        );
        return { detail: AUTH_NOTICES.resetDone };
      },
    );

    app.post(
      '/authentication/tfa/setup/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'Start authenticator-app enrolment (secret and QR code)',
          response: { 200: tfaSetupResponse, 401: errorBody },
        },
      },
      async (request) => authentication.startTotpEnrolment(principalOf(request).userId),
    );

    app.post(
      '/authentication/tfa/enable/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'Confirm enrolment with a first code; answers the recovery codes once',
          body: tfaEnableRequest,
          response: { 200: tfaEnableResponse, 400: errorBody, 401: errorBody },
        },
      },
      async (request) => ({
        recovery_codes: await authentication.confirmTotpEnrolment(
          principalOf(request).userId,
          request.body.code,
          context(request),
        ),
      }),
    );

    app.post(
      '/authentication/tfa/disable/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'Turn two-factor verification off (password required)',
          body: tfaDisableRequest,
          response: { 200: messageBody, 400: errorBody, 401: errorBody },
        },
      },
      async (request) => {
        await authentication.disableTwoFactor(
          principalOf(request).userId,
          request.body.password,
          context(request),
        );
        return { detail: 'Two-factor verification is now off.' };
      },
    );

    app.post(
      '/organisations/invitations/accept/',
      {
        config: SIGNED_IN,
        schema: {
          tags: ['Organisations'],
          summary: 'Accept an invitation to a buying organisation (signed in with the invited email)',
          description:
            'The token from the invitation mail grants its roles to the signed-in user, once, before it expires, ' +
            'and only if the account email is the invited one (403 otherwise): the link alone gives nobody access.',
          body: z.object({ token: z.string().trim().min(1).max(200) }),
          response: { 200: messageBody, 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody },
        },
      },
      async (request) => {
        const { userId } = principalOf(request);
        await limiter.hit({ key: `invitation:user:${userId}`, limit: 20, windowSeconds: 3600 });
        const accepted = await authentication.acceptInvitation(userId, request.body.token, context(request));
        return {
          detail: `You now have access to ${accepted.organisation} as ${accepted.roles.join(', ')}.`,
        };
      },
    );

    app.post(
      '/authentication/switch-buyer/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'Select the buyer company a supplier works for (new token)',
          body: switchBuyerRequest,
          response: { 200: accessResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request, reply) => {
        const access = await authentication.switchBuyer(
          principalOf(request).userId,
          request.body.buyer_company_id,
          context(request),
        );
        reply.setCookie(ACCESS_COOKIE, access, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookies,
          maxAge: minutes(TOKEN_LIFETIME.accessMinutes),
        });
        return { access };
      },
    );
  };
