import { isIsoDate } from '@zabuni/domain';
import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { required } from './fields.ts';

/** Issue 6 organisation set-up: the fiscal years budgets belong to (Kenya's public sector runs July–June). */
export const FISCAL_YEAR_MESSAGES = {
  invalidDate: 'field.date',
  endBeforeStart: 'fiscal_year.end_before_start',
  tooLong: 'fiscal_year.too_long',
  overlaps: 'fiscal_year.overlaps',
  nameTaken: 'fiscal_year.name_taken',
  notAdmin: 'fiscal_year.not_admin',
} as const satisfies Record<string, MessageKey>;

const isoDate = z
  .string({ error: FISCAL_YEAR_MESSAGES.invalidDate })
  .trim()
  .refine(isIsoDate, { error: FISCAL_YEAR_MESSAGES.invalidDate });

export const FISCAL_YEAR_STATUSES = ['open', 'closed'] as const;

export const fiscalYearForm = z
  .object({
    name: required(40),
    /** First day, inclusive. */
    starts_on: isoDate,
    /** Last day, inclusive. */
    ends_on: isoDate,
    status: z.enum(FISCAL_YEAR_STATUSES).optional(),
  })
  .refine((form) => form.ends_on > form.starts_on, {
    path: ['ends_on'],
    error: FISCAL_YEAR_MESSAGES.endBeforeStart,
  })
  .refine(
    (form) => {
      const [y1, m1] = form.starts_on.split('-').map(Number) as [number, number];
      const [y2, m2] = form.ends_on.split('-').map(Number) as [number, number];
      return (y2 - y1) * 12 + (m2 - m1) < 18;
    },
    { path: ['ends_on'], error: FISCAL_YEAR_MESSAGES.tooLong },
  );
export type FiscalYearForm = z.output<typeof fiscalYearForm>;

export const fiscalYear = z
  .object({
    id: z.number().int(),
    name: z.string(),
    starts_on: z.string().meta({ format: 'date' }),
    ends_on: z.string().meta({ format: 'date' }),
    status: z.enum(FISCAL_YEAR_STATUSES),
  })
  .meta({ id: 'FiscalYear' });
export type FiscalYear = z.infer<typeof fiscalYear>;
