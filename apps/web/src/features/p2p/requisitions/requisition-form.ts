import { requisitionForm, type RequisitionView } from '@zabuni/contracts';
import { decimalTextToMinor, lineAmountMinor, quantityToThousandths } from '@zabuni/domain';
import type { z } from 'zod';
import type { EditableLine } from '../../../components/LineEditor.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { contractResolver, refineLinePrices } from '../../../lib/form-errors.ts';
import { formatDay } from '../../../lib/format.ts';

/**
 * One line of the requisition as typed (the line editor's fields and the needed-by date): numbers stay text
 * until they are sent (money is never a float).
 */
export interface LineValues extends EditableLine {
  /** A stable key for React while lines are added, removed and duplicated. */
  key: string;
  /** YYYY-MM-DD or null. */
  needed_by: string | null;
}

export interface RequisitionFormValues {
  title: string;
  justification: string;
  currency: string;
  lines: LineValues[];
}

export const DEFAULT_CURRENCY = 'KES';
export const DEFAULT_UNIT = 'each';
export const MAX_LINES = 100;

let keys = 0;
export const newLineKey = () => {
  keys += 1;
  return `line-${keys}`;
};

export const emptyLine = (department_id?: number): LineValues => ({
  key: newLineKey(),
  description: '',
  category_id: undefined,
  department_id,
  quantity: '1',
  unit: DEFAULT_UNIT,
  unit_price: '',
  needed_by: null,
});

export const emptyRequisitionForm = (): RequisitionFormValues => ({
  title: '',
  justification: '',
  currency: DEFAULT_CURRENCY,
  lines: [emptyLine()],
});

/** A copy of a line under a new key, placed after it by the editor. */
export const duplicateLine = (line: LineValues): LineValues => ({ ...line, key: newLineKey() });

/** A saved requisition as the form edits it. */
export function formFromRequisition(view: RequisitionView): RequisitionFormValues {
  return {
    title: view.title,
    justification: view.justification,
    currency: view.currency,
    lines: view.lines.map((line) => ({
      key: newLineKey(),
      description: line.description,
      category_id: line.category.id,
      category_name: line.category.name,
      department_id: line.department.id,
      department_label: `${line.department.code} · ${line.department.name}`,
      quantity: line.quantity,
      unit: line.unit,
      unit_price: line.unit_price,
      needed_by: line.needed_by,
    })),
  };
}

const normalisedCurrency = (currency: string) => currency.trim().toUpperCase();

/** A line's amount in minor units, exactly as the server computes it; null while quantity or price is not valid. */
export function lineAmount(
  line: Pick<LineValues, 'quantity' | 'unit_price'>,
  currency: string,
): number | null {
  const quantity = quantityToThousandths(line.quantity);
  const price = decimalTextToMinor(line.unit_price, normalisedCurrency(currency));
  if (quantity === null || price === null) return null;
  try {
    return lineAmountMinor(quantity, price);
  } catch {
    return null;
  }
}

/** The grand total of the lines whose amount can be computed, and how many cannot be yet. */
export function formTotal(
  lines: ReadonlyArray<Pick<LineValues, 'quantity' | 'unit_price'>>,
  currency: string,
): { minor: number | null; incomplete: number } {
  let minor = 0;
  let incomplete = 0;
  for (const line of lines) {
    const amount = lineAmount(line, currency);
    if (amount === null) incomplete += 1;
    else minor += amount;
  }
  return { minor: Number.isSafeInteger(minor) ? minor : null, incomplete };
}

/**
 * The form's schema: the API's own request schema (`requisitionForm` of the contracts, the rules the API
 * applies to POST/PUT /p2p/requisitions/), and what the form checks besides, as the API's service does:
 * a price with at most the currency's decimals. Checked even while other fields are wrong, so every message
 * shows at once. The form's own fields (a line's React key, the pickers' labels) are not the request's: the
 * schema leaves them out of what it yields. Prices typed with thousands separators are sent without them.
 */
export const requisitionFormSchema = requisitionForm
  .superRefine(
    (value, ctx) => {
      const currency = typeof value.currency === 'string' ? normalisedCurrency(value.currency) : '';
      if (!/^[A-Z]{3}$/.test(currency) || !Array.isArray(value.lines)) return;
      refineLinePrices(ctx, value.lines, currency, 'requisition.price');
    },
    { when: () => true },
  )
  .transform((value) => ({
    ...value,
    lines: value.lines.map((line) => ({
      ...line,
      quantity: line.quantity.trim(),
      unit_price: line.unit_price.trim().replace(/,/g, ''),
      needed_by: line.needed_by || null,
    })),
  }));

/** What POST/PUT /p2p/requisitions/ and POST /p2p/requisitions/budget-check/ take. */
export type RequisitionPayload = z.output<typeof requisitionFormSchema>;

export const requisitionResolver = contractResolver<RequisitionFormValues, RequisitionPayload>(
  requisitionFormSchema,
);

/** The request the form's values make, or null while something in them is wrong. */
export function toPayload(values: RequisitionFormValues): RequisitionPayload | null {
  const result = requisitionFormSchema.safeParse(values);
  return result.success ? result.data : null;
}

/** Each problem's message by the form's path (`lines.1.quantity`), as the schema reports it. */
export function checkForm(values: RequisitionFormValues): Record<string, string> {
  const result = requisitionFormSchema.safeParse(values);
  const problems: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    problems[issue.path.join('.')] ??= issue.message;
  }
  return problems;
}

/** True when nothing is wrong: the requisition can be saved. */
export const isComplete = (values: RequisitionFormValues) => toPayload(values) !== null;

/**
 * Only the lines matter to a budget: a budget check can be asked before the title is typed, once the lines
 * are valid; null until then.
 */
export function budgetCheckPayload(values: RequisitionFormValues): RequisitionPayload | null {
  const payload = toPayload({ ...values, title: values.title.trim() || 'x' });
  return payload && { ...payload, title: values.title.trim() };
}

/** Where a server message about the form belongs. */
export interface ServerFormErrors {
  fields: Partial<Record<'title' | 'justification' | 'currency', string>>;
  /** Messages about one line (the error body's `line`), by line index. */
  lines: Record<number, string>;
  /** Messages about one field of a line, by the form's path ("lines.0.quantity"). */
  lineFields: Record<string, string>;
  /** Messages about the lines that name none, and anything else. */
  general: string[];
}

const LINE_FIELDS = [
  'description',
  'category_id',
  'department_id',
  'quantity',
  'unit',
  'unit_price',
  'needed_by',
];

/**
 * The API's field errors (`{ title: [...], lines: ["Line 2: Choose a category from the list."], field:
 * "lines", line: 1, code, detail }`): the body's `line` names the line, and its `code` gives the message in
 * the interface language; a schema error on a line arrives under `lines` (the error format keys by
 * top-level field) and is shown above the lines.
 */
export function serverFormErrors(error: unknown): ServerFormErrors {
  const result: ServerFormErrors = { fields: {}, lines: {}, lineFields: {}, general: [] };
  if (!(error instanceof ApiError)) {
    result.general.push(error instanceof Error ? error.message : String(error));
    return result;
  }
  const body = error.body ?? {};
  let placed = false;
  for (const [field, value] of Object.entries(body)) {
    if (field === 'detail') continue;
    const messages = Array.isArray(value) ? value.map(String) : [String(value)];
    if (messages.length === 0) continue;
    if (field === 'title' || field === 'justification' || field === 'currency') {
      result.fields[field] = error.messageFor(field) ?? messages[0];
      placed = true;
    } else if (field === 'lines' || field.startsWith('lines.')) {
      const nested = /^lines\.(\d+)(?:\.(\w+))?$/.exec(field);
      const onField =
        nested?.[2] && LINE_FIELDS.includes(nested[2]) ? `lines.${nested[1]}.${nested[2]}` : null;
      for (const message of messages) {
        if (onField) result.lineFields[onField] = message;
        else if (error.line !== undefined && error.field === field)
          result.lines[error.line] = error.messageFor(field) ?? message;
        else if (nested) result.lines[Number(nested[1])] = message;
        else result.general.push(message);
      }
      placed = true;
    }
  }
  if (!placed) result.general.push(error.message);
  return result;
}

/** "23 Nov 2026" in the viewer's language and Nairobi's calendar day, for narrow table columns. */
export const formatShortDate = (value: string, locale = 'en'): string => formatDay(value, locale);
