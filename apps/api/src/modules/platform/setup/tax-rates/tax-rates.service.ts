import {
  basisPointsToPercent,
  DEFAULT_TAX_RATE,
  percentToBasisPoints,
  message,
  type TaxRate,
  type TaxRateForm,
} from '@zabuni/contracts';
import type { Principal } from '../../../../infra/auth.ts';
import type { Db } from '../../../../infra/database.ts';
import { fieldError, notFound } from '../../../../infra/errors.ts';
import type { AuditService } from '../../../shared/audit/index.ts';
import { administeredOrganisation, currentOrganisation } from '../../../../infra/tenancy.ts';
import { taxRatesRepository, type TaxRateRow } from './tax-rates.repository.ts';

const DEFAULT_BASIS_POINTS = percentToBasisPoints(DEFAULT_TAX_RATE.rate)!;

const toTaxRate = (row: TaxRateRow): TaxRate => ({
  id: row.id,
  name: row.name,
  rate: basisPointsToPercent(row.rateBasisPoints),
  is_default: row.isDefault,
  active: row.active,
});

/** Issue 6 organisation set-up: tax rates; an organisation starts with Kenya's VAT at 16 % as its default. */
export function createTaxRatesService({ db, audit }: { db: Db; audit: AuditService }) {
  const adminOf = (principal: Principal) =>
    administeredOrganisation(principal, message('tax_rate.not_admin'));

  async function save(
    principal: Principal,
    id: number | null,
    form: Partial<TaxRateForm>,
    ip: string | null,
  ): Promise<number> {
    const organisationId = adminOf(principal);
    return db.transaction(async (tx) => {
      const repository = taxRatesRepository(tx);
      await repository.lock(organisationId);
      await repository.insertDefaultIfNone(organisationId, DEFAULT_TAX_RATE.name, DEFAULT_BASIS_POINTS);
      const existing = id === null ? null : await repository.find(organisationId, id);
      if (id !== null && !existing) throw notFound(message('tax_rate.not_found'));
      if (
        form.name !== undefined &&
        (await repository.nameTaken(organisationId, form.name, id ?? undefined))
      ) {
        throw fieldError('name', message('tax_rate.name_taken'));
      }
      if (existing?.isDefault && (form.is_default === false || form.active === false)) {
        throw fieldError('is_default', message('tax_rate.last_default'));
      }
      if (form.is_default) await repository.clearDefault(organisationId);
      const values = {
        ...(form.name !== undefined && { name: form.name }),
        ...(form.rate !== undefined && { rateBasisPoints: percentToBasisPoints(form.rate)! }),
        ...(form.is_default !== undefined && { isDefault: form.is_default }),
        ...(form.active !== undefined && { active: form.active }),
      };
      let savedId = id;
      if (savedId === null) {
        savedId = await repository.insert({
          organisationId,
          name: form.name!,
          rateBasisPoints: 0,
          ...values,
        });
      } else {
        await repository.update(organisationId, savedId, values);
      }
      await audit.record(tx, {
        action: id === null ? 'tax_rate.created' : 'tax_rate.updated',
        actorUserId: principal.userId,
        organisationId,
        ip,
        detail: { tax_rate_id: savedId, ...form },
      });
      return savedId;
    });
  }

  return {
    async list(principal: Principal): Promise<TaxRate[]> {
      const organisationId = currentOrganisation(principal);
      const repository = taxRatesRepository(db);
      await repository.insertDefaultIfNone(organisationId, DEFAULT_TAX_RATE.name, DEFAULT_BASIS_POINTS);
      return (await repository.list(organisationId)).map(toTaxRate);
    },

    async get(principal: Principal, id: number): Promise<TaxRate> {
      const row = await taxRatesRepository(db).find(currentOrganisation(principal), id);
      if (!row) throw notFound(message('tax_rate.not_found'));
      return toTaxRate(row);
    },

    async create(principal: Principal, form: TaxRateForm, ip: string | null) {
      return this.get(principal, await save(principal, null, form, ip));
    },

    async update(principal: Principal, id: number, form: Partial<TaxRateForm>, ip: string | null) {
      return this.get(principal, await save(principal, id, form, ip));
    },
  };
}
export type TaxRatesService = ReturnType<typeof createTaxRatesService>;
