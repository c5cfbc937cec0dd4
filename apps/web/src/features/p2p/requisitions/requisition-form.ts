import type { RequisitionView } from '@zabuni/contracts';
import { decimalTextToMinor, isIsoDate, lineAmountMinor, quantityToThousandths } from '@zabuni/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { EditableLine } from '../../../components/LineEditor.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { DISPLAY_TIME_ZONE } from '../../../lib/format.ts';

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

/** What POST/PUT /p2p/requisitions/ and POST /p2p/requisitions/budget-check/ take. */
export interface RequisitionPayload {
  title: string;
  justification: string;
  currency: string;
  lines: Array<{
    description: string;
    category_id: number;
    department_id: number;
    quantity: string;
    unit: string;
    unit_price: string;
    needed_by: string | null;
  }>;
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

/** Messages of client-side checks are i18next keys of this namespace (see translateServerMessage). */
export const FORM_MESSAGES = {
  required: 'requisitions:validation.required',
  currency: 'requisitions:validation.currency',
  quantity: 'requisitions:validation.quantity',
  price: 'requisitions:validation.price',
  category: 'requisitions:validation.category',
  department: 'requisitions:validation.department',
  date: 'requisitions:validation.date',
  noLines: 'requisitions:validation.noLines',
  tooLong: 'requisitions:validation.tooLong',
} as const;

type LineField = Exclude<keyof LineValues, 'key' | 'category_name' | 'department_label'>;
export type FormProblems = Partial<Record<'title' | 'justification' | 'currency' | 'lines', string>> & {
  lineProblems: Array<Partial<Record<LineField, string>>>;
};

/** The checks the API makes, made before sending so each message lands on its field at once. */
export function checkForm(values: RequisitionFormValues): FormProblems {
  const problems: FormProblems = { lineProblems: [] };
  const currency = normalisedCurrency(values.currency);
  if (!values.title.trim()) problems.title = FORM_MESSAGES.required;
  else if (values.title.trim().length > 200) problems.title = FORM_MESSAGES.tooLong;
  if (values.justification.trim().length > 5000) problems.justification = FORM_MESSAGES.tooLong;
  if (!/^[A-Z]{3}$/.test(currency)) problems.currency = FORM_MESSAGES.currency;
  if (values.lines.length === 0) problems.lines = FORM_MESSAGES.noLines;
  values.lines.forEach((line, index) => {
    const found: Partial<Record<LineField, string>> = {};
    if (!line.description.trim()) found.description = FORM_MESSAGES.required;
    else if (line.description.trim().length > 500) found.description = FORM_MESSAGES.tooLong;
    if (line.category_id === undefined) found.category_id = FORM_MESSAGES.category;
    if (line.department_id === undefined) found.department_id = FORM_MESSAGES.department;
    if ((quantityToThousandths(line.quantity) ?? 0) <= 0) found.quantity = FORM_MESSAGES.quantity;
    if (!line.unit.trim()) found.unit = FORM_MESSAGES.required;
    else if (line.unit.trim().length > 20) found.unit = FORM_MESSAGES.tooLong;
    if (!problems.currency && decimalTextToMinor(line.unit_price, currency) === null) {
      found.unit_price = FORM_MESSAGES.price;
    }
    if (line.needed_by && !isIsoDate(line.needed_by)) found.needed_by = FORM_MESSAGES.date;
    if (Object.keys(found).length > 0) problems.lineProblems[index] = found;
  });
  return problems;
}

/** True when nothing is wrong: the budget check can be asked. */
export function isComplete(values: RequisitionFormValues): boolean {
  const problems = checkForm(values);
  return (
    !problems.title &&
    !problems.currency &&
    !problems.lines &&
    problems.lineProblems.every((line) => line === undefined)
  );
}

/** Only the lines matter to a budget: a budget check can run before the title is typed. */
export function linesCheckable(values: RequisitionFormValues): boolean {
  const problems = checkForm({ ...values, title: values.title || 'x' });
  return !problems.currency && !problems.lines && problems.lineProblems.every((line) => line === undefined);
}

export function toPayload(values: RequisitionFormValues): RequisitionPayload {
  return {
    title: values.title.trim(),
    justification: values.justification.trim(),
    currency: normalisedCurrency(values.currency),
    lines: values.lines.map((line) => ({
      description: line.description.trim(),
      category_id: line.category_id!,
      department_id: line.department_id!,
      quantity: line.quantity.trim(),
      unit: line.unit.trim() || DEFAULT_UNIT,
      unit_price: line.unit_price.trim().replace(/,/g, ''),
      needed_by: line.needed_by || null,
    })),
  };
}

/** react-hook-form resolver over `checkForm`. */
export const requisitionResolver: Resolver<RequisitionFormValues> = (values) => {
  const problems = checkForm(values);
  const errors: Record<string, unknown> = {};
  for (const field of ['title', 'justification', 'currency'] as const) {
    if (problems[field]) errors[field] = { type: 'validate', message: problems[field] };
  }
  if (problems.lines) errors.lines = { root: { type: 'validate', message: problems.lines } };
  else if (problems.lineProblems.some(Boolean)) {
    errors.lines = problems.lineProblems.map((line) =>
      line
        ? Object.fromEntries(
            Object.entries(line)
              .filter(([, message]) => message)
              .map(([field, message]) => [field, { type: 'validate', message }]),
          )
        : undefined,
    );
  }
  return Object.keys(errors).length > 0
    ? { values: {}, errors: errors as FieldErrors<RequisitionFormValues> }
    : { values, errors: {} };
};

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

const shortDates = new Map<string, Intl.DateTimeFormat>();
/** "23 Nov 2026" in the viewer's language and Nairobi's calendar day, for narrow table columns. */
export function formatShortDate(value: string, locale = 'en'): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let format = shortDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: DISPLAY_TIME_ZONE,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    shortDates.set(locale, format);
  }
  return format.format(date);
}
