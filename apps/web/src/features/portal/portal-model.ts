import {
  decimalTextToMinor,
  eatDay,
  isIsoDate,
  lineAmountMinor,
  minorToDecimalText,
  quantityToThousandths,
  taxMinor,
  thousandthsToQuantity,
  type InvoiceStatus,
} from '@zabuni/domain';
import { invoiceForm, percentToBasisPoints, type MessageKey } from '@zabuni/contracts';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { contractResolver, refineLinePrices } from '../../lib/form-errors.ts';
import type { PortalInvoice, PortalInvoiceSummary, PortalOrder } from './api.ts';

// ---------------------------------------------------------------------------------------------------------
// Money: exactly as the server computes an invoice (integer minor units, never a float)

/** One line of the invoice form, as typed: numbers stay text until sent. */
export interface InvoiceLineValues {
  key: string;
  /** The order line it bills, or null for an extra charge (delivery, installation). */
  purchase_order_line_id: number | null;
  /** Sent with the invoice; an order line not included is left out. */
  include: boolean;
  description: string;
  quantity: string;
  unit_price: string;
  /** Percent text ("16.00"): the order line's, or for extra lines the order's first line's (as the API charges them). */
  tax_rate: string;
  /** Order lines only: what the order says, for the form's hints. */
  order?: {
    line_no: number;
    unit: string;
    ordered: string;
    accepted: string;
    /** On my earlier invoices for this line, rejected ones left out. */
    invoiced: string;
    unit_price: string;
  };
}

export interface InvoiceFormValues {
  purchase_order_id: number | null;
  invoice_number: string;
  invoice_date: string;
  lines: InvoiceLineValues[];
}

let keys = 0;
export const newLineKey = () => {
  keys += 1;
  return `invoice-line-${keys}`;
};

/** Invoices that no longer count: a rejected invoice bills nothing. */
const NOT_BILLED: ReadonlySet<InvoiceStatus> = new Set(['rejected']);

/** Per order line, the quantity on my invoices for this order that still count (thousandths). */
export function billedByOrderLine(invoices: readonly PortalInvoice[]): Map<number, number> {
  const billed = new Map<number, number>();
  for (const invoice of invoices) {
    if (NOT_BILLED.has(invoice.status)) continue;
    for (const line of invoice.lines) {
      if (line.purchase_order_line_id === null) continue;
      const quantity = quantityToThousandths(line.quantity) ?? 0;
      billed.set(line.purchase_order_line_id, (billed.get(line.purchase_order_line_id) ?? 0) + quantity);
    }
  }
  return billed;
}

/** Nothing of the order has been received yet (accepted or rejected): it can only be invoiced as ordered. */
export const nothingReceived = (order: PortalOrder) =>
  order.lines.every((line) => (quantityToThousandths(line.received_quantity) ?? 0) === 0);

/**
 * The form's lines for an order: each order line at the order's price, its quantity what has been accepted
 * and not yet invoiced (on any of my invoices still counting). A line with nothing left to invoice is shown
 * but not included; the supplier may include it (the buyer's review then decides). Before anything is
 * received, the lines are filled in as ordered (less what is already invoiced): a buyer matching only
 * orders and invoices (2-way) pays on that.
 * `invoices` null: my earlier invoices could not be read; the order's own count (approved invoices) is used.
 */
export function linesFromOrder(
  order: PortalOrder,
  invoices: readonly PortalInvoice[] | null,
): InvoiceLineValues[] {
  const billed = invoices ? billedByOrderLine(invoices) : null;
  const asOrdered = nothingReceived(order);
  return order.lines.map((line) => {
    const accepted = quantityToThousandths(line.accepted_quantity) ?? 0;
    const ordered = quantityToThousandths(line.quantity) ?? 0;
    const invoiced = billed
      ? (billed.get(line.id) ?? 0)
      : (quantityToThousandths(line.invoiced_quantity) ?? 0);
    const toInvoice = Math.max(0, accepted - invoiced);
    const notYetBilled = Math.max(0, ordered - invoiced);
    return {
      key: newLineKey(),
      purchase_order_line_id: line.id,
      include: asOrdered ? notYetBilled > 0 : toInvoice > 0,
      description: line.description,
      quantity: thousandthsToQuantity(!asOrdered && toInvoice > 0 ? toInvoice : notYetBilled),
      unit_price: line.unit_price,
      tax_rate: line.tax_rate,
      order: {
        line_no: line.line_no,
        unit: line.unit,
        ordered: line.quantity,
        accepted: line.accepted_quantity,
        invoiced: thousandthsToQuantity(invoiced),
        unit_price: line.unit_price,
      },
    };
  });
}

/** A new extra line (not on the order), taxed like the order's first line, as the API does. */
export function extraLine(order: PortalOrder | null): InvoiceLineValues {
  return {
    key: newLineKey(),
    purchase_order_line_id: null,
    include: true,
    description: '',
    quantity: '1',
    unit_price: '',
    tax_rate: order?.lines[0]?.tax_rate ?? '16.00',
  };
}

/** The form for an order, numbered and dated by the supplier. */
export function invoiceFormFor(
  order: PortalOrder | null,
  invoices: readonly PortalInvoice[] | null,
  today: string,
): InvoiceFormValues {
  return {
    purchase_order_id: order?.id ?? null,
    invoice_number: '',
    invoice_date: today,
    lines: order ? linesFromOrder(order, invoices) : [],
  };
}

const cleanPrice = (text: string) => text.trim().replace(/,/g, '');

/** One line's net and tax in minor units; null while its quantity, price or rate is not valid. */
export function lineMoney(
  line: Pick<InvoiceLineValues, 'quantity' | 'unit_price' | 'tax_rate'>,
  currency: string,
): { net: number; tax: number } | null {
  const quantity = quantityToThousandths(line.quantity);
  const price = decimalTextToMinor(cleanPrice(line.unit_price), currency);
  const rate = percentToBasisPoints(line.tax_rate);
  if (quantity === null || price === null || rate === null) return null;
  try {
    const net = lineAmountMinor(quantity, price);
    return { net, tax: taxMinor(net, rate) };
  } catch {
    return null;
  }
}

export interface InvoiceTotals {
  subtotal: number;
  tax: number;
  total: number;
  /** Included lines whose amount cannot be computed yet. */
  incomplete: number;
}

/** The invoice's totals over the included lines, exactly as the API will compute them. */
export function invoiceTotals(lines: readonly InvoiceLineValues[], currency: string): InvoiceTotals {
  let subtotal = 0;
  let tax = 0;
  let incomplete = 0;
  for (const line of lines) {
    if (!line.include) continue;
    const money = lineMoney(line, currency);
    if (!money) incomplete += 1;
    else {
      subtotal += money.net;
      tax += money.tax;
    }
  }
  return { subtotal, tax, total: subtotal + tax, incomplete };
}

export const asText = (minor: number, currency: string) => minorToDecimalText(minor, currency);

/**
 * A line of the form. An included line is the API's own line (the contract's schema), the form's fields (its
 * React key, the order's facts, the tax rate) beside it; a line left out is not sent, so nothing of it is
 * checked.
 */
const formLine = z.discriminatedUnion('include', [
  invoiceForm.shape.lines.element.extend({ include: z.literal(true) }),
  z.object({ include: z.literal(false) }),
]);

/** What POST /portal/invoices/ takes (the contract's `invoiceForm`, as the schema yields it). */
export type InvoiceRequest = z.output<typeof invoiceForm>;

/**
 * The form's schema: the API's own request schema (`invoiceForm` of the contracts, which the portal's route
 * parses the body with) over the included lines, and what the invoice service checks besides, before
 * sending: a line to invoice, not dated in the future (`today` is Nairobi's date), prices in the order's
 * currency's decimals. Every problem shows at once, each on its field (`lines.2.quantity` is the form's
 * third line, included or not), by catalogue key. It yields the request: the included lines in the form's
 * order, trimmed, prices without separators, piped through the contract once more.
 */
export function invoiceFormSchema(currency: string, today: string) {
  return invoiceForm
    .extend({ lines: z.array(formLine) })
    .superRefine(
      (value, ctx) => {
        const date = typeof value.invoice_date === 'string' ? value.invoice_date.trim() : '';
        if (isIsoDate(date) && date > today) {
          ctx.addIssue({
            code: 'custom',
            path: ['invoice_date'],
            message: 'invoice.future' satisfies MessageKey,
          });
        }
        const lines: unknown[] = Array.isArray(value.lines) ? value.lines : [];
        const included = (line: unknown): line is { unit_price?: unknown } =>
          typeof line === 'object' && line !== null && (line as { include?: unknown }).include === true;
        if (!lines.some(included)) {
          ctx.addIssue({ code: 'custom', path: ['lines'], message: 'field.no_lines' satisfies MessageKey });
        }
        refineLinePrices(ctx, lines, currency, 'invoice.price', included);
      },
      { when: () => true },
    )
    .transform((value): z.input<typeof invoiceForm> => ({
      purchase_order_id: value.purchase_order_id,
      invoice_number: value.invoice_number,
      invoice_date: value.invoice_date,
      lines: value.lines.flatMap((line) =>
        line.include
          ? [
              {
                purchase_order_line_id: line.purchase_order_line_id,
                description: line.description,
                quantity: line.quantity.trim(),
                unit_price: cleanPrice(line.unit_price),
              },
            ]
          : [],
      ),
    }))
    .pipe(invoiceForm);
}

/** react-hook-form's resolver; the order's currency and today's date come in the form's `context`. */
export interface InvoiceContext {
  currency: string;
  today: string;
}
export const invoiceResolver: Resolver<InvoiceFormValues, InvoiceContext, InvoiceRequest> = (
  values,
  context,
  options,
) =>
  contractResolver<InvoiceFormValues, InvoiceRequest>(
    invoiceFormSchema(context?.currency ?? 'KES', context?.today ?? nairobiToday()),
  )(values, context, options);

/** Today in Nairobi (the API refuses invoice dates after it), as YYYY-MM-DD. */
export const nairobiToday = (now: Date = new Date()): string => eatDay(now);

/** The API takes one PDF of 10 MB at most. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Why a chosen invoice document would be refused (a key of the portal namespace), or null. */
export function fileProblem(file: { name: string; type: string; size: number } | null): string | null {
  if (!file) return null;
  const pdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!pdf || file.size > MAX_FILE_BYTES) return 'invoiceForm.errors.file';
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// The match outcome in plain words

/** A sentence of the portal namespace (`outcome.*`) with its values. */
export interface Outcome {
  key: string;
  values: Record<string, string | number>;
  tone: 'neutral' | 'good' | 'waiting' | 'attention' | 'bad';
}

/**
 * An invoice's state for its supplier, in one sentence. The list has only the summary (status, blocking
 * count); with the invoice itself the sentence names the first problem (the server's explanation) or the
 * buyer's reason.
 */
export function invoiceOutcome(
  invoice: PortalInvoiceSummary,
  detail?: PortalInvoice | null,
  format: (amount: string) => string = (amount) => amount,
): Outcome {
  switch (invoice.status) {
    case 'submitted':
      return { key: 'outcome.submitted', values: {}, tone: 'waiting' };
    case 'matched':
      return { key: 'outcome.matched', values: {}, tone: 'waiting' };
    case 'exception': {
      const first = detail?.match.variances.find((variance) => variance.blocking);
      if (first)
        return {
          key: 'outcome.exceptionExplained',
          values: { explanation: first.explanation },
          tone: 'attention',
        };
      return {
        key: 'outcome.exception',
        values: { count: Math.max(1, invoice.blocking_variances) },
        tone: 'attention',
      };
    }
    case 'awaiting_credit_note': {
      const reason = latestReason(detail, 'credit_note_requested');
      return reason
        ? { key: 'outcome.creditNoteExplained', values: { reason }, tone: 'attention' }
        : { key: 'outcome.creditNote', values: {}, tone: 'attention' };
    }
    case 'approved':
      return { key: 'outcome.approved', values: { date: invoice.due_date }, tone: 'good' };
    case 'partially_paid':
      return {
        key: 'outcome.partiallyPaid',
        values: { outstanding: format(invoice.outstanding) },
        tone: 'good',
      };
    case 'paid':
      return { key: 'outcome.paid', values: {}, tone: 'good' };
    case 'rejected': {
      const reason = latestReason(detail, 'reject');
      return reason
        ? { key: 'outcome.rejectedExplained', values: { reason }, tone: 'bad' }
        : { key: 'outcome.rejected', values: {}, tone: 'bad' };
    }
  }
}

function latestReason(detail: PortalInvoice | null | undefined, kind: string): string | null {
  const found = detail?.resolutions.filter((r) => r.kind === kind).at(-1);
  return found?.reason.trim() || null;
}

/** Statuses whose sentence is better with the invoice itself (few: the list asks for those alone). */
export const EXPLAINED_STATUSES: ReadonlySet<InvoiceStatus> = new Set([
  'exception',
  'awaiting_credit_note',
  'rejected',
]);

// ---------------------------------------------------------------------------------------------------------
// Orders

/** An order waits for the supplier's answer while it is sent and neither acknowledged nor declined. */
export const awaitsAnswer = (order: { status: string }) => order.status === 'sent';

/** A calendar date of the API ("2026-12-15") as an instant at noon in Nairobi, for date formatters. */
export const dayInstant = (day: string) => `${day}T12:00:00+03:00`;
