import { describe, expect, it } from 'vitest';
import {
  closingAfterAddendum,
  committeeProblem,
  rfqPhase,
  rfqTransition,
  type RfqAction,
  type RfqStatus,
} from './rfq-status.ts';

const closingAt = new Date('2026-12-01T09:00:00Z');
const before = new Date('2026-12-01T08:59:59.999Z');
const atClosing = new Date('2026-12-01T09:00:00Z');

describe('RFQ lifecycle', () => {
  it.each([
    ['draft', 'edit', before, 'draft'],
    ['draft', 'publish', before, 'published'],
    ['pending_approval', 'approve_publication', before, 'published'],
    ['pending_approval', 'reject_publication', before, 'draft'],
    ['published', 'addendum', before, 'published'],
    ['published', 'answer_question', before, 'published'],
    ['published', 'quote', before, 'published'],
    ['published', 'confirm_opening', atClosing, 'published'],
    ['opened', 'award', atClosing, 'awarded'],
    ['award_pending', 'approve_award', atClosing, 'awarded'],
    ['award_pending', 'reject_award', atClosing, 'opened'],
    ['draft', 'cancel', before, 'cancelled'],
    ['published', 'cancel', before, 'cancelled'],
    ['opened', 'cancel', atClosing, 'cancelled'],
  ] as const)('%s --%s--> %s', (status, action, now, to) => {
    expect(rfqTransition({ status, action, closingAt, now })).toEqual({ ok: true, from: status, to });
  });

  it.each([
    ['published', 'quote', atClosing, 'after_closing'],
    ['published', 'addendum', atClosing, 'after_closing'],
    ['published', 'answer_question', atClosing, 'after_closing'],
    ['published', 'confirm_opening', before, 'before_closing'],
    ['draft', 'quote', before, 'not_allowed_in_state'],
    ['opened', 'quote', before, 'not_allowed_in_state'],
    ['awarded', 'cancel', atClosing, 'not_allowed_in_state'],
    ['cancelled', 'publish', before, 'not_allowed_in_state'],
    ['published', 'edit', before, 'not_allowed_in_state'],
    ['draft', 'award', atClosing, 'not_allowed_in_state'],
    ['published', 'award', atClosing, 'not_allowed_in_state'],
  ] as [RfqStatus, RfqAction, Date, string][])('%s --%s--> refused: %s', (status, action, now, reason) => {
    expect(rfqTransition({ status, action, closingAt, now })).toEqual({ ok: false, reason });
  });

  it.each([
    ['published', before, 'published'],
    ['published', atClosing, 'closed'],
    ['opened', atClosing, 'opened'],
    ['draft', atClosing, 'draft'],
  ] as const)('%s at %s shows as %s', (status, now, phase) => {
    expect(rfqPhase(status, closingAt, now)).toBe(phase);
  });
});

describe('opening committee', () => {
  it.each([
    [[1, 2], 2, null],
    [[7, 2, 3], 2, null],
    [[7, 2, 3], 3, null],
    [[7], 2, 'too_few'],
    [[], 2, 'too_few'],
    [[7, 7], 2, 'duplicate'],
    [[1, 2], 1, 'quorum'],
    [[1, 2], 3, 'quorum'],
    [[1, 2, 3], 1.5, 'quorum'],
  ] as const)('members %j, quorum %d: %s', (memberIds, quorum, problem) => {
    expect(committeeProblem({ memberIds, quorum })).toBe(problem);
  });
});

describe('addendum closing', () => {
  const now = new Date('2026-11-30T09:00:00Z');
  it.each([
    ['changing lines extends to 72 h from now', true, null, '2026-12-03T09:00:00.000Z'],
    ['a clarification keeps the closing', false, null, '2026-12-01T09:00:00.000Z'],
    ['a later closing asked for is kept', true, '2026-12-10T09:00:00Z', '2026-12-10T09:00:00.000Z'],
    ['never earlier', false, '2026-11-30T12:00:00Z', '2026-12-01T09:00:00.000Z'],
  ] as const)('%s', (_name, changesLines, requested, expected) => {
    expect(
      closingAfterAddendum({
        closingAt,
        now,
        changesLines,
        requestedClosingAt: requested ? new Date(requested) : null,
      }).toISOString(),
    ).toBe(expected);
  });
});
