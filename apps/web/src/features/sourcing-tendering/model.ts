import { tenderForm } from '@zabuni/contracts';
import { z } from 'zod';

/** What the tender form edits: the API's fields, the closing as an EAT datetime-local, the committee as text. */
export interface TenderFormValues {
  title: string;
  description: string;
  method: string;
  category: string;
  currency: string;
  estimate: string;
  justification: string;
  bid_security: string;
  pass_mark: number;
  closing_at: string;
  agpo_reserved: boolean;
  committee: string[];
  quorum: number;
  /** A restricted tender's invited suppliers (ids as text). */
  invited_suppliers: string[];
}

/** The contract's schema over the form's values (the same rules as the API). */
export const tenderFormSchema = tenderForm
  .omit({ closing_at: true, committee: true, justification: true })
  .extend({
    closing_at: z
      .string()
      .transform((local) => (local ? `${local.length === 16 ? `${local}:00` : local}+03:00` : ''))
      .pipe(tenderForm.shape.closing_at),
    committee: z
      .array(z.string())
      .transform((values) => values.map(Number))
      .pipe(tenderForm.shape.committee),
    invited_suppliers: z
      .array(z.string())
      .transform((values) => values.map(Number))
      .pipe(tenderForm.shape.invited_suppliers.unwrap()),
    justification: z.string().transform((text) => (text.trim() ? text.trim() : null)),
  });

export const emptyTenderForm = (): TenderFormValues => ({
  title: '',
  description: '',
  method: 'open_tender',
  category: 'goods',
  currency: 'KES',
  estimate: '',
  justification: '',
  bid_security: '0',
  pass_mark: 70,
  closing_at: '',
  agpo_reserved: false,
  committee: [],
  quorum: 3,
  invited_suppliers: [],
});
