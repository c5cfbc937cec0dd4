import type { RequisitionView } from '@zabuni/contracts';
import { describe, expect, it } from 'vitest';
import { stepOf, stepStates } from './approval-steps.ts';
import { availableActions, isEditableBy, latestReturn } from './requisition-actions.ts';

type Approval = NonNullable<RequisitionView['approval']>;
const route = ['Step 1: ICT budget owner — Grace Njeri', 'Step 2: Finance — Daniel Kiprop', 'Step 3: CEO'];
const decision = (
  round: number,
  step: number,
  kind: 'approved' | 'rejected' | 'returned',
  comment = '',
): Approval['decisions'][number] => ({
  round,
  step,
  user: { id: step, name: `Approver ${step}` },
  decision: kind,
  comment,
  decided_at: '2026-11-20T10:00:00Z',
});
const approval = (change: Partial<Approval>): Approval => ({
  round: 1,
  route,
  state: 'in_progress',
  current_step: 1,
  waiting_for_me: false,
  decisions: [],
  ...change,
});

describe('stepStates', () => {
  it('marks the steps before the current one done and the rest pending', () => {
    expect(
      stepStates(approval({ current_step: 2, decisions: [decision(1, 1, 'approved')] }), 'submitted'),
    ).toEqual(['done', 'current', 'pending']);
  });

  it('shows where a round ended with a rejection or a return', () => {
    const rejected = approval({
      state: 'rejected',
      current_step: null,
      decisions: [decision(1, 1, 'approved'), decision(1, 2, 'rejected', 'Too dear')],
    });
    expect(stepStates(rejected, 'rejected')).toEqual(['done', 'rejected', 'pending']);
  });

  it('reads only the current round (a returned requisition starts again)', () => {
    const second = approval({
      round: 2,
      current_step: 1,
      decisions: [decision(1, 1, 'returned', 'Add a quote')],
    });
    expect(stepStates(second, 'submitted')).toEqual(['current', 'pending', 'pending']);
  });

  it('marks every step done once approved, and none current once cancelled', () => {
    expect(stepStates(approval({ state: 'approved', current_step: null }), 'approved')).toEqual([
      'done',
      'done',
      'done',
    ]);
    expect(stepStates(approval({ current_step: 2 }), 'cancelled')).toEqual(['done', 'pending', 'pending']);
  });

  it('counts steps for the inbox, even when the route is shorter than the step', () => {
    expect(stepOf(2, route)).toEqual({ step: 2, of: 3 });
    expect(stepOf(4, route)).toEqual({ step: 4, of: 4 });
  });
});

const view = (change: Partial<RequisitionView>): RequisitionView => ({
  id: 1,
  number: 'REQ-2026-00001',
  title: 'Laptops',
  status: 'draft',
  requester: { id: 7, name: 'Amina Wafula' },
  currency: 'KES',
  total: '1000.00',
  submitted_at: null,
  created_at: '2026-11-20T10:00:00Z',
  justification: '',
  lines: [],
  updated_at: '2026-11-20T10:00:00Z',
  approval: null,
  actions: [],
  ...change,
});

describe('availableActions', () => {
  it('lets the requester edit, submit and cancel a draft or returned requisition', () => {
    expect(availableActions(view({ status: 'returned' }), 7)).toEqual({
      edit: true,
      submit: true,
      cancel: true,
      approve: false,
      reject: false,
      return: false,
      order: false,
    });
    expect(isEditableBy(view({}), 8)).toBe(false);
    expect(availableActions(view({ status: 'approved' }), 7).cancel).toBe(true);
    expect(availableActions(view({ status: 'rejected' }), 7).cancel).toBe(false);
  });

  it('offers decisions only to the approver it waits for', () => {
    const waiting = view({ status: 'submitted', approval: approval({ waiting_for_me: true }) });
    expect(availableActions(waiting, 9)).toMatchObject({
      approve: true,
      reject: true,
      return: true,
      edit: false,
    });
    expect(availableActions(view({ status: 'submitted', approval: approval({}) }), 9).approve).toBe(false);
  });

  it('offers "create order" when the server lists it (a buyer, approved, something left to order)', () => {
    expect(availableActions(view({ status: 'approved', actions: ['order'] }), 9).order).toBe(true);
    expect(availableActions(view({ status: 'approved', actions: ['cancel'] }), 7).order).toBe(false);
  });

  it('finds the comment of the return that sent it back', () => {
    const returned = view({
      status: 'returned',
      approval: approval({
        round: 2,
        decisions: [decision(1, 1, 'returned', 'First'), decision(2, 1, 'returned', 'Second')],
      }),
    });
    expect(latestReturn(returned)?.comment).toBe('Second');
    expect(latestReturn(view({ status: 'draft' }))).toBeNull();
  });
});
