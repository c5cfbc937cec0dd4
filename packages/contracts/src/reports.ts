import { isIsoDate } from '@zabuni/domain';
import { z } from 'zod';

export const SPEND_GROUPS = ['supplier', 'category', 'department', 'month'] as const;

const day = z.string().trim().refine(isIsoDate, { error: 'field.date' });

export const spendQuery = z.object({
  group_by: z.enum(SPEND_GROUPS).default('supplier'),
  from: day.optional(),
  to: day.optional(),
});

/** Net of tax: ordered (approved orders), invoiced (approved invoices), paid (payments recorded). */
export const spendReport = z.object({
  currency: z.string(),
  group_by: z.enum(SPEND_GROUPS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  rows: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      ordered: z.string(),
      invoiced: z.string(),
      paid: z.string(),
    }),
  ),
  totals: z.object({ ordered: z.string(), invoiced: z.string(), paid: z.string() }),
});

export const cycleTimesReport = z.object({
  rows: z.array(
    z.object({
      supplier: z.object({ id: z.number().int(), name: z.string() }),
      orders: z.number().int(),
      /** Average days, one decimal; null when no order reached that step. */
      avg_days_to_approve: z.number().nullable(),
      avg_days_to_send: z.number().nullable(),
      avg_days_to_acknowledge: z.number().nullable(),
      avg_days_to_receive: z.number().nullable(),
    }),
  ),
});

export const exceptionsReport = z.object({
  rows: z.array(z.object({ kind: z.string(), invoices: z.number().int(), blocking: z.number().int() })),
});
