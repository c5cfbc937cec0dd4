import { describe, expect, it } from 'vitest';
import {
  delegationWindow,
  APPROVAL_DOCUMENT_TYPES,
  BUDGET_EXCEPTION_ROLE,
  DEFAULT_STEPS,
  ENGLISH_ROUTE_WORDS,
  bulkApprovable,
  decisionOutcome,
  needsBudgetConsent,
  overBudgetConsentStep,
  withStep,
  canAct,
  decide,
  describeRoute,
  isDelegationActive,
  resolveSteps,
  selectWorkflowRule,
  supplierRiskBandAtLeast,
  workflowProgress,
  workflowRuleMatches,
  workflowRuleNeedsSupplierRisk,
  workflowRuleProblems,
  type ApprovalDirectory,
  type ApprovalDocument,
  type Delegation,
  type ResolvedRoute,
  type StepDefinition,
  type WorkflowDecision,
  type WorkflowRule,
} from './approval-workflows.ts';

const rule = (over: Partial<WorkflowRule> & Pick<WorkflowRule, 'id'>): WorkflowRule => ({
  name: over.id,
  documentType: 'requisition',
  priority: 100,
  currency: 'KES',
  steps: DEFAULT_STEPS,
  ...over,
});

// KES 750,000.00 for IT, raised by Rita.
const doc = (over: Partial<ApprovalDocument> = {}): ApprovalDocument => ({
  documentType: 'requisition',
  amountMinor: 75_000_000,
  currency: 'KES',
  requesterId: 'rita',
  costCentreIds: ['it'],
  categoryIds: ['laptops'],
  ...over,
});

const NOW = new Date('2027-03-10T09:00:00Z');
const away = (
  fromUserId: string,
  toUserId: string,
  startsAt = '2027-03-08',
  endsAt = '2027-03-15',
): Delegation => ({
  fromUserId,
  toUserId,
  startsAt: new Date(`${startsAt}T00:00:00Z`),
  endsAt: new Date(`${endsAt}T00:00:00Z`),
});

const ROLES: Record<string, string[]> = {
  finance_manager: ['alice', 'brian'],
  procurement_manager: ['carol'],
  treasurer: ['alice'],
  controller: ['alice'],
  cfo: ['rita'],
  auditor: [],
  [BUDGET_EXCEPTION_ROLE]: ['dan'],
};
const OWNERS: Record<string, string | null> = { it: 'jane', infra: 'jane', finance: 'fred', orphan: null };

const directory = (delegations: Delegation[] = []): ApprovalDirectory => ({
  usersWithRole: (role) => ROLES[role] ?? [],
  budgetOwnerOf: (costCentreId) => OWNERS[costCentreId] ?? null,
  delegations,
});

const resolve = (
  steps: readonly StepDefinition[],
  over: Partial<ApprovalDocument> = {},
  delegations: Delegation[] = [],
  now = NOW,
) => resolveSteps(steps, directory(delegations), doc(over), now);

/** Candidate ids per step, per slot. */
const candidateIds = (route: ResolvedRoute) =>
  route.steps.map((step) => step.slots.map((slot) => slot.candidates.map((candidate) => candidate.userId)));

describe('selectWorkflowRule', () => {
  it.each(APPROVAL_DOCUMENT_TYPES)('picks the rule for the document type (%s)', (documentType) => {
    const rules = APPROVAL_DOCUMENT_TYPES.map((type) => rule({ id: type, documentType: type }));
    expect(selectWorkflowRule(rules, doc({ documentType }))?.id).toBe(documentType);
  });

  // Adjacent bands [0, 500,000) and [500,000, ∞) in KES, amounts in cents.
  const bands = [
    rule({ id: 'small', minAmountMinor: 0, maxAmountMinor: 50_000_000 }),
    rule({ id: 'large', minAmountMinor: 50_000_000 }),
  ];
  it.each([
    [0, 'small'],
    [49_999_999, 'small'],
    [50_000_000, 'large'],
    [50_000_001, 'large'],
    [75_000_000, 'large'],
  ])('adjacent bands: %i minor units → %s (min inclusive, max exclusive)', (amountMinor, expected) =>
    expect(selectWorkflowRule(bands, doc({ amountMinor }))?.id).toBe(expected),
  );

  const mid = [rule({ id: 'mid', minAmountMinor: 10_000_000, maxAmountMinor: 50_000_000 })];
  it.each([
    [9_999_999, null],
    [10_000_000, 'mid'],
    [10_000_001, 'mid'],
    [49_999_999, 'mid'],
    [50_000_000, null],
  ])('one band [100,000, 500,000): %i → %s', (amountMinor, expected) =>
    expect(selectWorkflowRule(mid, doc({ amountMinor }))?.id ?? null).toBe(expected),
  );

  const byCostCentre = [
    rule({ id: 'it-only', priority: 1, costCentreIds: ['it', 'infra'] }),
    rule({ id: 'any' }),
  ];
  it.each([
    [['it'], 'it-only'],
    [['it', 'infra', 'it'], 'it-only'],
    [['it', 'finance'], 'any'], // a restricted rule matches only if EVERY cost centre is in its list
    [['finance'], 'any'],
    [[], 'any'], // a document without cost centres never matches a restricted rule
  ])('cost centres %j → %s', (costCentreIds, expected) =>
    expect(selectWorkflowRule(byCostCentre, doc({ costCentreIds }))?.id).toBe(expected),
  );

  const byCategory = [
    rule({ id: 'devices', priority: 1, categoryIds: ['laptops', 'phones'] }),
    rule({ id: 'any', categoryIds: [] }),
  ];
  it.each([
    [['laptops'], 'devices'],
    [['laptops', 'phones'], 'devices'],
    [['laptops', 'furniture'], 'any'],
    [[], 'any'],
  ])('categories %j → %s', (categoryIds, expected) =>
    expect(selectWorkflowRule(byCategory, doc({ categoryIds }))?.id).toBe(expected),
  );

  it.each([
    [
      'lower priority first, whatever the order given',
      [rule({ id: 'b', priority: 2 }), rule({ id: 'a', priority: 1 })],
      'a',
    ],
    ['equal priorities by id', [rule({ id: 'z', priority: 5 }), rule({ id: 'm', priority: 5 })], 'm'],
    [
      'a higher-priority rule that does not match is skipped',
      [rule({ id: 'po', priority: 1, documentType: 'purchase_order' }), rule({ id: 'req', priority: 9 })],
      'req',
    ],
    [
      'a rule in another currency never matches',
      [rule({ id: 'usd', priority: 1, currency: 'USD' }), rule({ id: 'kes', priority: 2 })],
      'kes',
    ],
    ['currency codes compare without case', [rule({ id: 'kes', currency: 'kes' })], 'kes'],
  ])('%s', (_, rules, expected) => expect(selectWorkflowRule(rules, doc())?.id).toBe(expected));

  it.each([
    ['no rules', []],
    ['only another currency', [rule({ id: 'usd', currency: 'USD' })]],
    ['only another type', [rule({ id: 'inv', documentType: 'invoice' })]],
    ['only a band below', [rule({ id: 'small', maxAmountMinor: 75_000_000 })]],
  ])('no match (%s) → null', (_, rules) => expect(selectWorkflowRule(rules, doc())).toBeNull());
});

describe('workflowRuleProblems', () => {
  it.each([
    ['a good rule', rule({ id: 'ok', minAmountMinor: 0, maxAmountMinor: 100 }), []],
    [
      'min = max (empty, max is exclusive)',
      rule({ id: 'x', minAmountMinor: 100, maxAmountMinor: 100 }),
      ['empty_amount_band'],
    ],
    ['min > max', rule({ id: 'x', minAmountMinor: 200, maxAmountMinor: 100 }), ['empty_amount_band']],
    ['fractional amount', rule({ id: 'x', minAmountMinor: 10.5 }), ['amount_not_whole_minor_units']],
    ['negative amount', rule({ id: 'x', maxAmountMinor: -1 }), ['amount_not_whole_minor_units']],
    ['currency not ISO', rule({ id: 'x', currency: 'KSh' }), ['currency_not_iso']],
    ['no steps', rule({ id: 'x', steps: [] }), ['no_steps']],
    [
      'a step without approvers',
      rule({ id: 'x', steps: [{ mode: 'any', approvers: [] }] }),
      ['step_without_approvers'],
    ],
  ])('%s', (_, candidate, expected) =>
    expect(workflowRuleProblems(candidate).map((problem) => problem.problem)).toEqual(expected),
  );
});

describe('resolveSteps', () => {
  it.each<[string, StepDefinition, Partial<ApprovalDocument>, string[][]]>([
    [
      'a role: any holder',
      { mode: 'any', approvers: [{ kind: 'role', role: 'finance_manager' }] },
      {},
      [['alice', 'brian']],
    ],
    ['a named user', { mode: 'any', approvers: [{ kind: 'user', userId: 'carol' }] }, {}, [['carol']]],
    ['the budget owner', { mode: 'all', approvers: [{ kind: 'budget_owner' }] }, {}, [['jane']]],
    [
      'one budget owner per owner of the document’s cost centres',
      DEFAULT_STEPS[0]!,
      { costCentreIds: ['it', 'finance'] },
      [['jane'], ['fred']],
    ],
    [
      'two cost centres with the same owner ask that owner once',
      DEFAULT_STEPS[0]!,
      { costCentreIds: ['it', 'infra'] },
      [['jane']],
    ],
    [
      'the owner of named cost centres',
      { mode: 'all', approvers: [{ kind: 'budget_owner', costCentreIds: ['finance'] }] },
      {},
      [['fred']],
    ],
    [
      'the requester is removed from a role',
      { mode: 'any', approvers: [{ kind: 'role', role: 'finance_manager' }] },
      { requesterId: 'alice' },
      [['brian']],
    ],
    [
      'a parallel step keeps one slot per approver',
      {
        mode: 'all',
        approvers: [
          { kind: 'role', role: 'finance_manager' },
          { kind: 'role', role: 'procurement_manager' },
        ],
      },
      {},
      [['alice', 'brian'], ['carol']],
    ],
  ])('%s', (_, step, over, expected) => {
    const route = resolve([step], over);
    expect(candidateIds(route)).toEqual([expected]);
    expect(route.assignable).toBe(true);
  });

  it('records which cost centres each budget owner answers for', () => {
    const route = resolve(DEFAULT_STEPS, { costCentreIds: ['it', 'finance', 'infra'] });
    expect(route.steps[0]?.slots.map((slot) => slot.costCentreIds)).toEqual([['it', 'infra'], ['finance']]);
  });

  it.each<[string, StepDefinition, Partial<ApprovalDocument>, string]>([
    [
      'a role only the requester holds',
      { mode: 'any', approvers: [{ kind: 'role', role: 'cfo' }] },
      {},
      'only_the_requester',
    ],
    [
      'a role nobody holds',
      { mode: 'any', approvers: [{ kind: 'role', role: 'auditor' }] },
      {},
      'no_role_holder',
    ],
    [
      'the requester named as approver',
      { mode: 'any', approvers: [{ kind: 'user', userId: 'rita' }] },
      {},
      'only_the_requester',
    ],
    ['the requester is the budget owner', DEFAULT_STEPS[0]!, { requesterId: 'jane' }, 'only_the_requester'],
    ['a cost centre without an owner', DEFAULT_STEPS[0]!, { costCentreIds: ['orphan'] }, 'no_budget_owner'],
    [
      'one of two cost centres without an owner',
      DEFAULT_STEPS[0]!,
      { costCentreIds: ['it', 'orphan'] },
      'no_budget_owner',
    ],
    ['a document without cost centres', DEFAULT_STEPS[0]!, { costCentreIds: [] }, 'no_cost_centre'],
  ])('unassignable: %s', (_, step, over, problem) => {
    const route = resolve([step], over);
    expect(route.assignable).toBe(false);
    expect(route.steps[0]?.unassignable).toMatchObject({ reason: 'no_candidate', problem });
  });

  it.each<[string, StepDefinition, number, number]>([
    [
      'two roles held only by the same person',
      {
        mode: 'all',
        approvers: [
          { kind: 'role', role: 'treasurer' },
          { kind: 'role', role: 'controller' },
        ],
      },
      2,
      1,
    ],
    [
      'a role listed three times with two holders',
      { mode: 'all', approvers: Array(3).fill({ kind: 'role', role: 'finance_manager' }) },
      3,
      2,
    ],
  ])('unassignable: %s (one person, one approval per step)', (_, step, needed, available) => {
    const route = resolve([step]);
    expect(route.steps[0]?.unassignable).toEqual({ reason: 'too_few_distinct_approvers', needed, available });
  });

  it('a role listed twice in an all step asks two different holders, and that is assignable', () => {
    const route = resolve([
      { mode: 'all', approvers: Array(2).fill({ kind: 'role', role: 'finance_manager' }) },
    ]);
    expect(route.assignable).toBe(true);
  });

  it('an any step stays assignable while one of its slots has a candidate', () => {
    const route = resolve([
      {
        mode: 'any',
        approvers: [
          { kind: 'role', role: 'auditor' },
          { kind: 'user', userId: 'carol' },
        ],
      },
    ]);
    expect(route.steps[0]?.slots[0]?.problem).toBe('no_role_holder');
    expect(route.steps[0]?.unassignable).toBeNull();
    expect(route.assignable).toBe(true);
  });

  it('a step without approvers, or a route without steps, is unassignable', () => {
    expect(resolve([{ mode: 'any', approvers: [] }]).steps[0]?.unassignable).toEqual({
      reason: 'no_approvers',
    });
    expect(resolve([]).assignable).toBe(false);
  });
});

describe('delegation', () => {
  const budgetOwner = DEFAULT_STEPS;
  it.each<[string, Delegation[], Partial<ApprovalDocument>, Date, string[]]>([
    [
      'inside the window both the owner and the delegate may act',
      [away('jane', 'peter')],
      {},
      NOW,
      ['jane', 'peter'],
    ],
    [
      'before the window only the owner',
      [away('jane', 'peter')],
      {},
      new Date('2027-03-07T23:59:59.999Z'),
      ['jane'],
    ],
    [
      'from its first instant (start inclusive)',
      [away('jane', 'peter')],
      {},
      new Date('2027-03-08T00:00:00Z'),
      ['jane', 'peter'],
    ],
    [
      'not at its end (end exclusive)',
      [away('jane', 'peter')],
      {},
      new Date('2027-03-15T00:00:00Z'),
      ['jane'],
    ],
    ['a delegate who is the requester is left out', [away('jane', 'rita')], {}, NOW, ['jane']],
    [
      'delegations are not chained',
      [away('jane', 'peter'), away('peter', 'quinn')],
      {},
      NOW,
      ['jane', 'peter'],
    ],
    ['a delegation to oneself is ignored', [away('jane', 'jane')], {}, NOW, ['jane']],
    ['another user’s delegation changes nothing', [away('fred', 'peter')], {}, NOW, ['jane']],
  ])('%s', (_, delegations, over, now, expected) =>
    expect(candidateIds(resolve(budgetOwner, over, delegations, now))).toEqual([[expected]]),
  );

  it('standing in for the requester gives no right to approve the requester’s document', () => {
    const route = resolve(
      [{ mode: 'any', approvers: [{ kind: 'role', role: 'finance_manager' }] }],
      { requesterId: 'alice' },
      [away('alice', 'peter')],
    );
    expect(candidateIds(route)).toEqual([[['brian']]]);
  });

  it('the owner whose only stand-in is the requester leaves the slot to the owner', () => {
    const route = resolve([{ mode: 'any', approvers: [{ kind: 'role', role: 'cfo' }] }], {}, [
      away('rita', 'peter'),
    ]);
    expect(route.steps[0]?.slots[0]?.problem).toBe('only_the_requester');
  });

  it('marks who stands in for whom', () => {
    const route = resolve([{ mode: 'any', approvers: [{ kind: 'role', role: 'finance_manager' }] }], {}, [
      away('alice', 'peter'),
      away('brian', 'peter'),
      away('brian', 'alice'),
    ]);
    expect(route.steps[0]?.slots[0]?.candidates).toEqual([
      { userId: 'alice', inOwnRight: true, onBehalfOf: ['brian'] },
      { userId: 'brian', inOwnRight: true, onBehalfOf: [] },
      { userId: 'peter', inOwnRight: false, onBehalfOf: ['alice', 'brian'] },
    ]);
  });

  it.each([
    ['2027-03-07T23:59:59.999Z', false],
    ['2027-03-08T00:00:00.000Z', true],
    ['2027-03-14T23:59:59.999Z', true],
    ['2027-03-15T00:00:00.000Z', false],
  ])('isDelegationActive at %s: %s', (at, expected) =>
    expect(isDelegationActive(away('jane', 'peter'), new Date(at))).toBe(expected),
  );
});

describe('budget exception', () => {
  it('asks an exception approver or the owner of an over-budget cost centre, once, as its own last step', () => {
    const step = overBudgetConsentStep(['finance', 'finance']);
    expect(step).toEqual({
      mode: 'any',
      purpose: 'budget_exception',
      approvers: [
        { kind: 'role', role: BUDGET_EXCEPTION_ROLE },
        { kind: 'budget_owner', costCentreIds: ['finance'] },
      ],
    });
    // The IT owner (Jane) is within budget and is not asked; Dan (role) or Fred (Finance's owner) are.
    const route = resolve([...DEFAULT_STEPS, step], { costCentreIds: ['it', 'finance'] });
    expect(route.steps[1]?.purpose).toBe('budget_exception');
    expect(candidateIds({ ...route, steps: [route.steps[1]!] })).toEqual([[['dan'], ['fred']]]);
  });

  it.each<[string, StepDefinition[], string[], boolean]>([
    ['over budget, nobody consented yet', DEFAULT_STEPS as StepDefinition[], ['it'], true],
    ['within budget', DEFAULT_STEPS as StepDefinition[], [], false],
    [
      'over budget, consent already on the route',
      [...DEFAULT_STEPS, overBudgetConsentStep(['it'])],
      ['it'],
      false,
    ],
  ])('needsBudgetConsent: %s', (_, steps, over, expected) => {
    expect(needsBudgetConsent(resolve(steps), over)).toBe(expected);
  });

  it('adds the consent step to a stored route: the decisions taken so far stay valid', () => {
    const route = resolve(DEFAULT_STEPS);
    const approved = workflowProgress(route, [
      { stepIndex: 0, userId: 'jane', decision: 'approved', at: new Date(1) },
    ]);
    expect(approved.state).toBe('approved');
    const consent = resolve([overBudgetConsentStep(['it'])]).steps[0]!;
    const longer = withStep(route, consent);
    const after = workflowProgress(longer, approved.decisions);
    expect(after).toMatchObject({ state: 'in_progress', currentStepIndex: 1 });
    expect(decisionOutcome(approved, after)).toEqual({ kind: 'next_step', stepIndex: 1 });
  });
});

describe('what a decision does to the route', () => {
  const twoSteps: StepDefinition[] = [
    {
      mode: 'all',
      approvers: [
        { kind: 'user', userId: 'alice' },
        { kind: 'user', userId: 'brian' },
      ],
    },
    { mode: 'any', approvers: [{ kind: 'user', userId: 'carol' }] },
  ];
  const at = new Date(1);
  it.each<[string, WorkflowDecision[], WorkflowDecision, ReturnType<typeof decisionOutcome>]>([
    [
      'one slot of a parallel step',
      [],
      { stepIndex: 0, userId: 'alice', decision: 'approved', at },
      { kind: 'same_step', stepIndex: 0 },
    ],
    [
      'the last slot of a step',
      [{ stepIndex: 0, userId: 'alice', decision: 'approved', at }],
      { stepIndex: 0, userId: 'brian', decision: 'approved', at },
      { kind: 'next_step', stepIndex: 1 },
    ],
    [
      'the last step',
      [
        { stepIndex: 0, userId: 'alice', decision: 'approved', at },
        { stepIndex: 0, userId: 'brian', decision: 'approved', at },
      ],
      { stepIndex: 1, userId: 'carol', decision: 'approved', at },
      { kind: 'finished', state: 'approved' },
    ],
    [
      'a rejection',
      [],
      { stepIndex: 0, userId: 'brian', decision: 'rejected', at },
      { kind: 'finished', state: 'rejected' },
    ],
    [
      'a return',
      [],
      { stepIndex: 0, userId: 'alice', decision: 'returned', at },
      { kind: 'finished', state: 'returned' },
    ],
  ])('%s', (_, before, decision, expected) => {
    const progress = workflowProgress(resolve(twoSteps), before);
    const result = decide(progress, decision);
    expect(result.ok).toBe(true);
    if (result.ok) expect(decisionOutcome(progress, result.progress)).toEqual(expected);
  });

  it.each<[number, string, boolean]>([
    [10_000_000, 'KES', true],
    [10_000_001, 'KES', false],
    [100, 'USD', false],
    [0, 'kes', true],
  ])('bulk approval of %i %s: %s', (amountMinor, currency, expected) => {
    expect(bulkApprovable({ amountMinor, currency })).toBe(expected);
  });
});

// Step 0: IT's budget owner (Jane). Step 1, parallel: a finance manager (Alice or Brian) and Carol.
const ROUTE_STEPS: StepDefinition[] = [
  { mode: 'any', approvers: [{ kind: 'budget_owner' }] },
  {
    mode: 'all',
    approvers: [
      { kind: 'role', role: 'finance_manager' },
      { kind: 'role', role: 'procurement_manager' },
    ],
  },
];
let clock = 0;
const d = (
  userId: string,
  stepIndex: number,
  decision: WorkflowDecision['decision'] = 'approved',
  slotIndex?: number,
): WorkflowDecision => ({
  userId,
  stepIndex,
  decision,
  at: new Date(NOW.getTime() + ++clock * 60_000),
  ...(slotIndex === undefined ? {} : { slotIndex }),
});

describe('workflowProgress', () => {
  const route = resolve(ROUTE_STEPS);
  const waiting = (decisions: WorkflowDecision[]) =>
    workflowProgress(route, decisions).waitingFor.map((slot) => [
      slot.slotIndex,
      slot.candidates.map((candidate) => candidate.userId),
    ]);

  it.each<[string, WorkflowDecision[], string, number | null]>([
    ['nothing decided: the first step', [], 'in_progress', 0],
    ['steps are sequential', [d('jane', 0)], 'in_progress', 1],
    ['an all step waits for every slot', [d('jane', 0), d('alice', 1)], 'in_progress', 1],
    [
      'an all step done by every slot approves the route',
      [d('jane', 0), d('alice', 1), d('carol', 1)],
      'approved',
      null,
    ],
    ['parallel slots in any order', [d('jane', 0), d('carol', 1), d('brian', 1)], 'approved', null],
    ['a rejection ends it', [d('jane', 0, 'rejected')], 'rejected', null],
    [
      'a return in a parallel step ends it',
      [d('jane', 0), d('alice', 1), d('carol', 1, 'returned')],
      'returned',
      null,
    ],
    [
      'a rejection ends it even after other slots approved',
      [d('jane', 0), d('carol', 1), d('alice', 1, 'rejected')],
      'rejected',
      null,
    ],
  ])('%s', (_, decisions, state, currentStepIndex) => {
    const progress = workflowProgress(route, decisions);
    expect(progress.state).toBe(state);
    expect(progress.currentStepIndex).toBe(currentStepIndex);
    expect(progress.ignored).toEqual([]);
  });

  it('says whom it waits for', () => {
    expect(waiting([])).toEqual([[0, ['jane']]]);
    expect(waiting([d('jane', 0)])).toEqual([
      [0, ['alice', 'brian']],
      [1, ['carol']],
    ]);
    expect(waiting([d('jane', 0), d('brian', 1)])).toEqual([[1, ['carol']]]);
    expect(waiting([d('jane', 0, 'returned')])).toEqual([]);
  });

  it('an any step needs one approval', () => {
    const anyRoute = resolve([
      {
        mode: 'any',
        approvers: [
          { kind: 'role', role: 'finance_manager' },
          { kind: 'user', userId: 'carol' },
        ],
      },
    ]);
    expect(workflowProgress(anyRoute, [d('carol', 0)]).state).toBe('approved');
    expect(workflowProgress(anyRoute, [d('brian', 0)]).state).toBe('approved');
  });

  it('replays in time order and keeps refused decisions apart', () => {
    const early = d('jane', 0);
    const middle = d('alice', 1);
    const stranger = d('mallory', 1);
    const late = d('carol', 1);
    const progress = workflowProgress(route, [late, middle, stranger, early]);
    expect(progress.state).toBe('approved');
    expect(progress.decisions.map((decision) => decision.userId)).toEqual(['jane', 'alice', 'carol']);
    expect(progress.ignored).toEqual([{ decision: stranger, reason: 'not_your_turn' }]);
  });

  it('a route without steps never approves', () => {
    const progress = workflowProgress(resolve([]), []);
    expect(progress).toMatchObject({ state: 'in_progress', currentStepIndex: null, waitingFor: [] });
    expect(canAct('jane', progress)).toEqual({ ok: false, reason: 'not_your_turn' });
  });
});

describe('decide', () => {
  const route = resolve(ROUTE_STEPS);
  const after = (decisions: WorkflowDecision[]) => workflowProgress(route, decisions);

  it.each<[string, WorkflowDecision[], WorkflowDecision, string]>([
    ['the requester, never', [], d('rita', 0), 'own_document'],
    ['a candidate of a later step', [], d('carol', 1), 'not_your_turn'],
    ['a candidate of a later step, claiming the current one', [], d('carol', 0), 'not_your_turn'],
    ['a stranger', [d('jane', 0)], d('mallory', 1), 'not_your_turn'],
    ['a step index out of range', [], d('jane', 7), 'not_your_turn'],
    ['the same user twice on one step', [d('jane', 0), d('alice', 1)], d('alice', 1), 'already_decided'],
    ['a repeated click after the step moved on', [d('jane', 0)], d('jane', 0), 'already_decided'],
    [
      'a second holder of a slot already filled',
      [d('jane', 0), d('alice', 1)],
      d('brian', 1),
      'not_your_turn',
    ],
    ['anyone after the end', [d('jane', 0, 'rejected')], d('alice', 1), 'finished'],
    ['anyone after approval', [d('jane', 0), d('alice', 1), d('carol', 1)], d('brian', 1), 'finished'],
    ['a slot the user is no candidate of', [d('jane', 0)], d('carol', 1, 'approved', 0), 'not_your_turn'],
  ])('refuses %s', (_, before, decision, reason) =>
    expect(decide(after(before), decision)).toEqual({ ok: false, reason }),
  );

  it('records the slot it chose and the progress after it', () => {
    const result = decide(after([d('jane', 0)]), d('carol', 1));
    expect(result.ok && result.recorded).toMatchObject({
      userId: 'carol',
      stepIndex: 1,
      slotIndex: 1,
      onBehalfOf: [],
    });
    expect(result.ok && result.progress.waitingFor.map((slot) => slot.slotIndex)).toEqual([0]);
  });

  it('records a delegate’s decision as taken on behalf of the absent holder', () => {
    const delegated = resolve(ROUTE_STEPS, {}, [away('jane', 'peter')]);
    const result = decide(workflowProgress(delegated, []), d('peter', 0));
    expect(result.ok && result.recorded.onBehalfOf).toEqual(['jane']);
    expect(result.ok && result.progress.currentStepIndex).toBe(1);
    // The absent holder may still act: both are candidates while the delegation runs.
    expect(decide(workflowProgress(delegated, []), d('jane', 0)).ok).toBe(true);
  });

  describe('one person, one approval per step', () => {
    // Alice is a finance manager (with Brian) and the only treasurer.
    const twoHats = resolve([
      {
        mode: 'all',
        approvers: [
          { kind: 'role', role: 'finance_manager' },
          { kind: 'role', role: 'treasurer' },
        ],
      },
    ]);

    it('fills the slot only they can fill, leaving the other to someone else', () => {
      const first = decide(workflowProgress(twoHats, []), d('alice', 0));
      expect(first.ok && first.recorded.slotIndex).toBe(1);
      if (!first.ok) return;
      expect(decide(first.progress, d('alice', 0))).toEqual({ ok: false, reason: 'already_decided' });
      const second = decide(first.progress, d('brian', 0));
      expect(second.ok && second.progress.state).toBe('approved');
    });

    it('honours the slot the user names', () => {
      const named = decide(workflowProgress(twoHats, []), d('alice', 0, 'approved', 0));
      expect(named.ok && named.recorded.slotIndex).toBe(0);
    });

    it('cannot fill both slots when nobody else can: the step stays open', () => {
      const stuck = resolve([
        {
          mode: 'all',
          approvers: [
            { kind: 'role', role: 'treasurer' },
            { kind: 'role', role: 'controller' },
          ],
        },
      ]);
      expect(stuck.assignable).toBe(false);
      const progress = workflowProgress(stuck, [d('alice', 0), d('alice', 0)]);
      expect(progress.state).toBe('in_progress');
      expect(progress.ignored.map((ignored) => ignored.reason)).toEqual(['already_decided']);
    });
  });
});

describe('canAct', () => {
  const route = resolve(ROUTE_STEPS);
  it.each<[string, WorkflowDecision[], string, ReturnType<typeof canAct>]>([
    ['the budget owner at step 1', [], 'jane', { ok: true, stepIndex: 0, slotIndex: 0, onBehalfOf: [] }],
    ['the requester', [], 'rita', { ok: false, reason: 'own_document' }],
    ['a later step’s approver', [], 'carol', { ok: false, reason: 'not_your_turn' }],
    [
      'a parallel approver',
      [d('jane', 0)],
      'carol',
      { ok: true, stepIndex: 1, slotIndex: 1, onBehalfOf: [] },
    ],
    ['who already decided', [d('jane', 0), d('carol', 1)], 'carol', { ok: false, reason: 'already_decided' }],
    ['after the end', [d('jane', 0, 'rejected')], 'jane', { ok: false, reason: 'finished' }],
  ])('%s', (_, decisions, userId, expected) =>
    expect(canAct(userId, workflowProgress(route, decisions))).toEqual(expected),
  );
});

describe('describeRoute', () => {
  const NAMES: Record<string, string> = {
    jane: 'Jane Doe',
    peter: 'Peter Mwangi',
    alice: 'Alice Kamau',
    brian: 'Brian Otieno',
    carol: 'Carol Njeri',
    dan: 'Dan Ouma',
    fred: 'Fred Mutua',
  };
  const names = {
    user: (id: string) => NAMES[id] ?? id,
    role: (role: string) =>
      ({ finance_manager: 'Finance manager', procurement_manager: 'Procurement manager', cfo: 'CFO' })[
        role
      ] ?? 'Budget exception approver',
    costCentre: (id: string) => id.toUpperCase(),
  };

  it('previews the KES 750,000 IT requisition', () => {
    const route = resolve(
      [
        ...ROUTE_STEPS,
        {
          mode: 'any',
          purpose: 'budget_exception',
          approvers: [{ kind: 'role', role: BUDGET_EXCEPTION_ROLE }],
        },
      ],
      {},
      [away('jane', 'peter')],
    );
    expect(describeRoute(route, names)).toEqual([
      'Step 1: IT budget owner — Jane Doe, Peter Mwangi (for Jane Doe)',
      'Step 2, all of: Finance manager — Alice Kamau, Brian Otieno; Procurement manager — Carol Njeri',
      'Step 3 (budget exception): Budget exception approver — Dan Ouma',
    ]);
  });

  it.each<[string, StepDefinition, Partial<ApprovalDocument>, Delegation[], string]>([
    [
      'a named user',
      { mode: 'any', approvers: [{ kind: 'user', userId: 'carol' }] },
      {},
      [],
      'Step 1: Carol Njeri',
    ],
    [
      'a named user with a stand-in',
      { mode: 'any', approvers: [{ kind: 'user', userId: 'carol' }] },
      {},
      [away('carol', 'peter')],
      'Step 1: Carol Njeri — Carol Njeri, Peter Mwangi (for Carol Njeri)',
    ],
    [
      'several budget owners',
      DEFAULT_STEPS[0]!,
      { costCentreIds: ['it', 'finance'] },
      [],
      'Step 1, all of: IT budget owner — Jane Doe; FINANCE budget owner — Fred Mutua',
    ],
    [
      'an any step',
      {
        mode: 'any',
        approvers: [
          { kind: 'role', role: 'cfo' },
          { kind: 'user', userId: 'dan' },
        ],
      },
      {},
      [],
      'Step 1, any of: CFO — only the requester, who may not approve; Dan Ouma',
    ],
    [
      'no cost centre',
      DEFAULT_STEPS[0]!,
      { costCentreIds: [] },
      [],
      'Step 1: Budget owner — the document has no cost centre',
    ],
    [
      'too few people',
      { mode: 'all', approvers: Array(3).fill({ kind: 'role', role: 'finance_manager' }) },
      {},
      [],
      'Step 1, all of: Finance manager — Alice Kamau, Brian Otieno; Finance manager — Alice Kamau, Brian Otieno; Finance manager — Alice Kamau, Brian Otieno (not enough different people to approve every part)',
    ],
  ])('%s', (_, step, over, delegations, line) =>
    expect(describeRoute(resolve([step], over, delegations), names)).toEqual([line]),
  );

  it('takes translated words', () => {
    const route = resolve([{ mode: 'any', approvers: [{ kind: 'user', userId: 'carol' }] }]);
    const swahili = { ...ENGLISH_ROUTE_WORDS, step: (n: number) => `Hatua ${n}` };
    expect(describeRoute(route, names, swahili)).toEqual(['Hatua 1: Carol Njeri']);
  });
});

describe('delegationWindow', () => {
  it('runs from the first day’s Nairobi midnight to the midnight after the last day', () => {
    const window = delegationWindow('2026-12-01', '2026-12-03');
    expect(window.startsAt.toISOString()).toBe('2026-11-30T21:00:00.000Z');
    expect(window.endsAt.toISOString()).toBe('2026-12-03T21:00:00.000Z');
    const delegation = { fromUserId: '1', toUserId: '2', ...window };
    expect(isDelegationActive(delegation, new Date('2026-11-30T20:59:59.999Z'))).toBe(false);
    expect(isDelegationActive(delegation, new Date('2026-11-30T21:00:00.000Z'))).toBe(true);
    expect(isDelegationActive(delegation, new Date('2026-12-03T20:59:59.999Z'))).toBe(true);
    expect(isDelegationActive(delegation, new Date('2026-12-03T21:00:00.000Z'))).toBe(false);
  });
});

describe('supplier risk band condition', () => {
  // Bands as the supplier risk profile defines them: low < medium < high < critical.
  it.each([
    // rule's band, the document's suppliers' bands, matches
    [null, [], true],
    [null, ['critical'], true],
    [undefined, ['low'], true],
    ['high', ['high'], true],
    ['high', ['critical'], true],
    ['high', ['medium'], false],
    ['high', ['low'], false],
    ['high', [], false],
    ['high', undefined, false],
    ['high', ['low', 'medium', 'critical'], true],
    ['high', ['low', 'medium'], false],
    ['low', ['low'], true],
    ['medium', ['low'], false],
    ['medium', ['medium', 'low'], true],
    ['critical', ['high'], false],
    ['critical', ['high', 'critical'], true],
  ] as const)('rule at or above %s, suppliers %j → %s', (band, bands, matches) => {
    const r = rule({ id: 'r', minSupplierRiskBand: band });
    const d = doc(bands === undefined ? {} : { supplierRiskBands: bands });
    expect(workflowRuleMatches(r, d)).toBe(matches);
  });

  it.each([
    ['low', 'low', true],
    ['medium', 'low', true],
    ['low', 'medium', false],
    ['critical', 'high', true],
    ['high', 'critical', false],
    ['high', 'high', true],
  ] as const)('%s is at or above %s: %s', (band, floor, expected) => {
    expect(supplierRiskBandAtLeast(band, floor)).toBe(expected);
  });

  it('a high-risk supplier takes the risk rule before the general one; a low-risk one falls through', () => {
    const rules = [
      rule({ id: 'general', priority: 200 }),
      rule({ id: 'risky', priority: 100, minSupplierRiskBand: 'high' }),
    ];
    expect(selectWorkflowRule(rules, doc({ supplierRiskBands: ['critical'] }))?.id).toBe('risky');
    expect(selectWorkflowRule(rules, doc({ supplierRiskBands: ['low'] }))?.id).toBe('general');
    expect(selectWorkflowRule(rules, doc())?.id).toBe('general');
  });

  it('only documents with suppliers can meet the condition', () => {
    expect(workflowRuleNeedsSupplierRisk(rule({ id: 'a' }))).toBe(false);
    expect(workflowRuleNeedsSupplierRisk(rule({ id: 'b', minSupplierRiskBand: 'medium' }))).toBe(true);
  });
});
