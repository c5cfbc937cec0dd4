import { message, type Department, type DepartmentForm, type DepartmentUpdate } from '@zabuni/contracts';
import type { Principal } from '../../../../infra/auth.ts';
import type { Db, Executor } from '../../../../infra/database.ts';
import { fieldError, isUniqueViolation, notFound } from '../../../../infra/errors.ts';
import type { PageRequest } from '../../../../infra/pagination.ts';
import { administeredOrganisation, currentOrganisation } from '../../../../infra/tenancy.ts';
import type { AuditService } from '../../../shared/audit/index.ts';
import { departmentsRepository, type DepartmentRow } from './departments.repository.ts';

function toDepartment(row: DepartmentRow): Department {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    budget_owner:
      row.ownerId === null
        ? null
        : {
            id: row.ownerId,
            name: `${row.ownerFirstName} ${row.ownerLastName}`,
            email: row.ownerEmail ?? '',
          },
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Issue 6 organisation set-up: departments (cost centres) of the caller's current organisation. */
export function createDepartmentsService({
  db,
  audit,
  isMember,
}: {
  db: Db;
  audit: AuditService;
  /** Is the user a member of the organisation (organisations module)? */
  isMember: (tx: Executor, userId: number, organisationId: number) => Promise<boolean>;
}) {
  const adminOf = (principal: Principal) =>
    administeredOrganisation(principal, message('department.not_admin'));

  async function checkValues(
    tx: Executor,
    organisationId: number,
    values: DepartmentUpdate,
    exceptId?: number,
  ): Promise<void> {
    const repository = departmentsRepository(tx);
    if (values.code !== undefined && (await repository.codeTaken(organisationId, values.code, exceptId))) {
      throw fieldError('code', message('department.code_taken'));
    }
    const owner = values.budget_owner_id;
    if (owner !== undefined && owner !== null && !(await isMember(tx, owner, organisationId))) {
      throw fieldError('budget_owner_id', message('department.owner_not_member'));
    }
  }

  /** A concurrent request took the code between the check and the write: the same clear answer. */
  async function clearOnTakenCode<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldError('code', message('department.code_taken'));
      throw error;
    }
  }

  return {
    async list(
      principal: Principal,
      filter: { search?: string; active?: boolean },
      page: PageRequest,
    ): Promise<{ count: number; results: Department[] }> {
      const organisationId = currentOrganisation(principal);
      const { count, rows } = await departmentsRepository(db).list(
        organisationId,
        filter,
        page.offset,
        page.pageSize,
      );
      return { count, results: rows.map(toDepartment) };
    },

    async get(principal: Principal, id: number): Promise<Department> {
      const row = await departmentsRepository(db).find(currentOrganisation(principal), id);
      if (!row) throw notFound(message('department.not_found'));
      return toDepartment(row);
    },

    async create(principal: Principal, form: DepartmentForm, ip: string | null): Promise<Department> {
      const organisationId = adminOf(principal);
      const id = await clearOnTakenCode(() =>
        db.transaction(async (tx) => {
          // One department per code: the unique index decides races; this check gives the clear message.
          await checkValues(tx, organisationId, form);
          const id = await departmentsRepository(tx).insert(organisationId, {
            code: form.code,
            name: form.name,
            budgetOwnerUserId: form.budget_owner_id ?? null,
            active: form.active ?? true,
          });
          await audit.record(tx, {
            action: 'department.created',
            actorUserId: principal.userId,
            organisationId,
            ip,
            detail: { department_id: id, code: form.code },
          });
          return id;
        }),
      );
      return this.get(principal, id);
    },

    async update(principal: Principal, id: number, changes: DepartmentUpdate, ip: string | null) {
      const organisationId = adminOf(principal);
      await clearOnTakenCode(() =>
        db.transaction(async (tx) => {
          await checkValues(tx, organisationId, changes, id);
          const updated = await departmentsRepository(tx).update(organisationId, id, {
            ...(changes.code !== undefined && { code: changes.code }),
            ...(changes.name !== undefined && { name: changes.name }),
            ...(changes.budget_owner_id !== undefined && { budgetOwnerUserId: changes.budget_owner_id }),
            ...(changes.active !== undefined && { active: changes.active }),
          });
          if (!updated) throw notFound(message('department.not_found'));
          await audit.record(tx, {
            action: 'department.updated',
            actorUserId: principal.userId,
            organisationId,
            ip,
            detail: { department_id: id, changed: Object.keys(changes).sort() },
          });
        }),
      );
      return this.get(principal, id);
    },
  };
}
export type DepartmentsService = ReturnType<typeof createDepartmentsService>;
