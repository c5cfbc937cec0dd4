import { MESSAGES, REQUIRED_MESSAGE, REQUISITION_MESSAGES, type MessageKey } from '@zabuni/contracts';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import enErrors from '../../../locales/en/errors.json';
import {
  budgetCheckPayload,
  checkForm,
  duplicateLine,
  emptyLine,
  emptyRequisitionForm,
  formTotal,
  isComplete,
  lineAmount,
  requisitionResolver,
  serverFormErrors,
  toPayload,
  type LineValues,
  type RequisitionFormValues,
} from './requisition-form.ts';

const line = (change: Partial<LineValues> = {}): LineValues => ({
  ...emptyLine(),
  description: 'Laptop',
  category_id: 7,
  department_id: 3,
  quantity: '2',
  unit_price: '150000',
  ...change,
});

const form = (change: Partial<RequisitionFormValues> = {}): RequisitionFormValues => ({
  ...emptyRequisitionForm(),
  title: 'Laptops for the data team',
  lines: [line()],
  ...change,
});

describe('line amounts and totals', () => {
  it.each([
    ['2', '150000', 'KES', 30_000_000],
    ['0.5', '0.03', 'KES', 2], // 1.5 cents rounds half up to 2
    ['3', '0.10', 'KES', 30], // 0.1 × 3 is 0.30 exactly, not 0.30000000000000004
    ['1.125', '1000', 'UGX', 1125],
    ['12,5', '10', 'KES', null], // a comma is not a decimal point
    ['0', '10', 'KES', 0],
    ['2', '10.005', 'KES', null], // more decimals than the currency has
    ['2', '', 'KES', null],
  ])('%s × %s %s = %s minor units', (quantity, unit_price, currency, expected) => {
    expect(lineAmount({ quantity, unit_price }, currency)).toBe(expected);
  });

  it('accepts a price typed with thousands separators, as the API does', () => {
    expect(lineAmount({ quantity: '1', unit_price: '1,250,000.50' }, 'KES')).toBe(125_000_050);
  });

  it('adds the lines that can be computed and counts the others', () => {
    expect(
      formTotal(
        [
          { quantity: '2', unit_price: '150000' },
          { quantity: '10', unit_price: '0.15' },
          { quantity: 'x', unit_price: '1' },
        ],
        'kes',
      ),
    ).toEqual({ minor: 30_000_150, incomplete: 1 });
    expect(formTotal([], 'KES')).toEqual({ minor: 0, incomplete: 0 });
  });
});

describe('the form’s schema: the API’s request schema, and the currency’s decimals', () => {
  it('passes a complete requisition', () => {
    expect(isComplete(form())).toBe(true);
  });

  it('puts each problem on its field and line, with the contract’s message', () => {
    const problems = checkForm(
      form({
        title: ' ',
        currency: 'KE',
        lines: [
          line(),
          line({ description: '', quantity: '0', category_id: undefined, needed_by: '2026-02-30' }),
        ],
      }),
    );
    expect(problems).toEqual({
      title: REQUIRED_MESSAGE,
      currency: REQUISITION_MESSAGES.currency,
      'lines.1.description': REQUIRED_MESSAGE,
      'lines.1.category_id': REQUISITION_MESSAGES.category,
      'lines.1.quantity': REQUISITION_MESSAGES.quantity,
      'lines.1.needed_by': REQUISITION_MESSAGES.date,
    });
  });

  it('refuses a price with more decimals than the currency has, beside the other problems', () => {
    expect(checkForm(form({ lines: [line({ unit_price: '10.005' })] }))).toEqual({
      'lines.0.unit_price': 'requisition.price',
    });
    expect(checkForm(form({ currency: 'UGX', lines: [line({ unit_price: '10.5' })] }))).toEqual({
      'lines.0.unit_price': 'requisition.price',
    });
    // Checked even while another field is wrong, so every message shows at once.
    expect(checkForm(form({ title: '', lines: [line({ unit_price: 'abc' })] }))).toEqual({
      title: REQUIRED_MESSAGE,
      'lines.0.unit_price': 'requisition.price',
    });
  });

  it('asks for at least one line', () => {
    expect(checkForm(form({ lines: [] }))).toEqual({ lines: REQUISITION_MESSAGES.noLines });
    expect(isComplete(form({ lines: [] }))).toBe(false);
  });

  it('lets the budget be checked before the title is typed, not before the lines are valid', () => {
    expect(budgetCheckPayload(form({ title: '' }))?.title).toBe('');
    expect(budgetCheckPayload(form({ lines: [line({ department_id: undefined })] }))).toBeNull();
  });

  it('gives react-hook-form the problems by path, and the request when nothing is wrong', async () => {
    const options = { fields: {}, shouldUseNativeValidation: false } as const;
    const result = await requisitionResolver(
      form({ lines: [line(), line({ unit: '' })] }),
      undefined,
      options,
    );
    expect(result.values).toEqual({});
    expect(Object.keys(result.errors)).toEqual(['lines']);
    const lines = result.errors.lines as unknown as Array<Record<string, { message: string }> | undefined>;
    expect(lines[0]).toBeUndefined();
    expect(Object.keys(lines[1]!)).toEqual(['unit']);
    // The catalogue key is shown in the interface language (English here, the errors bundle not loaded).
    expect(lines[1]!.unit!.message).toBe(MESSAGES[REQUIRED_MESSAGE as MessageKey] ?? REQUIRED_MESSAGE);
    const ok = await requisitionResolver(form(), undefined, options);
    expect(ok.errors).toEqual({});
    expect(ok.values).toEqual(toPayload(form()));
  });
});

describe('toPayload', () => {
  it('sends trimmed text, the currency in capitals, prices without separators, and no form-only field', () => {
    const values = form({
      title: '  Laptops ',
      currency: 'kes',
      lines: [line({ unit_price: '1,500.00', needed_by: '2026-09-01', category_name: 'ICT' })],
    });
    expect(toPayload(values)).toEqual({
      title: 'Laptops',
      justification: '',
      currency: 'KES',
      lines: [
        {
          description: 'Laptop',
          category_id: 7,
          department_id: 3,
          quantity: '2',
          unit: 'each',
          unit_price: '1500.00',
          needed_by: '2026-09-01',
        },
      ],
    });
  });

  it('duplicates a line under a new key', () => {
    const original = line();
    const copy = duplicateLine(original);
    expect(copy).toEqual({ ...original, key: copy.key });
    expect(copy.key).not.toBe(original.key);
  });
});

describe('serverFormErrors', () => {
  beforeAll(async () => {
    await i18next.init({ lng: 'en', resources: { en: { errors: enErrors } } });
  });

  it('places the service’s line messages on their line (by `line`, not by reading the sentence) and field messages on their field', () => {
    const error = new ApiError(400, 'lines: Line 2: Choose a category from the list.', {
      detail: 'lines: Line 2: Choose a category from the list.',
      code: 'requisition.category',
      field: 'lines',
      line: 1,
      lines: ['Line 2: Choose a category from the list.'],
      title: ['This field is required.'],
    });
    expect(serverFormErrors(error)).toEqual({
      fields: { title: 'This field is required.' },
      lines: { 1: 'Choose a category from the list.' },
      lineFields: {},
      general: [],
    });
  });

  it('keeps a line message that names no line, and nested keys, and a bare detail', () => {
    const error = new ApiError(400, 'x', {
      detail: 'x',
      lines: ['Enter a quantity greater than 0 with at most three decimals.'],
      'lines.0.unit_price': ['Too many decimals.'],
      'lines.2': ['This line is not valid.'],
      'lines.1.colour': ['Unknown field.'],
    });
    expect(serverFormErrors(error)).toEqual({
      fields: {},
      lines: { 1: 'Unknown field.', 2: 'This line is not valid.' },
      lineFields: { 'lines.0.unit_price': 'Too many decimals.' },
      general: ['Enter a quantity greater than 0 with at most three decimals.'],
    });
    const budget = new ApiError(400, 'Over budget ICT by KES 5,000.00.', {
      detail: 'Over budget ICT by KES 5,000.00.',
    });
    expect(serverFormErrors(budget).general).toEqual(['Over budget ICT by KES 5,000.00.']);
  });
});
