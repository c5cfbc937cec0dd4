/**
 * Credit notes (issue 16 point 8): a supplier's document that lowers what one of its invoices bills. Each
 * line credits one invoice line by a quantity returned and/or a unit price reduction, or by an amount; the
 * invoice is never edited, its lines net of credits are what matching, the open amount, the statement and
 * the spend report count.
 *
 * A credit note needs no acceptance of its own: it can only lower what the buyer owes, never below what the
 * invoice's lines billed, and the invoice it brings back inside tolerance returns to the invoice's approval
 * (the one approval engine), where the approver sees it.
 *
 * Money in integer minor units; quantities in thousandths.
 */
import { lineAmountMinor, taxMinor } from './money.ts';
import type { InvoiceStatus } from './invoices.ts';

export const CREDIT_NOTE_STATUSES = ['issued'] as const;
export type CreditNoteStatus = (typeof CREDIT_NOTE_STATUSES)[number];

/** Who entered a credit note: the supplier in its portal, or the buyer's finance on its behalf. */
export const CREDIT_NOTE_SOURCES = ['supplier', 'finance'] as const;
export type CreditNoteSource = (typeof CREDIT_NOTE_SOURCES)[number];

/** Invoices a credit note may answer: billed and not yet rejected or fully paid. */
export const CREDITABLE_INVOICE_STATUSES: readonly InvoiceStatus[] = [
  'matched',
  'exception',
  'awaiting_credit_note',
  'approved',
  'partially_paid',
];

export const isCreditable = (status: InvoiceStatus) => CREDITABLE_INVOICE_STATUSES.includes(status);

/** An invoice line with what earlier credit notes already took off it. */
export interface CreditableLine {
  quantityThousandths: number;
  netMinor: number;
  taxBasisPoints: number;
  creditedQuantityThousandths: number;
  creditedNetMinor: number;
}

/** What one credit line asks for: a quantity and/or a unit price reduction, or an amount (before tax). */
export interface CreditRequest {
  quantityThousandths: number | null;
  unitPriceReductionMinor: number | null;
  amountMinor: number | null;
}

export type CreditLineProblem = 'empty' | 'mixed' | 'quantity' | 'price' | 'amount';

export type CreditLineResult =
  | { ok: true; quantityThousandths: number; netMinor: number; taxMinor: number }
  | { ok: false; problem: CreditLineProblem; limit: number };

/** What is left of a line once credited: its quantity, its net and the unit price those give. */
export function remainingOf(line: CreditableLine) {
  const quantityThousandths = Math.max(0, line.quantityThousandths - line.creditedQuantityThousandths);
  const netMinor = Math.max(0, line.netMinor - line.creditedNetMinor);
  const unitPriceMinor = quantityThousandths > 0 ? Math.round((netMinor * 1000) / quantityThousandths) : 0;
  return { quantityThousandths, netMinor, unitPriceMinor };
}

/**
 * Checks and prices one credit line against what is left of its invoice line. A quantity returned is
 * credited at the line's remaining unit price; a price reduction applies to the quantity kept; an amount
 * stands alone. Nothing can take a line below zero: `limit` says how far it could go (thousandths for a
 * quantity, minor units otherwise).
 */
export function creditLine(line: CreditableLine, request: CreditRequest): CreditLineResult {
  const left = remainingOf(line);
  const quantity = request.quantityThousandths ?? 0;
  const reduction = request.unitPriceReductionMinor ?? 0;
  const amount = request.amountMinor ?? 0;
  if (amount > 0) {
    if (quantity > 0 || reduction > 0) return { ok: false, problem: 'mixed', limit: 0 };
    if (amount > left.netMinor) return { ok: false, problem: 'amount', limit: left.netMinor };
    return {
      ok: true,
      quantityThousandths: 0,
      netMinor: amount,
      taxMinor: taxMinor(amount, line.taxBasisPoints),
    };
  }
  if (quantity <= 0 && reduction <= 0) return { ok: false, problem: 'empty', limit: 0 };
  if (quantity > left.quantityThousandths)
    return { ok: false, problem: 'quantity', limit: left.quantityThousandths };
  if (reduction > left.unitPriceMinor) return { ok: false, problem: 'price', limit: left.unitPriceMinor };
  const returned =
    quantity === left.quantityThousandths ? left.netMinor : lineAmountMinor(quantity, left.unitPriceMinor);
  const netMinor = Math.min(
    left.netMinor,
    returned + lineAmountMinor(left.quantityThousandths - quantity, reduction),
  );
  return {
    ok: true,
    quantityThousandths: quantity,
    netMinor,
    taxMinor: taxMinor(netMinor, line.taxBasisPoints),
  };
}

/**
 * What is still owed on an invoice: its total less its credit notes and the payments recorded (never below
 * zero).
 */
export function openAmountMinor(totalMinor: number, creditedMinor: number, paidMinor: number): number {
  return Math.max(0, totalMinor - creditedMinor - paidMinor);
}
