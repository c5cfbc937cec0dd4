import { invoiceForm } from '@zabuni/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { PurchaseOrderView } from '../api/purchase-orders.ts';
import {
  checkInvoiceForm,
  emptyInvoiceForm,
  extraInvoiceLine,
  invoiceFormSchema,
  invoiceLinesFromOrder,
  invoiceTotals,
  toInvoicePayload,
  toInvoiceOf,
} from './invoice-form.ts';

type Line = PurchaseOrderView['lines'][number];
const line = (id: number, quantity: string, accepted: string, invoiced: string, rate = '16.00'): Line => ({
  id,
  line_no: id,
  requisition_line_id: null,
  requisition: null,
  description: `Item ${id}`,
  category: { id: 1, name: 'Stationery' },
  department: { id: 1, code: 'ICT', name: 'ICT' },
  quantity,
  unit: 'each',
  unit_price: '250.00',
  tax_rate: rate,
  net: '0',
  tax: '0',
  received_quantity: accepted,
  accepted_quantity: accepted,
  rejected_quantity: '0',
  invoiced_quantity: invoiced,
});
const order = (lines: Line[]) => ({ lines }) as PurchaseOrderView;

describe('invoice form', () => {
  it('prefills what is left to invoice: accepted (or ordered before any receipt) less invoiced', () => {
    expect(toInvoiceOf(line(1, '10', '6', '2'))).toBe('4');
    expect(toInvoiceOf(line(1, '10', '0', '0'))).toBe('10');
    expect(toInvoiceOf(line(1, '10', '3', '5'))).toBe('0');
    const lines = invoiceLinesFromOrder(order([line(1, '10', '6', '2'), line(2, '5', '5', '5', '0.00')]));
    expect(lines.map((l) => [l.purchase_order_line_id, l.quantity, l.unit_price])).toEqual([
      [1, '4', '250.00'],
    ]);
    // A fully invoiced order still offers its lines rather than nothing.
    expect(invoiceLinesFromOrder(order([line(2, '5', '5', '5')]))).toHaveLength(1);
  });

  it('totals at the order lines’ rates; an extra charge at the first line’s', () => {
    const o = order([line(1, '10', '0', '0', '8.00')]);
    const extra = { ...extraInvoiceLine(o), description: 'Delivery', unit_price: '100' };
    const values = {
      purchase_order_id: 3,
      invoice_number: 'INV-1',
      invoice_date: '2026-11-20',
      lines: [...invoiceLinesFromOrder(o), extra],
    };
    expect(invoiceTotals(values, 'KES')).toEqual({
      net: 260_000,
      tax: 20_800,
      total: 280_800,
      incomplete: 0,
    });
    expect(toInvoicePayload(values).lines).toEqual([
      { purchase_order_line_id: 1, description: 'Item 1', quantity: '10', unit_price: '250.00' },
      { purchase_order_line_id: null, description: 'Delivery', quantity: '1', unit_price: '100' },
    ]);
  });

  it('refuses a missing order, number, a future date and bad lines, with the contract’s messages', () => {
    const problems = checkInvoiceForm(
      {
        purchase_order_id: undefined,
        invoice_number: ' ',
        invoice_date: '2026-11-24',
        lines: [{ ...extraInvoiceLine(undefined), quantity: '0' }],
      },
      'KES',
      '2026-11-23',
    );
    const fields = invoiceForm.shape;
    const line = invoiceForm.shape.lines.element.shape;
    const contractMessage = (schema: z.ZodType, value: unknown) =>
      schema.safeParse(value).error?.issues[0]?.message;
    expect(problems).toEqual({
      purchase_order_id: contractMessage(fields.purchase_order_id, undefined),
      invoice_number: contractMessage(fields.invoice_number, ' '),
      invoice_date: 'invoice.future',
      'lines.0.description': contractMessage(line.description, ''),
      'lines.0.quantity': contractMessage(line.quantity, '0'),
      'lines.0.unit_price': 'invoice.price',
    });
    expect(Object.values(problems).every(Boolean)).toBe(true);
    expect(
      checkInvoiceForm({ ...emptyInvoiceForm('2026-11-23'), purchase_order_id: 3 }, 'KES', '2026-11-23'),
    ).toEqual({
      invoice_number: contractMessage(fields.invoice_number, ''),
      lines: contractMessage(fields.lines, []),
    });
  });

  it('yields the request: prices without separators, no form-only field', () => {
    const values = {
      purchase_order_id: 3,
      invoice_number: ' INV-1 ',
      invoice_date: '2026-11-20',
      lines: [{ ...extraInvoiceLine(undefined), description: 'Delivery', unit_price: '1,000.50' }],
    };
    expect(invoiceFormSchema('KES', '2026-11-23').parse(values)).toEqual({
      purchase_order_id: 3,
      invoice_number: 'INV-1',
      invoice_date: '2026-11-20',
      lines: [
        { purchase_order_line_id: null, description: 'Delivery', quantity: '1', unit_price: '1000.50' },
      ],
    });
    expect(checkInvoiceForm(values, 'UGX', '2026-11-23')).toEqual({ 'lines.0.unit_price': 'invoice.price' });
  });
});
