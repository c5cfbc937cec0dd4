import { describe, expect, it } from 'vitest';
import {
  canDecide,
  completableByDistinctPeople,
  resolveSteps,
  waitingDeciders,
  withCurrentDelegations,
  workflowProgress,
  type ApprovalDirectory,
  type StepDefinition,
} from './approval-workflows.ts';
import {
  DEFAULT_SEGREGATION_POLICY,
  conflictOfInterest,
  invoiceParties,
  mayBeDelegate,
  mayStandIn,
  purchaseOrderParties,
  requisitionParties,
  segregationRefusal,
  type DocumentParty,
  type SegregationPolicy,
  type StepDecision,
} from './segregation.ts';

const ON: SegregationPolicy = DEFAULT_SEGREGATION_POLICY;
const OFF: SegregationPolicy = { oneStepPerPerson: false };

describe('who took part in raising a document', () => {
  const order = purchaseOrderParties({ raisedBy: 7, sourceRequesterIds: [3, 4] });
  const invoice = invoiceParties({ orderRaisedBy: 7, sourceRequesterIds: [3], enteredBy: 9 });
  const supplierSent = invoiceParties({ orderRaisedBy: 7, sourceRequesterIds: [3], enteredBy: null });
  it.each<[string, DocumentParty[], string, ReturnType<typeof conflictOfInterest>]>([
    ['requisition: its requester', requisitionParties(3), '3', 'raised'],
    ['requisition: anyone else', requisitionParties(3), '5', null],
    ['order: the buyer who raised it', order, '7', 'raised'],
    ['order: a source requisition requester', order, '4', 'raised_source_requisition'],
    ['order: an approver', order, '5', null],
    ['invoice: the finance person who entered it', invoice, '9', 'entered_invoice'],
    ['invoice: the buyer who raised the order', invoice, '7', 'raised_order'],
    ['invoice: a source requisition requester', invoice, '3', 'raised_source_requisition'],
    ['invoice sent by the supplier: finance', supplierSent, '9', null],
  ])('%s', (_, parties, userId, expected) => {
    expect(conflictOfInterest(userId, parties)).toBe(expected);
  });
});

describe('segregationRefusal', () => {
  const decisions: StepDecision[] = [{ stepIndex: 0, userId: '5' }];
  it.each<[string, string, number, SegregationPolicy, ReturnType<typeof segregationRefusal>]>([
    ['the requester, whatever the switch', '3', 0, OFF, 'raised'],
    ['step 1 decider on step 2, switch on', '5', 1, ON, 'earlier_step'],
    ['step 1 decider on step 2, switch off', '5', 1, OFF, null],
    ['step 1 decider on step 1 again (the workflow refuses it)', '5', 0, ON, null],
    ['someone new on step 2', '6', 1, ON, null],
  ])('%s', (_, userId, stepIndex, policy, expected) => {
    expect(segregationRefusal(userId, { parties: requisitionParties(3), decisions, stepIndex, policy })).toBe(
      expected,
    );
  });
});

describe('delegates', () => {
  it.each<[string, Parameters<typeof mayStandIn>[0], string[], boolean]>([
    ['a pure requester for a budget owner', { kind: 'budget_owner' }, ['requester'], false],
    ['an approver for a budget owner', { kind: 'budget_owner' }, ['requester', 'approver'], true],
    ['finance for a named approver', { kind: 'user' }, ['finance'], true],
    ['an approver for the finance role', { kind: 'role', role: 'finance' }, ['approver'], false],
    ['finance for the finance role', { kind: 'role', role: 'finance' }, ['finance'], true],
    ['an administrator only', { kind: 'budget_owner' }, ['org_admin'], false],
  ])('%s', (_, slot, roles, expected) => {
    expect(mayStandIn(slot, roles)).toBe(expected);
  });

  it.each<[string[], boolean]>([
    [['requester'], false],
    [['requester', 'auditor'], false],
    [['org_admin', 'buyer'], false],
    [['requester', 'approver'], true],
    [['budget_exception_approver'], true],
  ])('%j may be a delegate: %s', (roles, expected) => {
    expect(mayBeDelegate(roles)).toBe(expected);
  });
});

describe('the approval engine with segregation of duties', () => {
  const now = new Date('2026-03-10T09:00:00+03:00');
  const roles: Record<string, string[]> = {
    req: ['requester'],
    ann: ['approver', 'finance'],
    bob: ['finance'],
    pat: ['requester'],
    ola: ['approver'],
  };
  const directory = (delegations: ApprovalDirectory['delegations'] = []): ApprovalDirectory => ({
    usersWithRole: (role) => Object.keys(roles).filter((id) => roles[id]!.includes(role)),
    budgetOwnerOf: () => 'ann',
    delegations,
    rolesOf: (id) => roles[id] ?? [],
  });
  const steps: StepDefinition[] = [
    { mode: 'any', approvers: [{ kind: 'role', role: 'approver' }] },
    { mode: 'any', approvers: [{ kind: 'role', role: 'finance' }] },
  ];
  const doc = { requesterId: 'req', costCentreIds: ['1'] };
  const seg = { parties: requisitionParties('req'), policy: ON };

  it('lets a holder of both roles decide one step only, unless switched off', () => {
    const route = resolveSteps(steps, directory(), doc, now);
    const afterStep1 = workflowProgress(route, [
      { stepIndex: 0, userId: 'ann', decision: 'approved', at: now },
    ]);
    expect(afterStep1.currentStepIndex).toBe(1);
    expect(canDecide('ann', afterStep1, seg)).toEqual({ ok: false, reason: 'earlier_step' });
    expect(canDecide('ann', afterStep1, { ...seg, policy: OFF }).ok).toBe(true);
    expect(canDecide('bob', afterStep1, seg).ok).toBe(true);
    expect(waitingDeciders(afterStep1, seg)).toEqual(['bob']);
  });

  it('refuses the requester and the raisers of a source requisition before the turn check', () => {
    const route = resolveSteps(steps, directory(), { ...doc, barredIds: ['ola'] }, now);
    const progress = workflowProgress(route, []);
    // Ola, an approver, raised the requisition this order came from: not a candidate, and told why.
    expect(route.steps[0]!.slots[0]!.candidates.map((c) => c.userId)).toEqual(['ann']);
    const order = {
      parties: purchaseOrderParties({ raisedBy: 'req', sourceRequesterIds: ['ola'] }),
      policy: ON,
    };
    expect(canDecide('ola', progress, order)).toEqual({ ok: false, reason: 'raised_source_requisition' });
    expect(canDecide('req', progress, order)).toEqual({ ok: false, reason: 'raised' });
  });

  it('gives a delegation started after submission the waiting items, to delegates who may decide', () => {
    const route = resolveSteps(steps, directory(), doc, now);
    const away = (to: string) => ({
      fromUserId: 'bob',
      toUserId: to,
      startsAt: new Date('2026-03-11T00:00:00+03:00'),
      endsAt: new Date('2026-03-13T00:00:00+03:00'),
    });
    const later = new Date('2026-03-11T10:00:00+03:00');
    // Bob (finance) is away from the 11th: Pat only requests and never stands in; Ann holds finance.
    const refreshed = withCurrentDelegations(route, directory([away('pat'), away('ann')]), later);
    expect(refreshed.steps[1]!.slots[0]!.candidates).toEqual([
      { userId: 'ann', inOwnRight: true, onBehalfOf: ['bob'] },
      { userId: 'bob', inOwnRight: true, onBehalfOf: [] },
    ]);
    // Not yet running: the route is left as it was.
    expect(withCurrentDelegations(route, directory([away('ola')]), now)).toBe(route);
  });

  it('tells whether distinct people can complete every step', () => {
    const oneFinance = { ...roles, bob: ['requester'], ola: ['requester'] };
    const only = (r: Record<string, string[]>): ApprovalDirectory => ({
      ...directory(),
      usersWithRole: (role) => Object.keys(r).filter((id) => r[id]!.includes(role)),
    });
    expect(completableByDistinctPeople(resolveSteps(steps, directory(), doc, now))).toBe(true);
    expect(completableByDistinctPeople(resolveSteps(steps, only(oneFinance), doc, now))).toBe(false);
  });
});
