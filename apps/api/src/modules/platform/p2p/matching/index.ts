// The front door of platform/p2p/matching: the organisation's matching level and tolerances (set by its
// administrators), and matching an invoice against its order from one read of everything it compares.

export { createMatchingSettingsService } from './matching-settings.service.ts';
export type { MatchingSettingsService } from './matching-settings.service.ts';
export { matchAgainstOrder, settingsFor, settingsOf } from './matching.ts';
export { readMatchFacts } from './matching.queries.ts';
export type { MatchFacts, MatchInvoiceLine, MatchOrderLine } from './matching.queries.ts';
