import type { FiscalYear, WorkflowRuleView } from '@zabuni/contracts';
import { isMessageKey, MESSAGES, REQUIRED_MESSAGE, WORKFLOW_MESSAGES } from '@zabuni/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { membersOf, type MemberRole } from '../api/members.ts';
import { defaultFiscalYear, nextFiscalYear, suggestedFiscalYearName } from './fiscal-year.ts';
import { formatMoneyText, signedMinor } from './money.ts';
import { barSections, figuresOf, stateOf, totalsByCurrency, usedPercent } from './utilisation.ts';
import { bandText, stepsSummary } from './workflow-describe.ts';
import {
  emptyWorkflowForm,
  workflowFormOf,
  workflowRequestOf,
  workflowResolver,
  type WorkflowFormValues,
} from './workflow-form.ts';

const utilisation = (over: Partial<Record<string, string>> = {}) => ({
  budget_id: 1,
  currency: 'KES',
  period_start: '2026-07-01',
  period_end: '2027-06-30',
  amount: '1000000.00',
  proposed: '100000.00',
  committed: '250000.00',
  actual: '150000.00',
  available: '600000.00',
  available_after_proposed: '500000.00',
  ...over,
});

describe('money from the API', () => {
  it('reads signed decimal text into minor units and writes it back the way the server does', () => {
    expect(signedMinor('150000.00', 'KES')).toBe(15_000_000);
    expect(signedMinor('-2500.50', 'KES')).toBe(-250_050);
    expect(signedMinor('1250000', 'UGX')).toBe(1_250_000);
    expect(signedMinor('12.345', 'KES')).toBeNull();
    expect(formatMoneyText('-2500.50', 'KES')).toBe('KES -2,500.50');
    expect(formatMoneyText('750000', 'KES')).toBe('KES 750,000.00');
    // Never a made-up number for text that is not money.
    expect(formatMoneyText('n/a', 'KES')).toBe('KES n/a');
  });
});

describe('utilisation bars', () => {
  it('stacks actual, committed and proposed against the budget', () => {
    const f = figuresOf(utilisation())!;
    expect(f.available).toBe(60_000_000);
    expect(barSections(f)).toEqual({ actual: 15, committed: 25, proposed: 10, budgetMark: 100 });
    expect(stateOf(f)).toBe('within');
    expect(usedPercent(f)).toBe(40);
  });

  it('widens the bar past the budget when spending passes it, and says it is over', () => {
    const f = figuresOf(
      utilisation({
        committed: '900000.00',
        actual: '300000.00',
        proposed: '0.00',
        available: '-200000.00',
        available_after_proposed: '-200000.00',
      }),
    )!;
    const bar = barSections(f);
    expect(bar.budgetMark).toBeCloseTo((100 * 1_000_000) / 1_200_000);
    expect(bar.actual + bar.committed).toBeCloseTo(100);
    expect(stateOf(f)).toBe('over');
    expect(usedPercent(f)).toBe(120);
  });

  it('warns when approving what is proposed would pass the budget', () => {
    const f = figuresOf(utilisation({ proposed: '700000.00', available_after_proposed: '-100000.00' }))!;
    expect(stateOf(f)).toBe('proposedOver');
  });

  it('adds budgets up per currency, never across currencies', () => {
    const kes = figuresOf(utilisation())!;
    const usd = figuresOf({ ...utilisation(), currency: 'USD', amount: '100.00' })!;
    const totals = totalsByCurrency([kes, kes, usd]);
    expect(totals.map((t) => [t.currency, t.amount, t.committed])).toEqual([
      ['KES', 200_000_000, 50_000_000],
      ['USD', 10_000, 25_000_000],
    ]);
  });
});

const year = (
  id: number,
  starts_on: string,
  ends_on: string,
  status: 'open' | 'closed' = 'open',
): FiscalYear => ({
  id,
  name: `FY ${id}`,
  starts_on,
  ends_on,
  status,
});

describe('fiscal years', () => {
  it('opens the budgets page on the open year containing today, else the latest open one', () => {
    const years = [
      year(3, '2027-07-01', '2028-06-30'),
      year(2, '2026-07-01', '2027-06-30'),
      year(1, '2025-07-01', '2026-06-30', 'closed'),
    ];
    expect(defaultFiscalYear(years, '2026-11-23')?.id).toBe(2);
    expect(defaultFiscalYear(years, '2029-01-01')?.id).toBe(3);
    expect(defaultFiscalYear([year(1, '2025-07-01', '2026-06-30', 'closed')], '2026-11-23')?.id).toBe(1);
    expect(defaultFiscalYear([], '2026-11-23')).toBeNull();
  });

  it('suggests the year after the latest, and a name for it', () => {
    expect(nextFiscalYear([year(2, '2026-07-01', '2027-06-30')], '2026-11-23')).toEqual({
      starts_on: '2027-07-01',
      ends_on: '2028-06-30',
    });
    expect(nextFiscalYear([], '2026-11-23')).toEqual({ starts_on: '2026-07-01', ends_on: '2027-06-30' });
    expect(suggestedFiscalYearName('2026-07-01', '2027-06-30')).toBe('FY 2026/27');
    expect(suggestedFiscalYearName('2027-01-01', '2027-12-31')).toBe('FY 2027');
  });
});

describe('members', () => {
  it('folds one row per role into people of the current organisation only', () => {
    const row = (user_id: number, role: string, organisation = 2, first_name = 'Amina'): MemberRole => ({
      user_id,
      first_name,
      last_name: 'W',
      email: `${user_id}@x.example`,
      organisation: { id: organisation, name: 'Org' },
      role,
    });
    const people = membersOf(
      [row(3, 'org_admin'), row(3, 'approver'), row(3, 'org_admin', 1), row(4, 'requester', 2, 'Brian')],
      2,
    );
    expect(people.map((p) => [p.userId, p.roles])).toEqual([
      [3, ['org_admin', 'approver']],
      [4, ['requester']],
    ]);
  });
});

/** The text the resolver gives a message: a catalogue key's English here (no errors bundle loaded). */
const english = (message: string) => (isMessageKey(message) ? MESSAGES[message] : message);

const resolve = (values: WorkflowFormValues) =>
  workflowResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('workflow editor', () => {
  const valid = (): WorkflowFormValues => ({
    ...emptyWorkflowForm(),
    name: 'Large IT purchases',
    min_amount: '500000',
    max_amount: '',
    steps: [
      {
        mode: 'any',
        purpose: 'approval',
        approvers: [{ kind: 'budget_owner', role: null, user_id: null }],
      },
      {
        mode: 'all',
        purpose: 'approval',
        approvers: [
          { kind: 'role', role: 'finance', user_id: null },
          { kind: 'user', role: null, user_id: 7 },
        ],
      },
    ],
  });

  it('sends the contract body: open band ends as null, approvers without unused fields', async () => {
    const result = await resolve(valid());
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      min_amount: '500000',
      max_amount: null,
      steps: [
        { mode: 'any', approvers: [{ kind: 'budget_owner' }] },
        {
          mode: 'all',
          approvers: [
            { kind: 'role', role: 'finance' },
            { kind: 'user', user_id: 7 },
          ],
        },
      ],
    });
  });

  it('refuses an empty band (max is exclusive, so min = max is empty) and approvers left unchosen', async () => {
    const values = valid();
    values.min_amount = '500000';
    values.max_amount = '500000';
    values.steps[1]!.approvers[0] = { kind: 'role', role: null, user_id: null };
    const result = await resolve(values);
    expect(result.values).toEqual({});
    expect(result.errors.max_amount?.message).toBe(english(WORKFLOW_MESSAGES.emptyBand));
    expect(result.errors.steps?.[1]?.approvers?.[0]?.role?.message).toBe(english(REQUIRED_MESSAGE));
  });

  it('asks for at least one step, and amounts with the currency’s decimals', async () => {
    const values = { ...valid(), steps: [], min_amount: '10.555' };
    const result = await resolve(values);
    expect(result.errors.root?.steps?.message).toBe(english(WORKFLOW_MESSAGES.noSteps));
    expect(result.errors.min_amount?.message).toBe(english(WORKFLOW_MESSAGES.amount));
  });

  it('round-trips a saved rule into the editor and back', () => {
    const rule: WorkflowRuleView = {
      id: 5,
      name: 'Default',
      document_type: 'requisition',
      priority: 10,
      currency: 'KES',
      min_amount: null,
      max_amount: '100000.00',
      department_ids: [1],
      category_ids: [],
      min_supplier_risk_band: 'high',
      steps: [{ mode: 'any', purpose: 'approval', approvers: [{ kind: 'role', role: 'approver' }] }],
      active: true,
    };
    const { id: _id, ...body } = rule;
    expect(workflowRequestOf(workflowFormOf(rule))).toEqual(body);
  });

  it('describes bands (min inclusive, max exclusive) and steps for the list', () => {
    const t = ((key: string, options?: Record<string, unknown>) =>
      `${key}${options ? JSON.stringify(options) : ''}`) as unknown as TFunction;
    expect(bandText({ min_amount: '500000.00', max_amount: null, currency: 'KES' }, t)).toBe(
      'workflows.band.from{"min":"KES 500,000.00"}',
    );
    expect(bandText({ min_amount: null, max_amount: null, currency: 'KES' }, t)).toBe('workflows.band.any');
    const names = {
      user: (id: number) => (id === 7 ? 'Brian Otieno' : undefined),
      department: () => undefined,
      category: () => undefined,
    };
    expect(
      stepsSummary(
        {
          steps: [
            {
              mode: 'all',
              purpose: 'approval',
              approvers: [{ kind: 'user', user_id: 7 }, { kind: 'budget_owner' }],
            },
          ],
        },
        t,
        names,
      ),
    ).toEqual(['1. Brian Otieno, workflows.approver.budgetOwner (workflows.mode.short.all)']);
  });
});
