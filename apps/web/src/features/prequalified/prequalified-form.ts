import {
  prequalifiedOrderRequest,
  type PrequalifiedOrderRequest,
  type PrequalifiedOrderValues,
  type PrequalifiedPricing,
} from '@zabuni/contracts';
import { prequalifiedRowAmount } from '@zabuni/domain';
import type { Resolver } from 'react-hook-form';
import { phoneProblem } from '../../components/phone/phone-number.ts';
import { contractResolver } from '../../lib/form-errors.ts';

/** The API's field names, shown on the field of the same name. */
export const PREQUALIFIED_FIELDS = [
  'company_name',
  'contact_person',
  'phone_number',
  'email',
  'country',
  'categories',
] as const;

/**
 * The form's values: the contract's request, each row with the reference number it was given when added
 * (SPEC §5: a new row gets the next number; numbers are not reused after a row is removed).
 */
export type PrequalifiedFormValues = Omit<PrequalifiedOrderRequest, 'categories'> & {
  categories: Array<{ ref: number; category: number | undefined; supplier_count: number | string }>;
};

/** The contract's schema (the API's own) plus the phone check for its country (an i18next key). */
const schema = prequalifiedOrderRequest.refine((value) => phoneProblem(value.phone_number) === null, {
  path: ['phone_number'],
  error: (issue) => {
    const phone = (issue.input as { phone_number?: unknown } | undefined)?.phone_number;
    return `phone:problems.${phoneProblem(typeof phone === 'string' ? phone : '') ?? 'invalid'}`;
  },
  when: (payload) => {
    const phone = (payload.value as { phone_number?: unknown } | undefined)?.phone_number;
    return typeof phone === 'string' && phone !== '';
  },
});

/** Rows as the API takes them: an empty count field is no number (the contract says so). */
export function toRequest(values: PrequalifiedFormValues): unknown {
  return {
    ...values,
    categories: values.categories.map((row) => ({
      category: row.category,
      supplier_count:
        row.supplier_count === '' || row.supplier_count === undefined
          ? undefined
          : Number(row.supplier_count),
    })),
  };
}

const contract = contractResolver<PrequalifiedOrderRequest, PrequalifiedOrderValues>(schema);

/** react-hook-form's resolver: validates the request the form would send, with the contract's messages. */
export const prequalifiedResolver: Resolver<PrequalifiedFormValues, unknown, PrequalifiedOrderValues> = (
  values,
  context,
  options,
) => contract(toRequest(values) as PrequalifiedOrderRequest, context, options as never) as never;

export const emptyRow = (ref: number) => ({ ref, category: undefined, supplier_count: '' as const });

export function emptyPrequalifiedForm(country: number | undefined): PrequalifiedFormValues {
  return {
    company_name: '',
    contact_person: '',
    phone_number: '',
    email: '',
    country: country as number,
    categories: [emptyRow(1)],
  };
}

/** What a row would cost by today's pricing (the server prices the order itself), major units. */
export function rowEstimate(count: number | string, pricing: PrequalifiedPricing | null): number | null {
  const n = typeof count === 'number' ? count : Number(count);
  if (!pricing || count === '' || !Number.isInteger(n) || n < 0) return null;
  return (
    prequalifiedRowAmount(n, {
      perSupplierMinor: Math.round(pricing.per_supplier * 100),
      categoryMinimumMinor: Math.round(pricing.category_minimum * 100),
    }) / 100
  );
}
