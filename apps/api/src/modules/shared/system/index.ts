// The front door of shared/system: other modules and the app import this module only from here.

export { createRateLimiter } from './rate-limit.ts';
export type { RateLimiter, RateRule } from './rate-limit.ts';
export { systemJobs } from './system.jobs.ts';
export { createSystemRepository } from './system.repository.ts';
export { systemRoutes } from './system.routes.ts';
export { createSystemService } from './system.service.ts';
