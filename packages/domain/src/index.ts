export * from './deadline.ts';
export * from './search.ts';
export * from './pagination.ts';
