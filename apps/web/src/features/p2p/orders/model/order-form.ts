import { purchaseOrderForm, type MessageKey } from '@zabuni/contracts';
import { z } from 'zod';
import type { EditableLine } from '../../../../components/LineEditor.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { contractResolver } from '../../../../lib/form-errors.ts';
import type { PurchaseOrderView } from '../api/purchase-orders.ts';
import type { RequisitionView, TaxRate } from '../api/lookups.ts';
import {
  documentTotals,
  normalisedCurrency,
  rateToBasisPoints,
  toMinor,
  type Totals,
} from '../../../../lib/money.ts';
import { FORM_MESSAGES } from './messages.ts';

/**
 * One line of the order as typed (the line editor's fields and the order's own): numbers stay text until they
 * are sent (money is never a float).
 */
export interface OrderLineValues extends EditableLine {
  /** A stable key for React while lines are added and removed. */
  key: string;
  /** The approved requisition line this orders (all or part of); null for a direct line. */
  requisition_line_id: number | null;
  /** "REQ-2026-00012 · line 2", for a line from a requisition. */
  requisition_label?: string;
  /** The quantity requisitioned on that line (earlier orders may have taken part of it). */
  requisitioned?: string;
  /** One of the organisation's tax rates; null means its default rate. */
  tax_rate_id: number | null;
}

export type OrderSource = 'requisition' | 'direct';

export interface OrderFormValues {
  source: OrderSource;
  supplier_id: number | undefined;
  /** The chosen supplier's name, for the picker that only knows ids. */
  supplier_name?: string;
  justification: string;
  currency: string;
  delivery_address: string;
  /** YYYY-MM-DD or null. */
  delivery_date: string | null;
  /** Whole days as typed; empty means the supplier's terms. */
  payment_terms_days: string;
  lines: OrderLineValues[];
}

export const DEFAULT_CURRENCY = 'KES';
export const DEFAULT_UNIT = 'each';
export const MAX_LINES = 200;

let keys = 0;
export const newLineKey = () => {
  keys += 1;
  return `order-line-${keys}`;
};

export const emptyOrderLine = (department_id?: number): OrderLineValues => ({
  key: newLineKey(),
  requisition_line_id: null,
  description: '',
  category_id: undefined,
  department_id,
  quantity: '1',
  unit: DEFAULT_UNIT,
  unit_price: '',
  tax_rate_id: null,
});

export const emptyOrderForm = (source: OrderSource): OrderFormValues => ({
  source,
  supplier_id: undefined,
  justification: '',
  currency: DEFAULT_CURRENCY,
  delivery_address: '',
  delivery_date: null,
  payment_terms_days: '',
  lines: source === 'direct' ? [emptyOrderLine()] : [],
});

/**
 * A line of an approved requisition as an order line: what is still to be ordered of it (earlier orders
 * may have taken part), at the estimated price, charged where it was.
 */
export function lineFromRequisition(
  requisition: Pick<RequisitionView, 'number'>,
  line: RequisitionView['lines'][number],
): OrderLineValues {
  return {
    key: newLineKey(),
    requisition_line_id: line.id,
    requisition_label: `${requisition.number} · ${line.line_no}`,
    requisitioned: line.quantity,
    description: line.description,
    category_id: line.category.id,
    category_name: line.category.name,
    department_id: line.department.id,
    department_label: `${line.department.code} · ${line.department.name}`,
    quantity: line.remaining_quantity,
    unit: line.unit,
    unit_price: line.unit_price,
    tax_rate_id: null,
  };
}

/**
 * The tax rate a saved line's rate ("16.00") stands for: null when it is the default rate's (the form's
 * "default" choice), else the id of a non-default rate with that rate, else null.
 */
export function rateIdFor(rate: string, rates: readonly TaxRate[]): number | null {
  const points = rateToBasisPoints(rate);
  const matching = rates.filter((r) => rateToBasisPoints(r.rate) === points);
  if (matching.length === 0 || matching.some((r) => r.is_default)) return null;
  return matching[0]!.id;
}

/** A draft order as the form edits it. */
export function formFromOrder(view: PurchaseOrderView, rates: readonly TaxRate[]): OrderFormValues {
  return {
    source: view.source,
    supplier_id: view.supplier.id,
    supplier_name: view.supplier.name,
    justification: view.justification,
    currency: view.currency,
    delivery_address: view.delivery_address,
    delivery_date: view.delivery_date,
    payment_terms_days: String(view.payment_terms_days),
    lines: view.lines.map((line) => ({
      key: newLineKey(),
      requisition_line_id: line.requisition_line_id,
      requisition_label: line.requisition ? `${line.requisition.number}` : undefined,
      description: line.description,
      category_id: line.category.id,
      category_name: line.category.name,
      department_id: line.department.id,
      department_label: `${line.department.code} · ${line.department.name}`,
      quantity: line.quantity,
      unit: line.unit,
      unit_price: line.unit_price,
      tax_rate_id: rateIdFor(line.tax_rate, rates),
    })),
  };
}

/** A line's rate in basis points: its own, else the default; null while the rates are not known. */
export function lineBasisPoints(
  line: Pick<OrderLineValues, 'tax_rate_id'>,
  rates: readonly TaxRate[] | undefined,
): number | null {
  if (!rates) return null;
  const rate =
    line.tax_rate_id === null
      ? rates.find((r) => r.is_default)
      : rates.find((r) => r.id === line.tax_rate_id);
  // An organisation without a default rate is taxed at 16 % by the API.
  if (!rate) return line.tax_rate_id === null ? 1600 : null;
  return rateToBasisPoints(rate.rate);
}

/** Net, tax and total exactly as the API will compute them. */
export function orderTotals(values: OrderFormValues, rates: readonly TaxRate[] | undefined): Totals {
  return documentTotals(
    values.lines.map((line) => ({
      quantity: line.quantity,
      unit_price: line.unit_price,
      basisPoints: lineBasisPoints(line, rates),
    })),
    values.currency,
  );
}

/**
 * A direct order has no line from an approved requisition: it needs a justification. Before any line is
 * there, the way the order was started says which it will be.
 */
export const isDirect = (values: {
  source: OrderSource;
  lines: ReadonlyArray<{ requisition_line_id?: number | null }>;
}) =>
  values.lines.length === 0
    ? values.source === 'direct'
    : values.lines.every((line) => (line.requisition_line_id ?? null) === null);

const TERMS = /^\d{1,3}$/;

/**
 * The form's schema: the API's own request schema (`purchaseOrderForm` of the contracts), extended with
 * what only the form has (how the order was started, the supplier's name for the picker, the payment terms
 * as typed), and what the API's service checks besides: a justification for a direct order, and prices with
 * at most the currency's decimals (checked even while other fields are wrong, so every message shows at
 * once). What it yields is the request: form-only fields left out, prices without thousands separators.
 */
export const orderFormSchema = purchaseOrderForm
  .extend({
    source: z.enum(['requisition', 'direct']),
    supplier_name: z.string().optional(),
    payment_terms_days: z
      .string()
      .trim()
      .refine((text) => text === '' || (TERMS.test(text) && Number(text) <= 365), {
        error: FORM_MESSAGES.terms,
      })
      .transform((text) => (text === '' ? undefined : Number(text))),
  })
  .superRefine(
    (value, ctx) => {
      const lines = Array.isArray(value.lines) ? value.lines : [];
      const source = value.source === 'requisition' ? 'requisition' : 'direct';
      const justification = typeof value.justification === 'string' ? value.justification.trim() : '';
      if (isDirect({ source, lines }) && justification === '') {
        ctx.addIssue({
          code: 'custom',
          path: ['justification'],
          message: 'purchase_order.justification' satisfies MessageKey,
        });
      }
      const currency = typeof value.currency === 'string' ? normalisedCurrency(value.currency) : '';
      if (!/^[A-Z]{3}$/.test(currency)) return;
      lines.forEach((line, index) => {
        const price = toMinor(String((line as { unit_price?: unknown }).unit_price ?? ''), currency);
        if (price === null || price < 0) {
          ctx.addIssue({
            code: 'custom',
            path: ['lines', index, 'unit_price'],
            message: 'purchase_order.price' satisfies MessageKey,
          });
        }
      });
    },
    { when: () => true },
  )
  .transform(({ source: _source, supplier_name: _name, payment_terms_days, ...order }) => ({
    ...order,
    // Absent: the supplier's terms apply.
    ...(payment_terms_days === undefined ? {} : { payment_terms_days }),
    lines: order.lines.map(({ requisition_line_id, tax_rate_id, ...line }) => ({
      ...((requisition_line_id ?? null) === null ? {} : { requisition_line_id }),
      ...line,
      quantity: line.quantity.trim(),
      unit_price: line.unit_price.trim().replace(/,/g, ''),
      ...((tax_rate_id ?? null) === null ? {} : { tax_rate_id }),
    })),
  }));

export type OrderPayload = z.output<typeof orderFormSchema>;

export const orderResolver = contractResolver<OrderFormValues, OrderPayload>(orderFormSchema);

/** The request the form's values make, or null while something in them is wrong. */
export function toOrderPayload(values: OrderFormValues): OrderPayload | null {
  const result = orderFormSchema.safeParse(values);
  return result.success ? result.data : null;
}

/** Each problem's message by the form's path (`lines.1.unit_price`), as the schema reports it. */
export function checkOrderForm(values: OrderFormValues): Record<string, string> {
  const result = orderFormSchema.safeParse(values);
  const problems: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    problems[issue.path.join('.')] ??= issue.message;
  }
  return problems;
}

export const ORDER_FIELDS = [
  'supplier_id',
  'justification',
  'currency',
  'delivery_address',
  'delivery_date',
  'payment_terms_days',
] as const;

/** Where a server message about a form belongs. */
export interface ServerFormErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  /** Messages about one line (the error body's `line`), by line index. */
  lines: Record<number, string>;
  /** Messages about the lines that name none, and anything else. */
  general: string[];
}

/**
 * The API's field errors (`{ supplier_id: [...], lines: ["Line 2: only 3 each …"], field: "lines", line: 1,
 * code, detail }`): the body's `line` names the line and its `code` gives the message in the interface
 * language; what names no field the form shows goes above the form.
 */
export function serverFormErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): ServerFormErrors<F> {
  const result: ServerFormErrors<F> = { fields: {}, lines: {}, general: [] };
  if (!(error instanceof ApiError)) {
    result.general.push(error instanceof Error ? error.message : String(error));
    return result;
  }
  let placed = false;
  for (const [field, value] of Object.entries(error.body ?? {})) {
    if (field === 'detail') continue;
    const messages = Array.isArray(value) ? value.map(String) : [String(value)];
    if (messages.length === 0) continue;
    if ((fields as readonly string[]).includes(field)) {
      result.fields[field as F] = error.messageFor(field) ?? messages[0];
      placed = true;
    } else if (field === 'lines' || field.startsWith('lines.')) {
      const nested = /^lines\.(\d+)/.exec(field);
      for (const message of messages) {
        if (error.line !== undefined && error.field === field)
          result.lines[error.line] = error.messageFor(field) ?? message;
        else if (nested) result.lines[Number(nested[1])] = message;
        else result.general.push(message);
      }
      placed = true;
    } else {
      result.general.push(...messages);
      placed = true;
    }
  }
  if (!placed) result.general.push(error.message);
  return result;
}
