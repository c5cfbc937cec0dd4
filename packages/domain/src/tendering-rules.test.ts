import { describe, expect, it } from 'vitest';
import {
  agpoShare,
  bidPeriodProblem,
  checkMethod,
  closingAfterTenderAddendum,
  DEFAULT_TENDERING_SETTINGS,
  evaluationLate,
  financialRanking,
  standstillUntil,
  tenderCommitteeProblem,
  technicalResults,
  tenderTransition,
  unsuccessfulReason,
  type ProcurementCategory,
  type ProcurementMethod,
  type TenderingAction,
  type TenderingStatus,
} from './tendering-rules.ts';

const KES = (n: number) => n * 100;
const publicBody = DEFAULT_TENDERING_SETTINGS;
const privateOff = { ...DEFAULT_TENDERING_SETTINGS, publicBody: false, guardRails: false };
const privateOn = { ...DEFAULT_TENDERING_SETTINGS, publicBody: false };
const why = 'The only authorised distributor of the licensed software in Kenya.';

describe('procurement methods and thresholds', () => {
  it.each<[string, typeof publicBody, ProcurementMethod, ProcurementCategory, number, string | null, string]>(
    [
      ['RFQ within 3 m goods', publicBody, 'request_for_quotations', 'goods', KES(3_000_000), null, 'ok'],
      [
        'RFQ over 3 m goods',
        publicBody,
        'request_for_quotations',
        'goods',
        KES(3_000_001),
        null,
        'justification_missing',
      ],
      [
        'RFQ over 3 m goods, justified',
        publicBody,
        'request_for_quotations',
        'goods',
        KES(3_000_001),
        why,
        'justified:over_threshold',
      ],
      ['RFQ 5 m works is within', publicBody, 'request_for_quotations', 'works', KES(5_000_000), null, 'ok'],
      ['low value 50 k goods', publicBody, 'low_value_procurement', 'goods', KES(50_000), null, 'ok'],
      [
        'low value 50 001 goods',
        publicBody,
        'low_value_procurement',
        'goods',
        KES(50_001),
        null,
        'justification_missing',
      ],
      ['low value 100 k works', publicBody, 'low_value_procurement', 'works', KES(100_000), null, 'ok'],
      ['restricted 20 m services', publicBody, 'restricted_tender', 'services', KES(20_000_000), null, 'ok'],
      [
        'restricted 21 m services',
        publicBody,
        'restricted_tender',
        'services',
        KES(21_000_000),
        null,
        'justification_missing',
      ],
      ['open tender any value', publicBody, 'open_tender', 'works', KES(900_000_000), null, 'ok'],
      [
        'direct always justified',
        publicBody,
        'direct_procurement',
        'goods',
        KES(1_000),
        null,
        'justification_missing',
      ],
      [
        'direct with a reason',
        publicBody,
        'direct_procurement',
        'goods',
        KES(1_000),
        why,
        'justified:always_justified',
      ],
      [
        'specially permitted needs a reason',
        publicBody,
        'specially_permitted',
        'services',
        KES(1),
        'too short',
        'justification_missing',
      ],
      [
        'private buyer with guard-rails on',
        privateOn,
        'request_for_quotations',
        'goods',
        KES(4_000_000),
        null,
        'justification_missing',
      ],
      [
        'private buyer with guard-rails off',
        privateOff,
        'direct_procurement',
        'goods',
        KES(90_000_000),
        null,
        'ok',
      ],
      [
        'public body cannot switch them off',
        { ...publicBody, guardRails: false },
        'direct_procurement',
        'goods',
        KES(1),
        null,
        'justification_missing',
      ],
    ],
  )('%s', (_name, settings, method, category, estimateMinor, justification, expected) => {
    const check = checkMethod({ settings, method, category, estimateMinor, justification });
    const got = !check.ok ? check.reason : check.justificationRequired ? `justified:${check.reason}` : 'ok';
    expect(got).toBe(expected);
  });

  it('a private buyer may raise its own ceiling; a public body keeps the statutory one', () => {
    const thresholds = {
      ...DEFAULT_TENDERING_SETTINGS.thresholds,
      request_for_quotations: { goods: KES(10_000_000), works: null, services: null },
    };
    const input = {
      method: 'request_for_quotations' as const,
      category: 'goods' as const,
      estimateMinor: KES(8_000_000),
      justification: null,
    };
    expect(checkMethod({ ...input, settings: { ...privateOn, thresholds } }).ok).toBe(true);
    expect(checkMethod({ ...input, settings: { ...publicBody, thresholds } }).ok).toBe(false);
  });
});

describe('periods', () => {
  const published = new Date('2026-11-02T09:00:00Z');
  it.each([
    ['13 days is too short', '2026-11-15T09:00:00Z', 14],
    ['14 days is enough', '2026-11-16T09:00:00Z', null],
  ])('%s', (_n, closing, expected) => {
    expect(bidPeriodProblem(publicBody, published, new Date(closing))).toBe(expected);
  });

  it('a private buyer without guard-rails may close minutes after publishing, never before it', () => {
    const off = { ...privateOn, guardRails: false };
    const minutes = (n: number) => new Date(published.getTime() + n * 60_000);
    expect(bidPeriodProblem(off, published, minutes(5))).toBeNull();
    expect(bidPeriodProblem(off, published, minutes(0))).toBe(0);
    // With its guard-rails on, the private buyer's own period applies; a public body cannot switch them off.
    expect(bidPeriodProblem(privateOn, published, minutes(5))).toBe(privateOn.minimumBidDays);
    expect(bidPeriodProblem({ ...publicBody, guardRails: false }, published, minutes(5))).toBe(14);
  });

  it.each([
    ['far closing kept', '2026-12-30T00:00:00Z', null, '2026-12-30T00:00:00.000Z'],
    [
      'near closing moved to 7 days after the addendum',
      '2026-12-02T00:00:00Z',
      null,
      '2026-12-08T09:00:00.000Z',
    ],
    [
      'a later closing asked for is taken',
      '2026-12-02T00:00:00Z',
      '2027-01-10T00:00:00Z',
      '2027-01-10T00:00:00.000Z',
    ],
    [
      'an earlier closing asked for is not',
      '2026-12-30T00:00:00Z',
      '2026-12-20T00:00:00Z',
      '2026-12-30T00:00:00.000Z',
    ],
  ])('addendum: %s', (_n, closing, requested, expected) => {
    const got = closingAfterTenderAddendum({
      settings: publicBody,
      closingAt: new Date(closing),
      now: new Date('2026-12-01T09:00:00Z'),
      requestedClosingAt: requested ? new Date(requested) : null,
    });
    expect(got.toISOString()).toBe(expected);
  });

  it('evaluation is late after 30 days; standstill is 14 days', () => {
    const opened = new Date('2026-11-01T10:00:00Z');
    expect(evaluationLate(opened, new Date('2026-12-01T10:00:00Z'), null)).toBe(false);
    expect(evaluationLate(opened, new Date('2026-12-01T10:00:01Z'), null)).toBe(true);
    expect(standstillUntil(new Date('2026-11-26T12:00:00Z')).toISOString()).toBe('2026-12-10T12:00:00.000Z');
  });
});

describe('opening committee', () => {
  it.each<[number[], number, string | null]>([
    [[1, 2], 2, 'too_small'],
    [[1, 2, 3], 2, 'quorum_too_small'],
    [[1, 2, 3], 3, null],
    [[1, 2, 3, 4], 3, null],
    [[1, 2, 3], 4, 'quorum_too_large'],
    [[1, 1, 2], 3, 'duplicate'],
  ])('%j quorum %i → %s', (members, quorum, expected) => {
    expect(tenderCommitteeProblem(publicBody, members, quorum)).toBe(expected);
  });
});

describe('evaluation', () => {
  const scores = [
    { evaluatorId: 1, bidId: 10, preliminaryPass: true, technicalScore: 80 },
    { evaluatorId: 2, bidId: 10, preliminaryPass: true, technicalScore: 75 },
    { evaluatorId: 1, bidId: 11, preliminaryPass: true, technicalScore: 60 },
    { evaluatorId: 2, bidId: 11, preliminaryPass: true, technicalScore: 65 },
    { evaluatorId: 1, bidId: 12, preliminaryPass: true, technicalScore: 95 },
    { evaluatorId: 2, bidId: 12, preliminaryPass: false, technicalScore: 95 },
  ];
  it('preliminary by every evaluator, technical mean against the pass mark', () => {
    expect(technicalResults([10, 11, 12], scores, 70)).toEqual([
      { bidId: 10, preliminaryPass: true, technicalScore: 77.5, technicalPass: true },
      { bidId: 11, preliminaryPass: true, technicalScore: 62.5, technicalPass: false },
      { bidId: 12, preliminaryPass: false, technicalScore: 95, technicalPass: false },
    ]);
  });
  it('financial ranking only among technically passing bids', () => {
    expect(
      financialRanking([
        { bidId: 10, technicalPass: true, priceMinor: 500 },
        { bidId: 11, technicalPass: false, priceMinor: 100 },
        { bidId: 13, technicalPass: true, priceMinor: 400 },
      ]),
    ).toEqual([
      { bidId: 13, priceMinor: 400, rank: 1 },
      { bidId: 10, priceMinor: 500, rank: 2 },
    ]);
  });
  it.each([
    [{ bidId: 1, preliminaryPass: false, technicalScore: 0, technicalPass: false }, 'preliminary_failed'],
    [
      { bidId: 1, preliminaryPass: true, technicalScore: 50, technicalPass: false },
      'technical_below_pass_mark',
    ],
    [{ bidId: 1, preliminaryPass: true, technicalScore: 90, technicalPass: true }, 'higher_price'],
  ])('reason %#', (result, expected) => expect(unsuccessfulReason(result)).toBe(expected));
});

describe('AGPO 30 %', () => {
  it.each([
    [
      [
        { amountMinor: 70, agpo: false },
        { amountMinor: 30, agpo: true },
      ],
      3000,
      true,
    ],
    [
      [
        { amountMinor: 71, agpo: false },
        { amountMinor: 29, agpo: true },
      ],
      2900,
      false,
    ],
    [[], 0, false],
  ])('%#', (awards, basisPoints, met) => {
    expect(agpoShare(awards)).toMatchObject({ basisPoints, met });
  });
});

describe('lifecycle', () => {
  const closing = new Date('2026-12-01T10:00:00Z');
  const before = new Date('2026-12-01T09:59:59Z');
  const after = new Date('2026-12-01T10:00:00Z');
  it.each<[TenderingStatus, TenderingAction, Date, string]>([
    ['draft', 'publish', before, 'published'],
    ['published', 'bid', before, 'published'],
    ['published', 'bid', after, 'after_closing'],
    ['published', 'open_technical', before, 'before_closing'],
    ['published', 'open_technical', after, 'technical_opened'],
    ['technical_opened', 'open_financial', after, 'not_allowed_in_state'],
    ['technical_evaluated', 'open_financial', after, 'financial_opened'],
    ['financial_opened', 'request_award', after, 'award_pending'],
    ['award_pending', 'reject_award', after, 'financial_opened'],
    ['awarded', 'cancel', after, 'not_allowed_in_state'],
  ])('%s + %s', (status, action, now, expected) => {
    const t = tenderTransition(status, action, closing, now);
    expect(t.ok ? t.to : t.reason).toBe(expected);
  });
});
