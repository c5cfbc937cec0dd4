// The front door of shared/numbering: other modules and the app import this module only from here.

export { createNumberingService } from './numbering.service.ts';
export type { NumberingService } from './numbering.service.ts';
