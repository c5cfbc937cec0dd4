/**
 * Query keys of the order screens. The current organisation is part of every key: switching organisation
 * never shows the previous one's orders, even for the moment the refetch takes.
 */
export const ordersKey = (organisationId: number, ...rest: readonly unknown[]) =>
  ['p2p-orders', organisationId, ...rest] as const;

/** Rows per page of the order screens' lists. */
export const PAGE_SIZE = 20;
