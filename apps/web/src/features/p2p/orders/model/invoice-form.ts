import { isIsoDate, quantityToThousandths } from '@zabuni/domain';
import type { InvoicePayload } from '../api/invoices.ts';
import type { PurchaseOrderView } from '../api/purchase-orders.ts';
import { FORM_MESSAGES } from './messages.ts';
import {
  documentTotals,
  rateToBasisPoints,
  thousandthsToText,
  toMinor,
  toThousandths,
} from '../../../../lib/money.ts';

/** Orders an invoice can be entered against (the API's rule). */
export const INVOICEABLE_STATUSES = ['sent', 'acknowledged', 'partially_received', 'received'] as const;
export const isInvoiceable = (status: string) => (INVOICEABLE_STATUSES as readonly string[]).includes(status);

export interface InvoiceLineValues {
  key: string;
  /** The order line invoiced; null for a charge the order does not have (the match reports it). */
  purchase_order_line_id: number | null;
  line_no: number | null;
  description: string;
  quantity: string;
  unit_price: string;
  /** The order line's tax rate ("16.00"); extra lines are taxed at the order's first line's rate. */
  tax_rate: string;
}

export interface InvoiceFormValues {
  purchase_order_id: number | undefined;
  invoice_number: string;
  invoice_date: string;
  lines: InvoiceLineValues[];
}

let keys = 0;
const newKey = () => {
  keys += 1;
  return `invoice-line-${keys}`;
};

/**
 * What is left to invoice on an order line: what was accepted on receipt (or, before any receipt, what was
 * ordered) less what approved invoices already took.
 */
export function toInvoiceOf(line: PurchaseOrderView['lines'][number]): string {
  const accepted = toThousandths(line.accepted_quantity) ?? 0;
  const basis = accepted > 0 ? accepted : (toThousandths(line.quantity) ?? 0);
  const invoiced = toThousandths(line.invoiced_quantity) ?? 0;
  return thousandthsToText(Math.max(0, basis - invoiced));
}

/** The order's lines with something left to invoice, at the ordered price: the invoice as expected. */
export function invoiceLinesFromOrder(order: PurchaseOrderView): InvoiceLineValues[] {
  const lines = order.lines.map((line) => ({
    key: newKey(),
    purchase_order_line_id: line.id,
    line_no: line.line_no,
    description: line.description,
    quantity: toInvoiceOf(line),
    unit_price: line.unit_price,
    tax_rate: line.tax_rate,
  }));
  const open = lines.filter((line) => (toThousandths(line.quantity) ?? 0) > 0);
  return open.length > 0 ? open : lines;
}

export const extraInvoiceLine = (order: PurchaseOrderView | undefined): InvoiceLineValues => ({
  key: newKey(),
  purchase_order_line_id: null,
  line_no: null,
  description: '',
  quantity: '1',
  unit_price: '',
  tax_rate: order?.lines[0]?.tax_rate ?? '16.00',
});

export const emptyInvoiceForm = (today: string): InvoiceFormValues => ({
  purchase_order_id: undefined,
  invoice_number: '',
  invoice_date: today,
  lines: [],
});

export function invoiceTotals(values: InvoiceFormValues, currency: string) {
  return documentTotals(
    values.lines.map((line) => ({
      quantity: line.quantity,
      unit_price: line.unit_price,
      basisPoints: rateToBasisPoints(line.tax_rate),
    })),
    currency,
  );
}

type LineField = 'description' | 'quantity' | 'unit_price';
export interface InvoiceProblems {
  purchase_order_id?: string;
  invoice_number?: string;
  invoice_date?: string;
  lines?: string;
  lineProblems: Array<Partial<Record<LineField, string>> | undefined>;
}

export function checkInvoiceForm(
  values: InvoiceFormValues,
  currency: string,
  today: string,
): InvoiceProblems {
  const problems: InvoiceProblems = { lineProblems: [] };
  if (values.purchase_order_id === undefined) problems.purchase_order_id = FORM_MESSAGES.order;
  if (!values.invoice_number.trim()) problems.invoice_number = FORM_MESSAGES.required;
  else if (values.invoice_number.trim().length > 60) problems.invoice_number = FORM_MESSAGES.tooLong;
  if (!isIsoDate(values.invoice_date)) problems.invoice_date = FORM_MESSAGES.date;
  else if (values.invoice_date > today) problems.invoice_date = FORM_MESSAGES.futureDate;
  if (values.purchase_order_id !== undefined && values.lines.length === 0)
    problems.lines = FORM_MESSAGES.noLines;
  values.lines.forEach((line, index) => {
    const found: Partial<Record<LineField, string>> = {};
    if (!line.description.trim()) found.description = FORM_MESSAGES.required;
    else if (line.description.trim().length > 500) found.description = FORM_MESSAGES.tooLong;
    if ((quantityToThousandths(line.quantity.trim()) ?? 0) <= 0) found.quantity = FORM_MESSAGES.quantity;
    const price = toMinor(line.unit_price, currency);
    if (price === null || price < 0) found.unit_price = FORM_MESSAGES.price;
    if (Object.keys(found).length > 0) problems.lineProblems[index] = found;
  });
  return problems;
}

export const invoiceHasProblems = (problems: InvoiceProblems) =>
  Boolean(
    problems.purchase_order_id ||
    problems.invoice_number ||
    problems.invoice_date ||
    problems.lines ||
    problems.lineProblems.some(Boolean),
  );

export function toInvoicePayload(values: InvoiceFormValues): InvoicePayload {
  return {
    purchase_order_id: values.purchase_order_id!,
    invoice_number: values.invoice_number.trim(),
    invoice_date: values.invoice_date,
    lines: values.lines.map((line) => ({
      purchase_order_line_id: line.purchase_order_line_id,
      description: line.description.trim(),
      quantity: line.quantity.trim(),
      unit_price: line.unit_price.trim().replace(/,/g, ''),
    })),
  };
}
