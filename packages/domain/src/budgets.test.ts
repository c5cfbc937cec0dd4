import { describe, expect, it } from 'vitest';
import {
  ACTUAL_INVOICE_STATUSES,
  COMMITTED_PURCHASE_ORDER_STATUSES,
  budgetContribution,
  budgetPeriodWindow,
  budgetUtilisation,
  canApproveOverBudget,
  checkBudget,
  fiscalYearBounds,
  formatMinor,
  type Budget,
  type BudgetCheckInput,
  type BudgetCheckPoint,
  type BudgetControlAction,
  type BudgetEntry,
  type BudgetUtilisation,
} from './budgets.ts';

const budget = (overrides: Partial<Budget> = {}): Budget => ({
  id: 1,
  name: 'IT equipment FY2026',
  amountMinor: 10_000_000, // KES 100,000.00
  currency: 'KES',
  period: 'annual',
  controls: { requisition: 'stop', purchase_order: 'stop', invoice: 'stop' },
  ...overrides,
});

const everywhere = (action: BudgetControlAction) => ({
  requisition: action,
  purchase_order: action,
  invoice: action,
});

/** Utilisation with the figures a test names; the rest follow from them as budgetUtilisation derives them. */
const usage = (figures: { amount?: number; proposed?: number; committed?: number; actual?: number }) => {
  const { amount = 10_000_000, proposed = 0, committed = 0, actual = 0 } = figures;
  const available = amount - committed - actual;
  return {
    currency: 'KES',
    amount,
    proposed,
    committed,
    actual,
    available,
    availableAfterProposed: available - proposed,
  } satisfies BudgetUtilisation;
};

const figuresOf = (entries: BudgetEntry[], b = budget()) => {
  const result = budgetUtilisation(b, entries);
  if (!result.ok) throw new Error(`unexpected ${result.problem}`);
  return result;
};

const requisition = (
  status: string,
  amountMinor: number,
  extra: { orderedMinor?: number } = {},
): BudgetEntry => ({
  kind: 'requisition',
  status,
  amountMinor,
  currency: 'KES',
  ...extra,
});
const purchaseOrder = (
  status: string,
  amountMinor: number,
  extra: { invoicedMinor?: number } = {},
): BudgetEntry => ({
  kind: 'purchase_order',
  status,
  amountMinor,
  currency: 'KES',
  ...extra,
});
const invoice = (status: string, amountMinor: number): BudgetEntry => ({
  kind: 'invoice',
  status,
  amountMinor,
  currency: 'KES',
});

describe('budgetContribution: which statuses count, and as what', () => {
  it.each([
    [requisition('draft', 50_000), null],
    [requisition('submitted', 50_000), { figure: 'proposed', amountMinor: 50_000 }],
    [requisition('returned', 50_000), null],
    [requisition('approved', 50_000), { figure: 'committed', amountMinor: 50_000 }],
    [requisition('approved', 50_000, { orderedMinor: 20_000 }), { figure: 'committed', amountMinor: 30_000 }],
    [requisition('approved', 50_000, { orderedMinor: 70_000 }), { figure: 'committed', amountMinor: 0 }],
    [requisition('rejected', 50_000), null],
    [requisition('ordered', 50_000), null],
    [requisition('cancelled', 50_000), null],
    [purchaseOrder('draft', 80_000), null],
    [purchaseOrder('submitted', 80_000), null],
    [purchaseOrder('approved', 80_000), { figure: 'committed', amountMinor: 80_000 }],
    [purchaseOrder('sent', 80_000), { figure: 'committed', amountMinor: 80_000 }],
    [purchaseOrder('acknowledged', 80_000), { figure: 'committed', amountMinor: 80_000 }],
    [purchaseOrder('partially_received', 80_000), { figure: 'committed', amountMinor: 80_000 }],
    [purchaseOrder('received', 80_000), { figure: 'committed', amountMinor: 80_000 }],
    [purchaseOrder('sent', 80_000, { invoicedMinor: 30_000 }), { figure: 'committed', amountMinor: 50_000 }],
    [purchaseOrder('received', 80_000, { invoicedMinor: 90_000 }), { figure: 'committed', amountMinor: 0 }],
    [purchaseOrder('closed', 80_000, { invoicedMinor: 30_000 }), null],
    [purchaseOrder('cancelled', 80_000), null],
    [invoice('draft', 60_000), null],
    [invoice('submitted', 60_000), null],
    [invoice('disputed', 60_000), null],
    [invoice('rejected', 60_000), null],
    [invoice('approved', 60_000), { figure: 'actual', amountMinor: 60_000 }],
    [invoice('partially_paid', 60_000), { figure: 'actual', amountMinor: 60_000 }],
    [invoice('paid', 60_000), { figure: 'actual', amountMinor: 60_000 }],
  ])('%o → %o', (entry, expected) => expect(budgetContribution(entry)).toEqual(expected));
});

describe('budgetUtilisation', () => {
  it.each([
    [
      'nothing yet',
      [],
      { proposed: 0, committed: 0, actual: 0, available: 10_000_000, availableAfterProposed: 10_000_000 },
    ],
    [
      'one of each figure',
      [requisition('submitted', 2_000_000), requisition('approved', 1_500_000), invoice('paid', 1_000_000)],
      {
        proposed: 2_000_000,
        committed: 1_500_000,
        actual: 1_000_000,
        available: 7_500_000,
        availableAfterProposed: 5_500_000,
      },
    ],
    [
      'an order partly invoiced counts each shilling once',
      [
        purchaseOrder('partially_received', 4_000_000, { invoicedMinor: 1_500_000 }),
        invoice('approved', 1_500_000),
      ],
      {
        proposed: 0,
        committed: 2_500_000,
        actual: 1_500_000,
        available: 6_000_000,
        availableAfterProposed: 6_000_000,
      },
    ],
    [
      'a requisition split over orders counts only what is not yet ordered',
      [requisition('approved', 3_000_000, { orderedMinor: 1_000_000 }), purchaseOrder('sent', 1_000_000)],
      {
        proposed: 0,
        committed: 3_000_000,
        actual: 0,
        available: 7_000_000,
        availableAfterProposed: 7_000_000,
      },
    ],
    [
      'documents that do not count change nothing',
      [
        requisition('draft', 9_000_000),
        purchaseOrder('cancelled', 9_000_000),
        invoice('rejected', 9_000_000),
      ],
      { proposed: 0, committed: 0, actual: 0, available: 10_000_000, availableAfterProposed: 10_000_000 },
    ],
    [
      'exactly used up',
      [purchaseOrder('sent', 6_000_000), invoice('approved', 4_000_000)],
      { proposed: 0, committed: 6_000_000, actual: 4_000_000, available: 0, availableAfterProposed: 0 },
    ],
    [
      'overrun: available goes negative',
      [invoice('paid', 9_000_000), purchaseOrder('sent', 2_500_000), requisition('submitted', 500_000)],
      {
        proposed: 500_000,
        committed: 2_500_000,
        actual: 9_000_000,
        available: -1_500_000,
        availableAfterProposed: -2_000_000,
      },
    ],
  ] as const)('%s', (_name, entries, expected) => {
    expect(figuresOf([...entries])).toEqual({ ok: true, currency: 'KES', amount: 10_000_000, ...expected });
  });

  it('follows one purchase from submission to invoice without counting it twice', () => {
    const steps: BudgetEntry[][] = [
      [requisition('submitted', 6_000_000)],
      [requisition('approved', 6_000_000)],
      [requisition('ordered', 6_000_000), purchaseOrder('approved', 6_000_000)],
      [
        requisition('ordered', 6_000_000),
        purchaseOrder('sent', 6_000_000, { invoicedMinor: 6_000_000 }),
        invoice('approved', 6_000_000),
      ],
    ];
    expect(
      steps
        .map((entries) => figuresOf(entries))
        .map(({ proposed, committed, actual, available }) => [proposed, committed, actual, available]),
    ).toEqual([
      [6_000_000, 0, 0, 10_000_000],
      [0, 6_000_000, 0, 4_000_000],
      [0, 6_000_000, 0, 4_000_000],
      [0, 0, 6_000_000, 4_000_000],
    ]);
  });

  it('returns a problem, not a sum, when a counting document is in another currency', () => {
    const entries = [invoice('paid', 100), { ...purchaseOrder('sent', 5_000), currency: 'USD' }];
    expect(budgetUtilisation(budget(), entries)).toEqual({
      ok: false,
      problem: 'currency_mismatch',
      budgetCurrency: 'KES',
      documentCurrency: 'USD',
      entryIndex: 1,
    });
  });

  it('ignores the currency of documents that do not count', () => {
    const entries = [{ ...purchaseOrder('cancelled', 5_000), currency: 'USD' }];
    expect(budgetUtilisation(budget(), entries)).toMatchObject({ ok: true, committed: 0 });
  });

  it('counts only the window of a monthly budget', () => {
    const monthly = budget({ period: 'monthly', amountMinor: 1_000_000 });
    const window = budgetPeriodWindow({
      period: 'monthly',
      date: new Date('2026-02-14T00:00:00Z'),
      fiscalYearStart: new Date('2025-07-01T00:00:00Z'),
      fiscalYearEnd: new Date('2026-07-01T00:00:00Z'),
    })!;
    const entries: BudgetEntry[] = [
      { ...invoice('paid', 300_000), date: new Date('2026-01-31T23:59:59.999Z') },
      { ...invoice('paid', 400_000), date: new Date('2026-02-01T00:00:00Z') },
      { ...purchaseOrder('sent', 500_000), date: new Date('2026-02-28T12:00:00Z') },
      { ...requisition('approved', 600_000), date: new Date('2026-03-01T00:00:00Z') },
    ];
    expect(budgetUtilisation(monthly, entries, window)).toMatchObject({
      ok: true,
      committed: 500_000,
      actual: 400_000,
      available: 100_000,
    });
  });

  it('needs a date on every entry when a window is given', () => {
    const window = { start: new Date('2026-02-01T00:00:00Z'), end: new Date('2026-03-01T00:00:00Z') };
    expect(() => budgetUtilisation(budget(), [invoice('paid', 1)], window)).toThrow(RangeError);
  });
});

/**
 * Each check point with a document whose new spend is KES 50,000.00 against KES 37,500.00 available
 * (amount 100,000, committed 50,000, actual 12,500): over by KES 12,500.00 wherever it is checked. The order
 * and the invoice are larger, but part of them is already committed by their source document.
 */
const available37500 = usage({ committed: 5_000_000, actual: 1_250_000 });
const fiftyThousandNew: Record<BudgetCheckPoint, BudgetCheckInput> = {
  requisition: {
    budget: budget(),
    checkPoint: 'requisition',
    stage: 'commit',
    utilisation: available37500,
    amountMinor: 5_000_000,
    currency: 'KES',
  },
  purchase_order: {
    budget: budget(),
    checkPoint: 'purchase_order',
    utilisation: available37500,
    amountMinor: 8_000_000,
    requisitionCommittedMinor: 3_000_000,
    currency: 'KES',
  },
  invoice: {
    budget: budget(),
    checkPoint: 'invoice',
    utilisation: available37500,
    amountMinor: 6_000_000,
    purchaseOrderCommittedMinor: 1_000_000,
    currency: 'KES',
  },
};
const check = (checkPoint: BudgetCheckPoint, overrides: Partial<BudgetCheckInput> = {}, b = budget()) =>
  checkBudget({ ...fiftyThousandNew[checkPoint], budget: b, ...overrides } as BudgetCheckInput);

describe('checkBudget: stop, warn and ignore at each check point', () => {
  it.each([
    ['requisition', 'stop'],
    ['requisition', 'warn'],
    ['requisition', 'ignore'],
    ['purchase_order', 'stop'],
    ['purchase_order', 'warn'],
    ['purchase_order', 'ignore'],
    ['invoice', 'stop'],
    ['invoice', 'warn'],
    ['invoice', 'ignore'],
  ] as const)('%s over budget under %s', (checkPoint, action) => {
    const result = check(checkPoint, {}, budget({ controls: everywhere(action) }));
    expect(result).toMatchObject({
      outcome: 'over',
      action,
      shortfallMinor: 1_250_000,
      comparedWith: 'available',
      headroomMinor: 3_750_000,
      newSpendMinor: 5_000_000,
    });
    if (result.outcome === 'over' && result.action === 'warn')
      expect(result.needsExceptionApproval).toBe(true);
  });

  it.each(['requisition', 'purchase_order', 'invoice'] as const)(
    '%s within budget under stop',
    (checkPoint) => {
      const roomy = usage({ committed: 4_000_000, actual: 1_000_000 }); // 50,000 available
      expect(check(checkPoint, { utilisation: roomy })).toEqual({
        outcome: 'within',
        comparedWith: 'available',
        headroomMinor: 5_000_000,
        newSpendMinor: 5_000_000,
      });
    },
  );

  it.each([
    ['requisition', 'stop'],
    ['purchase_order', 'warn'],
    ['invoice', 'ignore'],
  ] as const)('reads the control of its own check point: %s → %s', (checkPoint, action) => {
    const mixed = budget({ controls: { requisition: 'stop', purchase_order: 'warn', invoice: 'ignore' } });
    expect(check(checkPoint, {}, mixed)).toMatchObject({ outcome: 'over', action });
  });

  it.each([
    ['requisition', 0, 'within', 0],
    ['requisition', 1, 'over', 1],
    ['purchase_order', 0, 'within', 0],
    ['purchase_order', 1, 'over', 1],
    ['invoice', 0, 'within', 0],
    ['invoice', 1, 'over', 1],
  ] as const)(
    '%s: available + %i minor units is %s (shortfall %i)',
    (checkPoint, extra, outcome, shortfall) => {
      const exact = usage({ committed: 5_000_000 }); // new spend 50,000 against 50,000 available
      const amountMinor = (fiftyThousandNew[checkPoint].amountMinor as number) + extra;
      const result = check(checkPoint, { utilisation: exact, amountMinor });
      expect(result.outcome).toBe(outcome);
      if (result.outcome === 'over') expect(result.shortfallMinor).toBe(shortfall);
    },
  );
});

describe('checkBudget: what each check point compares', () => {
  // 37,500 available, of which other submitted requisitions would take 20,000.
  const pending = usage({ committed: 5_000_000, actual: 1_250_000, proposed: 2_000_000 });

  it.each([
    [
      'submission, others’ proposed shown, not counted',
      'proposed',
      false,
      false,
      pending,
      'within',
      3_750_000,
    ],
    [
      'submission, own amount in proposed, not counted',
      'proposed',
      true,
      false,
      usage({ ...pending, proposed: 5_000_000 }),
      'within',
      3_750_000,
    ],
    ['submission, against available − other proposed', 'proposed', false, true, pending, 'over', 1_750_000],
    [
      'submission, own amount already in proposed',
      'proposed',
      true,
      true,
      usage({ ...pending, proposed: 5_000_000 }),
      'over',
      1_750_000,
    ],
    ['final approval, against available only', 'commit', false, false, pending, 'within', 3_750_000],
    [
      'final approval, read after approving it',
      'commit',
      true,
      false,
      usage({ committed: 8_000_000, actual: 1_250_000 }),
      'within',
      3_750_000,
    ],
    ['final approval, counting proposed', 'commit', false, true, pending, 'over', 1_750_000],
  ] as const)(
    'requisition %s',
    (_name, stage, documentAlreadyCounted, countProposed, utilisation, outcome, headroom) => {
      const result = checkBudget({
        budget: budget({ controls: everywhere('warn'), countProposed }),
        checkPoint: 'requisition',
        stage,
        utilisation,
        amountMinor: 3_000_000,
        currency: 'KES',
        documentAlreadyCounted,
      });
      expect(result).toMatchObject({
        outcome,
        comparedWith: countProposed ? 'available_after_proposed' : 'available',
        headroomMinor: headroom,
      });
      // Submission only warns; the exception is asked at the approval that commits the money.
      if (result.outcome === 'over' && result.action === 'warn')
        expect(result.needsExceptionApproval).toBe(stage === 'commit');
    },
  );

  it.each([
    ['converts a requisition committing all of it', 5_000_000, 5_000_000, 0, 'within', 0],
    ['converts it even when the budget is already overrun', 5_000_000, 5_000_000, -200_000, 'within', 0],
    ['costs less than its requisition committed', 4_000_000, 5_000_000, 0, 'within', 0],
    ['costs more than its requisition committed', 5_000_000, 4_000_000, 500_000, 'over', 500_000],
    ['is a direct order with no requisition', 5_000_000, 0, 4_999_999, 'over', 1],
  ] as const)(
    'purchase order that %s',
    (_name, amountMinor, requisitionCommittedMinor, available, outcome, shortfall) => {
      const result = check('purchase_order', {
        amountMinor,
        requisitionCommittedMinor,
        utilisation: usage({ committed: 10_000_000 - available }),
      });
      expect(result.outcome).toBe(outcome);
      if (result.outcome === 'over') expect(result.shortfallMinor).toBe(shortfall);
    },
  );

  it.each([
    ['matches its order', 6_000_000, 6_000_000, 0, 'within', 0],
    ['is less than its order', 5_000_000, 6_000_000, 0, 'within', 0],
    ['exceeds its order by one cent', 6_000_001, 6_000_000, 0, 'over', 1],
    ['exceeds its order within the budget', 6_500_000, 6_000_000, 500_000, 'within', 0],
    ['has no order', 6_000_000, 0, 5_000_000, 'over', 1_000_000],
  ] as const)(
    'invoice that %s',
    (_name, amountMinor, purchaseOrderCommittedMinor, available, outcome, shortfall) => {
      const result = check('invoice', {
        amountMinor,
        purchaseOrderCommittedMinor,
        utilisation: usage({ committed: 10_000_000 - available }),
      });
      expect(result.outcome).toBe(outcome);
      if (result.outcome === 'over') expect(result.shortfallMinor).toBe(shortfall);
    },
  );

  it('answers a document in another currency with a problem for the caller to convert', () => {
    expect(check('invoice', { currency: 'USD' })).toEqual({
      outcome: 'currency_mismatch',
      problem: 'currency_mismatch',
      budgetCurrency: 'KES',
      documentCurrency: 'USD',
    });
  });
});

describe('the overrun message', () => {
  const messageOf = (result: ReturnType<typeof checkBudget>) =>
    result.outcome === 'over' ? result.message : null;

  it.each([
    [
      'requisition',
      check('requisition'),
      'Budget "IT equipment FY2026" would be exceeded by KES 12,500.00 (available KES 37,500.00, this requisition KES 50,000.00).',
    ],
    [
      'purchase order',
      check('purchase_order'),
      'Budget "IT equipment FY2026" would be exceeded by KES 12,500.00 (available KES 37,500.00, this purchase order KES 80,000.00, of which KES 30,000.00 already committed by its requisition).',
    ],
    [
      'invoice',
      check('invoice'),
      'Budget "IT equipment FY2026" would be exceeded by KES 12,500.00 (available KES 37,500.00, this invoice KES 60,000.00, of which KES 10,000.00 already committed by its purchase order).',
    ],
    [
      'submission with other requisitions pending',
      check(
        'requisition',
        {
          stage: 'proposed',
          utilisation: usage({ committed: 5_000_000, actual: 1_250_000, proposed: 2_000_000 }),
        } as Partial<BudgetCheckInput>,
        budget({ countProposed: true }),
      ),
      'Budget "IT equipment FY2026" would be exceeded by KES 32,500.00 (available KES 17,500.00 after proposed spend of KES 20,000.00, this requisition KES 50,000.00).',
    ],
    [
      'budget already overrun',
      check('requisition', { amountMinor: 100, utilisation: usage({ actual: 10_250_000 }) }),
      'Budget "IT equipment FY2026" would be exceeded by KES 2,501.00 (available KES -2,500.00, this requisition KES 1.00).',
    ],
    [
      'currency without minor units',
      checkBudget({
        budget: budget({ name: 'Fleet fuel Kampala', currency: 'UGX', amountMinor: 5_000_000 }),
        utilisation: { ...usage({ amount: 5_000_000, actual: 4_000_000 }), currency: 'UGX' },
        checkPoint: 'requisition',
        stage: 'commit',
        amountMinor: 1_250_000,
        currency: 'UGX',
      }),
      'Budget "Fleet fuel Kampala" would be exceeded by UGX 250,000 (available UGX 1,000,000, this requisition UGX 1,250,000).',
    ],
  ])('%s', (_name, result, expected) => expect(messageOf(result)).toBe(expected));

  it.each(['warn', 'ignore'] as const)('is there under %s too, for the warning and the log', (action) => {
    expect(messageOf(check('requisition', {}, budget({ controls: everywhere(action) })))).toContain(
      'KES 12,500.00',
    );
  });
});

describe('formatMinor', () => {
  it.each([
    [0, 'KES', 'KES 0.00'],
    [5, 'KES', 'KES 0.05'],
    [99_999, 'KES', 'KES 999.99'],
    [1_250_000, 'KES', 'KES 12,500.00'],
    [-250_000, 'KES', 'KES -2,500.00'],
    [123_456_789, 'TZS', 'TZS 1,234,567.89'],
    [Number.MAX_SAFE_INTEGER, 'USD', 'USD 90,071,992,547,409.91'],
    [1_250_000, 'UGX', 'UGX 1,250,000'],
    [999, 'RWF', 'RWF 999'],
    [1_000, 'BIF', 'BIF 1,000'],
    [100, 'XYZ', 'XYZ 1.00'],
  ])('%i %s → %s', (amountMinor, currency, expected) =>
    expect(formatMinor(amountMinor, currency)).toBe(expected),
  );

  it.each(['kes', 'KSh', ''])('refuses the currency %j', (currency) => {
    expect(() => formatMinor(100, currency)).toThrow(RangeError);
  });
});

describe('money is whole minor units', () => {
  const notMinorUnits = [12.5, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53];

  it.each(notMinorUnits)('checkBudget refuses an amount of %s', (amountMinor) => {
    expect(() => check('requisition', { amountMinor })).toThrow(RangeError);
  });
  it.each(notMinorUnits)(
    'checkBudget refuses an already-committed amount of %s',
    (requisitionCommittedMinor) => {
      expect(() => check('purchase_order', { requisitionCommittedMinor })).toThrow(RangeError);
    },
  );
  it.each(notMinorUnits)('budgetUtilisation refuses a budget of %s', (amountMinor) => {
    expect(() => budgetUtilisation(budget({ amountMinor }), [])).toThrow(RangeError);
  });
  it.each(notMinorUnits)('budgetUtilisation refuses a document of %s', (amountMinor) => {
    expect(() => budgetUtilisation(budget(), [invoice('paid', amountMinor)])).toThrow(RangeError);
  });
  it.each(notMinorUnits)('formatMinor refuses %s', (amountMinor) => {
    expect(() => formatMinor(amountMinor, 'KES')).toThrow(RangeError);
  });

  it.each([
    ['a negative document', () => check('requisition', { amountMinor: -1 })],
    [
      'a negative invoiced amount',
      () =>
        budgetContribution({
          kind: 'purchase_order',
          status: 'sent',
          amountMinor: 10,
          currency: 'KES',
          invoicedMinor: -1,
        }),
    ],
    ['a negative budget', () => budgetUtilisation(budget({ amountMinor: -1 }), [])],
    [
      'a sum beyond safe integers',
      () => budgetUtilisation(budget(), [invoice('paid', Number.MAX_SAFE_INTEGER), invoice('paid', 1)]),
    ],
  ])('refuses %s', (_name, run) => expect(run).toThrow(RangeError));
});

describe('budgetPeriodWindow', () => {
  const julyToJune = {
    fiscalYearStart: new Date('2025-07-01T00:00:00Z'),
    fiscalYearEnd: new Date('2026-07-01T00:00:00Z'),
  };
  const calendar = {
    fiscalYearStart: new Date('2026-01-01T00:00:00Z'),
    fiscalYearEnd: new Date('2027-01-01T00:00:00Z'),
  };
  const aprilSixth = {
    fiscalYearStart: new Date('2025-04-06T00:00:00Z'),
    fiscalYearEnd: new Date('2026-04-06T00:00:00Z'),
  };
  const endOfMonth = {
    fiscalYearStart: new Date('2026-01-31T00:00:00Z'),
    fiscalYearEnd: new Date('2027-01-31T00:00:00Z'),
  };

  it.each([
    ['annual, July–June', 'annual', julyToJune, '2026-02-14T09:00:00Z', '2025-07-01', '2026-07-01'],
    ['monthly, calendar year', 'monthly', calendar, '2026-03-15T09:00:00Z', '2026-03-01', '2026-04-01'],
    [
      'monthly, December of a calendar year',
      'monthly',
      calendar,
      '2026-12-31T23:59:59Z',
      '2026-12-01',
      '2027-01-01',
    ],
    [
      'monthly, first instant of a July–June year',
      'monthly',
      julyToJune,
      '2025-07-01T00:00:00Z',
      '2025-07-01',
      '2025-08-01',
    ],
    [
      'monthly, December across the calendar year',
      'monthly',
      julyToJune,
      '2025-12-31T12:00:00Z',
      '2025-12-01',
      '2026-01-01',
    ],
    [
      'monthly, January of a July–June year',
      'monthly',
      julyToJune,
      '2026-01-31T23:59:59.999Z',
      '2026-01-01',
      '2026-02-01',
    ],
    [
      'monthly, February (28 days)',
      'monthly',
      julyToJune,
      '2026-02-28T00:00:00Z',
      '2026-02-01',
      '2026-03-01',
    ],
    [
      'monthly, last month of a July–June year',
      'monthly',
      julyToJune,
      '2026-06-30T23:59:59.999Z',
      '2026-06-01',
      '2026-07-01',
    ],
    [
      'monthly, year starting on the 6th',
      'monthly',
      aprilSixth,
      '2025-05-05T12:00:00Z',
      '2025-04-06',
      '2025-05-06',
    ],
    [
      'monthly, year starting on the 6th, its last month',
      'monthly',
      aprilSixth,
      '2026-04-05T12:00:00Z',
      '2026-03-06',
      '2026-04-06',
    ],
    [
      'monthly, start day beyond February',
      'monthly',
      endOfMonth,
      '2026-03-15T00:00:00Z',
      '2026-02-28',
      '2026-03-31',
    ],
  ] as const)('%s', (_name, period, year, date, start, end) => {
    expect(budgetPeriodWindow({ period, date: new Date(date), ...year })).toEqual({
      start: new Date(`${start}T00:00:00Z`),
      end: new Date(`${end}T00:00:00Z`),
    });
  });

  it.each([
    ['the instant before the year', '2025-06-30T23:59:59.999Z'],
    ['the exclusive end of the year', '2026-07-01T00:00:00Z'],
  ])('has no window at %s', (_name, date) => {
    for (const period of ['annual', 'monthly'] as const) {
      expect(budgetPeriodWindow({ period, date: new Date(date), ...julyToJune })).toBeNull();
    }
  });

  it('refuses a fiscal year that does not end after it starts', () => {
    const date = new Date('2026-01-01T00:00:00Z');
    expect(() =>
      budgetPeriodWindow({ period: 'monthly', date, fiscalYearStart: date, fiscalYearEnd: date }),
    ).toThrow(RangeError);
  });
});

describe('fiscalYearBounds', () => {
  it('turns the stored inclusive last day into an exclusive end, so the last day keeps its documents', () => {
    const year = fiscalYearBounds('2025-07-01', '2026-06-30');
    expect(year).toEqual({
      fiscalYearStart: new Date('2025-07-01T00:00:00Z'),
      fiscalYearEnd: new Date('2026-07-01T00:00:00Z'),
    });
    const lastDay = new Date('2026-06-30T00:00:00Z');
    expect(budgetPeriodWindow({ period: 'monthly', date: lastDay, ...year })?.start).toEqual(
      new Date('2026-06-01T00:00:00Z'),
    );
  });

  it('ends a leap-year February on 1 March', () => {
    expect(fiscalYearBounds('2027-03-01', '2028-02-29').fiscalYearEnd).toEqual(
      new Date('2028-03-01T00:00:00Z'),
    );
  });

  it.each([
    ['2025-7-1', '2026-06-30'],
    ['2025-07-01', '2026-06-31'],
    ['2025-07-01', '30-06-2026'],
    ['', '2026-06-30'],
  ])('refuses %j to %j', (startsOn, endsOn) => {
    expect(() => fiscalYearBounds(startsOn, endsOn)).toThrow(RangeError);
  });
});

describe('canApproveOverBudget', () => {
  const owned = { ownerUserId: 7 };
  it.each([
    ['the budget owner', { userId: 7, roles: ['approver'] }, owned, undefined, true],
    ['an exception approver', { userId: 9, roles: ['budget_exception_approver'] }, owned, undefined, true],
    [
      'an owner of some other budget',
      { userId: 9, roles: ['budget_owner', 'approver'] },
      owned,
      undefined,
      false,
    ],
    [
      'anyone, when the budget has no owner',
      { userId: 9, roles: ['approver'] },
      { ownerUserId: null },
      undefined,
      false,
    ],
    ['the organisation’s own exception role', { userId: 9, roles: ['finance'] }, owned, 'finance', true],
    [
      'the default role, when another is configured',
      { userId: 9, roles: ['budget_exception_approver'] },
      owned,
      'finance',
      false,
    ],
  ] as const)('%s → %s', (_name, approver, b, role, expected) => {
    expect(canApproveOverBudget(approver, b, role)).toBe(expected);
  });
});

describe('budget statuses and the documents’ own state machines', () => {
  it('name only statuses those documents have', async () => {
    const { PO_STATUSES } = await import('./purchase-orders.ts');
    const { INVOICE_STATUSES } = await import('./invoices.ts');
    for (const status of COMMITTED_PURCHASE_ORDER_STATUSES) expect(PO_STATUSES).toContain(status);
    for (const status of ACTUAL_INVOICE_STATUSES) expect(INVOICE_STATUSES).toContain(status);
  });
});
