import { invoiceForm, type MessageKey } from '@zabuni/contracts';
import { isIsoDate } from '@zabuni/domain';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { contractResolver, refineLinePrices } from '../../../../lib/form-errors.ts';
import type { InvoicePayload } from '../api/invoices.ts';
import type { PurchaseOrderView } from '../api/purchase-orders.ts';
import {
  documentTotals,
  rateToBasisPoints,
  thousandthsToText,
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

/** What POST /p2p/invoices/ takes. */
export type InvoiceRequest = z.output<ReturnType<typeof invoiceFormSchema>>;

/**
 * The form's schema: the API's own request schema (`invoiceForm` of the contracts) and what its service checks
 * besides, before sending: not dated in the future, prices in the order's currency's decimals (checked even
 * while other fields are wrong, so every message shows at once). The form's own fields (a line's React key,
 * its order line's number and tax rate) are left out of the request it yields.
 */
export function invoiceFormSchema(currency: string, today: string) {
  return invoiceForm
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
        refineLinePrices(ctx, value.lines, currency, 'invoice.price');
      },
      { when: () => true },
    )
    .transform((value) => ({
      ...value,
      lines: value.lines.map((line) => ({
        ...line,
        quantity: line.quantity.trim(),
        unit_price: line.unit_price.trim().replace(/,/g, ''),
      })),
    }));
}

/** react-hook-form's resolver; the order's currency and today's date come in the form's `context`. */
export const invoiceResolver: Resolver<InvoiceFormValues, InvoiceContext, InvoiceRequest> = (
  values,
  context,
  options,
) =>
  contractResolver<InvoiceFormValues, InvoiceRequest>(
    invoiceFormSchema(context?.currency ?? 'KES', context?.today ?? '9999-12-31'),
  )(values, context, options);

export interface InvoiceContext {
  currency: string;
  today: string;
}

/** Each problem's message by the form's path (`lines.0.quantity`), as the schema reports it. */
export function checkInvoiceForm(
  values: InvoiceFormValues,
  currency: string,
  today: string,
): Record<string, string> {
  const result = invoiceFormSchema(currency, today).safeParse(values);
  const problems: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    problems[issue.path.join('.')] ??= issue.message;
  }
  return problems;
}

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
