import { isIsoDate } from '@zabuni/domain';
import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { recordId } from './fields.ts';
import { paginationQuery } from './pagination.ts';

export const DELEGATION_MESSAGES = {
  date: 'field.date',
  endBeforeStart: 'delegation.end_before_start',
  past: 'delegation.past',
  tooLong: 'delegation.too_long',
  self: 'delegation.self',
  notMember: 'delegation.not_member',
  othersOnlyAdmin: 'delegation.others_only_admin',
  notYours: 'delegation.not_yours',
  delegateCannotApprove: 'delegation.delegate_cannot_approve',
} as const satisfies Record<string, MessageKey>;

const day = z.string({ error: DELEGATION_MESSAGES.date }).trim().refine(isIsoDate, {
  error: DELEGATION_MESSAGES.date,
});

/** "While I am away, X approves for me", from the first to the last day inclusive (Nairobi time). */
export const delegationForm = z
  .object({
    /** The person away; the caller when absent (someone else's: organisation administrators only). */
    delegator_id: recordId().optional(),
    delegate_id: recordId(DELEGATION_MESSAGES.notMember),
    starts_on: day,
    ends_on: day,
    reason: z.string().trim().max(300).default(''),
  })
  .refine((form) => form.ends_on >= form.starts_on, {
    path: ['ends_on'],
    error: DELEGATION_MESSAGES.endBeforeStart,
  });
export type DelegationForm = z.output<typeof delegationForm>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const delegation = z
  .object({
    id: z.number().int(),
    delegator: person,
    delegate: person,
    starts_on: z.string(),
    ends_on: z.string(),
    reason: z.string(),
    /** Today (Nairobi) is within its days. */
    active: z.boolean(),
  })
  .meta({ id: 'Delegation' });

export const delegationsQuery = paginationQuery.extend({
  /** true: only delegations not yet over. */
  current: z.enum(['true', 'false']).optional(),
});
