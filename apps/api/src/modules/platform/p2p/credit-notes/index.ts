// The front door of platform/p2p/credit-notes: other modules and the app import this module only from here.

export { creditNotesRoutes } from './credit-notes.routes.ts';
export { createCreditNotesService } from './credit-notes.service.ts';
export type { CreditNotesService } from './credit-notes.service.ts';
