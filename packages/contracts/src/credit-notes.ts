import { CREDIT_NOTE_SOURCES, CREDIT_NOTE_STATUSES, isIsoDate, quantityToThousandths } from '@zabuni/domain';
import { z } from 'zod';
import { required } from './fields.ts';
import type { MessageKey } from './messages.ts';
import { REQUISITION_MESSAGES } from './requisitions.ts';

export const CREDIT_NOTE_MESSAGES = {
  line: 'credit_note.line',
  lineTwice: 'credit_note.line_twice',
  lineEmpty: 'credit_note.line_empty',
  lineMixed: 'credit_note.line_mixed',
  value: 'credit_note.value',
  reason: 'credit_note.reason',
  currency: 'credit_note.currency',
} as const satisfies Record<string, MessageKey>;

/** Optional decimal text: blank is "not credited this way". */
const optionalDecimal = (check: (text: string) => boolean) =>
  z
    .union([z.string(), z.number(), z.null()], { error: CREDIT_NOTE_MESSAGES.value })
    .optional()
    .transform((value) => (value === null || value === undefined ? null : String(value).trim() || null))
    .refine((text) => text === null || check(text), { error: CREDIT_NOTE_MESSAGES.value });

const isQuantity = (text: string) => quantityToThousandths(text) !== null;
/** Money as decimal text; its decimals are checked against the invoice's currency by the service. */
const isMoney = (text: string) => /^\d{1,15}(\.\d+)?$/.test(text.replace(/,/g, ''));

/**
 * A credit note against one invoice, by the supplier in its portal or entered by finance: each line names
 * the invoice line (its number) and credits a quantity and/or a unit price reduction, or an amount.
 */
export const creditNoteForm = z.object({
  number: required(60),
  credit_note_date: z.string().trim().refine(isIsoDate, { error: REQUISITION_MESSAGES.date }),
  /** Optional: when sent, it must be the invoice's. */
  currency: z.string().trim().length(3).toUpperCase().optional(),
  reason: z
    .string({ error: CREDIT_NOTE_MESSAGES.reason })
    .trim()
    .min(1, { error: CREDIT_NOTE_MESSAGES.reason })
    .max(2000, { error: 'field.too_long' }),
  lines: z
    .array(
      z.object({
        invoice_line_no: z.number({ error: CREDIT_NOTE_MESSAGES.line }).int().positive(),
        quantity: optionalDecimal(isQuantity),
        unit_price_reduction: optionalDecimal(isMoney),
        amount: optionalDecimal(isMoney),
      }),
    )
    .min(1, { error: 'field.no_lines' })
    .max(200)
    .superRefine((lines, context) => {
      const seen = new Set<number>();
      lines.forEach((line, index) => {
        if (seen.has(line.invoice_line_no))
          context.addIssue({
            code: 'custom',
            path: [index, 'invoice_line_no'],
            message: CREDIT_NOTE_MESSAGES.lineTwice,
          });
        seen.add(line.invoice_line_no);
        const byQuantityOrPrice = line.quantity !== null || line.unit_price_reduction !== null;
        if (line.amount !== null && byQuantityOrPrice)
          context.addIssue({
            code: 'custom',
            path: [index, 'amount'],
            message: CREDIT_NOTE_MESSAGES.lineMixed,
          });
        if (line.amount === null && !byQuantityOrPrice)
          context.addIssue({
            code: 'custom',
            path: [index, 'quantity'],
            message: CREDIT_NOTE_MESSAGES.lineEmpty,
          });
      });
    }),
});
export type CreditNoteForm = z.output<typeof creditNoteForm>;
export type CreditNoteFormInput = z.input<typeof creditNoteForm>;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const creditNote = z
  .object({
    id: z.number().int(),
    number: z.string(),
    invoice: z.object({ id: z.number().int(), invoice_number: z.string() }),
    supplier: ref,
    credit_note_date: z.string(),
    currency: z.string(),
    subtotal: z.string(),
    tax: z.string(),
    total: z.string(),
    reason: z.string(),
    status: z.enum(CREDIT_NOTE_STATUSES),
    entered_by: z.enum(CREDIT_NOTE_SOURCES),
    entered_by_user: ref,
    created_at: z.string(),
    lines: z.array(
      z.object({
        line_no: z.number().int(),
        invoice_line_no: z.number().int(),
        description: z.string(),
        quantity: z.string(),
        unit_price_reduction: z.string().nullable(),
        amount: z.string().nullable(),
        net: z.string(),
        tax: z.string(),
      }),
    ),
  })
  .meta({ id: 'CreditNote' });
export type CreditNoteView = z.infer<typeof creditNote>;

/** An invoice's credit notes, with what they leave owed. */
export const invoiceCreditNotes = z
  .object({
    invoice: z.object({
      id: z.number().int(),
      invoice_number: z.string(),
      status: z.string(),
      currency: z.string(),
      total: z.string(),
      credited: z.string(),
      paid: z.string(),
      open: z.string(),
      /** The supplier's portal and finance may add one now. */
      creditable: z.boolean(),
    }),
    results: z.array(creditNote),
  })
  .meta({ id: 'InvoiceCreditNotes' });
export type InvoiceCreditNotesView = z.infer<typeof invoiceCreditNotes>;

/** The credit note just recorded, with what it leaves open on its invoice (and the invoice's status now). */
export const issuedCreditNote = creditNote
  .extend({ invoice_after: invoiceCreditNotes.shape.invoice })
  .meta({ id: 'IssuedCreditNote' });
