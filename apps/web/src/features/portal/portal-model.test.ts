import { invoiceForm, percentToBasisPoints } from '@zabuni/contracts';
import { taxMinor } from '@zabuni/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { PortalInvoice, PortalInvoiceSummary, PortalOrder } from './api.ts';
import frErrors from '../../locales/fr/errors.json';
import {
  billedByOrderLine,
  extraLine,
  invoiceFormFor,
  invoiceFormSchema,
  invoiceOutcome,
  invoiceResolver,
  invoiceTotals,
  linesFromOrder,
  nairobiToday,
  type InvoiceFormValues,
} from './portal-model.ts';

const ref = { id: 1, name: 'x' };

function orderLine(id: number, quantity: string, price: string, accepted: string, invoiced = '0') {
  return {
    id,
    line_no: id,
    requisition_line_id: null,
    requisition: null,
    description: `Item ${id}`,
    category: ref,
    department: { id: 1, code: 'ICT', name: 'ICT' },
    quantity,
    unit: 'each',
    unit_price: price,
    tax_rate: '16.00',
    net: '0.00',
    tax: '0.00',
    received_quantity: accepted,
    accepted_quantity: accepted,
    rejected_quantity: '0',
    invoiced_quantity: invoiced,
  };
}

const order = {
  id: 7,
  number: 'PO-2026-00007',
  status: 'partially_received',
  currency: 'KES',
  lines: [orderLine(11, '10', '2500.00', '6'), orderLine(12, '8', '650.50', '0')],
} as unknown as PortalOrder;

function invoice(
  status: PortalInvoice['status'],
  lines: Array<[number | null, string]>,
  extra: Partial<PortalInvoice> = {},
): PortalInvoice {
  return {
    id: 1,
    status,
    due_date: '2026-12-31',
    outstanding: '1160.00',
    blocking_variances: 0,
    lines: lines.map(([purchase_order_line_id, quantity]) => ({ purchase_order_line_id, quantity })),
    match: { level: 'three_way', within_tolerance: true, variances: [], summary: '' },
    resolutions: [],
    ...extra,
  } as unknown as PortalInvoice;
}

describe('invoice money', () => {
  it('reads tax rates as basis points', () => {
    expect(percentToBasisPoints('16.00')).toBe(1600);
    expect(percentToBasisPoints('16')).toBe(1600);
    expect(percentToBasisPoints('7.5')).toBe(750);
    expect(percentToBasisPoints('0.00')).toBe(0);
    expect(percentToBasisPoints('16.005')).toBeNull();
    expect(percentToBasisPoints('abc')).toBeNull();
  });

  it('rounds tax half up to the minor unit, like the API', () => {
    expect(taxMinor(2_500_000, 1600)).toBe(400_000);
    expect(taxMinor(520_400, 1600)).toBe(83_264);
    expect(taxMinor(333, 1600)).toBe(53); // 53.28
    expect(taxMinor(50, 100)).toBe(1); // 0.5 rounds up
    expect(taxMinor(49, 100)).toBe(0); // 0.49
    expect(taxMinor(3, 1650)).toBe(0); // 0.495
    expect(taxMinor(0, 1600)).toBe(0);
  });

  it('totals the included lines exactly (no float drift), per-line tax summed as the API does', () => {
    const lines = [
      { ...extraLine(order), quantity: '3', unit_price: '0.10' },
      { ...extraLine(order), quantity: '1', unit_price: '0.20' },
      { ...extraLine(order), quantity: '2.5', unit_price: '1,000.33' },
      { ...extraLine(order), include: false, quantity: '100', unit_price: '100' },
    ];
    // 0.30 + 0.20 + 2500.825 → 2500.83 (half up); tax 0.048→0.05, 0.032→0.03, 400.1328→400.13
    expect(invoiceTotals(lines, 'KES')).toEqual({
      subtotal: 30 + 20 + 250_083,
      tax: 5 + 3 + 40_013,
      total: 30 + 20 + 250_083 + 5 + 3 + 40_013,
      incomplete: 0,
    });
    expect(invoiceTotals([{ ...extraLine(order), unit_price: '1.234' }], 'KES').incomplete).toBe(1);
    expect(invoiceTotals([{ ...extraLine(order), unit_price: '1234' }], 'UGX').total).toBe(1431); // 1234 + 197.44
  });
});

describe('invoice lines from an order', () => {
  it('prefills what was accepted and not yet invoiced, at the order’s price; nothing accepted is left out', () => {
    const lines = linesFromOrder(order, []);
    expect(lines.map((l) => [l.purchase_order_line_id, l.include, l.quantity, l.unit_price])).toEqual([
      [11, true, '6', '2500.00'],
      [12, false, '8', '650.50'],
    ]);
    expect(lines[0]!.order).toMatchObject({ line_no: 11, ordered: '10', accepted: '6', invoiced: '0' });
  });

  it('takes off what my earlier invoices bill, except rejected ones; extra lines bill no order line', () => {
    const earlier = [
      invoice('matched', [
        [11, '2'],
        [null, '1'],
      ]),
      invoice('approved', [[11, '1.5']]),
      invoice('rejected', [[11, '6']]),
    ];
    expect([...billedByOrderLine(earlier)]).toEqual([[11, 3500]]);
    const lines = linesFromOrder(order, earlier);
    expect(lines[0]).toMatchObject({ include: true, quantity: '2.5' });
  });

  it('with my invoices unknown, counts what the order says was invoiced (approved invoices)', () => {
    const invoicedOrder = {
      ...order,
      lines: [orderLine(11, '10', '2500.00', '6', '6')],
    } as unknown as PortalOrder;
    expect(linesFromOrder(invoicedOrder, null)[0]).toMatchObject({ include: false, quantity: '4' });
  });

  it('fills every line in as ordered while nothing has been received, less what is already invoiced', () => {
    const fresh = {
      ...order,
      status: 'acknowledged',
      lines: [orderLine(11, '10', '2500.00', '0'), orderLine(12, '8', '650.50', '0')],
    } as unknown as PortalOrder;
    const lines = linesFromOrder(fresh, [invoice('matched', [[12, '8']])]);
    expect(lines.map((l) => [l.include, l.quantity])).toEqual([
      [true, '10'],
      [false, '0'],
    ]);
  });

  it('taxes an extra line like the order’s first line', () => {
    expect(extraLine(order)).toMatchObject({
      purchase_order_line_id: null,
      include: true,
      tax_rate: '16.00',
    });
  });
});

describe('invoice form checks', () => {
  const today = '2026-11-23';
  const filled = () => ({ ...invoiceFormFor(order, [], today), invoice_number: ' INV-001 ' });
  /** Each problem's message by the form's path (`lines.0.quantity`), as the form's schema reports it. */
  const problemsOf = (values: InvoiceFormValues, currency = 'KES') => {
    const result = invoiceFormSchema(currency, today).safeParse(values);
    const problems: Record<string, string> = {};
    for (const issue of result.success ? [] : result.error.issues)
      problems[issue.path.join('.')] ??= issue.message;
    return problems;
  };
  /** What the portal's route refuses the request with: the contract's own messages, by path. */
  const apiProblemsOf = (request: unknown) => {
    const result = invoiceForm.safeParse(request);
    const problems: Record<string, string> = {};
    for (const issue of result.success ? [] : result.error.issues)
      problems[issue.path.join('.')] ??= issue.message;
    return problems;
  };
  /** The request the page would send, every line as typed (the included ones). */
  const asSent = (values: InvoiceFormValues) => ({
    purchase_order_id: values.purchase_order_id,
    invoice_number: values.invoice_number,
    invoice_date: values.invoice_date,
    lines: values.lines
      .filter((line) => line.include)
      .map(({ purchase_order_line_id, description, quantity, unit_price }) => ({
        purchase_order_line_id,
        description,
        quantity,
        unit_price,
      })),
  });

  it('passes a complete form and yields the request: only the included lines, trimmed, prices without separators', () => {
    const values = filled();
    values.lines.push({ ...extraLine(order), description: ' Delivery ', unit_price: '1,500' });
    const request = invoiceFormSchema('KES', today).parse(values);
    expect(request).toEqual({
      purchase_order_id: 7,
      invoice_number: 'INV-001',
      invoice_date: today,
      lines: [
        { purchase_order_line_id: 11, description: 'Item 11', quantity: '6', unit_price: '2500.00' },
        { purchase_order_line_id: null, description: 'Delivery', quantity: '1', unit_price: '1500' },
      ],
    });
    // The API's own schema takes it as it is.
    expect(invoiceForm.parse(request)).toEqual(request);
  });

  it('refuses what the API’s schema refuses, on the same field, with the same catalogue key', () => {
    const values = filled();
    values.invoice_number = ' ';
    values.lines[0]!.quantity = '0';
    values.lines.push({ ...extraLine(order), description: 'x'.repeat(501), unit_price: '10' });
    const problems = problemsOf(values);
    const api = apiProblemsOf(asSent(values));
    expect(api).toEqual({
      invoice_number: 'field.required',
      'lines.0.quantity': 'field.quantity',
      // The extra line is the second one sent and the form's third.
      'lines.1.description': 'field.too_long',
    });
    expect(problems).toEqual({
      invoice_number: api.invoice_number,
      'lines.0.quantity': api['lines.0.quantity'],
      'lines.2.description': api['lines.1.description'],
    });
    // No order chosen, and nothing to invoice.
    expect(problemsOf(invoiceFormFor(null, null, today)).purchase_order_id).toBe(
      apiProblemsOf({ ...asSent(filled()), purchase_order_id: null }).purchase_order_id,
    );
    expect(apiProblemsOf({ ...asSent(filled()), purchase_order_id: null }).purchase_order_id).toBe(
      'invoice.order',
    );
  });

  it('refuses what the invoice service refuses besides: a future date, prices beyond the currency’s decimals', () => {
    const values = filled();
    values.invoice_date = '2026-11-24';
    values.lines[0]!.unit_price = '12.345';
    values.lines.push({ ...extraLine(order), key: 'extra', description: 'Delivery', unit_price: '' });
    expect(problemsOf(values)).toEqual({
      invoice_date: 'invoice.future',
      'lines.0.unit_price': 'invoice.price',
      'lines.2.unit_price': 'invoice.price',
    });
    // KES has two decimals, UGX none.
    const whole = filled();
    whole.lines[0]!.unit_price = '2500.50';
    expect(problemsOf(whole, 'KES')).toEqual({});
    expect(problemsOf(whole, 'UGX')).toEqual({ 'lines.0.unit_price': 'invoice.price' });
  });

  it('needs at least one included line (the API’s key); lines left out are not checked', () => {
    const values = filled();
    for (const line of values.lines) line.include = false;
    values.lines[1]!.quantity = 'x';
    values.lines[1]!.description = '';
    expect(problemsOf(values)).toEqual({ lines: apiProblemsOf(asSent(values)).lines });
    expect(apiProblemsOf(asSent(values)).lines).toBe('field.no_lines');
  });

  it('gives the resolver’s messages in the interface language, a length’s maximum filled in', async () => {
    await i18next.init({
      lng: 'fr',
      resources: { fr: { errors: frErrors } },
      interpolation: { escapeValue: false },
    });
    const values = filled();
    values.invoice_number = 'N'.repeat(61);
    values.invoice_date = '2026-11-24';
    values.lines[0]!.unit_price = '12.345';
    const result = await invoiceResolver(
      values,
      { currency: 'KES', today },
      {
        fields: {},
        shouldUseNativeValidation: false,
      },
    );
    const errors = result.errors as Record<string, unknown> & {
      lines?: Array<{ unit_price?: { message?: string } } | undefined>;
    };
    expect({
      number: (errors.invoice_number as { message?: string } | undefined)?.message,
      date: (errors.invoice_date as { message?: string } | undefined)?.message,
      price: errors.lines?.[0]?.unit_price?.message,
    }).toEqual({
      number: 'Ce champ ne doit pas dépasser 60 caractères.',
      date: frErrors.invoice.future,
      price: frErrors.invoice.price,
    });
    expect(result.values).toEqual({});
  });

  it('knows Nairobi’s date (UTC+3) at the turn of the day', () => {
    expect(nairobiToday(new Date('2026-11-23T20:59:00Z'))).toBe('2026-11-23');
    expect(nairobiToday(new Date('2026-11-23T21:00:00Z'))).toBe('2026-11-24');
  });
});

describe('the invoice outcome in plain words', () => {
  const summary = (status: PortalInvoiceSummary['status'], blocking = 0) =>
    ({
      status,
      due_date: '2026-12-31',
      outstanding: '1160.00',
      blocking_variances: blocking,
    }) as PortalInvoiceSummary;

  it('says what happens next for each status', () => {
    expect(invoiceOutcome(summary('matched')).key).toBe('outcome.matched');
    expect(invoiceOutcome(summary('submitted')).key).toBe('outcome.submitted');
    expect(invoiceOutcome(summary('approved'))).toMatchObject({
      key: 'outcome.approved',
      values: { date: '2026-12-31' },
    });
    expect(invoiceOutcome(summary('paid')).key).toBe('outcome.paid');
    expect(invoiceOutcome(summary('partially_paid'), null, (a) => `KES ${a}`).values).toEqual({
      outstanding: 'KES 1160.00',
    });
  });

  it('names the first blocking variance once the invoice is known, else counts them', () => {
    expect(invoiceOutcome(summary('exception', 2))).toMatchObject({
      key: 'outcome.exception',
      values: { count: 2 },
    });
    const detail = invoice('exception', [], {
      match: {
        level: 'three_way',
        within_tolerance: false,
        summary: '',
        variances: [
          { explanation: 'Cheaper than ordered.', blocking: false },
          { explanation: 'You invoiced 8 units of line 1 but we have accepted 6 so far.', blocking: true },
        ],
      } as PortalInvoice['match'],
    });
    expect(invoiceOutcome(summary('exception', 1), detail)).toEqual({
      key: 'outcome.exceptionExplained',
      values: { explanation: 'You invoiced 8 units of line 1 but we have accepted 6 so far.' },
      tone: 'attention',
    });
  });

  it('gives the buyer’s latest reason for a credit note or a rejection', () => {
    const resolutions = [
      { kind: 'credit_note_requested', reason: 'First', user: ref, created_at: '' },
      { kind: 'credit_note_requested', reason: 'Credit 2 units', user: ref, created_at: '' },
    ] as PortalInvoice['resolutions'];
    expect(
      invoiceOutcome(summary('awaiting_credit_note'), invoice('awaiting_credit_note', [], { resolutions })),
    ).toMatchObject({ key: 'outcome.creditNoteExplained', values: { reason: 'Credit 2 units' } });
    expect(invoiceOutcome(summary('awaiting_credit_note')).key).toBe('outcome.creditNote');
    expect(invoiceOutcome(summary('rejected')).key).toBe('outcome.rejected');
  });
});
