import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MATCH_SETTINGS,
  isWithinTolerance,
  MATCH_LEVELS,
  matchInvoice,
  matchLevelChecks,
  compareOrderWithRequisition,
  explainVariance,
  matchSettingsProblems,
  resolveMatchSettings,
  sumReceipts,
  toleranceAllowance,
  VARIANCE_KINDS,
  ZERO_TOLERANCE,
  type MatchInput,
  type MatchLevel,
  type MatchLineInput,
  type MatchSettings,
  type Tolerance,
  type VarianceKind,
} from './matching.ts';
import { lineAmountMinor } from './money.ts';

const U = 1000; // one unit, in thousandths
const P = 10_000; // KES 100.00 a unit

const tolerance = (
  percentBasisPoints: number | null,
  absoluteMinor: number | null,
  combine: Tolerance['combine'] = 'either',
): Tolerance => ({ percentBasisPoints, absoluteMinor, combine });

const GENEROUS = tolerance(null, 1_000_000_000_000);

interface LineSpec {
  key?: string;
  label?: string;
  requisitioned?: [quantity: number, price: number];
  ordered: [quantity: number, price: number];
  accepted?: number;
  rejected?: number;
  invoiced?: [quantity: number, price: number];
  previous?: number;
}

const line = (spec: LineSpec): MatchLineInput => ({
  lineKey: spec.key ?? '1',
  ...(spec.label ? { label: spec.label } : {}),
  requisitioned: spec.requisitioned
    ? { quantity: spec.requisitioned[0], unitPriceMinor: spec.requisitioned[1] }
    : null,
  ordered: { quantity: spec.ordered[0], unitPriceMinor: spec.ordered[1] },
  received:
    spec.accepted === undefined && spec.rejected === undefined
      ? null
      : { accepted: spec.accepted ?? 0, rejected: spec.rejected ?? 0 },
  invoiced: spec.invoiced ? { quantity: spec.invoiced[0], unitPriceMinor: spec.invoiced[1] } : null,
  previouslyInvoicedQuantity: spec.previous ?? 0,
});

/** An invoice over these lines; its net total is the sum of its lines unless given. */
const invoice = (specs: LineSpec[], extra: Partial<MatchInput> = {}): MatchInput => {
  const lines = specs.map(line);
  const sum = (pick: (l: MatchLineInput) => number) => lines.reduce((total, l) => total + pick(l), 0);
  return {
    currency: 'KES',
    lines,
    invoiceNetTotalMinor: sum((l) =>
      l.invoiced ? lineAmountMinor(l.invoiced.quantity, l.invoiced.unitPriceMinor) : 0,
    ),
    orderNetTotalMinor: sum((l) => lineAmountMinor(l.ordered.quantity, l.ordered.unitPriceMinor)),
    ...extra,
  };
};

const settings = (level: MatchLevel, overrides: Partial<MatchSettings> = {}): MatchSettings => ({
  ...DEFAULT_MATCH_SETTINGS,
  level,
  ...overrides,
});

const summary = (input: MatchInput, s: MatchSettings) => {
  const result = matchInvoice(input, s);
  return {
    withinTolerance: result.withinTolerance,
    variances: result.variances.map((v) => [v.kind, v.difference, v.blocking] as const),
  };
};

// What each level compares, stated here independently of the implementation.
const PERFORMS: Record<MatchLevel, ReadonlySet<VarianceKind>> = {
  two_way: new Set([
    'quantity_over_ordered',
    'price_over_order',
    'price_under_order',
    'unmatched_invoice_line',
    'total_over_tolerance',
  ]),
  three_way: new Set([
    'quantity_over_ordered',
    'quantity_over_received',
    'nothing_received',
    'price_over_order',
    'price_under_order',
    'unmatched_invoice_line',
    'total_over_tolerance',
  ]),
  // The requisition ↔ order comparisons are the order approver's, never an invoice's (issue 16).
  three_way_requisition: new Set(['received_over_ordered', 'nothing_received', 'unmatched_invoice_line']),
  four_way: new Set(
    VARIANCE_KINDS.filter((k) => k !== 'ordered_over_requisitioned' && k !== 'order_price_over_estimate'),
  ),
};

describe('tolerances', () => {
  // Expected 10,000: 10 % is 1,000; the absolute limit is 300 or 3,000.
  it.each([
    ['zero (both null)', tolerance(null, null), 0],
    ['zero (both null, both)', tolerance(null, null, 'both'), 0],
    ['percentage only', tolerance(1000, null), 1000],
    ['percentage only, both', tolerance(1000, null, 'both'), 1000],
    ['absolute only', tolerance(null, 300), 300],
    ['absolute only, both', tolerance(null, 300, 'both'), 300],
    ['either: the percentage is larger', tolerance(1000, 300, 'either'), 1000],
    ['either: the absolute is larger', tolerance(1000, 3000, 'either'), 3000],
    ['both: the absolute is smaller', tolerance(1000, 300, 'both'), 300],
    ['both: the percentage is smaller', tolerance(1000, 3000, 'both'), 1000],
    ['zero percent', tolerance(0, null), 0],
  ])('%s allows %#', (_, t, allowance) => {
    expect(toleranceAllowance(t, 10_000)).toBe(allowance);
    if (allowance > 0) expect(isWithinTolerance(t, 10_000, 10_000 + allowance - 1)).toBe(true);
    expect(isWithinTolerance(t, 10_000, 10_000 + allowance)).toBe(true); // exactly at: inside
    expect(isWithinTolerance(t, 10_000, 10_000 + allowance + 1)).toBe(false);
  });

  it.each([
    // 3.33 % of 100 is 3.33: rounded down, so 4 is beyond and 3 inside.
    [100, 333, 3],
    [1, 9999, 0],
    [0, 5000, 0],
    [10_001, 1, 1],
  ])('the percentage of %i at %i bp rounds down to %i', (expected, bp, allowance) => {
    expect(toleranceAllowance(tolerance(bp, null), expected)).toBe(allowance);
  });

  it('is exact past 2^53', () => {
    const expected = 2 ** 52 + 1;
    const exact = Number((BigInt(expected) * 3n) / 10_000n);
    expect(toleranceAllowance(tolerance(3, null), expected)).toBe(exact);
    expect(toleranceAllowance(tolerance(9999, null), Number.MAX_SAFE_INTEGER)).toBe(
      Number((BigInt(Number.MAX_SAFE_INTEGER) * 9999n) / 10_000n),
    );
  });

  it('defaults to zero tolerance and industry 3-way matching', () => {
    expect(DEFAULT_MATCH_SETTINGS).toEqual({
      level: 'three_way',
      price: ZERO_TOLERANCE,
      quantity: ZERO_TOLERANCE,
      total: ZERO_TOLERANCE,
    });
    expect(toleranceAllowance(ZERO_TOLERANCE, 1_000_000)).toBe(0);
  });
});

describe('match settings', () => {
  const org: MatchSettings = {
    level: 'three_way',
    price: tolerance(200, null),
    quantity: tolerance(null, null),
    total: tolerance(100, 50_000, 'both'),
  };
  const supplierPrice = tolerance(500, 10_000);
  const categoryPrice = tolerance(null, 0);

  it.each([
    ['the organisation’s without overrides', undefined, undefined, org],
    ['the organisation’s with empty overrides', {}, null, org],
    ['the supplier’s over the organisation’s', { level: 'two_way' }, undefined, { ...org, level: 'two_way' }],
    [
      'the category’s over the supplier’s',
      { level: 'two_way' },
      { level: 'four_way' },
      { ...org, level: 'four_way' },
    ],
    ['the category’s over the organisation’s', null, { level: 'four_way' }, { ...org, level: 'four_way' }],
    [
      'field by field',
      { level: 'two_way', price: supplierPrice },
      { quantity: tolerance(null, 500) },
      { ...org, level: 'two_way', price: supplierPrice, quantity: tolerance(null, 500) },
    ],
    [
      'a whole tolerance, never mixed',
      { price: supplierPrice },
      { price: categoryPrice },
      { ...org, price: categoryPrice },
    ],
    [
      'inherited past a null field',
      { price: supplierPrice },
      { price: null, level: null },
      { ...org, price: supplierPrice },
    ],
  ] as const)('are %s', (_, supplier, category, resolved) => {
    expect(resolveMatchSettings(org, supplier, category)).toEqual(resolved);
  });

  it('finds what is wrong with settings', () => {
    expect(matchSettingsProblems(DEFAULT_MATCH_SETTINGS)).toEqual([]);
    expect(
      matchSettingsProblems({
        level: 'five_way' as MatchLevel,
        price: tolerance(-1, null),
        quantity: tolerance(null, 1.5),
        total: { percentBasisPoints: null, absoluteMinor: null, combine: 'or' as 'either' },
      }),
    ).toEqual([
      { field: 'level', problem: 'unknown_level' },
      { field: 'price', problem: 'invalid_percent' },
      { field: 'quantity', problem: 'invalid_absolute' },
      { field: 'total', problem: 'unknown_combine' },
    ]);
    expect(() =>
      matchInvoice(invoice([]), { ...DEFAULT_MATCH_SETTINGS, price: tolerance(-5, null) }),
    ).toThrow(RangeError);
  });
});

describe('match levels', () => {
  it.each(MATCH_LEVELS)('%s performs the checks it is documented to', (level) => {
    expect(new Set(matchLevelChecks(level))).toEqual(PERFORMS[level]);
  });

  it('lists the checks in variance-kind order', () => {
    for (const level of MATCH_LEVELS) {
      const checks = matchLevelChecks(level);
      expect([...checks]).toEqual(VARIANCE_KINDS.filter((kind) => checks.includes(kind)));
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Each check, at each level, inside / exactly at / beyond each kind of tolerance

type Subject = 'quantity' | 'price' | 'total';

interface Scenario {
  name: string;
  /** Which tolerance the scenario tests; the others are generous. */
  subject: Subject;
  lines: (d: number) => LineSpec[];
  /** [kind, difference, under test?]: variances not under test are inside their generous tolerance. */
  variances: (d: number) => [VarianceKind, number, boolean][];
}

const SCENARIOS: Scenario[] = [
  {
    name: 'invoiced over ordered',
    subject: 'quantity',
    lines: (d) => [
      { requisitioned: [10 * U, P], ordered: [10 * U, P], accepted: 10 * U + d, invoiced: [10 * U + d, P] },
    ],
    variances: (d) => [
      ['quantity_over_ordered', d, true],
      ['received_over_ordered', d, true],
      ['total_over_tolerance', 10 * d, false],
    ],
  },
  {
    name: 'invoiced over accepted (partial receipt)',
    subject: 'quantity',
    // Ordered enough that the largest d stays inside the order.
    lines: (d) => [
      { requisitioned: [30 * U, P], ordered: [30 * U, P], accepted: 10 * U, invoiced: [10 * U + d, P] },
    ],
    variances: (d) => [['quantity_over_received', d, true]],
  },
  {
    name: 'invoiced price over ordered',
    subject: 'price',
    lines: (d) => [
      { requisitioned: [U, 100_000], ordered: [U, 100_000], accepted: U, invoiced: [U, 100_000 + d] },
    ],
    variances: (d) => [
      ['price_over_order', d, true],
      ['total_over_tolerance', d, false],
    ],
  },
  {
    name: 'ordered over requisitioned',
    subject: 'quantity',
    lines: (d) => [
      {
        requisitioned: [10 * U, P],
        ordered: [10 * U + d, P],
        accepted: 10 * U + d,
        invoiced: [10 * U + d, P],
      },
    ],
    variances: (d) => [['ordered_over_requisitioned', d, true]],
  },
  {
    name: 'order price over the estimate',
    subject: 'price',
    lines: (d) => [
      { requisitioned: [U, 100_000], ordered: [U, 100_000 + d], accepted: U, invoiced: [U, 100_000 + d] },
    ],
    variances: (d) => [['order_price_over_estimate', d, true]],
  },
  {
    name: 'accepted over ordered',
    subject: 'quantity',
    lines: (d) => [
      { requisitioned: [10 * U, P], ordered: [10 * U, P], accepted: 10 * U + d, invoiced: [10 * U, P] },
    ],
    variances: (d) => [['received_over_ordered', d, true]],
  },
  {
    // The line's price variance is inside its (generous) tolerance; the document total is not.
    name: 'document total over the order',
    subject: 'total',
    lines: (d) => [
      { requisitioned: [U, 100_000], ordered: [U, 100_000], accepted: U, invoiced: [U, 100_000 + d] },
    ],
    variances: (d) => [
      ['price_over_order', d, false],
      ['total_over_tolerance', d, true],
    ],
  },
];

// Quantities are compared with 10 units (10,000 thousandths), money with KES 1,000.00 (100,000 minor).
const MODES: { mode: string; tolerance: Tolerance; allowance: Record<Subject, number> }[] = [
  {
    mode: '% only',
    tolerance: tolerance(1000, null),
    allowance: { quantity: 1000, price: 10_000, total: 10_000 },
  },
  {
    mode: 'absolute only (quantity)',
    tolerance: tolerance(null, 500),
    allowance: { quantity: 500, price: 500, total: 500 },
  },
  {
    mode: 'absolute only (money)',
    tolerance: tolerance(null, 5000),
    allowance: { quantity: 5000, price: 5000, total: 5000 },
  },
  {
    mode: '% and absolute, either',
    tolerance: tolerance(1000, 500, 'either'),
    allowance: { quantity: 1000, price: 10_000, total: 10_000 },
  },
  {
    mode: '% and absolute, both',
    tolerance: tolerance(1000, 500, 'both'),
    allowance: { quantity: 500, price: 500, total: 500 },
  },
  {
    mode: '% and absolute, either (money)',
    tolerance: tolerance(1000, 15_000, 'either'),
    allowance: { quantity: 15_000, price: 15_000, total: 15_000 },
  },
  {
    mode: '% and absolute, both (money)',
    tolerance: tolerance(1000, 5000, 'both'),
    allowance: { quantity: 1000, price: 5000, total: 5000 },
  },
];

const POSITIONS = [
  ['inside', -1],
  ['exactly at', 0],
  ['beyond', 1],
] as const;

const CASES = MATCH_LEVELS.flatMap((level) =>
  SCENARIOS.flatMap((scenario) =>
    MODES.flatMap(({ mode, tolerance: t, allowance }) =>
      POSITIONS.map(([position, offset]) => ({
        level,
        scenario: scenario.name,
        mode,
        position,
        run: () => {
          const d = allowance[scenario.subject] + offset;
          const s = settings(level, {
            price: GENEROUS,
            quantity: GENEROUS,
            total: GENEROUS,
            [scenario.subject]: t,
          });
          const expected = scenario
            .variances(d)
            .filter(([kind]) => PERFORMS[level].has(kind))
            .map(
              ([kind, difference, underTest]) =>
                [kind, difference, underTest && position === 'beyond'] as const,
            );
          return { actual: summary(invoice(scenario.lines(d)), s), expected };
        },
      })),
    ),
  ),
);

describe('matching at each level against each tolerance', () => {
  it.each(CASES)('$level: $scenario, $mode, $position', ({ run }) => {
    const { actual, expected } = run();
    expect(actual).toEqual({
      withinTolerance: !expected.some(([, , blocking]) => blocking),
      variances: expected,
    });
  });

  it.each(
    MATCH_LEVELS.flatMap((level) =>
      SCENARIOS.map((scenario) => ({ level, scenario: scenario.name, scenario_: scenario })),
    ),
  )('$level: $scenario with zero tolerance (the default)', ({ level, scenario_: scenario }) => {
    const s = settings(level);
    // Nothing over: no variance at all.
    expect(summary(invoice(scenario.lines(0)), s)).toEqual({ withinTolerance: true, variances: [] });
    // One thousandth or one cent over: every check the level performs blocks.
    const expected = scenario
      .variances(1)
      .filter(([kind]) => PERFORMS[level].has(kind))
      .map(([kind, difference]) => [kind, difference, true] as const);
    expect(summary(invoice(scenario.lines(1)), s)).toEqual({
      withinTolerance: expected.length === 0,
      variances: expected,
    });
  });

  it('reports the tolerance each variance was held to', () => {
    const result = matchInvoice(
      invoice([{ ordered: [10 * U, P], accepted: 10 * U, invoiced: [10 * U + 1000, P] }]),
      settings('two_way', { quantity: tolerance(1000, 400, 'both'), total: tolerance(500, null) }),
    );
    expect(result.variances).toEqual([
      expect.objectContaining({
        kind: 'quantity_over_ordered',
        lineKey: '1',
        expected: 10 * U,
        actual: 11 * U,
        difference: 1000,
        unit: 'quantity',
        tolerated: 400,
        blocking: true,
      }),
      expect.objectContaining({
        kind: 'total_over_tolerance',
        lineKey: null,
        expected: 100_000,
        actual: 110_000,
        difference: 10_000,
        unit: 'money',
        tolerated: 5000,
        blocking: true,
      }),
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Receipts, several invoices, unmatched lines, totals

const explanations = (input: MatchInput, s: MatchSettings) =>
  matchInvoice(input, s).variances.map((v) => [v.kind, v.explanation]);

describe('receipts', () => {
  it.each([
    ['all of it received', 10 * U, 10 * U, []],
    ['part received, that part invoiced', 6 * U, 6 * U, []],
    ['part received, more invoiced', 6 * U, 8 * U, [['quantity_over_received', 2 * U, true]]],
  ] as const)('partial receipts, three-way: %s', (_, accepted, invoiced, variances) => {
    expect(
      summary(invoice([{ ordered: [10 * U, P], accepted, invoiced: [invoiced, P] }]), settings('three_way')),
    ).toEqual({ withinTolerance: variances.length === 0, variances });
  });

  it('two-way matching does not look at receipts', () => {
    expect(
      summary(
        invoice([{ ordered: [10 * U, P], accepted: 6 * U, invoiced: [10 * U, P] }]),
        settings('two_way'),
      ),
    ).toEqual({ withinTolerance: true, variances: [] });
    expect(summary(invoice([{ ordered: [10 * U, P], invoiced: [10 * U, P] }]), settings('two_way'))).toEqual({
      withinTolerance: true,
      variances: [],
    });
  });

  it('does not count rejected goods as accepted', () => {
    const input = invoice([
      { key: '2', ordered: [10 * U, P], accepted: 8 * U, rejected: 2 * U, invoiced: [10 * U, P] },
    ]);
    expect(summary(input, settings('three_way'))).toEqual({
      withinTolerance: false,
      variances: [['quantity_over_received', 2 * U, true]],
    });
    expect(explanations(input, settings('three_way'))).toEqual([
      [
        'quantity_over_received',
        'You invoiced 10 units of line 2 but we have accepted 8 so far. We rejected 2 units on delivery; rejected goods are not paid for.',
      ],
    ]);
  });

  it.each(['three_way', 'three_way_requisition', 'four_way'] as const)(
    '%s: an invoiced line with nothing accepted is always blocking, whatever the tolerance',
    (level) => {
      const generous = settings(level, { price: GENEROUS, quantity: GENEROUS, total: GENEROUS });
      const nothing = invoice([{ ordered: [10 * U, P], invoiced: [U, P] }]);
      expect(summary(nothing, generous)).toEqual({
        withinTolerance: false,
        variances: [['nothing_received', U, true]],
      });
      const allRejected = invoice([
        { key: '3', ordered: [10 * U, P], accepted: 0, rejected: 4 * U, invoiced: [U, P] },
      ]);
      expect(explanations(allRejected, generous)).toEqual([
        [
          'nothing_received',
          'You invoiced 1 unit of line 3 but we have not accepted any yet. We rejected 4 units on delivery; rejected goods are not paid for.',
        ],
      ]);
    },
  );

  it('sums several receipts of one line', () => {
    const receipts = [
      { accepted: 4 * U, rejected: 0 },
      { accepted: 3 * U, rejected: U },
      { accepted: 3 * U, rejected: 0 },
    ];
    const received = sumReceipts(receipts);
    expect(received).toEqual({ accepted: 10 * U, rejected: U });
    expect(sumReceipts([])).toEqual({ accepted: 0, rejected: 0 });
    const lineOf = (invoiced: number): MatchLineInput => ({
      lineKey: '1',
      ordered: { quantity: 10 * U, unitPriceMinor: P },
      received,
      invoiced: { quantity: invoiced, unitPriceMinor: P },
    });
    const input = (invoiced: number): MatchInput => ({
      currency: 'KES',
      lines: [lineOf(invoiced)],
      invoiceNetTotalMinor: invoiced * 10,
      orderNetTotalMinor: 100_000,
    });
    expect(matchInvoice(input(10 * U), settings('three_way')).withinTolerance).toBe(true);
    // Two receipts only: 7 accepted.
    const twoReceipts = {
      ...input(10 * U),
      lines: [{ ...lineOf(10 * U), received: sumReceipts(receipts.slice(0, 2)) }],
    };
    expect(summary(twoReceipts, settings('three_way')).variances).toEqual([
      ['quantity_over_received', 3 * U, true],
    ]);
  });
});

describe('several invoices against one order', () => {
  it.each([
    ['the rest of the line', 6 * U, 4 * U, 'three_way', []],
    [
      'the rest, before it was all received',
      6 * U,
      4 * U,
      'three_way',
      [['quantity_over_received', U, true]],
      9 * U,
    ],
    [
      'more than the rest',
      6 * U,
      5 * U,
      'three_way',
      [
        ['quantity_over_ordered', U, true],
        ['quantity_over_received', U, true],
        ['total_over_tolerance', 10_000, false],
      ],
    ],
    [
      'more than the rest, two-way',
      6 * U,
      5 * U,
      'two_way',
      [
        ['quantity_over_ordered', U, true],
        ['total_over_tolerance', 10_000, false],
      ],
    ],
    // Earlier invoices alone already reached the order: the next one is over by all it bills.
    [
      'anything once fully invoiced',
      10 * U,
      U,
      'two_way',
      [
        ['quantity_over_ordered', U, true],
        ['total_over_tolerance', 10_000, false],
      ],
    ],
  ] as const)('%s', (_, previous, invoiced, level, variances, accepted = 10 * U) => {
    const input = invoice([{ ordered: [10 * U, P], accepted, previous, invoiced: [invoiced, P] }], {
      previouslyInvoicedNetMinor: previous * 10,
    });
    expect(summary(input, settings(level, { total: GENEROUS }))).toEqual({
      withinTolerance: !variances.some(([, , blocking]) => blocking),
      variances,
    });
  });

  it('explains the quantity invoiced before', () => {
    const input = invoice(
      [{ key: '2', ordered: [10 * U, P], accepted: 10 * U, previous: 6 * U, invoiced: [5 * U, P] }],
      {
        previouslyInvoicedNetMinor: 60_000,
      },
    );
    expect(explanations(input, settings('three_way'))).toEqual([
      [
        'quantity_over_ordered',
        'You invoiced 5 units of line 2; with the 6 on earlier invoices that makes 11, but we ordered 10.',
      ],
      [
        'quantity_over_received',
        'You invoiced 5 units of line 2; with the 6 on earlier invoices that makes 11, but we have accepted 10 so far.',
      ],
      [
        'total_over_tolerance',
        'This invoice comes to KES 500.00 before tax; with KES 600.00 invoiced before, the order has been invoiced KES 1,100.00, but it is for KES 1,000.00 before tax.',
      ],
    ]);
  });

  it('holds the document total to the order across invoices', () => {
    // Each invoice is inside the order on its own; together they are over it.
    const second = invoice(
      [{ ordered: [10 * U, P], accepted: 10 * U, previous: 5 * U, invoiced: [5 * U, P + 200] }],
      {
        previouslyInvoicedNetMinor: 50_000,
      },
    );
    expect(summary(second, settings('three_way', { price: GENEROUS, total: tolerance(100, null) }))).toEqual({
      withinTolerance: true,
      variances: [
        ['price_over_order', 1000, false],
        ['total_over_tolerance', 1000, false],
      ],
    });
    expect(summary(second, settings('three_way', { price: GENEROUS, total: tolerance(99, null) }))).toEqual({
      withinTolerance: false,
      variances: [
        ['price_over_order', 1000, false],
        ['total_over_tolerance', 1000, true],
      ],
    });
  });
});

describe('unmatched invoice lines', () => {
  it.each(MATCH_LEVELS)(
    '%s refuses an invoice line that is on no order line, whatever the tolerance',
    (level) => {
      const input = invoice([{ ordered: [10 * U, P], accepted: 10 * U, invoiced: [10 * U, P] }], {
        unmatchedInvoiceLines: [{ lineKey: '7', quantity: 2 * U, unitPriceMinor: 2500 }],
        invoiceNetTotalMinor: 105_000,
      });
      const result = matchInvoice(
        input,
        settings(level, { price: GENEROUS, quantity: GENEROUS, total: GENEROUS }),
      );
      expect(result.withinTolerance).toBe(false);
      expect(result.variances.filter((v) => v.kind === 'unmatched_invoice_line')).toEqual([
        {
          kind: 'unmatched_invoice_line',
          lineKey: '7',
          expected: 0,
          actual: 5000,
          difference: 5000,
          unit: 'money',
          tolerated: null,
          blocking: true,
          explanation:
            'You invoiced 2 units at KES 25.00 a unit (KES 50.00) on invoice line 7, which is not on our order.',
        },
      ]);
    },
  );
});

describe('prices', () => {
  it('reports a price under the order without holding the invoice', () => {
    const input = invoice([
      { key: '4', ordered: [10 * U, P], accepted: 10 * U, invoiced: [10 * U, P - 500] },
    ]);
    const result = matchInvoice(input, settings('four_way'));
    expect(result.withinTolerance).toBe(true);
    expect(result.variances).toEqual([
      {
        kind: 'price_under_order',
        lineKey: '4',
        expected: 100_000,
        actual: 95_000,
        difference: -5000,
        unit: 'money',
        tolerated: null,
        blocking: false,
        explanation:
          'You invoiced line 4 at KES 95.00 a unit, below the order’s KES 100.00: KES 50.00 less for 10 units. This does not hold up the invoice.',
      },
    ]);
  });

  it('applies the price tolerance to the line amount, not the unit price', () => {
    // KES 1.00 a unit over on 10 units is KES 10.00 over on the line.
    const input = invoice([{ ordered: [10 * U, P], accepted: 10 * U, invoiced: [10 * U, P + 100] }]);
    const at = (absoluteMinor: number) =>
      matchInvoice(input, settings('two_way', { price: tolerance(null, absoluteMinor), total: GENEROUS }));
    expect(at(1000).withinTolerance).toBe(true);
    expect(at(999).withinTolerance).toBe(false);
    expect(at(999).variances[0]).toMatchObject({
      expected: 100_000,
      actual: 101_000,
      difference: 1000,
      tolerated: 999,
    });
  });

  it('compares line amounts rounded as documents round them', () => {
    // 0.333 units at KES 0.02 and at KES 0.03: both round to KES 0.01, so no variance.
    const input = invoice([{ ordered: [333, 2], accepted: 333, invoiced: [333, 3] }]);
    expect(summary(input, settings('two_way'))).toEqual({ withinTolerance: true, variances: [] });
  });

  it.each([
    [1, 1],
    [499, 1],
    [500, 1],
    [1499, 3],
    [12_345, 678_901],
    [1_000_000_000, 1_000_000],
    [2 ** 40, 2 ** 20],
    [2 ** 40 + 777, 2 ** 20 + 3],
  ])('prices %i thousandths at %i exactly as lineAmountMinor', (quantity, price) => {
    const result = matchInvoice(
      invoice([{ ordered: [quantity, 0], invoiced: [quantity, price] }]),
      settings('two_way'),
    );
    const variance = result.variances.find((v) => v.kind === 'price_over_order');
    expect(variance?.actual ?? 0).toBe(lineAmountMinor(quantity, price));
  });
});

describe('explanations', () => {
  it('tells the supplier what was invoiced against what was accepted', () => {
    const input = invoice([{ key: '2', ordered: [12 * U, P], accepted: 10 * U, invoiced: [12 * U, P] }]);
    expect(explanations(input, settings('three_way'))).toEqual([
      ['quantity_over_received', 'You invoiced 12 units of line 2 but we have accepted 10 so far.'],
    ]);
  });

  it('names lines by their label and says when a variance is tolerated or ours to check', () => {
    const input = invoice(
      [
        {
          label: 'line 1 (A4 paper)',
          requisitioned: [10 * U, 9000],
          ordered: [12 * U, P],
          accepted: 12_500,
          invoiced: [12 * U, P + 1000],
        },
      ],
      { invoiceNetTotalMinor: 132_000 },
    );
    expect(
      explanations(input, settings('four_way', { price: tolerance(1000, null), total: GENEROUS })),
    ).toEqual([
      [
        'price_over_order',
        'You invoiced line 1 (A4 paper) at KES 110.00 a unit but the order says KES 100.00: KES 120.00 more for 12 units. This is within the agreed tolerance.',
      ],
      [
        'received_over_ordered',
        'We accepted 12.5 units of line 1 (A4 paper) but ordered 12. This is for us to check, not you.',
      ],
      [
        'total_over_tolerance',
        'This invoice comes to KES 1,320.00 before tax but the order is for KES 1,200.00 before tax. This is within the agreed tolerance.',
      ],
    ]);
  });
});

describe('requisition against order (the order approver’s, never the supplier’s)', () => {
  const line = {
    lineKey: '1',
    label: 'line 1 (A4 paper)',
    requisitioned: { quantity: 10 * U, unitPriceMinor: 9000 },
    ordered: { quantity: 12 * U, unitPriceMinor: P },
  };

  it('never holds an invoice over a price or quantity the buyer approved on the order', () => {
    const input = invoice([
      {
        label: 'line 1 (A4 paper)',
        requisitioned: [10 * U, 9000],
        ordered: [12 * U, P],
        accepted: 12 * U,
        invoiced: [12 * U, P],
      },
    ]);
    for (const level of MATCH_LEVELS) {
      expect(summary(input, settings(level))).toEqual({ withinTolerance: true, variances: [] });
    }
  });

  it('explains both variances to the approver, inside or outside the tolerance', () => {
    const variances = compareOrderWithRequisition({ currency: 'KES', lines: [line] }, settings('four_way'));
    expect(variances.map((v) => [v.kind, v.difference, v.blocking, v.explanation])).toEqual([
      [
        'ordered_over_requisitioned',
        2 * U,
        true,
        'This order asks for 12 units of line 1 (A4 paper), more than the 10 on the requisition.',
      ],
      [
        'order_price_over_estimate',
        12_000,
        true,
        'This order buys line 1 (A4 paper) at KES 100.00 a unit, above the KES 90.00 estimated on the requisition.',
      ],
    ]);
    const tolerated = compareOrderWithRequisition(
      { currency: 'KES', lines: [line] },
      settings('four_way', { price: GENEROUS, quantity: GENEROUS }),
    );
    expect(tolerated.map((v) => v.blocking)).toEqual([false, false]);
    expect(
      compareOrderWithRequisition(
        { currency: 'KES', lines: [{ ...line, requisitioned: null }] },
        settings('four_way'),
      ),
    ).toEqual([]);
  });
});

describe('input', () => {
  it('skips requisition checks for a direct order and lines this invoice does not bill', () => {
    const input = invoice([
      { key: '1', ordered: [10 * U, P], accepted: 10 * U, invoiced: [10 * U, P] },
      { key: '2', requisitioned: [U, P], ordered: [U, P], invoiced: [0, P] },
      { key: '3', requisitioned: [U, P], ordered: [U, P] },
    ]);
    expect(summary(input, settings('four_way', { total: GENEROUS }))).toEqual({
      withinTolerance: true,
      variances: [],
    });
  });

  it.each([
    ['a negative quantity', { ordered: [-1, P] }],
    ['a fraction of a thousandth', { ordered: [U, P], invoiced: [0.5, P] }],
    ['a fractional price', { ordered: [U, 10.5] }],
    ['a negative acceptance', { ordered: [U, P], accepted: -U }],
    ['a negative earlier quantity', { ordered: [U, P], previous: -1, invoiced: [U, P] }],
  ] as [string, LineSpec][])('refuses %s', (_, spec) => {
    expect(() => matchInvoice(invoice([spec]), settings('four_way'))).toThrow(RangeError);
  });

  it('refuses an unknown currency code', () => {
    expect(() => matchInvoice({ ...invoice([]), currency: 'kes' }, settings('two_way'))).toThrow(RangeError);
  });

  it('matches 100,000 lines in one pass', () => {
    const lines: MatchLineInput[] = [];
    for (let i = 0; i < 100_000; i++) {
      lines.push({
        lineKey: String(i),
        requisitioned: { quantity: 10 * U, unitPriceMinor: P },
        ordered: { quantity: 10 * U, unitPriceMinor: P },
        received: { accepted: i % 10 === 0 ? 9 * U : 10 * U, rejected: 0 },
        invoiced: { quantity: 10 * U, unitPriceMinor: P },
      });
    }
    const total = 100_000 * 100_000;
    const result = matchInvoice(
      { currency: 'KES', lines, invoiceNetTotalMinor: total, orderNetTotalMinor: total },
      settings('four_way'),
    );
    expect(result.variances).toHaveLength(10_000);
    expect(result.withinTolerance).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Slim results (what is stored): figures and facts, the sentences rendered when shown

describe('a slim result', () => {
  /** A small deterministic generator: every kind of variance, with and without earlier invoices. */
  function generated(seed: number): MatchInput {
    let state = seed;
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % n;
    };
    const lines: MatchLineInput[] = Array.from({ length: 60 }, (_, i) => {
      const ordered = (1 + next(20)) * U;
      const price = (1 + next(500)) * 100;
      const accepted = next(4) === 0 ? 0 : Math.min(ordered + (next(5) === 0 ? U : 0), next(3) * U + U);
      return {
        lineKey: String(i + 1),
        ...(next(2) === 0 ? { label: `line ${i + 1} (Item ${i + 1})` } : {}),
        requisitioned:
          next(3) === 0 ? null : { quantity: ordered - (next(2) ? U : 0), unitPriceMinor: price - 100 },
        ordered: { quantity: ordered, unitPriceMinor: price },
        received: next(6) === 0 ? null : { accepted, rejected: next(3) === 0 ? U : 0 },
        invoiced:
          next(5) === 0
            ? null
            : {
                quantity: ordered + (next(4) === 0 ? 2 * U : 0),
                unitPriceMinor: price + (next(3) - 1) * 100,
              },
        previouslyInvoicedQuantity: next(4) === 0 ? U : 0,
      };
    });
    return {
      currency: 'KES',
      lines,
      unmatchedInvoiceLines: [
        { lineKey: 'x61', label: 'invoice line 61', quantity: 2 * U, unitPriceMinor: 5_000 },
        { lineKey: '62', quantity: 1 * U, unitPriceMinor: 1_250 },
      ],
      invoiceNetTotalMinor: 9_000_000,
      orderNetTotalMinor: 5_000_000,
      previouslyInvoicedNetMinor: seed % 2 === 0 ? 0 : 1_000_000,
    };
  }

  it.each(MATCH_LEVELS.flatMap((level) => [1, 2, 3].map((seed) => [level, seed] as const)))(
    '%s, seed %i: explainVariance renders the same sentences from the stored figures and facts',
    (level, seed) => {
      const input = generated(seed);
      const s = settings(level, { price: tolerance(200, null), quantity: tolerance(500, null) });
      const full = matchInvoice(input, s);
      const slim = matchInvoice(input, s, { explain: false });
      expect(full.variances.length).toBeGreaterThan(3);
      expect(slim.variances.every((v) => v.explanation === undefined)).toBe(true);
      // Stored as JSON and read back, as the invoice's match result is.
      const stored = JSON.parse(JSON.stringify(slim)) as typeof slim;
      expect(stored.variances.map((v) => explainVariance(v, 'KES'))).toEqual(
        full.variances.map((v) => v.explanation),
      );
      expect(stored.variances.map(({ facts: _facts, ...v }) => v)).toEqual(
        full.variances.map(({ explanation: _explanation, ...v }) => v),
      );
      // Smaller: no sentences.
      expect(JSON.stringify(slim).length).toBeLessThan(JSON.stringify(full).length * 0.8);
    },
  );
});
