// The front door of platform/p2p/matching: the organisation's matching level and tolerances (set by its
// administrators) and the settings that apply to one invoice or goods receipt.

export { createMatchingSettingsService } from './matching-settings.service.ts';
export type { MatchingSettingsService } from './matching-settings.service.ts';
export { settingsFor } from './matching-settings.ts';
