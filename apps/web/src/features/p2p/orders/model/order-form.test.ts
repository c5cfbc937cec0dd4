import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enErrors from '../../../../locales/en/errors.json';
import { ApiError } from '../../../../lib/api-client.ts';
import type { TaxRate } from '../api/lookups.ts';
import { FORM_MESSAGES } from './messages.ts';
import {
  checkOrderForm,
  emptyOrderForm,
  emptyOrderLine,
  lineFromRequisition,
  orderTotals,
  rateIdFor,
  serverFormErrors,
  toOrderPayload,
  ORDER_FIELDS,
  type OrderFormValues,
} from './order-form.ts';

const rates: TaxRate[] = [
  { id: 1, name: 'VAT 16%', rate: '16.00', is_default: true, active: true },
  { id: 2, name: 'Zero rated', rate: '0.00', is_default: false, active: true },
  { id: 3, name: 'VAT 8%', rate: '8.00', is_default: false, active: true },
];

const direct = (change: Partial<OrderFormValues> = {}): OrderFormValues => ({
  ...emptyOrderForm('direct'),
  supplier_id: 7,
  justification: 'Urgent replacement',
  delivery_address: 'Harambee House, Nairobi',
  lines: [
    { ...emptyOrderLine(4), description: 'Toner', category_id: 9, quantity: '3', unit_price: '1500.00' },
  ],
  ...change,
});

const requisitionLine = {
  id: 55,
  line_no: 2,
  description: 'Laptops',
  category: { id: 12, name: 'Computers' },
  department: { id: 4, code: 'ICT', name: 'Information technology' },
  quantity: '10',
  unit: 'each',
  unit_price: '85000.00',
  amount: '850000.00',
  needed_by: null,
  ordered_quantity: '0',
  remaining_quantity: '10',
};

describe('purchase order form', () => {
  it('accepts a complete direct order and sends what the API takes', () => {
    const values = direct({ payment_terms_days: '45', delivery_date: '2026-12-01' });
    values.lines[0]!.tax_rate_id = 3;
    const problems = checkOrderForm(values);
    expect(problems).toEqual({ lineProblems: [] });
    expect(toOrderPayload(values)).toEqual({
      supplier_id: 7,
      justification: 'Urgent replacement',
      currency: 'KES',
      delivery_address: 'Harambee House, Nairobi',
      delivery_date: '2026-12-01',
      payment_terms_days: 45,
      lines: [
        {
          description: 'Toner',
          category_id: 9,
          department_id: 4,
          quantity: '3',
          unit: 'each',
          unit_price: '1500.00',
          tax_rate_id: 3,
        },
      ],
    });
  });

  it('leaves out payment terms (the supplier’s apply) and the tax rate (the default applies) when not chosen', () => {
    const payload = toOrderPayload(direct());
    expect(payload).not.toHaveProperty('payment_terms_days');
    expect(payload.lines[0]).not.toHaveProperty('tax_rate_id');
    expect(payload.lines[0]).not.toHaveProperty('requisition_line_id');
  });

  it('orders what is still to be ordered of a requisition line that earlier orders took part of', () => {
    const line = lineFromRequisition(
      { number: 'REQ-2026-00012' },
      { ...requisitionLine, ordered_quantity: '6', remaining_quantity: '4' },
    );
    expect(line).toMatchObject({ requisitioned: '10', quantity: '4' });
  });

  it('asks a direct order for a justification, but not an order from a requisition', () => {
    expect(checkOrderForm(direct({ justification: ' ' })).justification).toBe(FORM_MESSAGES.justification);
    const fromRequisition = direct({
      justification: '',
      lines: [lineFromRequisition({ number: 'REQ-2026-00012' }, requisitionLine)],
    });
    expect(checkOrderForm(fromRequisition)).toEqual({ lineProblems: [] });
    expect(toOrderPayload(fromRequisition).lines[0]).toMatchObject({
      requisition_line_id: 55,
      category_id: 12,
      department_id: 4,
      quantity: '10',
      unit_price: '85000.00',
    });
  });

  it('puts each problem on its field and its line', () => {
    const problems = checkOrderForm(
      direct({
        supplier_id: undefined,
        delivery_address: '',
        delivery_date: '2026-02-30',
        payment_terms_days: '400',
        currency: 'KE',
        lines: [
          { ...emptyOrderLine(), quantity: '0', unit_price: '-1' },
          { ...emptyOrderLine(4), description: 'Paper', category_id: 1, unit: '' },
        ],
      }),
    );
    expect(problems.supplier_id).toBe(FORM_MESSAGES.supplier);
    expect(problems.delivery_address).toBe(FORM_MESSAGES.required);
    expect(problems.delivery_date).toBe(FORM_MESSAGES.date);
    expect(problems.payment_terms_days).toBe(FORM_MESSAGES.terms);
    expect(problems.currency).toBe(FORM_MESSAGES.currency);
    expect(problems.lineProblems[0]).toEqual({
      description: FORM_MESSAGES.required,
      category_id: FORM_MESSAGES.category,
      department_id: FORM_MESSAGES.department,
      quantity: FORM_MESSAGES.quantity,
    });
    expect(problems.lineProblems[1]).toEqual({ unit: FORM_MESSAGES.required });
    expect(checkOrderForm(direct({ lines: [] })).lines).toBe(FORM_MESSAGES.noLines);
  });

  it('totals the order as the API will: each line taxed at its rate, the default when none is chosen', () => {
    const values = direct({
      lines: [
        { ...emptyOrderLine(4), description: 'A', category_id: 1, quantity: '3', unit_price: '1500.00' },
        {
          ...emptyOrderLine(4),
          description: 'B',
          category_id: 1,
          quantity: '1',
          unit_price: '999.99',
          tax_rate_id: 2,
        },
      ],
    });
    expect(orderTotals(values, rates)).toEqual({
      net: 549_999,
      tax: 72_000,
      total: 621_999,
      incomplete: 0,
    });
    // Until the rates are known the totals do not pretend.
    expect(orderTotals(values, undefined).incomplete).toBe(2);
  });

  it('finds the rate of a saved line: the default one as the default choice, another by its id', () => {
    expect(rateIdFor('16.00', rates)).toBeNull();
    expect(rateIdFor('0.00', rates)).toBe(2);
    expect(rateIdFor('8', rates)).toBe(3);
    expect(rateIdFor('12.00', rates)).toBeNull();
  });

  beforeAll(async () => {
    await i18next.init({ lng: 'en', resources: { en: { errors: enErrors } } });
  });

  it('places the server’s messages on fields and on the lines they name (by the body’s line)', () => {
    const error = new ApiError(400, 'Invalid', {
      detail: 'Invalid',
      code: 'purchase_order.over_requisition',
      params: { remaining: '4', unit: 'each' },
      field: 'lines',
      line: 1,
      supplier_id: ['This supplier is blocked: it cannot receive new purchase orders.'],
      lines: ['Line 2: only 4 each of this requisition line are still to be ordered.'],
    });
    expect(serverFormErrors(error, ORDER_FIELDS)).toEqual({
      fields: { supplier_id: 'This supplier is blocked: it cannot receive new purchase orders.' },
      lines: { 1: 'Only 4 each of this requisition line are still to be ordered.' },
      general: [],
    });
    // A line message that names no line (a schema error) stays above the lines.
    expect(
      serverFormErrors(
        new ApiError(400, 'x', { detail: 'x', code: 'validation', lines: ['Add at least one line.'] }),
        ORDER_FIELDS,
      ).general,
    ).toEqual(['Add at least one line.']);
    expect(
      serverFormErrors(new ApiError(409, 'Conflict', { detail: 'Conflict' }), ORDER_FIELDS).general,
    ).toEqual(['Conflict']);
  });
});
