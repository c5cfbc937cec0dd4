import { hash as argonHash, verify as argonVerify, type Algorithm } from '@node-rs/argon2';
import { message, type AccessClaims, type Me, type MemberInvitation } from '@zabuni/contracts';
import {
  hasRole,
  isLocked,
  isValidTaxPin,
  lockoutAfterFailure,
  roleFitsKind,
  TOKEN_LIFETIME,
  type Grant,
  type Role,
} from '@zabuni/domain';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import type { TokenSigner } from '../../../infra/auth.ts';
import { randomDigits, randomToken, recoveryCode, sha256, type SecretBox } from '../../../infra/crypto.ts';
import type { Db, Tx } from '../../../infra/database.ts';
import { AppError, fieldError } from '../../../infra/errors.ts';
import type { AuditService } from '../../shared/audit/index.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { MailService } from '../../shared/mail/index.ts';
import type { OrganisationsService } from '../organisations/index.ts';
import { authenticationRepository, type User } from './authentication.repository.ts';

// Argon2id with OWASP's parameters. `Algorithm` is an ambient const enum (unusable under
// verbatimModuleSyntax), so its value is spelled out: Argon2id = 2.
const ARGON = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Verified against when no account matches, so an unknown login costs the same time as a known one. */
let dummyHash: Promise<string> | null = null;
const TOTP_STEP_SECONDS = 30;

export interface RequestContext {
  ip: string | null;
}

export interface IssuedSession {
  access: string;
  /** Refresh token for the httpOnly cookie; null on the two-factor pending token. */
  refresh: string | null;
  remember: boolean;
}

export interface RegistrationInput {
  name: string;
  company_website: string;
  tax_pin: string;
  country: number;
  first_name: string;
  last_name: string;
  contact_person?: string | undefined;
  contact_person_email: string;
  contact_person_phone_number: string;
  username: string;
  password: string;
  language?: string | undefined;
}

interface Deps {
  db: Db;
  clock: Clock;
  signer: TokenSigner;
  secrets: SecretBox;
  audit: AuditService;
  mail: MailService;
  organisations: OrganisationsService;
  publicUrl: string;
}

export function createAuthenticationService(deps: Deps) {
  const { db, clock, signer, secrets, audit, mail, organisations, publicUrl } = deps;
  const users = () => authenticationRepository(db);

  const hashPassword = (password: string) => argonHash(password, ARGON);
  const passwordMatches = async (hash: string | null, password: string) => {
    if (!hash) {
      dummyHash ??= hashPassword('zabuni-timing-equaliser');
      await argonVerify(await dummyHash, password).catch(() => false);
      return false;
    }
    return argonVerify(hash, password).catch(() => false);
  };

  /** The buyer organisation the token speaks for (SPEC's buyer_company_id). */
  function currentBuyer(
    user: User,
    access: Awaited<ReturnType<OrganisationsService['accessOf']>>,
  ): number | null {
    const choices = [...access.buyerIds, ...access.supplierBuyerIds];
    if (user.selectedBuyerId && choices.includes(user.selectedBuyerId)) return user.selectedBuyerId;
    return choices[0] ?? null;
  }

  async function claimsFor(
    user: User,
    twoFactorPending: boolean,
  ): Promise<AccessClaims & { grants: Grant[] }> {
    const access = await organisations.accessOf(user.id);
    const buyer = currentBuyer(user, access);
    // The first buyer a session speaks for is remembered, so a buyer added later does not silently
    // become the one `me` names while the token still speaks for the first.
    if (buyer !== null && !user.selectedBuyerId) {
      await authenticationRepository(db).update(user.id, { selectedBuyerId: buyer });
    }
    return {
      user_id: user.id,
      email: user.email,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      roles: [...new Set(access.grants.map((g) => g.role))],
      grants: access.grants,
      two_fa: twoFactorPending ? 'yes' : 'no',
      buyer_company_id: buyer,
    };
  }

  /** A full session: access token plus a refresh token stored (hashed) for rotation. */
  async function openSession(
    user: User,
    remember: boolean,
    twoFactorVerified: boolean,
  ): Promise<IssuedSession> {
    const refresh = randomToken();
    const now = clock.now();
    const lifetime = remember
      ? TOKEN_LIFETIME.refreshDaysRemembered * 24
      : TOKEN_LIFETIME.refreshHoursSession;
    await users().insertSession({
      userId: user.id,
      tokenHash: sha256(refresh),
      remember,
      twoFactorVerified,
      expiresAt: new Date(now.getTime() + lifetime * 3_600_000),
    });
    const access = await signer.sign(await claimsFor(user, false), TOKEN_LIFETIME.accessMinutes);
    return { access, refresh, remember };
  }

  async function sendEmailCode(user: User, ip: string | null) {
    const code = randomDigits(6);
    const mailId = await db.transaction(async (tx) => {
      const repository = authenticationRepository(tx);
      await repository.retireTokens(user.id, 'email_code');
      await repository.insertToken(
        user.id,
        'email_code',
        sha256(`${user.id}:${code}`),
        new Date(clock.now().getTime() + TOKEN_LIFETIME.emailCodeMinutes * 60_000),
      );
      await audit.record(tx, { action: 'two_factor.email_code_sent', actorUserId: user.id, ip });
      return mail.enqueue(tx, {
        to: user.email,
        template: 'sign_in_code',
        language: user.language,
        params: { name: user.firstName, code, minutes: TOKEN_LIFETIME.emailCodeMinutes },
      });
    });
    await mail.dispatch([mailId]);
  }

  async function checkSecondFactor(user: User, code: string): Promise<'totp' | 'email' | 'recovery' | null> {
    const now = clock.now();
    const digits = code.replace(/\s+/g, '');
    if (user.totpSecret && /^\d{6}$/.test(digits)) {
      const result = await verifyTotp({
        secret: secrets.open(user.totpSecret),
        token: digits,
        epochTolerance: TOTP_STEP_SECONDS,
        epoch: Math.floor(now.getTime() / 1000),
        ...(user.totpLastStep !== null ? { afterTimeStep: user.totpLastStep } : {}),
      } as Parameters<typeof verifyTotp>[0]);
      if (result.valid) {
        await users().update(user.id, { totpLastStep: (result as { timeStep: number }).timeStep });
        return 'totp';
      }
    }
    if (/^\d{6}$/.test(digits)) {
      const consumed = await users().consumeToken(sha256(`${user.id}:${digits}`), 'email_code', now);
      if ('userId' in consumed && consumed.userId === user.id) return 'email';
    }
    const recovery = code.trim().toLowerCase();
    if (
      /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(recovery) &&
      (await users().consumeRecoveryCode(user.id, sha256(recovery), now))
    ) {
      return 'recovery';
    }
    return null;
  }

  /**
   * A new password ends every session (a stolen one included): refresh sessions are revoked, and access
   * tokens issued before now stop counting (`sessions_valid_after`, compared with the token's `iat` on every
   * request). It clears any lockout, is audited, and the owner is told by mail. Returns the mail to dispatch
   * after the commit.
   */
  async function storeNewPassword(
    tx: Tx,
    user: User,
    passwordHash: string,
    action: 'password.reset' | 'password.changed',
    context: RequestContext,
  ): Promise<number> {
    const repository = authenticationRepository(tx);
    await repository.update(user.id, {
      passwordHash,
      failedLoginCount: 0,
      lockedUntil: null,
      // Wall-clock time, like the `iat` of the tokens it is compared with (not the injectable clock).
      sessionsValidAfter: new Date(),
    });
    await repository.deleteSessions(user.id);
    await audit.record(tx, { action, actorUserId: user.id, ip: context.ip });
    return mail.enqueue(tx, {
      to: user.email,
      template: 'password_changed',
      language: user.language,
      params: { name: user.firstName },
    });
  }

  async function activeUser(userId: number): Promise<User> {
    const user = await users().findById(userId);
    if (!user || !user.isActive) throw new AppError('unauthenticated', message('auth.session_expired'));
    return user;
  }

  /**
   * The account of someone another person adds (a colleague, a supplier's contact): the existing one, or a
   * new active account with an unusable password and a one-time link to choose one. `placeholder` is a
   * hash of a random secret, computed before the transaction (hashing is slow).
   */
  async function provisionAccount(
    tx: Tx,
    person: { email: string; first_name: string; last_name: string },
    placeholder: string,
  ) {
    const existing = await authenticationRepository(tx).findByEmail(person.email);
    if (existing) {
      return {
        userId: existing.id,
        isNew: false as const,
        firstName: existing.firstName,
        language: existing.language,
        link: `${publicUrl}/login`,
        hours: undefined,
      };
    }
    const repository = authenticationRepository(tx);
    const userId = await repository.insert({
      email: person.email,
      username: person.email,
      firstName: person.first_name,
      lastName: person.last_name,
      phone: '',
      passwordHash: placeholder,
      language: 'en',
      isActive: true,
    });
    const token = randomToken();
    await repository.insertToken(
      userId,
      'password_reset',
      sha256(token),
      new Date(clock.now().getTime() + TOKEN_LIFETIME.activationHours * 3_600_000),
    );
    return {
      userId,
      isNew: true as const,
      firstName: person.first_name,
      language: 'en',
      link: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
      hours: TOKEN_LIFETIME.activationHours,
    };
  }

  /** Run inside the activation's transaction; each returns the ids of mails to dispatch after it commits. */
  const activationListeners: ((tx: Tx, userId: number) => Promise<number[]>)[] = [];

  return {
    provisionAccount,
    hashPassword,

    /** Another module's step when an account is activated (supplier self-registration approves then). */
    onActivated(listener: (tx: Tx, userId: number) => Promise<number[]>): void {
      activationListeners.push(listener);
    },

    /** Which of an email and a username already belong to an account (whatever their letter case). */
    async accountTaken(email: string, username: string): Promise<{ email: boolean; username: boolean }> {
      return {
        email: (await users().findByEmail(email)) !== null,
        username: await users().usernameTaken(username),
      };
    },

    /**
     * A new inactive account that the person activates by the mailed link (the same activation as an
     * advertiser's). Returns the activation link for the caller's own mail. `passwordHash` from hashPassword.
     */
    async createPendingAccount(
      tx: Tx,
      person: {
        email: string;
        username: string;
        first_name: string;
        last_name: string;
        phone: string;
        passwordHash: string;
        language: string;
      },
    ): Promise<{ userId: number; link: string; hours: number }> {
      const repository = authenticationRepository(tx);
      const userId = await repository.insert({
        email: person.email.toLowerCase(),
        username: person.username,
        firstName: person.first_name,
        lastName: person.last_name,
        phone: person.phone,
        passwordHash: person.passwordHash,
        language: person.language,
        isActive: false,
      });
      const token = randomToken();
      await repository.insertToken(
        userId,
        'activation',
        sha256(token),
        new Date(clock.now().getTime() + TOKEN_LIFETIME.activationHours * 3_600_000),
      );
      return {
        userId,
        link: `${publicUrl}/activate?token=${encodeURIComponent(token)}`,
        hours: TOKEN_LIFETIME.activationHours,
      };
    },

    /**
     * What sign-in throttling counts failures against: the account itself when the identifier names one
     * (whatever its letter case, email or username), else the identifier as typed, normalised.
     */
    async signInThrottleKey(identifier: string): Promise<string> {
      const user = await users().findByLogin(identifier);
      return user ? `user:${user.id}` : `unknown:${sha256(identifier.trim().toLowerCase())}`;
    },

    /**
     * Access tokens issued (`iat`) before this instant must be refused: set by a password reset or change.
     * Null when nothing was ended. The request-time check reads the same column (organisations' callerRecord).
     */
    sessionsValidAfter: (userId: number): Promise<Date | null> => users().sessionsValidAfter(userId),

    async register(input: RegistrationInput, context: RequestContext): Promise<void> {
      const countryIso2 = await users().countryIso2(input.country);
      if (!countryIso2) throw fieldError('country', message('auth.country'));
      if (!isValidTaxPin(input.tax_pin, countryIso2)) {
        throw fieldError('tax_pin', message(countryIso2 === 'KE' ? 'auth.kra_pin' : 'auth.tax_id'));
      }
      if (await users().usernameTaken(input.username)) {
        throw fieldError('username', message('auth.username_taken'));
      }
      const email = input.contact_person_email.toLowerCase();
      const language = input.language ?? 'en';
      const existing = await users().findByEmail(email);
      if (existing) {
        // Same answer as a new registration (no account enumeration); the owner hears about it by mail.
        const mailId = await mail.enqueue(db, {
          to: existing.email,
          template: 'existing_account',
          language: existing.language,
          params: { name: existing.firstName, link: `${publicUrl}/forgot-password` },
        });
        await mail.dispatch([mailId]);
        return;
      }
      const passwordHash = await hashPassword(input.password);
      const token = randomToken();
      const mailId = await db.transaction(async (tx) => {
        const organisationId = await organisations.create(tx, {
          kind: 'advertiser',
          name: input.name,
          website: input.company_website || null,
          countryIso2: countryIso2,
          taxPin: input.tax_pin,
          email,
          phone: input.contact_person_phone_number,
          contactPerson: input.contact_person?.trim() || `${input.first_name} ${input.last_name}`,
        });
        const repository = authenticationRepository(tx);
        const userId = await repository.insert({
          email,
          username: input.username,
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.contact_person_phone_number,
          passwordHash,
          language,
          isActive: false,
        });
        await organisations.addMember(tx, userId, organisationId, 'advertiser');
        await repository.insertToken(
          userId,
          'activation',
          sha256(token),
          new Date(clock.now().getTime() + TOKEN_LIFETIME.activationHours * 3_600_000),
        );
        await audit.record(tx, {
          action: 'account.registered',
          actorUserId: userId,
          organisationId,
          ip: context.ip,
        });
        return mail.enqueue(tx, {
          to: email,
          template: 'activation',
          language,
          params: {
            name: input.first_name,
            link: `${publicUrl}/activate?token=${encodeURIComponent(token)}`,
            hours: TOKEN_LIFETIME.activationHours,
          },
        });
      });
      await mail.dispatch([mailId]);
    },

    async activate(token: string, context: RequestContext): Promise<void> {
      const mailIds = await db.transaction(async (tx) => {
        const repository = authenticationRepository(tx);
        const result = await repository.consumeToken(sha256(token), 'activation', clock.now());
        if ('error' in result) {
          throw new AppError(
            'validation',
            message(result.error === 'used' ? 'auth.activation_used' : 'auth.activation_expired'),
          );
        }
        await repository.update(result.userId, { isActive: true });
        await audit.record(tx, { action: 'account.activated', actorUserId: result.userId, ip: context.ip });
        const ids: number[] = [];
        for (const listener of activationListeners) ids.push(...(await listener(tx, result.userId)));
        return ids;
      });
      if (mailIds.length > 0) await mail.dispatch(mailIds);
    },

    async login(
      identifier: string,
      password: string,
      remember: boolean,
      context: RequestContext,
    ): Promise<IssuedSession> {
      const now = clock.now();
      const user = await users().findByLogin(identifier);
      if (user && isLocked(user.lockedUntil, now)) {
        await db.transaction((tx) =>
          audit.record(tx, { action: 'login.locked', actorUserId: user.id, ip: context.ip }),
        );
        throw new AppError('rate_limited', message('auth.locked'));
      }
      const matches = await passwordMatches(user?.passwordHash ?? null, password);
      if (!user || !matches) {
        await db.transaction(async (tx) => {
          if (user) {
            const failed = await authenticationRepository(tx).recordFailedLogin(user.id, null);
            const lockedUntil = lockoutAfterFailure(failed, now);
            if (lockedUntil)
              await authenticationRepository(tx).update(user.id, { lockedUntil, failedLoginCount: 0 });
          }
          await audit.record(tx, {
            action: 'login.failure',
            actorUserId: user?.id ?? null,
            ip: context.ip,
            detail: { reason: user ? 'wrong_password' : 'unknown_account' },
          });
        });
        throw new AppError('unauthenticated', message('auth.bad_credentials'));
      }
      if (!user.isActive) throw new AppError('unauthenticated', message('auth.inactive'));

      if (user.twoFactorEnabled) {
        await db.transaction(async (tx) => {
          await authenticationRepository(tx).update(user.id, { failedLoginCount: 0, lockedUntil: null });
          await audit.record(tx, {
            action: 'login.success',
            actorUserId: user.id,
            ip: context.ip,
            detail: { two_factor: 'pending' },
          });
        });
        if (user.twoFactorMethod === 'email') await sendEmailCode(user, context.ip);
        const access = await signer.sign(await claimsFor(user, true), TOKEN_LIFETIME.twoFactorPendingMinutes);
        return { access, refresh: null, remember };
      }
      await db.transaction(async (tx) => {
        await authenticationRepository(tx).update(user.id, {
          failedLoginCount: 0,
          lockedUntil: null,
          lastLoginAt: now,
        });
        await audit.record(tx, { action: 'login.success', actorUserId: user.id, ip: context.ip });
      });
      return openSession(user, remember, false);
    },

    async verifySecondFactor(
      userId: number,
      code: string,
      remember: boolean,
      context: RequestContext,
    ): Promise<IssuedSession> {
      const user = await activeUser(userId);
      const method = user.twoFactorEnabled ? await checkSecondFactor(user, code) : null;
      if (!method) {
        await db.transaction((tx) =>
          audit.record(tx, { action: 'two_factor.failed', actorUserId: user.id, ip: context.ip }),
        );
        throw new AppError('validation', message('auth.invalid_code'));
      }
      await db.transaction(async (tx) => {
        await authenticationRepository(tx).update(user.id, { lastLoginAt: clock.now() });
        await audit.record(tx, {
          action: 'two_factor.verified',
          actorUserId: user.id,
          ip: context.ip,
          detail: { method },
        });
      });
      return openSession(user, remember, true);
    },

    async sendSignInCode(userId: number, context: RequestContext): Promise<void> {
      const user = await activeUser(userId);
      if (!user.twoFactorEnabled) throw new AppError('validation', message('auth.two_factor_not_enabled'));
      await sendEmailCode(user, context.ip);
    },

    /** Rotates the refresh token. A token used twice means it leaked: every session of the user ends. */
    async refresh(refreshToken: string, context: RequestContext): Promise<IssuedSession> {
      const now = clock.now();
      const taken = await users().takeSession(sha256(refreshToken), now);
      if (!taken.session) {
        if (taken.reused && taken.userId) {
          await db.transaction(async (tx) => {
            await authenticationRepository(tx).revokeSessions(taken.userId!, now);
            await audit.record(tx, {
              action: 'session.refreshed',
              actorUserId: taken.userId!,
              ip: context.ip,
              detail: { outcome: 'reuse_detected' },
            });
          });
        }
        throw new AppError('unauthenticated', message('auth.session_expired'));
      }
      const user = await activeUser(taken.session.userId);
      return openSession(user, taken.session.remember, taken.session.twoFactorVerified);
    },

    async logout(refreshToken: string | null, userId: number | null, context: RequestContext): Promise<void> {
      if (refreshToken) await users().takeSession(sha256(refreshToken), clock.now());
      if (userId)
        await db.transaction((tx) =>
          audit.record(tx, { action: 'session.logout', actorUserId: userId, ip: context.ip }),
        );
    },

    async me(userId: number): Promise<Me> {
      const user = await activeUser(userId);
      const access = await organisations.accessOf(user.id);
      return {
        id: user.id,
        email: user.email,
        username: user.username,
        first_name: user.firstName,
        last_name: user.lastName,
        phone_number: user.phone,
        language: user.language,
        two_factor_enabled: user.twoFactorEnabled,
        two_factor_method: user.twoFactorEnabled ? (user.twoFactorMethod ?? 'totp') : null,
        last_login_at: user.lastLoginAt?.toISOString() ?? null,
        buyer_company_id: currentBuyer(user, access),
        organisations: access.memberships,
      };
    },

    /**
     * An organisation administrator invites someone by email with roles. The answer is the same whoever the
     * address belongs to. A new person gets an account (with an unusable password) holding the roles and a
     * link to choose a password. An existing account gains nothing yet: a pending invitation is stored (only
     * its token's hash) and the person gets a link to accept it while signed in (`acceptInvitation`).
     */
    async inviteMember(
      principal: { userId: number; firstName: string; lastName: string; grants: Grant[] },
      invitation: MemberInvitation,
      context: RequestContext,
    ): Promise<void> {
      const organisationId = invitation.organisation_id;
      if (!hasRole(principal.grants, ['org_admin'], organisationId)) {
        throw new AppError('forbidden', message('organisation.not_admin'));
      }
      const profile = await organisations.profileOf(organisationId);
      if (!profile || profile.kind !== 'buyer')
        throw new AppError('not_found', message('organisation.not_found'));
      for (const role of invitation.roles) {
        if (!roleFitsKind(role as Role, 'buyer')) {
          throw fieldError('roles', message('organisation.role_not_in_kind', { role, kind: 'buyer' }));
        }
      }
      const email = invitation.email.toLowerCase();
      const by = `${principal.firstName} ${principal.lastName}`;
      // Hashed whoever is invited, so a new and an existing address take the same time.
      const placeholder = await hashPassword(randomToken());
      const mailId = await db.transaction(async (tx) => {
        const params = { inviter: by, organisation: profile.name, roles: invitation.roles.join(', ') };
        const existing = await authenticationRepository(tx).findByEmail(email);
        if (existing) {
          const token = randomToken();
          const now = clock.now();
          const pending = organisations.invitations(tx);
          await pending.retire(organisationId, email, now);
          await pending.insert({
            organisationId,
            email,
            roles: invitation.roles,
            invitedBy: principal.userId,
            tokenHash: sha256(token),
            expiresAt: new Date(now.getTime() + TOKEN_LIFETIME.activationHours * 3_600_000),
          });
          await audit.record(tx, {
            action: 'member.invited',
            actorUserId: principal.userId,
            organisationId,
            ip: context.ip,
            detail: { user_id: existing.id, roles: invitation.roles, new_account: false, pending: true },
          });
          return mail.enqueue(tx, {
            to: existing.email,
            template: 'member_invitation',
            language: existing.language,
            params: {
              ...params,
              name: existing.firstName,
              link: `${publicUrl}/accept-invitation?token=${encodeURIComponent(token)}`,
              hours: TOKEN_LIFETIME.activationHours,
            },
          });
        }
        const account = await provisionAccount(tx, invitation, placeholder);
        for (const role of invitation.roles) {
          await organisations.addMember(tx, account.userId, organisationId, role as Role);
        }
        await audit.record(tx, {
          action: 'member.invited',
          actorUserId: principal.userId,
          organisationId,
          ip: context.ip,
          detail: { user_id: account.userId, roles: invitation.roles, new_account: true },
        });
        return mail.enqueue(tx, {
          to: email,
          template: 'member_invited',
          language: account.language,
          params: {
            ...params,
            name: account.firstName,
            link: account.link,
            hours: TOKEN_LIFETIME.activationHours,
          },
        });
      });
      await mail.dispatch([mailId]);
    },

    /**
     * The invited person, signed in with the invited email, accepts: the roles are granted then, once.
     * The link alone is not enough (a forwarded mail gives nobody else access).
     */
    async acceptInvitation(
      userId: number,
      token: string,
      context: RequestContext,
    ): Promise<{ organisation: string; roles: Role[] }> {
      const user = await activeUser(userId);
      return db.transaction(async (tx) => {
        const pending = organisations.invitations(tx);
        const invitation = await pending.forUpdate(sha256(token));
        if (!invitation) throw new AppError('validation', message('invitation.invalid'));
        if (invitation.email !== user.email.toLowerCase()) {
          throw new AppError('forbidden', message('invitation.other_email'));
        }
        if (invitation.acceptedAt) throw new AppError('validation', message('invitation.used'));
        if (invitation.retiredAt) throw new AppError('validation', message('invitation.replaced'));
        const now = clock.now();
        if (invitation.expiresAt.getTime() <= now.getTime())
          throw new AppError('validation', message('invitation.expired'));
        const profile = await organisations.profileOf(invitation.organisationId);
        if (!profile || profile.kind !== 'buyer')
          throw new AppError('validation', message('invitation.invalid'));
        const roles = invitation.roles as Role[];
        for (const role of roles) await organisations.addMember(tx, user.id, invitation.organisationId, role);
        await pending.markAccepted(invitation.id, now);
        await audit.record(tx, {
          action: 'member.invitation_accepted',
          actorUserId: user.id,
          organisationId: invitation.organisationId,
          ip: context.ip,
          detail: { roles, invited_by: invitation.invitedBy },
        });
        return { organisation: profile.name, roles };
      });
    },

    async requestPasswordReset(email: string, context: RequestContext): Promise<void> {
      const user = await users().findByEmail(email);
      if (!user) return;
      const token = randomToken();
      const mailId = await db.transaction(async (tx) => {
        const repository = authenticationRepository(tx);
        await repository.retireTokens(user.id, 'password_reset');
        await repository.insertToken(
          user.id,
          'password_reset',
          sha256(token),
          new Date(clock.now().getTime() + TOKEN_LIFETIME.passwordResetHours * 3_600_000),
        );
        await audit.record(tx, { action: 'password.reset_requested', actorUserId: user.id, ip: context.ip });
        return mail.enqueue(tx, {
          to: user.email,
          template: 'password_reset',
          language: user.language,
          params: {
            name: user.firstName,
            link: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
            hours: TOKEN_LIFETIME.passwordResetHours,
          },
        });
      });
      await mail.dispatch([mailId]);
    },

    async confirmPasswordReset(token: string, password: string, context: RequestContext): Promise<void> {
      const passwordHash = await hashPassword(password);
      const mailId = await db.transaction(async (tx) => {
        const repository = authenticationRepository(tx);
        const result = await repository.consumeToken(sha256(token), 'password_reset', clock.now());
        if ('error' in result) throw new AppError('validation', message('auth.reset_invalid'));
        const user = (await repository.findById(result.userId))!;
        return storeNewPassword(tx, user, passwordHash, 'password.reset', context);
      });
      await mail.dispatch([mailId]);
    },

    /**
     * Every session of the user ends. With `keep`, the caller goes on: a new session replaces the one whose
     * refresh token it holds (same "remember me" and two-factor state), or, for a Bearer client without one,
     * a new access token is issued.
     */
    async changePassword(
      userId: number,
      current: string,
      next: string,
      keep: { refreshToken: string | null } | null,
      context: RequestContext,
    ): Promise<{ session: IssuedSession | null; access: string | null }> {
      const user = await activeUser(userId);
      if (!(await passwordMatches(user.passwordHash, current))) {
        throw fieldError('current_password', message('auth.current_password'));
      }
      const passwordHash = await hashPassword(next);
      const { mailId, kept } = await db.transaction(async (tx) => {
        const kept = keep?.refreshToken
          ? await authenticationRepository(tx).liveSession(user.id, sha256(keep.refreshToken), clock.now())
          : null;
        const mailId = await storeNewPassword(tx, user, passwordHash, 'password.changed', context);
        return { mailId, kept };
      });
      await mail.dispatch([mailId]);
      if (!keep) return { session: null, access: null };
      if (kept) {
        const session = await openSession(user, kept.remember, kept.twoFactorVerified);
        return { session, access: session.access };
      }
      return {
        session: null,
        access: await signer.sign(await claimsFor(user, false), TOKEN_LIFETIME.accessMinutes),
      };
    },

    /**
     * Issue 18, erasure at a supplier's request: the account can no longer sign in and holds no personal data
     * (name, email, username, phone, second factor replaced or removed); its id stays, for the documents and
     * the audit log that name it.
     */
    async eraseAccount(tx: Tx, userId: number): Promise<void> {
      const repository = authenticationRepository(tx);
      await repository.update(userId, {
        email: `erased-${userId}@erased.invalid`,
        username: `erased-${userId}`,
        firstName: 'Erased',
        lastName: 'User',
        phone: null,
        passwordHash: await hashPassword(randomToken()),
        isActive: false,
        twoFactorEnabled: false,
        twoFactorMethod: null,
        totpSecret: null,
        totpPendingSecret: null,
        selectedBuyerId: null,
        sessionsValidAfter: clock.now(),
      });
      await repository.deleteSessions(userId);
      await repository.replaceRecoveryCodes(userId, []);
    },

    async updateProfile(
      userId: number,
      profile: { first_name: string; last_name: string; phone_number: string; language: string },
    ) {
      await activeUser(userId);
      await users().update(userId, {
        firstName: profile.first_name,
        lastName: profile.last_name,
        phone: profile.phone_number,
        language: profile.language,
      });
    },

    /**
     * Whether `code` is the user's authenticator code now (contract signatures, issue 22). Only an enrolled
     * authenticator counts: mailed sign-in codes and recovery codes do not sign anything. A code is good once.
     */
    async verifyAuthenticatorCode(userId: number, code: string): Promise<boolean> {
      const user = await users().findById(userId);
      if (!user?.totpSecret) return false;
      const digits = code.replace(/\s+/g, '');
      if (!/^\d{6}$/.test(digits)) return false;
      const result = await verifyTotp({
        secret: secrets.open(user.totpSecret),
        token: digits,
        epochTolerance: TOTP_STEP_SECONDS,
        epoch: Math.floor(clock.now().getTime() / 1000),
        ...(user.totpLastStep !== null ? { afterTimeStep: user.totpLastStep } : {}),
      } as Parameters<typeof verifyTotp>[0]);
      if (!result.valid) return false;
      await users().update(user.id, { totpLastStep: (result as { timeStep: number }).timeStep });
      return true;
    },

    async startTotpEnrolment(userId: number) {
      const user = await activeUser(userId);
      const secret = generateSecret();
      await users().update(user.id, { totpPendingSecret: secrets.seal(secret) });
      const otpauthUrl = generateURI({ issuer: 'Zabuni', label: user.email, secret });
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
    },

    async confirmTotpEnrolment(userId: number, code: string, context: RequestContext): Promise<string[]> {
      const user = await activeUser(userId);
      if (!user.totpPendingSecret) throw new AppError('validation', message('auth.totp_not_started'));
      const secret = secrets.open(user.totpPendingSecret);
      const result = await verifyTotp({
        secret,
        token: code,
        epochTolerance: TOTP_STEP_SECONDS,
        epoch: Math.floor(clock.now().getTime() / 1000),
      } as Parameters<typeof verifyTotp>[0]);
      if (!result.valid) throw fieldError('code', message('auth.invalid_code'));
      const codes = Array.from({ length: 10 }, recoveryCode);
      const mailId = await db.transaction(async (tx) => {
        const repository = authenticationRepository(tx);
        await repository.update(user.id, {
          twoFactorEnabled: true,
          twoFactorMethod: 'totp',
          totpSecret: user.totpPendingSecret,
          totpPendingSecret: null,
          totpLastStep: (result as { timeStep: number }).timeStep,
        });
        await repository.replaceRecoveryCodes(user.id, codes.map(sha256));
        await audit.record(tx, {
          action: 'two_factor.enabled',
          actorUserId: user.id,
          ip: context.ip,
          detail: { method: 'totp' },
        });
        return mail.enqueue(tx, {
          to: user.email,
          template: 'two_factor_enabled',
          language: user.language,
          params: { name: user.firstName },
        });
      });
      await mail.dispatch([mailId]);
      return codes;
    },

    async disableTwoFactor(userId: number, password: string, context: RequestContext): Promise<void> {
      const user = await activeUser(userId);
      if (!(await passwordMatches(user.passwordHash, password))) {
        throw fieldError('password', message('auth.password_wrong'));
      }
      await db.transaction(async (tx) => {
        const repository = authenticationRepository(tx);
        await repository.update(user.id, {
          twoFactorEnabled: false,
          twoFactorMethod: null,
          totpSecret: null,
          totpPendingSecret: null,
          totpLastStep: null,
        });
        await repository.replaceRecoveryCodes(user.id, []);
        await audit.record(tx, { action: 'two_factor.disabled', actorUserId: user.id, ip: context.ip });
      });
    },

    /** SPEC §6: a supplier on several buyers' lists picks the buyer it works for; a new token says so. */
    async switchBuyer(userId: number, buyerId: number, context: RequestContext): Promise<string> {
      const user = await activeUser(userId);
      const access = await organisations.accessOf(user.id);
      if (![...access.buyerIds, ...access.supplierBuyerIds].includes(buyerId)) {
        throw new AppError('forbidden', message('auth.not_buyer_of_supplier'));
      }
      await db.transaction(async (tx) => {
        await authenticationRepository(tx).update(user.id, { selectedBuyerId: buyerId });
        await audit.record(tx, {
          action: 'organisation.switched',
          actorUserId: user.id,
          organisationId: buyerId,
          ip: context.ip,
        });
      });
      return signer.sign(
        await claimsFor({ ...user, selectedBuyerId: buyerId }, false),
        TOKEN_LIFETIME.accessMinutes,
      );
    },
  };
}
export type AuthenticationService = ReturnType<typeof createAuthenticationService>;
