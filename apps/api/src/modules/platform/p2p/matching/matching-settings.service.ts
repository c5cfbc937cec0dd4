import type { z } from 'zod';
import { message, type matchingSettingsBody, type matchingSettingsView } from '@zabuni/contracts';
import {
  DEFAULT_MATCH_SETTINGS,
  decimalTextToMinor,
  matchSettingsProblems,
  minorToDecimalText,
  quantityToThousandths,
  thousandthsToQuantity,
  type MatchSettings,
  type Tolerance,
} from '@zabuni/domain';
import type { Principal } from '../../../../infra/auth.ts';
import type { Db } from '../../../../infra/database.ts';
import { fieldError } from '../../../../infra/errors.ts';
import { administeredOrganisation } from '../../../../infra/tenancy.ts';
import type { AuditService } from '../../../shared/audit/index.ts';
import { matchingSettingsRepository } from './matching.repository.ts';

type View = z.infer<typeof matchingSettingsView>;
type ToleranceView = View['price'];

const percentToBasisPoints = (text: string | null) => {
  if (text === null) return null;
  const minor = decimalTextToMinor(text, 'KES'); // two decimals: hundredths of a percent = basis points
  return minor;
};

/** Tolerances as people write them (percent, money in major units, quantities in units) and as stored. */
function toTolerance(view: ToleranceView, unit: 'money' | 'quantity', field: string): Tolerance {
  const percentBasisPoints = percentToBasisPoints(view.percent);
  if (view.percent !== null && (percentBasisPoints === null || percentBasisPoints > 10_000)) {
    throw fieldError(field, message('matching.percent'));
  }
  const absoluteMinor =
    view.absolute === null
      ? null
      : unit === 'money'
        ? decimalTextToMinor(view.absolute, 'KES')
        : quantityToThousandths(view.absolute);
  if (view.absolute !== null && absoluteMinor === null) {
    throw fieldError(field, message('matching.amount'));
  }
  return { percentBasisPoints, absoluteMinor, combine: view.combine };
}

function toView(tolerance: Tolerance, unit: 'money' | 'quantity'): ToleranceView {
  return {
    percent: tolerance.percentBasisPoints === null ? null : (tolerance.percentBasisPoints / 100).toFixed(2),
    absolute:
      tolerance.absoluteMinor === null
        ? null
        : unit === 'money'
          ? minorToDecimalText(tolerance.absoluteMinor, 'KES')
          : thousandthsToQuantity(tolerance.absoluteMinor),
    combine: tolerance.combine,
  };
}

const settingsView = (settings: MatchSettings): View => ({
  level: settings.level,
  price: toView(settings.price, 'money'),
  quantity: toView(settings.quantity, 'quantity'),
  total: toView(settings.total, 'money'),
});

function fromView(view: View, prefix: string): MatchSettings {
  const settings: MatchSettings = {
    level: view.level,
    price: toTolerance(view.price, 'money', `${prefix}price`),
    quantity: toTolerance(view.quantity, 'quantity', `${prefix}quantity`),
    total: toTolerance(view.total, 'money', `${prefix}total`),
  };
  if (matchSettingsProblems(settings).length > 0)
    throw fieldError(prefix || 'level', message('matching.invalid'));
  return settings;
}

/** The organisation's match level and tolerances, with supplier and category overrides (administrators). */
export function createMatchingSettingsService({ db, audit }: { db: Db; audit: AuditService }) {
  return {
    async get(principal: Principal) {
      const organisationId = administeredOrganisation(principal, message('matching.not_admin'));
      const rows = await matchingSettingsRepository(db).all(organisationId);
      const asSettings = (row: (typeof rows)[number]): MatchSettings => ({
        ...DEFAULT_MATCH_SETTINGS,
        level: row.level,
        ...(row.tolerances as Partial<MatchSettings>),
      });
      const organisation = rows.find((r) => r.scope === 'organisation');
      return {
        organisation: settingsView(organisation ? asSettings(organisation) : DEFAULT_MATCH_SETTINGS),
        overrides: rows
          .filter((r) => r.scope !== 'organisation')
          .map((row) => ({
            ...settingsView(asSettings(row)),
            scope: row.scope as 'supplier' | 'category',
            scope_id: row.scopeId,
          })),
      };
    },

    async put(principal: Principal, body: z.infer<typeof matchingSettingsBody>, ip: string | null) {
      const organisationId = administeredOrganisation(principal, message('matching.not_admin'));
      const organisation = fromView(body.organisation, '');
      const overrides = body.overrides.map((o, index) => ({
        ...o,
        settings: fromView(o, `overrides.${index}.`),
      }));
      await db.transaction(async (tx) => {
        const repository = matchingSettingsRepository(tx);
        for (const row of await repository.all(organisationId))
          await repository.remove(organisationId, row.scope, row.scopeId);
        await repository.save(organisationId, 'organisation', 0, organisation);
        for (const o of overrides) await repository.save(organisationId, o.scope, o.scope_id, o.settings);
        await audit.record(tx, {
          action: 'matching_settings.updated',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { level: organisation.level, overrides: overrides.length },
        });
      });
      return this.get(principal);
    },
  };
}
export type MatchingSettingsService = ReturnType<typeof createMatchingSettingsService>;
