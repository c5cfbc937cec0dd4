import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enErrors from '../../../../locales/en/errors.json';
import { ApiError } from '../../../../lib/api-client.ts';
import type { TaxRate } from '../api/lookups.ts';
import { FORM_MESSAGES } from './messages.ts';
import { purchaseOrderForm, purchaseOrderLineForm } from '@zabuni/contracts';
import type { z } from 'zod';
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

/** The contract schema's own message for a value it refuses (English or a catalogue key, whichever it carries). */
const contractMessage = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;
const order = purchaseOrderForm.shape;
const line = purchaseOrderLineForm.shape;

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
    expect(checkOrderForm(values)).toEqual({});
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
    expect(payload!.lines[0]).not.toHaveProperty('tax_rate_id');
    expect(payload!.lines[0]).not.toHaveProperty('requisition_line_id');
    expect(payload).not.toHaveProperty('source');
  });

  it('orders what is still to be ordered of a requisition line that earlier orders took part of', () => {
    const line = lineFromRequisition(
      { number: 'REQ-2026-00012' },
      { ...requisitionLine, ordered_quantity: '6', remaining_quantity: '4' },
    );
    expect(line).toMatchObject({ requisitioned: '10', quantity: '4' });
  });

  it('asks a direct order for a justification, but not an order from a requisition', () => {
    expect(checkOrderForm(direct({ justification: ' ' }))).toEqual({
      justification: 'purchase_order.justification',
    });
    const fromRequisition = direct({
      justification: '',
      lines: [lineFromRequisition({ number: 'REQ-2026-00012' }, requisitionLine)],
    });
    expect(checkOrderForm(fromRequisition)).toEqual({});
    expect(toOrderPayload(fromRequisition)!.lines[0]).toMatchObject({
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
    // The API's own schema speaks for every rule it has; the form's text field for the terms has its own.
    expect(problems).toEqual({
      supplier_id: contractMessage(order.supplier_id, undefined),
      delivery_address: contractMessage(order.delivery_address, ''),
      delivery_date: contractMessage(order.delivery_date, '2026-02-30'),
      payment_terms_days: FORM_MESSAGES.terms,
      currency: contractMessage(order.currency, 'KE'),
      'lines.0.description': contractMessage(line.description, ''),
      'lines.0.category_id': contractMessage(line.category_id, undefined),
      'lines.0.department_id': contractMessage(line.department_id, undefined),
      'lines.0.quantity': contractMessage(line.quantity, '0'),
      'lines.1.unit': contractMessage(line.unit, ''),
    });
    expect(Object.values(problems).every(Boolean)).toBe(true);
    expect(checkOrderForm(direct({ lines: [] }))).toEqual({ lines: contractMessage(order.lines, []) });
  });

  it('refuses a price with more decimals than the currency has, or below 0, as the API does', () => {
    const priced = (unit_price: string, currency = 'KES') =>
      checkOrderForm(
        direct({
          currency,
          lines: [{ ...emptyOrderLine(4), description: 'Toner', category_id: 9, unit_price }],
        }),
      );
    expect(priced('10.005')).toEqual({ 'lines.0.unit_price': 'purchase_order.price' });
    expect(priced('-1')).toEqual({ 'lines.0.unit_price': 'purchase_order.price' });
    expect(priced('10.5', 'UGX')).toEqual({ 'lines.0.unit_price': 'purchase_order.price' });
    expect(priced('1,500.50')).toEqual({});
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
