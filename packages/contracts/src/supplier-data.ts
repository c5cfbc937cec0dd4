import { z } from 'zod';
import { phone, recordId, required } from './fields.ts';
import type { MessageKey } from './messages.ts';
import { paginated, paginationQuery } from './pagination.ts';

/**
 * Issue 18, data protection: what a registered supplier can see, correct, export and ask to erase from its
 * account (supplier portal), and the operator's side of erasure requests.
 */
export const SUPPLIER_ERASURE_STATUSES = ['requested', 'carried_out'] as const;
export type SupplierErasureStatus = (typeof SUPPLIER_ERASURE_STATUSES)[number];

export const SUPPLIER_DATA_MESSAGES = {
  notRegistered: 'supplier_data.not_registered',
  erasurePending: 'supplier_data.erasure_pending',
  erasureNotFound: 'supplier_data.erasure_not_found',
  erasureDone: 'supplier_data.erasure_done',
  categories: 'registry.categories',
  adminOnly: 'supplier_data.admin_only',
} as const satisfies Record<string, MessageKey>;

/** Why each kind of record survives an erasure: catalogue keys, shown to the operator and the supplier. */
export const SUPPLIER_ERASURE_KEPT = [
  'supplier_data.kept_documents',
  'supplier_data.kept_paid_orders',
  'supplier_data.kept_audit',
  'supplier_data.kept_consent',
] as const satisfies readonly MessageKey[];

const category = z.object({ id: z.number().int(), name: z.string() });

export const supplierErasureRequest = z
  .object({
    id: z.number().int(),
    status: z.enum(SUPPLIER_ERASURE_STATUSES),
    supplier_id: z.number().int(),
    company_name: z.string(),
    reason: z.string().nullable(),
    requested_at: z.string(),
    carried_out_at: z.string().nullable(),
    /** Catalogue keys: what was kept, and why. */
    kept: z.array(z.string()),
  })
  .meta({ id: 'SupplierErasureRequest' });
export type SupplierErasureRequest = z.infer<typeof supplierErasureRequest>;

/** The supplier's data as its account shows it. */
export const supplierData = z
  .object({
    supplier_id: z.number().int(),
    registration_id: z.number().int(),
    status: z.string(),
    company_name: z.string(),
    kra_tax_pin: z.string(),
    pin_check: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string(),
    country: z.object({ id: z.number().int(), name: z.string(), iso2: z.string() }),
    city: z.string(),
    categories: z.array(category),
    consent: z.object({
      terms_version: z.string(),
      consented_at: z.string(),
    }),
    registered_at: z.string(),
    /** Whether the caller may correct the data and ask for erasure (the supplier's administrator). */
    can_change: z.boolean(),
    erasure: supplierErasureRequest.nullable(),
  })
  .meta({ id: 'SupplierData' });
export type SupplierData = z.infer<typeof supplierData>;

/** Corrections: company name, contact (name and phone), city and categories. PIN, country, email are not. */
export const supplierDataCorrection = z
  .object({
    company_name: required(200),
    first_name: required(100),
    last_name: required(100),
    phone,
    city: required(100),
    categories: z
      .array(recordId())
      .min(1, { error: SUPPLIER_DATA_MESSAGES.categories })
      .max(50, { error: SUPPLIER_DATA_MESSAGES.categories }),
  })
  .partial()
  .meta({ id: 'SupplierDataCorrection' });
export type SupplierDataCorrection = z.input<typeof supplierDataCorrection>;

export const supplierErasureForm = z.object({
  reason: z.string().trim().max(1000, { error: 'field.too_long' }).optional(),
});

export const supplierErasureRequestsQuery = paginationQuery.extend({
  status: z.enum(SUPPLIER_ERASURE_STATUSES).optional(),
});
export const supplierErasureRequestsPage = paginated(supplierErasureRequest);
