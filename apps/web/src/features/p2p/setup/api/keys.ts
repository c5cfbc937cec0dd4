/**
 * Query keys of the set-up screens. The current organisation is part of every key: switching organisation
 * never shows the previous one's departments or budgets, even for the moment the refetch takes.
 */
export const setupKey = (organisationId: number, ...rest: readonly unknown[]) =>
  ['p2p-setup', organisationId, ...rest] as const;
