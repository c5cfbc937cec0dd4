import { describe, expect, it } from 'vitest';
import {
  emptyPrequalifiedForm,
  emptyRow,
  prequalifiedResolver,
  rowEstimate,
  toRequest,
  type PrequalifiedFormValues,
} from './prequalified-form.ts';

const pricing = { currency: 'KES', per_supplier: 500, category_minimum: 2000 };

const valid = (rows: PrequalifiedFormValues['categories']): PrequalifiedFormValues => ({
  ...emptyPrequalifiedForm(1),
  company_name: 'Umoja Commercial Bank',
  contact_person: 'Grace Njeri',
  email: 'Grace@Umoja.example',
  phone_number: '+254712345678',
  categories: rows,
});

async function errorsOf(values: PrequalifiedFormValues) {
  const result = await prequalifiedResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  } as never);
  return result.errors as Record<string, unknown>;
}

describe('prequalified order form', () => {
  it('starts with one row numbered 1, in the chosen country', () => {
    expect(emptyPrequalifiedForm(7)).toMatchObject({ country: 7, categories: [emptyRow(1)] });
  });

  it('estimates a row by the price list’s rule, and nothing for a count that is not a whole number', () => {
    expect(rowEstimate(10, pricing)).toBe(5000);
    expect(rowEstimate('2', pricing)).toBe(2000);
    expect(rowEstimate(0, pricing)).toBe(0);
    expect(rowEstimate('', pricing)).toBeNull();
    expect(rowEstimate('1.5', pricing)).toBeNull();
    expect(rowEstimate(-1, pricing)).toBeNull();
    expect(rowEstimate(3, null)).toBeNull();
  });

  it('sends rows without their numbers, an empty count as no number', () => {
    expect(toRequest(valid([{ ref: 4, category: 9, supplier_count: '' }]))).toMatchObject({
      categories: [{ category: 9, supplier_count: undefined }],
    });
  });

  it('validates with the contract: a category and a whole count of 0 or more per row, an email, a phone', async () => {
    const ok = await prequalifiedResolver(valid([{ ref: 1, category: 9, supplier_count: 3 }]), undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    } as never);
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({
      email: 'grace@umoja.example',
      categories: [{ category: 9, supplier_count: 3 }],
    });

    const rows = (await errorsOf(valid([{ ref: 1, category: undefined, supplier_count: '' }])))
      .categories as Array<Record<string, { message: string }>>;
    expect(rows[0]!.category!.message).toBe('Choose a category for this row.');
    expect(rows[0]!.supplier_count!.message).toBe('Enter a whole number of suppliers, 0 or more.');

    const negative = (await errorsOf(valid([{ ref: 1, category: 9, supplier_count: -2 }])))
      .categories as Array<Record<string, { message: string }>>;
    expect(negative[0]!.supplier_count!.message).toBe('Enter a whole number of suppliers, 0 or more.');

    const none = await errorsOf(valid([{ ref: 1, category: 9, supplier_count: 0 }]));
    expect(JSON.stringify(none.categories)).toContain('Ask for at least one supplier');

    const contact = await errorsOf({ ...valid([{ ref: 1, category: 9, supplier_count: 1 }]), email: 'x@' });
    expect((contact.email as { message: string }).message).toBe('Enter a valid email address.');
  });
});
