import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { email, recordId, required } from './fields.ts';
import { paginationQuery, queryId } from './pagination.ts';

export const SUPPLIER_STATUSES = ['active', 'blocked'] as const;

export const SUPPLIER_MESSAGES = {
  notSupplier: 'supplier.not_supplier',
  blocked: 'supplier.blocked',
  notListed: 'supplier.not_listed',
  terms: 'supplier.terms',
} as const satisfies Record<string, MessageKey>;

const paymentTerms = z
  .number({ error: SUPPLIER_MESSAGES.terms })
  .int({ error: SUPPLIER_MESSAGES.terms })
  .min(0, { error: SUPPLIER_MESSAGES.terms })
  .max(365, { error: SUPPLIER_MESSAGES.terms });

/**
 * Add a supplier by its contact's email: the supplier organisation and its first user are created when
 * the address is new; an existing supplier is linked as it is.
 */
export const supplierInvitation = z.object({
  name: required(200),
  email,
  first_name: required(100),
  last_name: required(100),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'supplier.country' })
    .default('KE'),
  tax_pin: z.string().trim().max(40).optional(),
  phone: z.string().trim().max(40).optional(),
  category_ids: z.array(recordId()).max(100).default([]),
  payment_terms_days: paymentTerms.default(30),
});
export type SupplierInvitation = z.output<typeof supplierInvitation>;

export const supplierUpdate = z.object({
  status: z.enum(SUPPLIER_STATUSES).optional(),
  category_ids: z.array(recordId()).max(100).optional(),
  payment_terms_days: paymentTerms.optional(),
});

export const supplier = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    tax_pin: z.string().nullable(),
    status: z.enum(SUPPLIER_STATUSES),
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    payment_terms_days: z.number().int(),
    added_at: z.string(),
  })
  .meta({ id: 'Supplier' });

export const suppliersQuery = paginationQuery.extend({
  status: z.enum(SUPPLIER_STATUSES).optional(),
  category: queryId.optional(),
});
