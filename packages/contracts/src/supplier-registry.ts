import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@zabuni/domain';
import { email, MAX_INTEGER, MAX_INTEGER_MESSAGE, phone, recordId, required } from './fields.ts';
import type { MessageKey } from './messages.ts';
import { paginated, paginationQuery } from './pagination.ts';

/** The version of the terms and privacy notice a registering supplier agrees to; recorded with its consent. */
export const SUPPLIER_TERMS_VERSION = '2026-11-01';

export const SUPPLIER_REGISTRATION_MESSAGES = {
  pinFormat: 'registry.pin_format',
  pinUnknown: 'registry.pin_unknown',
  pinUnavailable: 'registry.pin_unavailable',
  pinRegistered: 'registry.pin_registered',
  emailTaken: 'registry.email_taken',
  usernameTaken: 'auth.username_taken',
  terms: 'auth.terms',
  categories: 'registry.categories',
  country: 'registry.country',
  notPending: 'registry.not_pending',
  notFound: 'registry.not_found',
} as const satisfies Record<string, MessageKey>;

/** SPEC §5 success text, verbatim. */
export const SUPPLIER_REGISTRATION_NOTICE = 'Registration Completed';

const kraPin = z
  .string({ error: 'field.required' })
  .transform((value) => value.trim().toUpperCase().replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'field.required' })
      .regex(/^[AP]\d{9}[A-Z]$/, { error: SUPPLIER_REGISTRATION_MESSAGES.pinFormat }),
  );

export const pinSearchQuery = z.object({ pin: z.string().max(40).default('') });

/** SPEC §3 tax-PIN lookup answer: `err` already registered here, `error` malformed or unknown, `success`. */
export const pinSearchAnswer = z
  .object({
    response: z.enum(['success', 'error', 'err']),
    response_message: z.string(),
    /** The catalogue key of `response_message` when it is not a success. */
    code: z.string().optional(),
    /** On success: the name the tax authority holds for the PIN. */
    company_name: z.string().optional(),
  })
  .meta({ id: 'PinSearchAnswer' });

/** SPEC §3 supplier self-registration; first and last name are both kept (the SPEC's binding bug is not). */
export const supplierRegistrationForm = z.object({
  company_name: required(200),
  kra_tax_pin: kraPin,
  primary_email: email,
  primary_phone: phone,
  first_name: required(100),
  last_name: required(100),
  country: z.coerce
    .number({ error: SUPPLIER_REGISTRATION_MESSAGES.country })
    .int()
    .positive({ error: SUPPLIER_REGISTRATION_MESSAGES.country })
    .max(MAX_INTEGER, { error: MAX_INTEGER_MESSAGE }),
  city: required(100),
  username: z
    .string({ error: 'field.required' })
    .trim()
    .regex(/^[A-Za-z0-9_.@+-]{3,60}$/, { error: 'auth.username_format' }),
  password: z
    .string({ error: 'field.required' })
    .min(PASSWORD_MIN_LENGTH, { error: 'auth.password_too_short' })
    .max(PASSWORD_MAX_LENGTH, { error: 'field.too_long' }),
  categories: z
    .array(recordId())
    .min(1, { error: SUPPLIER_REGISTRATION_MESSAGES.categories })
    .max(50, { error: SUPPLIER_REGISTRATION_MESSAGES.categories }),
  terms: z.literal(true, { error: SUPPLIER_REGISTRATION_MESSAGES.terms }),
  language: z.enum(['en', 'sw', 'fr', 'pt', 'am']).optional(),
});
export type SupplierRegistrationForm = z.input<typeof supplierRegistrationForm>;
export type SupplierRegistrationInput = z.output<typeof supplierRegistrationForm>;

export const supplierRegistrationReceipt = z
  .object({ id: z.number().int(), detail: z.string() })
  .meta({ id: 'SupplierRegistrationReceipt' });

export const SUPPLIER_REGISTRATION_STATUSES = [
  'pending_activation',
  'under_review',
  'approved',
  'rejected',
  /** Issue 18: erased at the supplier's request (personal data anonymised, off the public listing). */
  'erased',
] as const;
export type SupplierRegistrationStatus = (typeof SUPPLIER_REGISTRATION_STATUSES)[number];

export const supplierRegistration = z
  .object({
    id: z.number().int(),
    status: z.enum(SUPPLIER_REGISTRATION_STATUSES),
    company_name: z.string(),
    kra_tax_pin: z.string(),
    pin_check: z.enum(['verified', 'unknown', 'unavailable']),
    pin_name: z.string().nullable(),
    email: z.string(),
    phone: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    country: z.string(),
    city: z.string(),
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    email_confirmed: z.boolean(),
    terms_version: z.string(),
    reason: z.string().nullable(),
    supplier_id: z.number().int().nullable(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'SupplierRegistration' });

export const supplierRegistrationsQuery = paginationQuery.extend({
  status: z.enum(SUPPLIER_REGISTRATION_STATUSES).optional(),
});

export const supplierRegistrationsPage = paginated(supplierRegistration);

export const supplierRegistrationRejection = z.object({ reason: required(1000) });
export type SupplierRegistration = z.infer<typeof supplierRegistration>;
