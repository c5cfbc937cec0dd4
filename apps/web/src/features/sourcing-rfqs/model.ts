import { rfqForm, rfqLineForm, type RfqForm } from '@zabuni/contracts';
import { z } from 'zod';
import type { EditableLine } from '../../components/LineEditor.tsx';
import type { RfqView } from './api.ts';

/** What the RFQ form edits: the API's fields, lines in the one line editor's shape, pickers as text. */
export interface RfqFormValues {
  title: string;
  currency: string;
  /** `YYYY-MM-DDTHH:mm` in East Africa Time (a datetime-local input). */
  closing_at: string;
  department_id: number | undefined;
  terms: string;
  committee: string[];
  quorum: number;
  suppliers: string[];
  lines: EditableLine[];
}

const ids = z.array(z.string()).transform((values) => values.map(Number));

/**
 * The contract's schema over the form's values: the same rules, the closing read in EAT, each line's price
 * (the line editor's `unit_price`) sent as the estimated unit price. Issues land on the form's own fields.
 */
export const rfqFormSchema = rfqForm
  .omit({ lines: true, committee: true, suppliers: true, closing_at: true, department_id: true })
  .extend({
    closing_at: z
      .string()
      .transform((local) => (local ? `${local.length === 16 ? `${local}:00` : local}+03:00` : ''))
      .pipe(rfqForm.shape.closing_at),
    department_id: rfqForm.shape.department_id,
    committee: ids.pipe(rfqForm.shape.committee),
    suppliers: ids.pipe(rfqForm.shape.suppliers),
    lines: z
      .array(
        rfqLineForm.omit({ estimated_unit_price: true }).extend({
          unit_price: rfqLineForm.shape.estimated_unit_price,
          department_id: z.number().optional(),
        }),
      )
      .min(1, { error: 'field.no_lines' })
      .max(100),
  })
  .transform(({ lines, ...rest }): RfqForm => ({
    ...rest,
    lines: lines.map(({ unit_price, department_id: _department, ...line }) => ({
      ...line,
      estimated_unit_price: unit_price,
    })),
  }));

export const emptyLine = (department_id?: number): EditableLine => ({
  description: '',
  category_id: undefined,
  department_id,
  quantity: '1',
  unit: 'each',
  unit_price: '',
});

/** A week from now at 10:00 EAT, as a datetime-local value. */
export function defaultClosing(now = new Date()): string {
  const eat = new Date(now.getTime() + 3 * 3_600_000 + 7 * 86_400_000);
  return `${eat.toISOString().slice(0, 10)}T10:00`;
}

export const emptyRfqForm = (): RfqFormValues => ({
  title: '',
  currency: 'KES',
  closing_at: defaultClosing(),
  department_id: undefined,
  terms: '',
  committee: [],
  quorum: 2,
  suppliers: [],
  lines: [emptyLine()],
});

/** A saved draft as the form edits it. */
export function formOf(view: RfqView): RfqFormValues {
  const eat = new Date(new Date(view.closing_at).getTime() + 3 * 3_600_000).toISOString().slice(0, 16);
  return {
    title: view.title,
    currency: view.currency,
    closing_at: eat,
    department_id: view.department.id,
    terms: view.terms,
    committee: view.committee.map((m) => String(m.id)),
    quorum: view.quorum,
    suppliers: view.suppliers.map((s) => String(s.id)),
    lines: view.lines.map((line) => ({
      description: line.description,
      category_id: line.category.id,
      category_name: line.category.name,
      department_id: view.department.id,
      quantity: line.quantity,
      unit: line.unit,
      unit_price: line.estimated_unit_price,
    })),
  };
}
