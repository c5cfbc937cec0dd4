import {
  mayStandIn,
  segregationRefusal,
  type DocumentParty,
  type SegregationPolicy,
  type SegregationRefusal,
} from './segregation.ts';
import { SUPPLIER_RISK_BANDS, type SupplierRiskBand } from './risk-profile.ts';

/**
 * Configurable approval workflows for procure-to-pay (SPEC §1: "Approval workflows are configurable"): which
 * rule applies to a document, who concretely may approve each of its steps, and how decisions move the
 * document through them. Pure: the service loads the organisation's rules, directory and the decisions so
 * far, and enforces the resulting status change in SQL like any other (ARCHITECTURE §3).
 */

// Sourcing, contracts and risk documents (issues 20-23) are listed here once, with one migration, so that the
// modules built beside each other do not each alter the database enum.
export const APPROVAL_DOCUMENT_TYPES = [
  'requisition',
  'purchase_order',
  'invoice',
  'prequalification_result',
  'rfq',
  'rfq_award',
  'tender_award',
  'auction_award',
  'contract',
  'risk_acceptance',
  // A tender's method outside its threshold (or one that limits competition): its recorded justification
  // is approved before the notice is published (issue 21).
  'tender_justification',
  // An asset's disposal method, and the award of its sale by public tender (issue 21).
  'disposal_method',
  'disposal_award',
] as const;
export type ApprovalDocumentType = (typeof APPROVAL_DOCUMENT_TYPES)[number];

/**
 * Who may approve one slot of a step. A role: any holder of it. A user: that person. The budget owner: the
 * owner of the cost centres the document charges, or of the listed ones (the budget exception names the
 * cost centres that are over budget, not every one the document touches).
 */
export type ApproverDefinition =
  | { kind: 'role'; role: string }
  | { kind: 'user'; userId: string }
  | { kind: 'budget_owner'; costCentreIds?: readonly string[] };

/**
 * `any`: one approval from any candidate of any of the step's slots completes the step. `all`: parallel
 * approval, every slot needs its own approval, each from a different person. Listing a role twice in an
 * `all` step therefore asks for two different holders of it (four eyes).
 */
export const STEP_MODES = ['any', 'all'] as const;
export type StepMode = (typeof STEP_MODES)[number];

/** A budget exception is recorded and shown apart from ordinary approval: it is consent to overspend. */
export const STEP_PURPOSES = ['approval', 'budget_exception'] as const;
export type StepPurpose = (typeof STEP_PURPOSES)[number];

export interface StepDefinition {
  mode: StepMode;
  approvers: readonly ApproverDefinition[];
  /** `approval` when absent. */
  purpose?: StepPurpose;
}

export interface WorkflowRule {
  id: string;
  name: string;
  documentType: ApprovalDocumentType;
  /** Lower first; equal priorities are ordered by id so the choice never depends on load order. */
  priority: number;
  /**
   * The amount band, in integer minor units of `currency`: min INCLUSIVE, max EXCLUSIVE, either open when
   * absent. Adjacent bands [0, 500000) and [500000, ∞) therefore never overlap and leave no gap: 500000
   * exactly belongs to the upper band.
   */
  minAmountMinor?: number | null;
  maxAmountMinor?: number | null;
  /** A rule in another currency never matches: the caller converts the amount first if it wants that. */
  currency: string;
  /** Empty or absent: any. Otherwise EVERY cost centre the document charges must be in the list. */
  costCentreIds?: readonly string[] | null;
  /** Empty or absent: any. Otherwise EVERY category the document buys must be in the list. */
  categoryIds?: readonly string[] | null;
  /**
   * Null or absent: any supplier. Otherwise the rule matches only when at least one of the document's
   * suppliers is in this risk band or above (an RFQ award to several suppliers: any awarded one).
   */
  minSupplierRiskBand?: SupplierRiskBand | null;
  steps: readonly StepDefinition[];
}

export interface ApprovalDocument {
  documentType: ApprovalDocumentType;
  /** The document's total in integer minor units (KES 750,000.00 → 75_000_000). */
  amountMinor: number;
  currency: string;
  /** Who raised it (the requisitioner, the buyer of a purchase order, who entered an invoice). */
  requesterId: string;
  /** Every cost centre the document's lines charge and every category they buy; repeats are harmless. */
  costCentreIds: readonly string[];
  categoryIds: readonly string[];
  /**
   * The risk bands of the document's suppliers (one per supplier; an RFQ award has one per awarded
   * supplier). Absent or empty: no supplier, or their bands were not asked for; a rule with a risk band
   * condition then never matches.
   */
  supplierRiskBands?: readonly SupplierRiskBand[];
}

/** When no rule matches, the owners of the budgets the document spends approve it. */
export const DEFAULT_STEPS: readonly StepDefinition[] = [
  { mode: 'all', approvers: [{ kind: 'budget_owner' }] },
];

/**
 * A rule restricted to some cost centres (or categories) matches only if the document stays inside them:
 * a rule written for IT's spending must not be the only check on a document that also spends Finance's
 * money, so a mixed document falls through to a broader rule. A document that names no cost centre at all
 * matches no restricted rule, for the same reason.
 */
function staysWithin(allowed: readonly string[] | null | undefined, present: readonly string[]): boolean {
  if (!allowed || allowed.length === 0) return true;
  return present.length > 0 && present.every((id) => allowed.includes(id));
}

/** low < medium < high < critical, as the supplier risk profile orders them. */
const bandRank = (band: SupplierRiskBand): number =>
  SUPPLIER_RISK_BANDS.length - SUPPLIER_RISK_BANDS.findIndex((b) => b.key === band);

/** Whether `band` is `floor` or riskier. */
export function supplierRiskBandAtLeast(band: SupplierRiskBand, floor: SupplierRiskBand): boolean {
  return bandRank(band) >= bandRank(floor);
}

/** Whether matching this rule needs the bands of the document's suppliers (the caller fetches them then). */
export function workflowRuleNeedsSupplierRisk(rule: Pick<WorkflowRule, 'minSupplierRiskBand'>): boolean {
  return rule.minSupplierRiskBand !== null && rule.minSupplierRiskBand !== undefined;
}

/**
 * A rule asking for a risk band or above matches when ANY of the document's suppliers reaches it: one risky
 * supplier among several awarded is enough to need the rule's approvers. A document without suppliers
 * (or whose bands are unknown) never matches such a rule.
 */
function supplierRiskReaches(floor: SupplierRiskBand | null | undefined, bands: readonly SupplierRiskBand[]) {
  if (floor === null || floor === undefined) return true;
  return bands.some((band) => supplierRiskBandAtLeast(band, floor));
}

export function workflowRuleMatches(rule: WorkflowRule, doc: ApprovalDocument): boolean {
  return (
    supplierRiskReaches(rule.minSupplierRiskBand, doc.supplierRiskBands ?? []) &&
    rule.documentType === doc.documentType &&
    rule.currency.toUpperCase() === doc.currency.toUpperCase() &&
    doc.amountMinor >= (rule.minAmountMinor ?? -Infinity) &&
    doc.amountMinor < (rule.maxAmountMinor ?? Infinity) &&
    staysWithin(rule.costCentreIds, doc.costCentreIds) &&
    staysWithin(rule.categoryIds, doc.categoryIds)
  );
}

function byPriority(a: WorkflowRule, b: WorkflowRule): number {
  if (a.priority !== b.priority) return a.priority - b.priority;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The first matching rule by priority, or null: the caller decides the fallback (usually DEFAULT_STEPS). */
export function selectWorkflowRule<R extends WorkflowRule>(
  rules: readonly R[],
  doc: ApprovalDocument,
): R | null {
  return [...rules].sort(byPriority).find((rule) => workflowRuleMatches(rule, doc)) ?? null;
}

export type WorkflowRuleProblem =
  | { problem: 'amount_not_whole_minor_units'; field: 'minAmountMinor' | 'maxAmountMinor' }
  | { problem: 'empty_amount_band' }
  | { problem: 'currency_not_iso' }
  | { problem: 'no_steps' }
  | { problem: 'step_without_approvers'; stepIndex: number };

/** What is wrong with a rule an administrator is saving; empty when it can be saved. */
export function workflowRuleProblems(rule: WorkflowRule): WorkflowRuleProblem[] {
  const problems: WorkflowRuleProblem[] = [];
  for (const field of ['minAmountMinor', 'maxAmountMinor'] as const) {
    const value = rule[field];
    if (value !== null && value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      problems.push({ problem: 'amount_not_whole_minor_units', field });
    }
  }
  // A band no amount can fall in is a typo, not a rule: with max exclusive, min = max is empty too.
  if (
    typeof rule.minAmountMinor === 'number' &&
    typeof rule.maxAmountMinor === 'number' &&
    rule.minAmountMinor >= rule.maxAmountMinor
  ) {
    problems.push({ problem: 'empty_amount_band' });
  }
  if (!/^[A-Z]{3}$/.test(rule.currency)) problems.push({ problem: 'currency_not_iso' });
  // A document nobody approves would be approved by its requester alone.
  if (rule.steps.length === 0) problems.push({ problem: 'no_steps' });
  rule.steps.forEach((step, stepIndex) => {
    if (step.approvers.length === 0) problems.push({ problem: 'step_without_approvers', stepIndex });
  });
  return problems;
}

/** The role that consents to overspending when the budget control action is `warn`. */
export const BUDGET_EXCEPTION_ROLE = 'budget_exception_approver';

/**
 * The step an over-budget document needs under `warn` (every document type): consent to overspend from any
 * holder of the exception role, or from the owner of one of the over-budget cost centres (not every cost
 * centre the document touches: the others are within budget). One consent is enough (`any`).
 */
export function overBudgetConsentStep(overBudgetCostCentreIds: readonly string[]): StepDefinition {
  return {
    mode: 'any',
    purpose: 'budget_exception',
    approvers: [
      { kind: 'role', role: BUDGET_EXCEPTION_ROLE },
      { kind: 'budget_owner', costCentreIds: [...new Set(overBudgetCostCentreIds)] },
    ],
  };
}

/**
 * Whether the final approval of a route must first be followed by the over-budget consent step: the
 * document is over a `warn` budget now and nobody has consented on this route yet. The step goes last, as
 * its own step even when the same person already approved: consenting to overspend is a separate, recorded
 * decision taken knowing the rest was approved.
 */
export function needsBudgetConsent(
  route: Pick<ResolvedRoute, 'steps'>,
  overBudgetCostCentreIds: readonly string[],
): boolean {
  return (
    overBudgetCostCentreIds.length > 0 && !route.steps.some((step) => step.purpose === 'budget_exception')
  );
}

/** The route with one more (already resolved) step at its end: the consent step added at final approval. */
export function withStep(route: ResolvedRoute, step: ResolvedStep): ResolvedRoute {
  const steps = [...route.steps, step];
  return { ...route, steps, assignable: route.assignable && step.unassignable === null };
}

export interface Delegation {
  fromUserId: string;
  toUserId: string;
  /** Inclusive. */
  startsAt: Date;
  /** Exclusive: a delegation "until Monday 00:00" no longer applies at Monday 00:00. */
  endsAt: Date;
}

/**
 * A delegation kept as calendar days ("away from the 3rd to the 7th", inclusive, Nairobi time) as the
 * instants resolution compares: from the first day's midnight to the midnight after the last day.
 */
export function delegationWindow(startsOn: string, endsOn: string): { startsAt: Date; endsAt: Date } {
  const startsAt = new Date(`${startsOn}T00:00:00+03:00`);
  const endsAt = new Date(new Date(`${endsOn}T00:00:00+03:00`).getTime() + 86_400_000);
  return { startsAt, endsAt };
}

export function isDelegationActive(delegation: Delegation, now: Date): boolean {
  const at = now.getTime();
  return (
    delegation.fromUserId !== delegation.toUserId &&
    delegation.startsAt.getTime() <= at &&
    at < delegation.endsAt.getTime()
  );
}

/** The organisation as the service loads it for one resolution. */
export interface ApprovalDirectory {
  usersWithRole(role: string): readonly string[];
  budgetOwnerOf(costCentreId: string): string | null;
  delegations: readonly Delegation[];
  /**
   * Everyone's roles, so a delegate stands in only where one of their roles may decide the slot
   * (segregation of duties). Absent: delegates are not checked (previews in tests).
   */
  rolesOf?(userId: string): readonly string[];
}

export interface ApprovalCandidate {
  userId: string;
  /** Holds the slot's authority themselves: a role holder, the named user, the budget owner. */
  inOwnRight: boolean;
  /** Absent holders this user stands in for by delegation. */
  onBehalfOf: readonly string[];
}

export const SLOT_PROBLEMS = [
  'no_role_holder',
  'no_budget_owner',
  'no_cost_centre',
  'only_the_requester',
] as const;
export type SlotProblem = (typeof SLOT_PROBLEMS)[number];

export interface ResolvedSlot {
  approver: ApproverDefinition;
  /** For a budget owner: the cost centres this owner answers for on the document. Empty otherwise. */
  costCentreIds: readonly string[];
  /** Never the requester, nor anyone acting only on the requester's behalf. */
  candidates: readonly ApprovalCandidate[];
  /** Why there is no candidate; null when there is one. */
  problem: SlotProblem | null;
}

export type StepProblem =
  | { reason: 'no_candidate'; slotIndex: number; problem: SlotProblem }
  | { reason: 'too_few_distinct_approvers'; needed: number; available: number }
  | { reason: 'no_approvers' };

export interface ResolvedStep {
  mode: StepMode;
  purpose: StepPurpose;
  slots: readonly ResolvedSlot[];
  /** Why nobody could complete this step; the caller refuses submission with this rather than strand it. */
  unassignable: StepProblem | null;
}

export interface ResolvedRoute {
  requesterId: string;
  steps: readonly ResolvedStep[];
  /** Every step can be completed by people other than the requester (and there is at least one step). */
  assignable: boolean;
}

const unique = (ids: readonly string[]): string[] => [...new Set(ids)];

interface SlotHolders {
  approver: ApproverDefinition;
  costCentreIds: string[];
  holders: string[];
  /** Why the slot is empty when it has no holders at all. */
  whenNobody: SlotProblem;
}

/**
 * One slot per role or user; for a budget owner one slot per distinct OWNER, so that a document charging
 * two cost centres owned by the same person asks that person once, not twice in an `all` step.
 */
function slotHolders(
  approver: ApproverDefinition,
  directory: ApprovalDirectory,
  documentCostCentreIds: readonly string[],
): SlotHolders[] {
  switch (approver.kind) {
    case 'role':
      return [
        {
          approver,
          costCentreIds: [],
          holders: unique(directory.usersWithRole(approver.role)),
          whenNobody: 'no_role_holder',
        },
      ];
    case 'user':
      return [{ approver, costCentreIds: [], holders: [approver.userId], whenNobody: 'only_the_requester' }];
    case 'budget_owner': {
      const centres = unique(
        approver.costCentreIds && approver.costCentreIds.length > 0
          ? approver.costCentreIds
          : documentCostCentreIds,
      );
      if (centres.length === 0)
        return [{ approver, costCentreIds: [], holders: [], whenNobody: 'no_cost_centre' }];
      const byOwner = new Map<string, string[]>();
      const ownerless: SlotHolders[] = [];
      for (const centre of centres) {
        const owner = directory.budgetOwnerOf(centre);
        if (owner === null) {
          ownerless.push({ approver, costCentreIds: [centre], holders: [], whenNobody: 'no_budget_owner' });
        } else {
          byOwner.set(owner, [...(byOwner.get(owner) ?? []), centre]);
        }
      }
      return [
        ...[...byOwner].map(([owner, costCentreIds]) => ({
          approver,
          costCentreIds,
          holders: [owner],
          whenNobody: 'no_budget_owner' as const,
        })),
        ...ownerless,
      ];
    }
  }
}

/**
 * The holders, then the delegates of those holders who are away. Both may act while a delegation runs: the
 * delegation adds a stand-in, it does not lock the absent user out (they may approve from their phone).
 * Delegations are not chained: a delegate's own delegation carries their duties, not what they hold for
 * someone else. Separation of duties: the requester is never a candidate, and neither is anyone whose only
 * authority is standing in for the requester, since that is the requester approving their own document.
 */
function candidatesFor(
  holders: readonly string[],
  active: readonly Delegation[],
  barred: ReadonlySet<string>,
  mayDelegateTo: (userId: string) => boolean,
  existing: readonly ApprovalCandidate[] = [],
) {
  const byUser = new Map<string, { inOwnRight: boolean; onBehalfOf: string[] }>();
  const entry = (userId: string) => {
    let found = byUser.get(userId);
    if (!found) byUser.set(userId, (found = { inOwnRight: false, onBehalfOf: [] }));
    return found;
  };
  for (const candidate of existing) {
    const found = entry(candidate.userId);
    found.inOwnRight ||= candidate.inOwnRight;
    for (const id of candidate.onBehalfOf) if (!found.onBehalfOf.includes(id)) found.onBehalfOf.push(id);
  }
  const eligible = holders.filter((holder) => !barred.has(holder));
  for (const holder of eligible) entry(holder).inOwnRight = true;
  for (const holder of eligible) {
    for (const delegation of active) {
      if (delegation.fromUserId !== holder || barred.has(delegation.toUserId)) continue;
      if (!mayDelegateTo(delegation.toUserId)) continue;
      const delegate = entry(delegation.toUserId);
      if (!delegate.onBehalfOf.includes(holder)) delegate.onBehalfOf.push(holder);
    }
  }
  return [...byUser].map(([userId, { inOwnRight, onBehalfOf }]): ApprovalCandidate => ({
    userId,
    inOwnRight,
    onBehalfOf,
  }));
}

/**
 * How many slots different people can fill at once (a maximum bipartite matching by augmenting paths; a
 * step has a handful of slots, so the simple algorithm is plenty).
 */
function distinctFill(slots: readonly (readonly string[])[]): number {
  const slotOf = new Map<string, number>();
  const fill = (slot: number, seen: Set<string>): boolean => {
    for (const user of slots[slot] ?? []) {
      if (seen.has(user)) continue;
      seen.add(user);
      const taken = slotOf.get(user);
      if (taken === undefined || fill(taken, seen)) {
        slotOf.set(user, slot);
        return true;
      }
    }
    return false;
  };
  let filled = 0;
  for (let slot = 0; slot < slots.length; slot++) if (fill(slot, new Set())) filled++;
  return filled;
}

function stepProblem(mode: StepMode, slots: readonly ResolvedSlot[]): StepProblem | null {
  if (slots.length === 0) return { reason: 'no_approvers' };
  const emptyIndex = slots.findIndex((slot) => slot.candidates.length === 0);
  const empty = (slotIndex: number): StepProblem => ({
    reason: 'no_candidate',
    slotIndex,
    problem: slots[slotIndex]?.problem ?? 'no_role_holder',
  });
  // In an `any` step a slot without candidates is harmless while another slot has some.
  if (mode === 'any') return slots.every((slot) => slot.candidates.length === 0) ? empty(0) : null;
  if (emptyIndex >= 0) return empty(emptyIndex);
  const available = distinctFill(slots.map((slot) => slot.candidates.map((candidate) => candidate.userId)));
  return available < slots.length
    ? { reason: 'too_few_distinct_approvers', needed: slots.length, available }
    : null;
}

/**
 * The concrete people behind each step for this document at `now`. Resolve at submission to refuse an
 * unassignable route with a clear message (and to preview it); whether to resolve again at each decision
 * (so delegations that start later count) or keep the submitted route is the caller's choice.
 */
export function resolveSteps(
  steps: readonly StepDefinition[],
  directory: ApprovalDirectory,
  doc: Pick<ApprovalDocument, 'requesterId' | 'costCentreIds'> & {
    /** Others who took part in raising it (segregation.ts): never candidates, like the requester. */
    barredIds?: readonly string[];
  },
  now: Date,
): ResolvedRoute {
  const active = directory.delegations.filter((delegation) => isDelegationActive(delegation, now));
  const barred = new Set([doc.requesterId, ...(doc.barredIds ?? [])]);
  const resolved = steps.map((step): ResolvedStep => {
    const slots = step.approvers
      .flatMap((approver) => slotHolders(approver, directory, doc.costCentreIds))
      .map(({ approver, costCentreIds, holders, whenNobody }): ResolvedSlot => {
        const candidates = candidatesFor(holders, active, barred, standInCheck(directory, approver));
        const problem =
          candidates.length > 0 ? null : holders.length === 0 ? whenNobody : 'only_the_requester';
        return { approver, costCentreIds, candidates, problem };
      });
    return {
      mode: step.mode,
      purpose: step.purpose ?? 'approval',
      slots,
      unassignable: stepProblem(step.mode, slots),
    };
  });
  return {
    requesterId: doc.requesterId,
    steps: resolved,
    assignable: resolved.length > 0 && resolved.every((step) => step.unassignable === null),
  };
}

/** Whether a delegate may stand in on this slot: one of their roles may decide it (segregation.ts). */
const standInCheck = (directory: ApprovalDirectory, approver: ApproverDefinition) => {
  const rolesOf = directory.rolesOf;
  return rolesOf ? (userId: string) => mayStandIn(approver, rolesOf(userId)) : () => true;
};

/**
 * A stored route with the delegations running at `now` added: a delegation also covers documents already
 * waiting when it starts, not only those submitted while it runs. Candidates are only ever added (a
 * decision already taken by a former delegate stays valid on replay); the requester and `barredIds` never
 * become candidates.
 */
export function withCurrentDelegations(
  route: ResolvedRoute,
  directory: Pick<ApprovalDirectory, 'delegations' | 'rolesOf'>,
  now: Date,
  barredIds: readonly string[] = [],
): ResolvedRoute {
  const active = directory.delegations.filter((delegation) => isDelegationActive(delegation, now));
  if (active.length === 0) return route;
  const barred = new Set([route.requesterId, ...barredIds]);
  let changed = false;
  const steps = route.steps.map((step): ResolvedStep => {
    const slots = step.slots.map((slot): ResolvedSlot => {
      const holders = slot.candidates.filter((c) => c.inOwnRight).map((c) => c.userId);
      const candidates = candidatesFor(
        holders,
        active,
        barred,
        standInCheck(directory as ApprovalDirectory, slot.approver),
        slot.candidates,
      );
      const same =
        candidates.length === slot.candidates.length &&
        candidates.every((c, i) => c.onBehalfOf.length === slot.candidates[i]?.onBehalfOf.length);
      if (same) return slot;
      changed = true;
      return { ...slot, candidates, problem: candidates.length > 0 ? null : slot.problem };
    });
    return { ...step, slots };
  });
  return changed ? { ...route, steps } : route;
}

/**
 * Can every step be completed by people who each decide one step only (segregation of duties' one step
 * per person)? An `any` step needs one person, an `all` step one per slot; nobody is counted twice.
 */
export function completableByDistinctPeople(route: ResolvedRoute): boolean {
  const needs = route.steps.flatMap((step) =>
    step.mode === 'any'
      ? [unique(step.slots.flatMap((slot) => slot.candidates.map((c) => c.userId)))]
      : step.slots.map((slot) => slot.candidates.map((c) => c.userId)),
  );
  return distinctFill(needs) === needs.length;
}

export const WORKFLOW_DECISIONS = ['approved', 'rejected', 'returned'] as const;
export type WorkflowDecisionKind = (typeof WORKFLOW_DECISIONS)[number];

export interface WorkflowDecision {
  /** The step the user saw when deciding: a stale or repeated click cannot land on the next step. */
  stepIndex: number;
  /** The slot decided on; chosen by `decide` when absent and stored with the decision so replay agrees. */
  slotIndex?: number;
  userId: string;
  decision: WorkflowDecisionKind;
  at: Date;
}

export interface RecordedDecision extends WorkflowDecision {
  slotIndex: number;
  /** The absent holders the user acted for; empty when they acted in their own right (for the audit row). */
  onBehalfOf: readonly string[];
}

export const WORKFLOW_STATES = ['in_progress', 'approved', 'rejected', 'returned'] as const;
export type WorkflowState = (typeof WORKFLOW_STATES)[number];

export const DECISION_REFUSALS = ['not_your_turn', 'already_decided', 'own_document', 'finished'] as const;
export type DecisionRefusal = (typeof DECISION_REFUSALS)[number];

export interface WaitingSlot {
  stepIndex: number;
  slotIndex: number;
  approver: ApproverDefinition;
  costCentreIds: readonly string[];
  /** Who can still fill it: people who already decided on this step are left out. */
  candidates: readonly ApprovalCandidate[];
}

export interface WorkflowProgress {
  state: WorkflowState;
  /** The step waiting for decisions; null once the workflow has ended (and for a route without steps). */
  currentStepIndex: number | null;
  waitingFor: readonly WaitingSlot[];
  route: ResolvedRoute;
  decisions: readonly RecordedDecision[];
  /** Stored decisions the replay refused (stale, repeated, not a candidate): for the log, never applied. */
  ignored: readonly { decision: WorkflowDecision; reason: DecisionRefusal }[];
}

function stepComplete(step: ResolvedStep, decisions: readonly RecordedDecision[]): boolean {
  const approved = decisions.filter((decision) => decision.decision === 'approved');
  if (step.mode === 'any') return approved.length > 0;
  return step.slots.every((_, slotIndex) => approved.some((decision) => decision.slotIndex === slotIndex));
}

/** Where accepted decisions leave the route. Steps are sequential; the slots of one step are parallel. */
function summarise(
  route: ResolvedRoute,
  decisions: readonly RecordedDecision[],
  ignored: WorkflowProgress['ignored'],
): WorkflowProgress {
  const base = { route, decisions, ignored };
  // A route without steps never approves: nobody but the requester would have looked at the document.
  if (route.steps.length === 0)
    return { ...base, state: 'in_progress', currentStepIndex: null, waitingFor: [] };
  for (const [stepIndex, step] of route.steps.entries()) {
    const onStep = decisions.filter((decision) => decision.stepIndex === stepIndex);
    // A rejection or return at any slot ends the whole workflow in that state.
    const ending = onStep.find((decision) => decision.decision !== 'approved');
    if (ending) return { ...base, state: ending.decision, currentStepIndex: null, waitingFor: [] };
    if (stepComplete(step, onStep)) continue;
    const decided = new Set(onStep.map((decision) => decision.userId));
    const filled = new Set(onStep.map((decision) => decision.slotIndex));
    const waitingFor = step.slots.flatMap((slot, slotIndex): WaitingSlot[] =>
      filled.has(slotIndex)
        ? []
        : [
            {
              stepIndex,
              slotIndex,
              approver: slot.approver,
              costCentreIds: slot.costCentreIds,
              candidates: slot.candidates.filter((candidate) => !decided.has(candidate.userId)),
            },
          ],
    );
    return { ...base, state: 'in_progress', currentStepIndex: stepIndex, waitingFor };
  }
  return { ...base, state: 'approved', currentStepIndex: null, waitingFor: [] };
}

export type ActCheck =
  | { ok: true; stepIndex: number; slotIndex: number; onBehalfOf: readonly string[] }
  | { ok: false; reason: DecisionRefusal };

/**
 * May this user decide now, and in which slot? One person, one decision per step: in an `all` step a user
 * who is a candidate of two slots fills only one of them, so parallel approval always means different
 * people. When they could fill several, the slot chosen is one that leaves the other slots fillable by the
 * remaining candidates (the first such, in slot order).
 */
function check(progress: WorkflowProgress, userId: string, stepIndex: number, slotIndex?: number): ActCheck {
  if (userId === progress.route.requesterId) return { ok: false, reason: 'own_document' };
  if (progress.state !== 'in_progress') return { ok: false, reason: 'finished' };
  const onStep = progress.decisions.filter((decision) => decision.stepIndex === stepIndex);
  if (onStep.some((decision) => decision.userId === userId)) return { ok: false, reason: 'already_decided' };
  if (stepIndex !== progress.currentStepIndex) return { ok: false, reason: 'not_your_turn' };

  const open = progress.waitingFor;
  const mine = open.filter((slot) => slot.candidates.some((candidate) => candidate.userId === userId));
  const keepsStepFillable = (slot: WaitingSlot) => {
    const others = open
      .filter((other) => other.slotIndex !== slot.slotIndex)
      .map((other) => other.candidates.map((candidate) => candidate.userId).filter((id) => id !== userId));
    return distinctFill(others) === others.length;
  };
  const chosen =
    slotIndex !== undefined
      ? mine.find((slot) => slot.slotIndex === slotIndex)
      : progress.route.steps[stepIndex]?.mode === 'all'
        ? (mine.find(keepsStepFillable) ?? mine[0])
        : mine[0];
  if (!chosen) return { ok: false, reason: 'not_your_turn' };
  const candidate = chosen.candidates.find((c) => c.userId === userId);
  return {
    ok: true,
    stepIndex,
    slotIndex: chosen.slotIndex,
    onBehalfOf: candidate && !candidate.inOwnRight ? candidate.onBehalfOf : [],
  };
}

/**
 * Whether the user may approve, reject or return the current step now (the screen's buttons). The requester
 * is refused as `own_document`; someone who would stand in only for the requester was never made a
 * candidate, so they are refused as `not_your_turn`.
 */
export function canAct(userId: string, progress: WorkflowProgress): ActCheck {
  return check(progress, userId, progress.currentStepIndex ?? -1);
}

/** Who took part in raising the document, and the organisation's switches (segregation.ts). */
export interface SegregationContext {
  parties: readonly DocumentParty[];
  policy: SegregationPolicy;
}

export type SegregatedCheck = ActCheck | { ok: false; reason: SegregationRefusal };

/**
 * May this user decide step `stepIndex` (the current step when absent) now, segregation of duties
 * included? Segregation is asked first: its refusal says why better than "not your turn".
 */
export function canDecide(
  userId: string,
  progress: WorkflowProgress,
  segregation: SegregationContext,
  stepIndex: number = progress.currentStepIndex ?? -1,
): SegregatedCheck {
  const refusal = segregationRefusal(userId, {
    parties: segregation.parties,
    decisions: progress.decisions,
    stepIndex,
    policy: segregation.policy,
  });
  if (refusal) return { ok: false, reason: refusal };
  return check(progress, userId, stepIndex);
}

/** Who may decide the waiting step now, segregation of duties included: the people to ask. */
export function waitingDeciders(progress: WorkflowProgress, segregation: SegregationContext): string[] {
  const ids = new Set(progress.waitingFor.flatMap((slot) => slot.candidates.map((c) => c.userId)));
  return [...ids].filter((userId) => canDecide(userId, progress, segregation).ok);
}

export type DecideResult =
  | { ok: true; progress: WorkflowProgress; recorded: RecordedDecision }
  | { ok: false; reason: DecisionRefusal };

/** Validates one decision against the progress so far and returns the progress after it. */
export function decide(progress: WorkflowProgress, decision: WorkflowDecision): DecideResult {
  const allowed = check(progress, decision.userId, decision.stepIndex, decision.slotIndex);
  if (!allowed.ok) return allowed;
  const recorded: RecordedDecision = {
    ...decision,
    slotIndex: allowed.slotIndex,
    onBehalfOf: allowed.onBehalfOf,
  };
  return {
    ok: true,
    recorded,
    progress: summarise(progress.route, [...progress.decisions, recorded], progress.ignored),
  };
}

/**
 * Replays the decisions of the current round (a returned document resubmitted starts a new round with
 * none) in time order, through the same checks as `decide`.
 */
export function workflowProgress(
  route: ResolvedRoute,
  decisions: readonly WorkflowDecision[],
): WorkflowProgress {
  // Array sort is stable: decisions with the same instant keep the order they were stored in.
  const ordered = [...decisions].sort((a, b) => a.at.getTime() - b.at.getTime());
  let progress = summarise(route, [], []);
  for (const decision of ordered) {
    const result = decide(progress, decision);
    progress = result.ok
      ? result.progress
      : { ...progress, ignored: [...progress.ignored, { decision, reason: result.reason }] };
  }
  return progress;
}

/**
 * What one accepted decision did to the route: ended it (approved, rejected, returned), moved it to the
 * next step (whose deciders are then asked), or left the same step waiting for its other slots.
 */
export type DecisionOutcome =
  | { kind: 'finished'; state: Exclude<WorkflowState, 'in_progress'> }
  | { kind: 'next_step'; stepIndex: number }
  | { kind: 'same_step'; stepIndex: number };

export function decisionOutcome(before: WorkflowProgress, after: WorkflowProgress): DecisionOutcome {
  if (after.state !== 'in_progress') return { kind: 'finished', state: after.state };
  const stepIndex = after.currentStepIndex ?? -1;
  const moved =
    stepIndex !== before.currentStepIndex || after.route.steps.length !== before.route.steps.length;
  return moved ? { kind: 'next_step', stepIndex } : { kind: 'same_step', stepIndex };
}

/** Items up to this total may be approved together with others from the inbox (KES 100,000.00). */
export const BULK_APPROVAL_LIMIT_MINOR = { currency: 'KES', amountMinor: 10_000_000 } as const;

/** Small enough to approve with others in one go: in the limit's currency and not above it. */
export function bulkApprovable(document: { amountMinor: number; currency: string }): boolean {
  return (
    document.currency.toUpperCase() === BULK_APPROVAL_LIMIT_MINOR.currency &&
    document.amountMinor <= BULK_APPROVAL_LIMIT_MINOR.amountMinor
  );
}

/** Display names, from the caller's directory. */
export interface RouteNames {
  user(userId: string): string;
  role(role: string): string;
  costCentre(costCentreId: string): string;
}

/** The words around the names, so the web can pass its translations (English by default). */
export interface RouteWords {
  step(number: number): string;
  allOf: string;
  anyOf: string;
  budgetException: string;
  budgetOwner(costCentres: string): string;
  onBehalfOf(names: string): string;
  nobody(problem: SlotProblem): string;
  tooFewDistinct: string;
}

export const ENGLISH_ROUTE_WORDS: RouteWords = {
  step: (number) => `Step ${number}`,
  allOf: 'all of',
  anyOf: 'any of',
  budgetException: 'budget exception',
  budgetOwner: (costCentres) => (costCentres ? `${costCentres} budget owner` : 'Budget owner'),
  onBehalfOf: (names) => `for ${names}`,
  nobody: (problem) =>
    ({
      no_role_holder: 'nobody holds this role',
      no_budget_owner: 'no budget owner is set',
      no_cost_centre: 'the document has no cost centre',
      only_the_requester: 'only the requester, who may not approve',
    })[problem],
  tooFewDistinct: 'not enough different people to approve every part',
};

/**
 * The preview lines ("this requisition would go to: …"), one per step:
 * "Step 1: IT budget owner — Jane Doe", "Step 2, all of: Finance manager — Alice, Brian; Procurement
 * manager — Carol". A named user who is also the only candidate is shown once.
 */
export function describeRoute(
  route: ResolvedRoute,
  names: RouteNames,
  words: RouteWords = ENGLISH_ROUTE_WORDS,
): string[] {
  const person = (candidate: ApprovalCandidate) =>
    candidate.inOwnRight
      ? names.user(candidate.userId)
      : `${names.user(candidate.userId)} (${words.onBehalfOf(candidate.onBehalfOf.map(names.user).join(', '))})`;
  const slotText = (slot: ResolvedSlot) => {
    const who =
      slot.candidates.length > 0
        ? slot.candidates.map(person).join(', ')
        : words.nobody(slot.problem ?? 'no_role_holder');
    switch (slot.approver.kind) {
      case 'role':
        return `${names.role(slot.approver.role)} — ${who}`;
      case 'budget_owner':
        return `${words.budgetOwner(slot.costCentreIds.map(names.costCentre).join(', '))} — ${who}`;
      case 'user': {
        const only = slot.candidates.length === 1 && slot.candidates[0]?.userId === slot.approver.userId;
        return only ? who : `${names.user(slot.approver.userId)} — ${who}`;
      }
    }
  };
  return route.steps.map((step, stepIndex) => {
    let head = words.step(stepIndex + 1);
    if (step.purpose === 'budget_exception') head += ` (${words.budgetException})`;
    if (step.slots.length > 1) head += `, ${step.mode === 'all' ? words.allOf : words.anyOf}`;
    const tail =
      step.unassignable?.reason === 'too_few_distinct_approvers' ? ` (${words.tooFewDistinct})` : '';
    return `${head}: ${step.slots.map(slotText).join('; ')}${tail}`;
  });
}
