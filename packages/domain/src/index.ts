export * from './deadline.ts';
export * from './search.ts';
export * from './pagination.ts';
export * from './access.ts';
export * from './audit-chain.ts';
export * from './tenders.ts';
export * from './payments.ts';
