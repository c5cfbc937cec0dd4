/**
 * A contract's life (issue 22): written as a draft, approved through the approval engine, signed by both
 * sides, then in force until it expires or is terminated. Amendments and terminations are documents of
 * their own (kind `amendment` / `termination`) that follow the same life, linked to the contract they change;
 * a signed termination ends its contract.
 */

export const CONTRACT_STATUSES = [
  'draft',
  'in_approval',
  'approved',
  'signing',
  'active',
  'expired',
  'terminated',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_KINDS = ['contract', 'amendment', 'termination'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

export const CONTRACT_ACTIONS = [
  'edit',
  'submit',
  'approve',
  'reject',
  'send_for_signature',
  'sign',
  'complete_signature',
  'expire',
  'terminate',
  'renew',
] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

/** What each action may start from, and where it leads (`renew` and `sign` keep the status). */
const TRANSITIONS: Record<ContractAction, { from: readonly ContractStatus[]; to: ContractStatus | null }> = {
  edit: { from: ['draft'], to: null },
  submit: { from: ['draft'], to: 'in_approval' },
  approve: { from: ['in_approval'], to: 'approved' },
  // A rejected contract goes back to its author as a draft, to change and submit again.
  reject: { from: ['in_approval'], to: 'draft' },
  send_for_signature: { from: ['approved'], to: 'signing' },
  sign: { from: ['signing'], to: null },
  complete_signature: { from: ['signing'], to: 'active' },
  expire: { from: ['active'], to: 'expired' },
  terminate: { from: ['active'], to: 'terminated' },
  renew: { from: ['active'], to: null },
};

export type ContractTransition =
  { ok: true; from: ContractStatus; to: ContractStatus } | { ok: false; reason: 'not_allowed' | 'kind' };

/**
 * Whether `action` may be taken on a contract in `status`, and the status it leads to. An amendment or a
 * termination is never renewed, expired or itself terminated: it takes effect when signed.
 */
export function contractTransition(
  status: ContractStatus,
  action: ContractAction,
  kind: ContractKind = 'contract',
): ContractTransition {
  const rule = TRANSITIONS[action];
  if (kind !== 'contract' && (action === 'expire' || action === 'terminate' || action === 'renew')) {
    return { ok: false, reason: 'kind' };
  }
  if (!rule.from.includes(status)) return { ok: false, reason: 'not_allowed' };
  return { ok: true, from: status, to: rule.to ?? status };
}

/** The sides that sign a contract; the contract takes effect when both have. */
export const SIGNING_SIDES = ['buyer', 'supplier'] as const;
export type SigningSide = (typeof SIGNING_SIDES)[number];

export const SIGNATURE_METHODS = ['email_code', 'authenticator'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

export type SignatureRefusal = 'not_signing' | 'already_signed' | 'standstill' | null;

/**
 * Whether one side may sign now. `standstillUntil`: the end of the standstill of the tender the contract
 * was awarded from (Kenya, PPADA: 14 days after notification, a contract signed earlier is void); the
 * award sets it, and nobody signs before it has passed.
 */
export function signatureRefusal(input: {
  status: ContractStatus;
  side: SigningSide;
  signedSides: readonly SigningSide[];
  standstillUntil: Date | null;
  now: Date;
}): SignatureRefusal {
  if (input.status !== 'signing') return 'not_signing';
  if (input.standstillUntil && input.now.getTime() < input.standstillUntil.getTime()) return 'standstill';
  if (input.signedSides.includes(input.side)) return 'already_signed';
  return null;
}

/** The contract is in force once every side has signed. */
export const fullySigned = (signedSides: readonly SigningSide[]) =>
  SIGNING_SIDES.every((side) => signedSides.includes(side));
