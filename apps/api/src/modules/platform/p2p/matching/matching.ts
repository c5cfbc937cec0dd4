import { DEFAULT_MATCH_SETTINGS, resolveMatchSettings, type MatchSettings } from '@zabuni/domain';
import type { Executor } from '../../../../infra/database.ts';
import { matchingSettingsRepository, overrideOf } from './matching.repository.ts';

/**
 * The settings that apply to an invoice: the organisation's default (industry 3-way, zero tolerance,
 * until set), the supplier's override, then the first category override among the invoice's categories.
 */
export async function settingsFor(
  db: Executor,
  organisationId: number,
  supplierId: number,
  categoryIds: number[],
): Promise<MatchSettings> {
  const rows = await matchingSettingsRepository(db).relevant(organisationId, supplierId, categoryIds);
  const organisation = rows.find((r) => r.scope === 'organisation');
  const base = organisation
    ? resolveMatchSettings(DEFAULT_MATCH_SETTINGS, overrideOf(organisation))
    : DEFAULT_MATCH_SETTINGS;
  const supplier = rows.find((r) => r.scope === 'supplier');
  const category = categoryIds
    .map((id) => rows.find((r) => r.scope === 'category' && r.scopeId === id))
    .find(Boolean);
  return resolveMatchSettings(
    base,
    supplier ? overrideOf(supplier) : null,
    category ? overrideOf(category) : null,
  );
}
