import { goodsReceiptForm } from '@zabuni/contracts';
import { describe, expect, it } from 'vitest';
import type { PurchaseOrderLine } from '../api/purchase-orders.ts';
import { FORM_MESSAGES } from './messages.ts';
import {
  checkReceipt,
  goodsReceiptRequest,
  receiptFormFor,
  receiptFormSchema,
  receiptHasProblems,
  receiveRemaining,
  remainingOf,
  toReceiptPayload,
  withReceived,
} from './receipt-form.ts';

const line = (id: number, quantity: string, accepted: string): PurchaseOrderLine => ({
  id,
  line_no: id,
  requisition_line_id: null,
  requisition: null,
  description: `Item ${id}`,
  category: { id: 1, name: 'Stationery' },
  department: { id: 1, code: 'ICT', name: 'ICT' },
  quantity,
  unit: 'box',
  unit_price: '100.00',
  tax_rate: '16.00',
  net: '0',
  tax: '0',
  received_quantity: accepted,
  accepted_quantity: accepted,
  rejected_quantity: '0',
  invoiced_quantity: '0',
});

const TODAY = '2026-11-23';

describe('receive goods form', () => {
  const form = receiptFormFor([line(1, '10', '4'), line(2, '5', '0')], TODAY);

  it('shows what remains of each line', () => {
    expect(form.lines.map(remainingOf)).toEqual(['6', '5']);
    expect(remainingOf({ ordered: '2', accepted_so_far: '2.5' })).toBe('0');
  });

  it('keeps accepted = received − rejected while typing', () => {
    let first = withReceived(form.lines[0]!, 'received', '6');
    expect(first.accepted).toBe('6');
    first = withReceived(first, 'rejected', '1.5');
    expect(first.accepted).toBe('4.5');
    expect(receiveRemaining(form.lines[1]!)).toMatchObject({ received: '5', accepted: '5', rejected: '0' });
  });

  it('sends only the lines something arrived on', () => {
    const values = {
      ...form,
      note: ' Delivery note 77 ',
      lines: [withReceived(form.lines[0]!, 'received', '3'), form.lines[1]!],
    };
    expect(receiptHasProblems(checkReceipt(values, TODAY))).toBe(false);
    expect(toReceiptPayload(9, values)).toEqual({
      purchase_order_id: 9,
      received_on: TODAY,
      note: 'Delivery note 77',
      lines: [
        { purchase_order_line_id: 1, received: '3', accepted: '3', rejected: '0', rejection_reason: '' },
      ],
    });
  });

  it('refuses an empty delivery, a mismatch, a rejection without reason and a future date', () => {
    expect(checkReceipt(form, TODAY).lines).toBe(FORM_MESSAGES.nothingReceived);
    const problems = checkReceipt(
      {
        received_on: '2026-11-24',
        note: '',
        lines: [
          { ...form.lines[0]!, received: '3', accepted: '1', rejected: '1' },
          { ...form.lines[1]!, received: '2', accepted: '1', rejected: '1' },
        ],
      },
      TODAY,
    );
    expect(problems.received_on).toBe(FORM_MESSAGES.futureDate);
    expect(problems.lineProblems[0]).toEqual({
      accepted: FORM_MESSAGES.mismatch,
      rejection_reason: FORM_MESSAGES.rejectionReason,
    });
    expect(problems.lineProblems[1]).toEqual({ rejection_reason: FORM_MESSAGES.rejectionReason });
    expect(
      checkReceipt({ ...form, lines: [{ ...form.lines[0]!, received: 'two' }] }, TODAY).lineProblems[0],
    ).toEqual({ received: FORM_MESSAGES.receiptQuantity });
  });
});

describe('receive goods form schema (the API’s goodsReceiptForm and the service’s checks)', () => {
  const form = receiptFormFor([line(1, '10', '4'), line(2, '5', '0')], TODAY);
  const schema = receiptFormSchema(9, TODAY);
  const problems = (values: typeof form) => {
    const result = schema.safeParse(values);
    return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
  };

  it('yields the request the API takes: only the lines something arrived on', () => {
    const values = { ...form, lines: [withReceived(form.lines[0]!, 'received', '3'), form.lines[1]!] };
    expect(schema.parse(values)).toEqual(toReceiptPayload(9, values));
    expect(goodsReceiptRequest.safeParse(schema.parse(values)).success).toBe(true);
  });

  it('puts every problem on its field at once, and the date’s format is the contract’s', () => {
    expect(problems(form)).toEqual({ lines: FORM_MESSAGES.nothingReceived });
    expect(
      problems({
        received_on: '2026-11-24',
        note: '',
        lines: [{ ...form.lines[0]!, received: '3', accepted: '1', rejected: '1' }, form.lines[1]!],
      }),
    ).toEqual({
      received_on: FORM_MESSAGES.futureDate,
      'lines.0.accepted': FORM_MESSAGES.mismatch,
      'lines.0.rejection_reason': FORM_MESSAGES.rejectionReason,
    });
    const badDate = problems({ ...form, received_on: '2026-02-30' });
    expect(badDate.received_on).toBe(
      goodsReceiptForm.shape.received_on.safeParse('2026-02-30').error?.issues[0]?.message,
    );
  });
});
