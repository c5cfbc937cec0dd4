import { z } from 'zod';
import { isValidTaxPin, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '@zabuni/domain';
import { errorBody } from './errors.ts';
import type { MessageKey } from './messages.ts';
import { email, MAX_INTEGER, MAX_INTEGER_MESSAGE, phone, recordId, required } from './fields.ts';

/**
 * The catalogue keys of the accounts' error messages (messages.ts holds their SPEC §5 English, verbatim);
 * the schemas below report these keys, the API answers the key as `code` and the English as `detail`.
 */
export const AUTH_MESSAGES = {
  terms: 'auth.terms',
  passwordMismatch: 'auth.password_mismatch',
  passwordTooShort: 'auth.password_too_short',
  activationExpired: 'auth.activation_link_expired',
  badCredentials: 'auth.bad_credentials',
  inactive: 'auth.inactive',
  locked: 'auth.locked',
  rateLimited: 'system.rate_limited',
  invalidCode: 'auth.invalid_code',
  resetInvalid: 'auth.reset_invalid',
  required: 'field.required',
  sessionExpired: 'auth.session_expired',
  usernameFormat: 'auth.username_format',
} as const satisfies Record<string, MessageKey>;

/** SPEC §5 success texts, verbatim (answers, not errors). */
export const AUTH_NOTICES = {
  registered: 'Registration successful',
  checkEmail: 'Please check your email for an activation link',
  activated: 'Account activated. Please login to access your account.',
  resetSent: 'If an account exists for this email, we have sent a link to reset the password.',
  resetDone: 'Your password has been reset. Please login with your new password.',
} as const;

const password = z
  .string({ error: AUTH_MESSAGES.required })
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: 'field.too_long' });

const username = z
  .string({ error: AUTH_MESSAGES.required })
  .trim()
  .regex(/^[A-Za-z0-9_.@+-]{3,60}$/, { error: AUTH_MESSAGES.usernameFormat });

const passwordsMatch = (value: { password: string; password2: string }) => value.password === value.password2;
/** Reported with the other field errors, not only once every other field is valid. */
const passwordMismatchIssue = {
  path: ['password2'],
  message: AUTH_MESSAGES.passwordMismatch,
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; password2?: unknown } | undefined;
    return typeof value?.password === 'string' && typeof value?.password2 === 'string';
  },
};

/** SPEC §3 advertiser registration (the company, its contact person and the first user). */
export const advertiserRegistration = z
  .object({
    name: required(200),
    // SPEC §5: every registration field is required, the website included.
    company_website: required(300)
      .transform((value) => (/^https?:\/\//i.test(value) ? value : `https://${value}`))
      .pipe(z.url({ error: 'field.url' })),
    tax_pin: required(30).transform((value) => value.toUpperCase().replace(/\s+/g, '')),
    country: z.coerce
      .number({ error: AUTH_MESSAGES.required })
      .int()
      .positive({ error: AUTH_MESSAGES.required })
      .max(MAX_INTEGER, { error: MAX_INTEGER_MESSAGE }),
    first_name: required(100),
    last_name: required(100),
    contact_person: z.string().trim().max(200).optional(),
    contact_person_email: email,
    contact_person_phone_number: phone,
    email: email.optional(),
    username,
    phone_number: phone.optional(),
    password,
    password2: z.string({ error: AUTH_MESSAGES.required }),
    terms: z.literal(true, { error: AUTH_MESSAGES.terms }),
    /** The interface language at registration; mails to this user use it. */
    language: z.enum(['en', 'sw', 'fr', 'pt', 'am']).optional(),
  })
  .refine(passwordsMatch, passwordMismatchIssue);
export type AdvertiserRegistration = z.input<typeof advertiserRegistration>;

/** Country-dependent rule, checked where the country's ISO code is known (the API, and the form). */
export const taxPinMessage = (iso2: string) =>
  iso2 === 'KE' ? 'Enter a valid KRA PIN, e.g. A123456789B.' : 'Enter a valid tax identification number.';
export const taxPinIsValid = isValidTaxPin;

export const loginRequest = z
  .object({
    /** Email address or username (SPEC: the login form's username field takes either). */
    username: z.string().trim().max(254).optional(),
    email: z.string().trim().max(254).optional(),
    password: z
      .string({ error: AUTH_MESSAGES.required })
      .min(1, { error: AUTH_MESSAGES.required })
      .max(PASSWORD_MAX_LENGTH),
    remember: z.boolean().optional(),
  })
  .refine((value) => Boolean(value.username || value.email), {
    path: ['username'],
    message: AUTH_MESSAGES.required,
  });

export const accessResponse = z.object({ access: z.string() }).meta({ id: 'AccessToken' });

export const tfaVerifyRequest = z.object({
  code: z
    .string({ error: AUTH_MESSAGES.required })
    .trim()
    .min(6, { error: AUTH_MESSAGES.invalidCode })
    .max(20, { error: AUTH_MESSAGES.invalidCode }),
});
/**
 * A refused code answers SPEC §7's `{ error }` (with its catalogue `code` beside it); a request that is not even well-formed (no body, `null`,
 * a wrong type) answers the general error body like every other operation.
 */
export const tfaErrorBody = z
  .union([z.object({ error: z.string(), code: z.string().optional() }), errorBody])
  .meta({ id: 'TwoFactorError' });

export const tfaSetupResponse = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as an SVG QR code, to scan with an authenticator app. */
  qr_svg: z.string(),
});
export const tfaEnableRequest = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: AUTH_MESSAGES.invalidCode }),
});
export const tfaEnableResponse = z.object({ recovery_codes: z.array(z.string()) });
export const tfaDisableRequest = z.object({ password: z.string().min(1, { error: AUTH_MESSAGES.required }) });

export const resetRequest = z.object({ email });
export const resetConfirm = z
  .object({
    token: z.string().min(10, { error: AUTH_MESSAGES.resetInvalid }).max(200),
    password,
    password2: z.string({ error: AUTH_MESSAGES.required }),
  })
  .refine(passwordsMatch, passwordMismatchIssue);

export const changePasswordRequest = z
  .object({
    current_password: z.string().min(1, { error: AUTH_MESSAGES.required }),
    password,
    password2: z.string(),
    /** Issue 13: every session ends on a change of password; true keeps the one making the change. */
    keep_this_session: z.boolean().optional(),
  })
  .refine(passwordsMatch, passwordMismatchIssue);

export const profileUpdate = z.object({
  first_name: required(100),
  last_name: required(100),
  phone_number: phone,
  language: z.enum(['en', 'sw', 'fr', 'pt', 'am']),
});

export const verifyEmailQuery = z.object({
  token: z.string().min(1, { error: AUTH_MESSAGES.activationExpired }).max(200),
});

export const switchBuyerRequest = z.object({ buyer_company_id: recordId() });

export const roleSchema = z.enum(ROLES as [string, ...string[]]);

export const membership = z.object({
  organisation: z.object({
    id: z.number(),
    name: z.string(),
    kind: z.enum(['buyer', 'supplier', 'advertiser', 'platform']),
  }),
  roles: z.array(z.string()),
});

export const me = z
  .object({
    id: z.number(),
    email: z.string(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: z.string().nullable(),
    language: z.string(),
    two_factor_enabled: z.boolean(),
    two_factor_method: z.enum(['totp', 'email']).nullable(),
    last_login_at: z.string().nullable(),
    buyer_company_id: z.number().nullable(),
    organisations: z.array(membership),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof me>;

export const messageBody = z.object({ detail: z.string() });

/** Claims of the access token (SPEC §3: the decoded token is the authenticated user). */
export interface AccessClaims {
  user_id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  roles: string[];
  /** 'yes' on the token returned by a password check when two-factor verification is still due. */
  two_fa: 'yes' | 'no';
  buyer_company_id: number | null;
}

/** An organisation administrator adds someone by email: a new account if needed, and these roles. */
export const memberInvitation = z.object({
  email,
  first_name: required(100),
  last_name: required(100),
  organisation_id: recordId(),
  roles: z.array(roleSchema).min(1, { error: 'organisation.no_roles' }).max(10),
});
export type MemberInvitation = z.output<typeof memberInvitation>;
