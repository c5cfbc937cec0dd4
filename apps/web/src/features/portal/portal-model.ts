import {
  decimalTextToMinor,
  isIsoDate,
  lineAmountMinor,
  minorToDecimalText,
  quantityToThousandths,
  taxMinor,
  thousandthsToQuantity,
  type InvoiceStatus,
} from '@zabuni/domain';
import { percentToBasisPoints } from '@zabuni/contracts';
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

/** Problems of the form, as keys of the portal namespace (`invoiceForm.errors.*`). */
export type LineProblems = Partial<Record<'description' | 'quantity' | 'unit_price', string>>;
export interface InvoiceFormProblems {
  purchase_order_id?: string;
  invoice_number?: string;
  invoice_date?: string;
  lines?: string;
  lineProblems: Record<string, LineProblems>;
}

export const INVOICE_NUMBER_MAX = 60;
export const DESCRIPTION_MAX = 500;

/** The API's checks, made before sending so each message lands on its field. `today` is Nairobi's date. */
export function checkInvoiceForm(
  values: InvoiceFormValues,
  currency: string,
  today: string,
): InvoiceFormProblems {
  const problems: InvoiceFormProblems = { lineProblems: {} };
  if (values.purchase_order_id === null) problems.purchase_order_id = 'invoiceForm.errors.order';
  const number = values.invoice_number.trim();
  if (!number) problems.invoice_number = 'invoiceForm.errors.required';
  else if (number.length > INVOICE_NUMBER_MAX) problems.invoice_number = 'invoiceForm.errors.tooLong';
  if (!isIsoDate(values.invoice_date)) problems.invoice_date = 'invoiceForm.errors.date';
  else if (values.invoice_date > today) problems.invoice_date = 'invoiceForm.errors.future';
  const included = values.lines.filter((line) => line.include);
  if (values.purchase_order_id !== null && included.length === 0)
    problems.lines = 'invoiceForm.errors.noLines';
  for (const line of included) {
    const found: LineProblems = {};
    if (!line.description.trim()) found.description = 'invoiceForm.errors.required';
    else if (line.description.trim().length > DESCRIPTION_MAX)
      found.description = 'invoiceForm.errors.tooLong';
    if ((quantityToThousandths(line.quantity) ?? 0) <= 0) found.quantity = 'invoiceForm.errors.quantity';
    if (decimalTextToMinor(cleanPrice(line.unit_price), currency) === null)
      found.unit_price = 'invoiceForm.errors.price';
    if (Object.keys(found).length > 0) problems.lineProblems[line.key] = found;
  }
  return problems;
}

export const hasProblems = (problems: InvoiceFormProblems) =>
  Boolean(
    problems.purchase_order_id ||
    problems.invoice_number ||
    problems.invoice_date ||
    problems.lines ||
    Object.keys(problems.lineProblems).length > 0,
  );

/** What POST /portal/invoices/ takes: the included lines, in the form's order. */
export function toInvoicePayload(values: InvoiceFormValues) {
  return {
    purchase_order_id: values.purchase_order_id!,
    invoice_number: values.invoice_number.trim(),
    invoice_date: values.invoice_date,
    lines: values.lines
      .filter((line) => line.include)
      .map((line) => ({
        purchase_order_line_id: line.purchase_order_line_id,
        description: line.description.trim(),
        quantity: line.quantity.trim(),
        unit_price: cleanPrice(line.unit_price),
      })),
  };
}

/** Today in Nairobi (the API refuses invoice dates after it), as YYYY-MM-DD. */
export function nairobiToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

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
