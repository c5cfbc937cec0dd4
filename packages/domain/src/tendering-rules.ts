/**
 * Tender management under Kenya's Public Procurement and Asset Disposal Act 2015 (PPADA, Cap. 412C), issue 21.
 *
 * Sources: /shared/PROCUREMENT-FACTS.md, itself from secondary sources citing sections. Where it says a
 * number was not verified from the primary text, the number here is a configurable default and the comment
 * says so.
 */

/** The methods of s.92(1) that a tender here may use, plus specially permitted procurement (reg 107(2)(b)). */
export const PROCUREMENT_METHODS = [
  'open_tender', // s.91(1): the preferred method
  'restricted_tender', // s.102(1)(b): capped by the Second Schedule
  'direct_procurement', // s.92(1); always justified
  'request_for_proposals', // s.92(1)
  'request_for_quotations', // Second Schedule cap
  'low_value_procurement', // Second Schedule cap, per item per financial year
  'specially_permitted', // reg 107(2)(b); always justified
  'framework_agreement', // s.92(1)
  'electronic_reverse_auction', // s.92(1)
] as const;
export type ProcurementMethod = (typeof PROCUREMENT_METHODS)[number];

export const PROCUREMENT_CATEGORIES = ['goods', 'works', 'services'] as const;
export type ProcurementCategory = (typeof PROCUREMENT_CATEGORIES)[number];

/** A method's ceiling per category in minor units of KES (null: no ceiling). */
export type MethodThresholds = Record<ProcurementMethod, Record<ProcurementCategory, number | null>>;

const KES = (shillings: number) => shillings * 100;
const none = { goods: null, works: null, services: null };

/**
 * The statutory defaults (PPADA Second Schedule as PROCUREMENT-FACTS gives it):
 * - request for quotations: at most KES 3 m goods / 5 m works / 3 m services per request;
 * - low value: at most KES 50 k goods / 100 k works / 50 k services per item per financial year;
 * - restricted tender under s.102(1)(b): at most KES 30 m / 30 m / 20 m.
 * Direct and specially permitted procurement have no ceiling but always need a recorded justification.
 */
export const STATUTORY_THRESHOLDS: MethodThresholds = {
  open_tender: none,
  restricted_tender: { goods: KES(30_000_000), works: KES(30_000_000), services: KES(20_000_000) },
  direct_procurement: none,
  request_for_proposals: none,
  request_for_quotations: { goods: KES(3_000_000), works: KES(5_000_000), services: KES(3_000_000) },
  low_value_procurement: { goods: KES(50_000), works: KES(100_000), services: KES(50_000) },
  specially_permitted: none,
  framework_agreement: none,
  electronic_reverse_auction: none,
};

/** Methods that always need a recorded justification (they limit competition). */
export const ALWAYS_JUSTIFIED: readonly ProcurementMethod[] = ['direct_procurement', 'specially_permitted'];

/**
 * An organisation's tendering settings. Public bodies are held to the statutory thresholds; a private buyer
 * (bank, NGO) may change them or switch the guard-rails off entirely.
 */
export interface TenderingSettings {
  publicBody: boolean;
  guardRails: boolean;
  thresholds: MethodThresholds;
  /** Minimum days between publication and closing (open tender). Not verified in PROCUREMENT-FACTS: default 14. */
  minimumBidDays: number;
  /** An addendum leaves at least this many days before closing. Not verified: default 7. */
  addendumMinimumDays: number;
  /** Opening committee size: "at least three" is common practice, not verified from the Act. */
  minimumCommittee: number;
}

export const DEFAULT_TENDERING_SETTINGS: TenderingSettings = {
  publicBody: true,
  guardRails: true,
  thresholds: STATUTORY_THRESHOLDS,
  minimumBidDays: 14,
  addendumMinimumDays: 7,
  minimumCommittee: 3,
};

/** A public body cannot loosen the law: its thresholds are the statutory ones and the guard-rails stay on. */
export function effectiveSettings(settings: TenderingSettings): TenderingSettings {
  if (!settings.publicBody) return settings;
  return {
    ...settings,
    guardRails: true,
    thresholds: STATUTORY_THRESHOLDS,
    minimumBidDays: Math.max(settings.minimumBidDays, DEFAULT_TENDERING_SETTINGS.minimumBidDays),
    addendumMinimumDays: Math.max(
      settings.addendumMinimumDays,
      DEFAULT_TENDERING_SETTINGS.addendumMinimumDays,
    ),
    minimumCommittee: Math.max(settings.minimumCommittee, DEFAULT_TENDERING_SETTINGS.minimumCommittee),
  };
}

export type MethodCheck =
  | { ok: true; justificationRequired: false }
  | { ok: true; justificationRequired: true; reason: 'always_justified' | 'over_threshold' }
  | {
      ok: false;
      reason: 'justification_missing';
      why: 'always_justified' | 'over_threshold';
      ceilingMinor: number | null;
    };

/**
 * Whether a method may be used for an estimated value: within its ceiling it may; outside it (or for a
 * method that limits competition) only with a recorded justification, which then goes through approval.
 * With the guard-rails off (private buyers only) every method is allowed without one.
 */
export function checkMethod(input: {
  settings: TenderingSettings;
  method: ProcurementMethod;
  category: ProcurementCategory;
  estimateMinor: number;
  justification: string | null;
}): MethodCheck {
  const settings = effectiveSettings(input.settings);
  if (!settings.guardRails) return { ok: true, justificationRequired: false };
  const ceiling = settings.thresholds[input.method][input.category];
  const why = ALWAYS_JUSTIFIED.includes(input.method)
    ? ('always_justified' as const)
    : ceiling !== null && input.estimateMinor > ceiling
      ? ('over_threshold' as const)
      : null;
  if (why === null) return { ok: true, justificationRequired: false };
  if (!input.justification || input.justification.trim().length < 20)
    return { ok: false, reason: 'justification_missing', why, ceilingMinor: ceiling };
  return { ok: true, justificationRequired: true, reason: why };
}

const DAY = 86_400_000;

/**
 * The closing time is at least the minimum bid period after publication. A private buyer with the
 * guard-rails off (a bank's or Sacco's own urgent purchase, issue 21: "private buyers may switch guard-rails
 * off") sets its own period and may close as soon as it likes, though never at or before publication (the
 * answer is then 0 days); a public body's guard-rails cannot be off (`effectiveSettings`).
 */
export function bidPeriodProblem(
  settings: TenderingSettings,
  publishedAt: Date,
  closingAt: Date,
): number | null {
  const effective = effectiveSettings(settings);
  if (!effective.guardRails) return closingAt.getTime() > publishedAt.getTime() ? null : 0;
  const minimum = effective.minimumBidDays;
  return closingAt.getTime() - publishedAt.getTime() < minimum * DAY ? minimum : null;
}

/**
 * The closing after an addendum: never earlier than asked or than before, and at least the statutory
 * minimum after the addendum, so bidders have time to act on it.
 */
export function closingAfterTenderAddendum(input: {
  settings: TenderingSettings;
  closingAt: Date;
  now: Date;
  requestedClosingAt: Date | null;
}): Date {
  const minimum = input.now.getTime() + effectiveSettings(input.settings).addendumMinimumDays * DAY;
  return new Date(Math.max(input.closingAt.getTime(), input.requestedClosingAt?.getTime() ?? 0, minimum));
}

export type CommitteeProblem = 'too_small' | 'quorum_too_small' | 'quorum_too_large' | 'duplicate';

/** An opening committee of at least the minimum (three) with a quorum of at least three, at most its size. */
export function tenderCommitteeProblem(
  settings: TenderingSettings,
  memberIds: readonly number[],
  quorum: number,
): CommitteeProblem | null {
  const minimum = effectiveSettings(settings).minimumCommittee;
  if (new Set(memberIds).size !== memberIds.length) return 'duplicate';
  if (memberIds.length < minimum) return 'too_small';
  if (quorum < Math.min(minimum, 3)) return 'quorum_too_small';
  if (quorum > memberIds.length) return 'quorum_too_large';
  return null;
}

/** Tender security is at most 2 % of the estimated value (PROCUREMENT-FACTS, tender security). */
export const maximumBidSecurityMinor = (estimateMinor: number) => Math.floor((estimateMinor * 2) / 100);

/** Evaluation within 30 calendar days of opening (Third Schedule). */
export const EVALUATION_DAYS = 30;
export const evaluationDueAt = (openedAt: Date) => new Date(openedAt.getTime() + EVALUATION_DAYS * DAY);
export const evaluationLate = (openedAt: Date, now: Date, finishedAt: Date | null) =>
  (finishedAt ?? now).getTime() > evaluationDueAt(openedAt).getTime();

/** 14 days after the notification, during which no contract may be signed (s.87 notification; standstill). */
export const STANDSTILL_DAYS = 14;
export const standstillUntil = (notifiedAt: Date) => new Date(notifiedAt.getTime() + STANDSTILL_DAYS * DAY);

/** AGPO: at least 30 % of the procurement budget to youth, women and persons with disability (reg 149, s.53(6), s.157). */
export const AGPO_TARGET_BASIS_POINTS = 3000;

/** The share of awarded value that went to AGPO firms, in basis points, and whether the target is met. */
export function agpoShare(awards: ReadonlyArray<{ amountMinor: number; agpo: boolean }>) {
  const total = awards.reduce((sum, a) => sum + a.amountMinor, 0);
  const agpo = awards.reduce((sum, a) => sum + (a.agpo ? a.amountMinor : 0), 0);
  const basisPoints = total === 0 ? 0 : Math.round((agpo * 10_000) / total);
  return { totalMinor: total, agpoMinor: agpo, basisPoints, met: basisPoints >= AGPO_TARGET_BASIS_POINTS };
}

// Evaluation -------------------------------------------------------------------------------------------

export interface EvaluatorScore {
  evaluatorId: number;
  bidId: number;
  /** Preliminary (mandatory requirements): pass or fail. */
  preliminaryPass: boolean;
  /** Technical score 0–100 (ignored when the preliminary failed). */
  technicalScore: number;
}

export interface TechnicalResult {
  bidId: number;
  preliminaryPass: boolean;
  technicalScore: number;
  technicalPass: boolean;
}

/**
 * The technical result of each bid once every evaluator has submitted: it passes the preliminary stage only
 * if every evaluator found the mandatory requirements met; its technical score is the mean of the
 * evaluators' scores (two decimals); it goes on to the financial stage only with the pass mark reached.
 */
export function technicalResults(
  bidIds: readonly number[],
  scores: readonly EvaluatorScore[],
  passMark: number,
): TechnicalResult[] {
  return bidIds.map((bidId) => {
    const own = scores.filter((s) => s.bidId === bidId);
    const preliminaryPass = own.length > 0 && own.every((s) => s.preliminaryPass);
    const mean = own.length === 0 ? 0 : own.reduce((sum, s) => sum + s.technicalScore, 0) / own.length;
    const technicalScore = Math.round(mean * 100) / 100;
    return {
      bidId,
      preliminaryPass,
      technicalScore,
      technicalPass: preliminaryPass && technicalScore >= passMark,
    };
  });
}

/** The financial stage: among technically passing bids, ranked by price (lowest evaluated price first). */
export function financialRanking(
  bids: ReadonlyArray<{ bidId: number; technicalPass: boolean; priceMinor: number | null }>,
): Array<{ bidId: number; priceMinor: number; rank: number }> {
  return bids
    .filter(
      (b): b is { bidId: number; technicalPass: true; priceMinor: number } =>
        b.technicalPass && b.priceMinor !== null,
    )
    .sort((a, b) => a.priceMinor - b.priceMinor || a.bidId - b.bidId)
    .map((b, index) => ({ bidId: b.bidId, priceMinor: b.priceMinor, rank: index + 1 }));
}

/** Why an unsuccessful bid lost (the reason every notification gives, s.67/s.87). */
export type UnsuccessfulReason = 'preliminary_failed' | 'technical_below_pass_mark' | 'higher_price';

export function unsuccessfulReason(result: TechnicalResult): UnsuccessfulReason {
  if (!result.preliminaryPass) return 'preliminary_failed';
  if (!result.technicalPass) return 'technical_below_pass_mark';
  return 'higher_price';
}

// Lifecycle --------------------------------------------------------------------------------------------

/**
 *   draft → published ──(closing)──► [closed] → technical_opened → technical_evaluated → financial_opened
 *     → award_pending → awarded (notified; standstill 14 days)     ↖ award rejected ↙
 *   cancelled: any state before awarded.
 * "closed" is not stored: a published tender is closed once its closing instant has passed.
 */
export const TENDERING_STATUSES = [
  'draft',
  'published',
  'technical_opened',
  'technical_evaluated',
  'financial_opened',
  'award_pending',
  'awarded',
  'cancelled',
] as const;
export type TenderingStatus = (typeof TENDERING_STATUSES)[number];
export const TENDERING_PHASES = [...TENDERING_STATUSES, 'closed'] as const;
export type TenderingPhase = (typeof TENDERING_PHASES)[number];

export const TENDERING_ACTIONS = [
  'edit',
  'publish',
  'clarify',
  'addendum',
  'bid',
  'open_technical',
  'evaluate',
  'open_financial',
  'request_award',
  'approve_award',
  'reject_award',
  'cancel',
] as const;
export type TenderingAction = (typeof TENDERING_ACTIONS)[number];

const TENDER_MOVES: Record<
  TenderingAction,
  { from: readonly TenderingStatus[]; to: TenderingStatus | 'same'; when?: 'open' | 'closed' }
> = {
  edit: { from: ['draft'], to: 'same' },
  publish: { from: ['draft'], to: 'published' },
  clarify: { from: ['published'], to: 'same', when: 'open' },
  addendum: { from: ['published'], to: 'same', when: 'open' },
  bid: { from: ['published'], to: 'same', when: 'open' },
  open_technical: { from: ['published'], to: 'technical_opened', when: 'closed' },
  evaluate: { from: ['technical_opened'], to: 'same' },
  open_financial: { from: ['technical_evaluated'], to: 'financial_opened' },
  request_award: { from: ['financial_opened'], to: 'award_pending' },
  approve_award: { from: ['award_pending'], to: 'awarded' },
  reject_award: { from: ['award_pending'], to: 'financial_opened' },
  cancel: {
    from: [
      'draft',
      'published',
      'technical_opened',
      'technical_evaluated',
      'financial_opened',
      'award_pending',
    ],
    to: 'cancelled',
  },
};

export type TenderTransition =
  | { ok: true; from: TenderingStatus; to: TenderingStatus }
  | { ok: false; reason: 'not_allowed_in_state' | 'before_closing' | 'after_closing' };

export function tenderPhase(status: TenderingStatus, closingAt: Date, now: Date): TenderingPhase {
  return status === 'published' && now.getTime() >= closingAt.getTime() ? 'closed' : status;
}

export function tenderTransition(
  status: TenderingStatus,
  action: TenderingAction,
  closingAt: Date,
  now: Date,
): TenderTransition {
  const move = TENDER_MOVES[action];
  if (!move.from.includes(status)) return { ok: false, reason: 'not_allowed_in_state' };
  const closed = now.getTime() >= closingAt.getTime();
  if (move.when === 'open' && closed) return { ok: false, reason: 'after_closing' };
  if (move.when === 'closed' && !closed) return { ok: false, reason: 'before_closing' };
  return { ok: true, from: status, to: move.to === 'same' ? status : move.to };
}

/** OCDS 1.1 procurementMethod for each PPADA method (open, selective, limited, direct). */
export const OCDS_METHOD: Record<ProcurementMethod, 'open' | 'selective' | 'limited' | 'direct'> = {
  open_tender: 'open',
  restricted_tender: 'selective',
  direct_procurement: 'direct',
  request_for_proposals: 'selective',
  request_for_quotations: 'selective',
  low_value_procurement: 'limited',
  specially_permitted: 'limited',
  framework_agreement: 'open',
  electronic_reverse_auction: 'open',
};
