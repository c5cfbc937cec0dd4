import { message, type FiscalYear, type FiscalYearForm } from '@zabuni/contracts';
import type { Principal } from '../../../../infra/auth.ts';
import type { Db } from '../../../../infra/database.ts';
import { fieldError, notFound } from '../../../../infra/errors.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import type { AuditService } from '../../../shared/audit/index.ts';
import { administeredOrganisation, currentOrganisation } from '../../../../infra/tenancy.ts';
import { fiscalYearsRepository, type FiscalYearRow } from './fiscal-years.repository.ts';

const toFiscalYear = (row: FiscalYearRow): FiscalYear => ({
  id: row.id,
  name: row.name,
  starts_on: row.startsOn,
  ends_on: row.endsOn,
  status: row.status,
});

/**
 * Issue 6 organisation set-up: fiscal years of the caller's current organisation. Their dates are fixed
 * once created (budgets are set per fiscal year); a wrong year is closed and a new one added.
 */
export function createFiscalYearsService({ db, audit }: { db: Db; audit: AuditService }) {
  const adminOf = (principal: Principal) =>
    administeredOrganisation(principal, message('fiscal_year.not_admin'));

  return {
    async list(principal: Principal, page: PageRequest) {
      const { count, rows } = await fiscalYearsRepository(db).list(
        currentOrganisation(principal),
        page.offset,
        page.pageSize,
      );
      return { count, results: rows.map(toFiscalYear) };
    },

    async get(principal: Principal, id: number): Promise<FiscalYear> {
      const row = await fiscalYearsRepository(db).find(currentOrganisation(principal), id);
      if (!row) throw notFound(message('fiscal_year.not_found'));
      return toFiscalYear(row);
    },

    async create(principal: Principal, form: FiscalYearForm, ip: string | null): Promise<FiscalYear> {
      const organisationId = adminOf(principal);
      const id = await db.transaction(async (tx) => {
        const repository = fiscalYearsRepository(tx);
        await repository.lock(organisationId);
        if (await repository.nameTaken(organisationId, form.name)) {
          throw fieldError('name', message('fiscal_year.name_taken'));
        }
        const clash = await repository.overlapping(organisationId, form.starts_on, form.ends_on);
        if (clash) throw fieldError('starts_on', message('fiscal_year.overlaps', { name: clash.name }));
        const id = await repository.insert({
          organisationId,
          name: form.name,
          startsOn: form.starts_on,
          endsOn: form.ends_on,
          status: form.status ?? 'open',
        });
        await audit.record(tx, {
          action: 'fiscal_year.created',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { fiscal_year_id: id, starts_on: form.starts_on, ends_on: form.ends_on },
        });
        return id;
      });
      return this.get(principal, id);
    },

    async update(
      principal: Principal,
      id: number,
      changes: { name?: string; status?: FiscalYear['status'] },
      ip: string | null,
    ): Promise<FiscalYear> {
      const organisationId = adminOf(principal);
      await db.transaction(async (tx) => {
        const repository = fiscalYearsRepository(tx);
        await repository.lock(organisationId);
        if (changes.name !== undefined && (await repository.nameTaken(organisationId, changes.name, id))) {
          throw fieldError('name', message('fiscal_year.name_taken'));
        }
        if (!(await repository.update(organisationId, id, changes)))
          throw notFound(message('fiscal_year.not_found'));
        await audit.record(tx, {
          action: 'fiscal_year.updated',
          actorUserId: principal.userId,
          organisationId,
          ip,
          detail: { fiscal_year_id: id, ...changes },
        });
      });
      return this.get(principal, id);
    },
  };
}
export type FiscalYearsService = ReturnType<typeof createFiscalYearsService>;
