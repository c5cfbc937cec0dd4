export * from './constants.ts';
export * from './options.ts';
export * from './pagination.ts';
export * from './errors.ts';
export * from './core.ts';
export * from './system.ts';
export * from './auth.ts';
