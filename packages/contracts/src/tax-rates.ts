import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { required } from './fields.ts';

/** Issue 6 organisation set-up: tax rates documents apply; organisations start with Kenya's VAT at 16 %. */
export const TAX_RATE_MESSAGES = {
  rateFormat: 'tax_rate.rate_format',
  nameTaken: 'tax_rate.name_taken',
  notAdmin: 'tax_rate.not_admin',
  lastDefault: 'tax_rate.last_default',
} as const satisfies Record<string, MessageKey>;

export const DEFAULT_TAX_RATE = { name: 'VAT 16%', rate: '16.00' } as const;

/** Percent as text ("16", "8.5", "16.00") → basis points (1600); null when it is not a valid rate. */
export function percentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return points <= 10_000 ? points : null;
}

export const basisPointsToPercent = (points: number) =>
  `${Math.floor(points / 100)}.${String(points % 100).padStart(2, '0')}`;

export const taxRateForm = z.object({
  name: required(60),
  rate: z
    .union([z.string(), z.number()], { error: TAX_RATE_MESSAGES.rateFormat })
    .transform(String)
    .refine((text) => percentToBasisPoints(text) !== null, { error: TAX_RATE_MESSAGES.rateFormat }),
  is_default: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type TaxRateForm = z.output<typeof taxRateForm>;

export const taxRate = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** Percent with two decimals, as text so no float rounding creeps in ("16.00"). */
    rate: z.string(),
    is_default: z.boolean(),
    active: z.boolean(),
  })
  .meta({ id: 'TaxRate' });
export type TaxRate = z.infer<typeof taxRate>;
