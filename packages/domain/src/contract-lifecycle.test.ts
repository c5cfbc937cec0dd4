import { describe, expect, it } from 'vitest';
import {
  contractTransition,
  fullySigned,
  signatureRefusal,
  type ContractAction,
  type ContractKind,
  type ContractStatus,
} from './contract-lifecycle.ts';

describe('contractTransition', () => {
  it.each<[ContractStatus, ContractAction, ContractStatus | null]>([
    ['draft', 'edit', 'draft'],
    ['draft', 'submit', 'in_approval'],
    ['in_approval', 'approve', 'approved'],
    ['in_approval', 'reject', 'draft'],
    ['approved', 'send_for_signature', 'signing'],
    ['signing', 'sign', 'signing'],
    ['signing', 'complete_signature', 'active'],
    ['active', 'expire', 'expired'],
    ['active', 'terminate', 'terminated'],
    ['active', 'renew', 'active'],
    // Refused.
    ['in_approval', 'edit', null],
    ['approved', 'edit', null],
    ['draft', 'approve', null],
    ['draft', 'send_for_signature', null],
    ['approved', 'sign', null],
    ['active', 'sign', null],
    ['expired', 'renew', null],
    ['terminated', 'expire', null],
    ['signing', 'submit', null],
  ])('%s --%s--> %s', (status, action, to) => {
    const result = contractTransition(status, action);
    expect(result.ok ? result.to : null).toBe(to);
  });

  it.each<[ContractKind, ContractAction, boolean]>([
    ['amendment', 'expire', false],
    ['termination', 'renew', false],
    ['termination', 'terminate', false],
    ['amendment', 'submit', true],
    ['termination', 'send_for_signature', false],
  ])('a %s: %s allowed from its status: %s', (kind, action, ok) => {
    const from: ContractStatus =
      action === 'submit' ? 'draft' : action === 'send_for_signature' ? 'draft' : 'active';
    expect(contractTransition(from, action, kind).ok).toBe(ok);
  });
});

describe('signatureRefusal', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  it.each([
    [{ status: 'signing', side: 'buyer', signedSides: [], standstillUntil: null }, null],
    [{ status: 'approved', side: 'buyer', signedSides: [], standstillUntil: null }, 'not_signing'],
    [{ status: 'signing', side: 'buyer', signedSides: ['buyer'], standstillUntil: null }, 'already_signed'],
    [{ status: 'signing', side: 'supplier', signedSides: ['buyer'], standstillUntil: null }, null],
    [
      {
        status: 'signing',
        side: 'buyer',
        signedSides: [],
        standstillUntil: new Date('2026-11-27T00:00:00Z'),
      },
      'standstill',
    ],
    [
      {
        status: 'signing',
        side: 'buyer',
        signedSides: [],
        standstillUntil: new Date('2026-11-26T09:59:59Z'),
      },
      null,
    ],
  ] as const)('%j → %s', (input, expected) => {
    expect(signatureRefusal({ ...input, signedSides: [...input.signedSides], now })).toBe(expected);
  });

  it('a contract is in force when both sides have signed', () => {
    expect(fullySigned(['buyer'])).toBe(false);
    expect(fullySigned(['supplier', 'buyer'])).toBe(true);
  });
});
