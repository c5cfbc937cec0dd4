import { isIsoDate, quantityToThousandths } from '@zabuni/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { EditableLine } from '../../../../components/LineEditor.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import type { PurchaseOrderPayload, PurchaseOrderView } from '../api/purchase-orders.ts';
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
export const isDirect = (values: Pick<OrderFormValues, 'lines' | 'source'>) =>
  values.lines.length === 0
    ? values.source === 'direct'
    : values.lines.every((line) => line.requisition_line_id === null);

type LineField = 'description' | 'category_id' | 'department_id' | 'quantity' | 'unit' | 'unit_price';
type OrderField =
  | 'supplier_id'
  | 'justification'
  | 'currency'
  | 'delivery_address'
  | 'delivery_date'
  | 'payment_terms_days'
  | 'lines';

export type OrderProblems = Partial<Record<OrderField, string>> & {
  lineProblems: Array<Partial<Record<LineField, string>> | undefined>;
};

/** The checks the API makes, made before sending so each message lands on its field at once. */
export function checkOrderForm(values: OrderFormValues): OrderProblems {
  const problems: OrderProblems = { lineProblems: [] };
  const currency = normalisedCurrency(values.currency);
  if (values.supplier_id === undefined) problems.supplier_id = FORM_MESSAGES.supplier;
  if (isDirect(values) && !values.justification.trim()) problems.justification = FORM_MESSAGES.justification;
  else if (values.justification.trim().length > 2000) problems.justification = FORM_MESSAGES.tooLong;
  if (!/^[A-Z]{3}$/.test(currency)) problems.currency = FORM_MESSAGES.currency;
  if (!values.delivery_address.trim()) problems.delivery_address = FORM_MESSAGES.required;
  else if (values.delivery_address.trim().length > 500) problems.delivery_address = FORM_MESSAGES.tooLong;
  if (values.delivery_date && !isIsoDate(values.delivery_date)) problems.delivery_date = FORM_MESSAGES.date;
  const terms = values.payment_terms_days.trim();
  if (terms && !(/^\d{1,3}$/.test(terms) && Number(terms) <= 365)) {
    problems.payment_terms_days = FORM_MESSAGES.terms;
  }
  if (values.lines.length === 0) problems.lines = FORM_MESSAGES.noLines;
  values.lines.forEach((line, index) => {
    const found: Partial<Record<LineField, string>> = {};
    if (!line.description.trim()) found.description = FORM_MESSAGES.required;
    else if (line.description.trim().length > 500) found.description = FORM_MESSAGES.tooLong;
    if (line.requisition_line_id === null) {
      if (line.category_id === undefined) found.category_id = FORM_MESSAGES.category;
      if (line.department_id === undefined) found.department_id = FORM_MESSAGES.department;
    }
    if ((quantityToThousandths(line.quantity.trim()) ?? 0) <= 0) found.quantity = FORM_MESSAGES.quantity;
    if (!line.unit.trim()) found.unit = FORM_MESSAGES.required;
    else if (line.unit.trim().length > 20) found.unit = FORM_MESSAGES.tooLong;
    if (!problems.currency) {
      const price = toMinor(line.unit_price, currency);
      if (price === null || price < 0) found.unit_price = FORM_MESSAGES.price;
    }
    if (Object.keys(found).length > 0) problems.lineProblems[index] = found;
  });
  return problems;
}

export function toOrderPayload(values: OrderFormValues): PurchaseOrderPayload {
  const terms = values.payment_terms_days.trim();
  return {
    supplier_id: values.supplier_id!,
    justification: values.justification.trim(),
    currency: normalisedCurrency(values.currency),
    delivery_address: values.delivery_address.trim(),
    delivery_date: values.delivery_date || null,
    ...(terms ? { payment_terms_days: Number(terms) } : {}),
    lines: values.lines.map((line) => ({
      ...(line.requisition_line_id !== null ? { requisition_line_id: line.requisition_line_id } : {}),
      description: line.description.trim(),
      category_id: line.category_id!,
      department_id: line.department_id!,
      quantity: line.quantity.trim(),
      unit: line.unit.trim() || DEFAULT_UNIT,
      unit_price: line.unit_price.trim().replace(/,/g, ''),
      ...(line.tax_rate_id !== null ? { tax_rate_id: line.tax_rate_id } : {}),
    })),
  };
}

/** react-hook-form resolver over `checkOrderForm`. */
export const orderResolver: Resolver<OrderFormValues> = (values) => {
  const problems = checkOrderForm(values);
  const errors: Record<string, unknown> = {};
  for (const field of [
    'supplier_id',
    'justification',
    'currency',
    'delivery_address',
    'delivery_date',
    'payment_terms_days',
  ] as const) {
    if (problems[field]) errors[field] = { type: 'validate', message: problems[field] };
  }
  if (problems.lines) errors.lines = { root: { type: 'validate', message: problems.lines } };
  else if (problems.lineProblems.some(Boolean)) {
    errors.lines = problems.lineProblems.map((line) =>
      line
        ? Object.fromEntries(
            Object.entries(line).map(([field, message]) => [field, { type: 'validate', message }]),
          )
        : undefined,
    );
  }
  return Object.keys(errors).length > 0
    ? { values: {}, errors: errors as FieldErrors<OrderFormValues> }
    : { values, errors: {} };
};

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
