import { checkBudget, PASSWORD_MIN_LENGTH, type BudgetCheckInput } from '@zabuni/domain';
import { describe, expect, it } from 'vitest';
import { MAX_INTEGER } from './fields.ts';
import { budgetOverrunMessage, message, MESSAGES, placeholdersOf } from './messages.ts';

describe('the message catalogue', () => {
  it('fills named placeholders into the English and keeps the values as params', () => {
    expect(message('requisition.not_allowed', { action: 'cancelled', status: 'cancelled' })).toEqual({
      key: 'requisition.not_allowed',
      params: { action: 'cancelled', status: 'cancelled' },
      text: 'This requisition cannot be cancelled now: it is cancelled.',
    });
    expect(message('requisition.not_editable').params).toEqual({});
  });

  it('has keys of the form area.what and placeholders of the form {name}', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(key).toMatch(/^[a-z_]+\.[a-z_]+$/);
      expect(text.replace(/\{\w+\}/g, '')).not.toMatch(/[{}]/);
      expect(new Set(placeholdersOf(text)).size).toBe(placeholdersOf(text).length);
    }
  });

  it('writes out the limits the rules themselves use', () => {
    expect(MESSAGES['auth.password_too_short']).toBe(
      `Ensure this field has at least ${PASSWORD_MIN_LENGTH} characters.`,
    );
    expect(MESSAGES['field.max_integer']).toBe(`Ensure this value is less than or equal to ${MAX_INTEGER}.`);
  });
});

describe('a budget overrun as a catalogue message', () => {
  const available = (proposed: number) => ({
    currency: 'KES',
    amount: 10_000_000,
    proposed,
    committed: 5_000_000,
    actual: 1_250_000,
    available: 3_750_000,
    availableAfterProposed: 3_750_000 - proposed,
  });
  const budget = {
    id: 1,
    name: 'IT equipment FY2026',
    amountMinor: 10_000_000,
    currency: 'KES',
    period: 'annual' as const,
    controls: { requisition: 'stop', purchase_order: 'stop', invoice: 'stop' } as const,
  };
  const inputs: Array<[string, BudgetCheckInput]> = [
    [
      'requisition',
      {
        budget,
        checkPoint: 'requisition',
        stage: 'commit',
        utilisation: available(0),
        amountMinor: 5_000_000,
        currency: 'KES',
      },
    ],
    [
      'submission after proposed spend',
      {
        budget,
        checkPoint: 'requisition',
        stage: 'proposed',
        utilisation: available(2_000_000),
        amountMinor: 5_000_000,
        currency: 'KES',
      },
    ],
    [
      'purchase order with its requisition',
      {
        budget,
        checkPoint: 'purchase_order',
        utilisation: available(0),
        amountMinor: 8_000_000,
        requisitionCommittedMinor: 3_000_000,
        currency: 'KES',
      },
    ],
    [
      'invoice with its order',
      {
        budget,
        checkPoint: 'invoice',
        utilisation: available(0),
        amountMinor: 6_000_000,
        purchaseOrderCommittedMinor: 1_000_000,
        currency: 'KES',
      },
    ],
    [
      'invoice without',
      { budget, checkPoint: 'invoice', utilisation: available(0), amountMinor: 6_000_000, currency: 'KES' },
    ],
  ];

  it.each(inputs)('%s: the same English as the domain’s sentence', (_name, input) => {
    const check = checkBudget(input);
    if (check.outcome !== 'over') throw new Error('expected an overrun');
    const built = budgetOverrunMessage(check.messageParts);
    expect(built.text).toBe(check.message);
    expect(built.key).toMatch(/^budget\.exceeded/);
  });
});
